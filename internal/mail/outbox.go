package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/db"
)

// ErrInvalid: a Message that cannot be sent as it is (no single recipient,
// no subject or text, a header that would break the mail).
var ErrInvalid = errors.New("mail: invalid message")

// Outbox queues mail in the mail_outbox table for the Worker to send.
type Outbox struct {
	db  *db.DB
	now clock.Func
	// wake tells a Worker of this process that mail was queued, so it goes
	// out at once instead of at the next poll.
	wake chan struct{}
}

// NewOutbox returns the outbox on d, stamping rows with now.
func NewOutbox(d *db.DB, now clock.Func) *Outbox {
	return &Outbox{db: d, now: now, wake: make(chan struct{}, 1)}
}

// Enqueue queues m for sending. It runs on the transaction ctx carries, if
// any (db.InTx), so the mail is queued exactly when the caller's change
// commits and not at all when it rolls back: payment fulfilment queues the
// coupon e-mail in the transaction that writes the coupon. A Message whose
// DedupeKey is already queued (or sent) is not queued again, and that is not
// an error. Invalid messages are refused with an error wrapping ErrInvalid.
func (o *Outbox) Enqueue(ctx context.Context, m Message) error {
	if err := validate(m); err != nil {
		return err
	}
	var attachments, html, dedupe, unsubscribe any
	if len(m.Attachments) > 0 {
		b, err := json.Marshal(m.Attachments)
		if err != nil {
			return fmt.Errorf("mail: encode attachments: %w", err)
		}
		attachments = string(b)
	}
	if m.HTML != "" {
		html = m.HTML
	}
	if m.DedupeKey != "" {
		dedupe = m.DedupeKey
	}
	if m.ListUnsubscribe != "" {
		unsubscribe = m.ListUnsubscribe
	}
	now := o.now()
	_, err := o.db.Q(ctx).ExecContext(ctx, `INSERT INTO mail_outbox
		(id, dedupe_key, to_address, subject, body_text, body_html, attachments, created_at, next_attempt_at,
		 bulk, list_unsubscribe)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)
		ON CONFLICT (dedupe_key) DO NOTHING`,
		uuid.NewString(), dedupe, m.To, m.Subject, m.Text, html, attachments, now, m.Class == Bulk, unsubscribe)
	if err != nil {
		return fmt.Errorf("mail: queue: %w", db.MapError(err))
	}
	// Inside a transaction the row is not visible yet; the Worker polls
	// briefly after a wake-up, so it still finds the row soon after commit.
	select {
	case o.wake <- struct{}{}:
	default:
	}
	return nil
}

// Withdraw deletes the mail queued under each of keys (DedupeKey) that is
// not sent and not being sent, and returns the keys it withdrew: a reminder
// whose reason went away (the seats sold out, the registrant bought) is
// not sent late from a backlog. A key whose mail went out, or is going out
// now, is not returned.
func (o *Outbox) Withdraw(ctx context.Context, keys []string) ([]string, error) {
	var out []string
	const chunk = 200 // placeholders per statement
	for len(keys) > 0 {
		n := min(chunk, len(keys))
		part := keys[:n]
		keys = keys[n:]
		args := []any{o.now()}
		holes := make([]string, len(part))
		for i, k := range part {
			args = append(args, k)
			holes[i] = "$" + strconv.Itoa(i+2)
		}
		rows, err := o.db.Q(ctx).QueryContext(ctx, `DELETE FROM mail_outbox
			WHERE dedupe_key IN (`+strings.Join(holes, ", ")+`) AND sent_at IS NULL
				AND (locked_until IS NULL OR locked_until <= $1)
			RETURNING dedupe_key`, args...)
		if err != nil {
			return out, db.MapError(err)
		}
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				_ = rows.Close() // on an error path: the first error is the one returned
				return out, db.MapError(err)
			}
			out = append(out, k)
		}
		err = rows.Err()
		_ = rows.Close() // on an error path: the first error is the one returned
		if err != nil {
			return out, db.MapError(err)
		}
	}
	return out, nil
}

// Backlog counts the mail not sent: pending (still to be tried, now or
// after a backoff) and failed (given up after DefaultMaxAttempts; it stays
// in the table with its last error until Prune). The metrics report it.
func (o *Outbox) Backlog(ctx context.Context) (pending, failed int, err error) {
	err = o.db.Q(ctx).QueryRowContext(ctx, `SELECT
			COALESCE(SUM(CASE WHEN attempts < $1 THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN attempts >= $1 THEN 1 ELSE 0 END), 0)
		FROM mail_outbox WHERE sent_at IS NULL`, DefaultMaxAttempts).Scan(&pending, &failed)
	return pending, failed, db.MapError(err)
}

// Retention is how long the outbox keeps a mail, sent or not: time enough
// to deliver it (a mail is given up after some hours of retries) and to
// look into a complaint, while the table does not become an archive of
// addresses and coupon codes.
const Retention = 30 * 24 * time.Hour

// Prune deletes the mail queued more than Retention ago and returns how
// many it deleted (a periodic job runs it).
func (o *Outbox) Prune(ctx context.Context) (int, error) {
	res, err := o.db.Q(ctx).ExecContext(ctx, `DELETE FROM mail_outbox WHERE created_at < $1`, o.now().Add(-Retention))
	if err != nil {
		return 0, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func validate(m Message) error {
	addr, err := mail.ParseAddress(m.To)
	if err != nil || strings.ContainsAny(m.To, "\r\n") {
		return fmt.Errorf("%w: To must be one e-mail address", ErrInvalid)
	}
	if !strings.Contains(addr.Address, "@") {
		return fmt.Errorf("%w: To must be one e-mail address", ErrInvalid)
	}
	if strings.TrimSpace(m.Subject) == "" || strings.ContainsAny(m.Subject, "\r\n") {
		return fmt.Errorf("%w: Subject must be one non-empty line", ErrInvalid)
	}
	if m.ListUnsubscribe != "" && !strings.HasPrefix(m.ListUnsubscribe, "http") || strings.ContainsAny(m.ListUnsubscribe, "\r\n <>") {
		return fmt.Errorf("%w: ListUnsubscribe must be one http(s) URL", ErrInvalid)
	}
	if strings.TrimSpace(m.Text) == "" {
		return fmt.Errorf("%w: Text must not be empty", ErrInvalid)
	}
	for _, a := range m.Attachments {
		if a.Filename == "" || strings.ContainsAny(a.Filename+a.ContentType+a.ContentID, "\r\n\"") {
			return fmt.Errorf("%w: attachment needs a filename, and no quotes or line breaks in its headers", ErrInvalid)
		}
	}
	return nil
}

// Queued reports whether a mail with DedupeKey key is queued or sent, so a
// periodic job renders a once-only mail once.
func (o *Outbox) Queued(ctx context.Context, key string) (bool, error) {
	var n int
	err := o.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM mail_outbox WHERE dedupe_key = $1`, key).Scan(&n)
	return n > 0, db.MapError(err)
}
