package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
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
	var attachments, html, dedupe any
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
	now := o.now()
	_, err := o.db.Q(ctx).ExecContext(ctx, `INSERT INTO mail_outbox
		(id, dedupe_key, to_address, subject, body_text, body_html, attachments, created_at, next_attempt_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
		ON CONFLICT (dedupe_key) DO NOTHING`,
		uuid.NewString(), dedupe, m.To, m.Subject, m.Text, html, attachments, now)
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
