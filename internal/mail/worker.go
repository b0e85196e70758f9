package mail

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/mail"
	"regexp"
	"strings"
	"time"

	"watchwin/internal/db"
)

// DefaultMaxAttempts is a Worker's MaxAttempts unless changed.
const DefaultMaxAttempts = 10

// DefaultBulkRate is a Worker's BulkRate unless changed: 5 bulk mails a
// second, store-wide (WATCHWIN_BULK_MAIL_RATE).
const DefaultBulkRate = 5.0

const (
	// lockFor is how long a claimed mail is reserved for the worker that
	// claimed it; sendTimeout is well below it, so no other worker claims a
	// mail while its send may still be under way.
	lockFor     = time.Minute
	sendTimeout = 30 * time.Second
	// fastPoll is the poll interval for a short while after Enqueue wakes
	// the worker: a mail queued inside a transaction becomes visible only
	// when that commits, a moment after the wake-up.
	fastPoll       = 100 * time.Millisecond
	fastPollWindow = 2 * time.Second
)

// Worker sends the mail in the outbox. Several workers (one per app
// instance) may run on one database: each mail is claimed by one of them
// for lockFor before it is sent, so it goes out once. Delivery is at least
// once: a mail whose sending succeeded but whose row could not be marked
// afterwards is sent again (with the same Message-ID).
type Worker struct {
	outbox *Outbox
	sender Sender
	from   string
	log    *slog.Logger

	// PollInterval is how often Run looks for due mail without a wake-up
	// (mail queued by other instances, retries that came due): 2 s.
	PollInterval time.Duration
	// MaxAttempts is how many failed sends a mail gets before the worker
	// gives up on it (it stays in the table with its last error): 10.
	MaxAttempts int
	// BulkRate is how many bulk mails (Class Bulk) go out per second,
	// counted across every worker on the database: each takes the next
	// slot of the shared pace (mail_pace) before it claims one. 0: no pace.
	BulkRate float64

	// bulkWait is when the next bulk slot opens, once a claim found the
	// slot taken; Run sleeps until then rather than a whole PollInterval.
	bulkWait time.Time
}

// NewWorker returns a worker that sends o's mail through sender with From
// from, telling the time by o's clock and logging to logger (nil: default).
func NewWorker(o *Outbox, sender Sender, from string, logger *slog.Logger) *Worker {
	if logger == nil {
		logger = slog.Default()
	}
	return &Worker{outbox: o, sender: sender, from: from, log: logger,
		PollInterval: 2 * time.Second, MaxAttempts: DefaultMaxAttempts, BulkRate: DefaultBulkRate}
}

// Backoff is how long a mail waits after its n-th failed attempt (n ≥ 1):
// 30 s, 1 min, 2 min, 4 min … doubling, at most 1 h.
func Backoff(n int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// Run sends due mail until ctx ends: at once when Enqueue in this process
// wakes it, otherwise every PollInterval. It returns promptly when ctx ends
// (a send under way is cut off and its mail is released, not counted as a
// failed attempt).
func (w *Worker) Run(ctx context.Context) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	var fastUntil time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.outbox.wake:
			fastUntil = time.Now().Add(fastPollWindow)
		case <-timer.C:
		}
		if _, err := w.SendDue(ctx); err != nil && ctx.Err() == nil {
			w.log.Error("mail outbox", "err", err)
		}
		next := w.PollInterval
		if time.Now().Before(fastUntil) {
			next = fastPoll
		}
		if wait := w.bulkWait.Sub(w.outbox.now()); !w.bulkWait.IsZero() && wait < next {
			next = max(wait, time.Millisecond) // the next bulk slot
		}
		// Drain a fired timer before Reset when a wake-up came first.
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(next)
	}
}

// SendDue sends every mail that is due now (not sent, next attempt reached,
// not claimed by another worker, attempts left) one at a time and returns
// how many were sent. A failed send is recorded on its row for a later
// retry and is not an error of SendDue; errors are the database's or ctx's.
func (w *Worker) SendDue(ctx context.Context) (int, error) {
	sent := 0
	for {
		if err := ctx.Err(); err != nil {
			return sent, err
		}
		m, attempts, ok, err := w.claim(ctx)
		if err != nil || !ok {
			return sent, err
		}
		ok, err = w.deliver(ctx, m, attempts)
		if ok {
			sent++
		}
		if err != nil {
			return sent, err
		}
	}
}

