package payment

import (
	"context"
	"time"

	"watchwin/internal/db"
)

// store runs the payment SQL on the transaction in ctx, if any.
type store struct{ db *db.DB }

const paymentColumns = `id, provider, provider_payment_id, user_id, webinar_id, registration_id,
	amount_cents, coupon_value_cents, currency, status, created_at`

func scanPayment(row interface{ Scan(...any) error }) (Payment, error) {
	var p Payment
	err := row.Scan(&p.ID, &p.Provider, &p.ProviderPaymentID, &p.UserID, &p.WebinarID, &p.RegistrationID,
		&p.AmountCents, &p.CouponValueCents, &p.Currency, &p.Status, &p.CreatedAt)
	return p, db.MapError(err)
}

func (s store) insert(ctx context.Context, p Payment) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO payments (`+paymentColumns+`, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
		p.ID, p.Provider, p.ProviderPaymentID, p.UserID, p.WebinarID, p.RegistrationID,
		p.AmountCents, p.CouponValueCents, p.Currency, p.Status, p.CreatedAt)
	return db.MapError(err)
}

func (s store) get(ctx context.Context, id string) (Payment, error) {
	return scanPayment(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id))
}

func (s store) byProviderID(ctx context.Context, provider, providerID string) (Payment, error) {
	return scanPayment(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+paymentColumns+`
		FROM payments WHERE provider = $1 AND provider_payment_id = $2`, provider, providerID))
}

// openFor returns the open payment of a registration (at most one: the
// payments_one_open index).
func (s store) openFor(ctx context.Context, registrationID string) (Payment, error) {
	return scanPayment(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+paymentColumns+`
		FROM payments WHERE registration_id = $1 AND status = 'open'`, registrationID))
}

func (s store) setProviderID(ctx context.Context, id, providerID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET provider_payment_id = $2, updated_at = $3 WHERE id = $1`,
		id, providerID, now)
	return db.MapError(err)
}

// close moves an open payment to status (succeeded, refunded or canceled)
// and drops its seat hold. It reports false when the payment was no longer
// open, so of two callers racing only one closes it.
func (s store) close(ctx context.Context, id, status string, now time.Time) (bool, error) {
	q := s.db.Q(ctx)
	col := map[string]string{PaymentSucceeded: "fulfilled_at", PaymentRefunded: "refunded_at", PaymentCanceled: "updated_at"}[status]
	res, err := q.ExecContext(ctx, `UPDATE payments SET status = $2, updated_at = $3, `+col+` = $3
		WHERE id = $1 AND status = 'open'`, id, status, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	_, err = q.ExecContext(ctx, `DELETE FROM seat_holds WHERE payment_id = $1`, id)
	return true, db.MapError(err)
}

// hold gives payment its registration's seat until expires (replacing a
// lapsed hold of the same registration).
func (s store) hold(ctx context.Context, p Payment, expires, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO seat_holds (registration_id, webinar_id, payment_id, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (registration_id) DO UPDATE SET payment_id = excluded.payment_id, expires_at = excluded.expires_at`,
		p.RegistrationID, p.WebinarID, p.ID, expires, now)
	return db.MapError(err)
}

// holdExpiry returns when payment's seat hold ends (db.ErrNotFound: none).
func (s store) holdExpiry(ctx context.Context, paymentID string) (time.Time, error) {
	var t time.Time
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT expires_at FROM seat_holds WHERE payment_id = $1`, paymentID).Scan(&t)
	return t.UTC(), db.MapError(err)
}

// markEvent records a provider event as handled; false when it already was.
func (s store) markEvent(ctx context.Context, provider, eventID string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO processed_events (provider, event_id, processed_at)
		VALUES ($1, $2, $3) ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// unsettled returns up to limit open payments of provider whose intent
// exists (not the pending placeholder) and that were started before
// startedBefore, the least recently looked at first (updated_at, which
// touched moves on), so payments that stay open never starve the others.
func (s store) unsettled(ctx context.Context, provider string, startedBefore time.Time, limit int) ([]Payment, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE status = 'open' AND provider = $1 AND provider_payment_id NOT LIKE 'pending:%'
		AND created_at <= $2
		ORDER BY updated_at, created_at, id LIMIT $3`, provider, startedBefore, limit)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []Payment
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, db.MapError(rows.Err())
}

// touch records that an open payment was looked at (moves it to the back
// of the reconciler's queue).
func (s store) touch(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET updated_at = $2 WHERE id = $1 AND status = 'open'`, id, now)
	return db.MapError(err)
}

// countByStatus counts every payment by its status.
func (s store) countByStatus(ctx context.Context) (map[string]int, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT status, count(*) FROM payments GROUP BY status`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return nil, db.MapError(err)
		}
		out[status] = n
	}
	return out, db.MapError(rows.Err())
}