// claim reserves the next due mail for this worker in a short transaction
// and returns it with its attempts so far; ok is false when none is due.
// Transactional mail comes first; a bulk mail is claimed only with the next
// slot of the bulk pace (else ok is false and bulkWait says when to retry).
func (w *Worker) claim(ctx context.Context) (m Message, attempts int, ok bool, err error) {
	w.bulkWait = time.Time{}
	d := w.outbox.db
	// PostgreSQL: several instances may claim at once; FOR UPDATE SKIP
	// LOCKED makes each take a different row instead of waiting for (or
	// taking) the same one. SQLite: every transaction begins IMMEDIATE, so
	// claims run one at a time and need no row lock (nor has the syntax).
	lock := ""
	if d.Engine == db.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	err = d.InTx(ctx, func(ctx context.Context) error {
		now := w.outbox.now()
		var html, attachments, unsubscribe sql.NullString
		var bulk bool
		err := d.Q(ctx).QueryRowContext(ctx, `SELECT id, to_address, subject, body_text, body_html, attachments, attempts,
				bulk, list_unsubscribe
			FROM mail_outbox
			WHERE sent_at IS NULL AND next_attempt_at <= $1 AND attempts < $2
				AND (locked_until IS NULL OR locked_until <= $1)
			ORDER BY bulk, next_attempt_at, id
			LIMIT 1`+lock, now, w.MaxAttempts).
			Scan(&m.ID, &m.To, &m.Subject, &m.Text, &html, &attachments, &attempts, &bulk, &unsubscribe)
		if err == sql.ErrNoRows {
			return nil
		}
		if err != nil {
			return db.MapError(err)
		}
		if bulk {
			m.Class = Bulk
		}
		if bulk && w.BulkRate > 0 {
			next, free, err := w.takeBulkSlot(ctx, now)
			if err != nil || !free {
				w.bulkWait = next
				return err
			}
		}
		m.HTML = html.String
		m.ListUnsubscribe = unsubscribe.String
		if attachments.Valid && attachments.String != "" {
			if err := json.Unmarshal([]byte(attachments.String), &m.Attachments); err != nil {
				return fmt.Errorf("mail %s: decode attachments: %w", m.ID, err)
			}
		}
		if _, err := d.Q(ctx).ExecContext(ctx, `UPDATE mail_outbox SET locked_until = $2 WHERE id = $1`,
			m.ID, now.Add(lockFor)); err != nil {
			return db.MapError(err)
		}
		ok = true
		return nil
	})
	return m, attempts, ok, err
}

// takeBulkSlot takes the store-wide bulk slot when it is open (its time
// has come) and moves it 1/BulkRate seconds on, in one conditional upsert
// (as db.Lease.Acquire: PostgreSQL serialises it on the row, SQLite has one
// writer), so all workers together send at most BulkRate bulk mails a
// second. When the slot is not open it returns the time it opens.
func (w *Worker) takeBulkSlot(ctx context.Context, now time.Time) (next time.Time, free bool, err error) {
	q := w.outbox.db.Q(ctx)
	interval := time.Duration(float64(time.Second) / w.BulkRate)
	err = q.QueryRowContext(ctx, `INSERT INTO mail_pace (name, next_at) VALUES ('bulk', $2)
		ON CONFLICT (name) DO UPDATE SET next_at = excluded.next_at WHERE mail_pace.next_at <= $1
		RETURNING next_at`, now, now.Add(interval)).Scan(&next)
	if err == nil {
		return next, true, nil
	}
	if err != sql.ErrNoRows {
		return time.Time{}, false, db.MapError(err)
	}
	err = q.QueryRowContext(ctx, `SELECT next_at FROM mail_pace WHERE name = 'bulk'`).Scan(&next)
	return next, false, db.MapError(err)
}

// deliver sends one claimed mail and records the outcome: sent_at, or the
// failed attempt with its error and the time of the next one. sent reports
// whether the mail went out.
func (w *Worker) deliver(ctx context.Context, m Message, attempts int) (sent bool, err error) {
	sendErr := m.drawQRCodes()
	if sendErr == nil {
		sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
		sendErr = w.sender.Send(sendCtx, w.from, m)
		cancel()
	}
	// The outcome is recorded even when ctx has just ended (shutdown), so a
	// sent mail is not sent again after a restart.
	recCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	q := w.outbox.db.Q(recCtx)
	now := w.outbox.now()
	switch {
	case sendErr == nil:
		_, err := q.ExecContext(recCtx, `UPDATE mail_outbox SET sent_at = $2, locked_until = NULL, last_error = NULL
			WHERE id = $1`, m.ID, now)
		if err != nil {
			return true, fmt.Errorf("mail %s sent but not marked: %w", m.ID, db.MapError(err))
		}
		w.log.Info("mail sent", "mail_id", m.ID, "attempt", attempts+1)
		return true, nil
	case ctx.Err() != nil:
		// Cut off by shutdown: not the mail's fault, so release it for the
		// next start without counting an attempt.
		_, err := q.ExecContext(recCtx, `UPDATE mail_outbox SET locked_until = NULL WHERE id = $1 AND sent_at IS NULL`, m.ID)
		return false, db.MapError(err)
	}
	attempts++
	msg := errorText(sendErr, m.To)
	next := now.Add(Backoff(attempts))
	_, err = q.ExecContext(recCtx, `UPDATE mail_outbox SET attempts = $2, last_error = $3, next_attempt_at = $4, locked_until = NULL
		WHERE id = $1 AND sent_at IS NULL`, m.ID, attempts, msg, next)
	if err != nil {
		return false, fmt.Errorf("mail %s: record failure: %w", m.ID, db.MapError(err))
	}
	if attempts >= w.MaxAttempts {
		w.log.Error("mail given up", "mail_id", m.ID, "attempts", attempts, "err", msg)
	} else {
		w.log.Warn("mail send failed, will retry", "mail_id", m.ID, "attempts", attempts,
			"next_attempt_at", next, "err", msg)
	}
	return false, nil
}

// errorText is err as stored in last_error and logged: the recipient's
// address (personal data, which servers like to echo) replaced, at most 500
// bytes of valid UTF-8. Senders keep their own secrets out of their errors
// (SMTP.scrub).
func errorText(err error, to string) string {
	s := err.Error()
	for _, a := range []string{to, bareAddress(to)} {
		if a = strings.TrimSpace(a); a != "" {
			s = regexp.MustCompile(`(?i)`+regexp.QuoteMeta(a)).ReplaceAllLiteralString(s, "[recipient]")
		}
	}
	if len(s) > 500 {
		s = strings.ToValidUTF8(s[:500], "") + "…"
	}
	return s
}

func bareAddress(to string) string {
	if a, err := mail.ParseAddress(to); err == nil {
		return a.Address
	}
	return ""
}
