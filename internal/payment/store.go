package payment

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// store runs the payment SQL on the transaction in ctx, if any.
type store struct{ db *db.DB }

const insertColumns = `id, provider, provider_payment_id, user_id, webinar_id, registration_id,
	amount_cents, coupon_value_cents, currency, status, created_at`

const paymentColumns = insertColumns + `, refund_claimed_at, COALESCE(refund_reason, ''),
	COALESCE(refund_requested_by, ''), COALESCE(refund_note, ''), refunded_at`

func scanPayment(row interface{ Scan(...any) error }) (Payment, error) {
	var p Payment
	var claimed, refunded sql.NullTime
	err := row.Scan(&p.ID, &p.Provider, &p.ProviderPaymentID, &p.UserID, &p.WebinarID, &p.RegistrationID,
		&p.AmountCents, &p.CouponValueCents, &p.Currency, &p.Status, &p.CreatedAt,
		&claimed, &p.RefundReason, &p.RefundRequestedBy, &p.RefundNote, &refunded)
	p.RefundClaimedAt, p.RefundedAt = timePtr(claimed), timePtr(refunded)
	return p, db.MapError(err)
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// insert adds p, started from client (a hashed address; "" stores none).
func (s store) insert(ctx context.Context, p Payment, client string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO payments (`+insertColumns+`, updated_at, client_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12)`,
		p.ID, p.Provider, p.ProviderPaymentID, p.UserID, p.WebinarID, p.RegistrationID,
		p.AmountCents, p.CouponValueCents, p.Currency, p.Status, p.CreatedAt, nullIfEmpty(client))
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

// setProviderID gives a payment still pending its provider's intent id (a
// racing start that got the same intent first changes nothing).
func (s store) setProviderID(ctx context.Context, id, providerID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET provider_payment_id = $2, updated_at = $3
		WHERE id = $1 AND provider_payment_id = $4`, id, providerID, now, pendingID(id))
	return db.MapError(err)
}

// cancelPending cancels an open payment that has no intent yet; false when
// it was not one.
func (s store) cancelPending(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET status = 'canceled', updated_at = $2
		WHERE id = $1 AND status = 'open' AND provider_payment_id = $3`, id, now, pendingID(id))
	n, err := affected(res, err)
	return n == 1, err
}

// close moves a payment to status: an open one to
// succeeded, refunded or canceled; a canceled one whose intent was paid
// after all to succeeded or refunded. It reports false when the payment was
// not in a state it leaves, so of two callers racing only one closes it.
func (s store) close(ctx context.Context, id, status string, now time.Time) (bool, error) {
	col := map[string]string{PaymentSucceeded: "fulfilled_at", PaymentRefunded: "refunded_at", PaymentCanceled: "updated_at"}[status]
	from := `status IN ('open', 'canceled')`
	if status == PaymentCanceled {
		from = `status = 'open'`
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET status = $2, updated_at = $3, `+col+` = $3,
		intent_unsettled = FALSE WHERE id = $1 AND `+from, id, status, now)
	n, err := affected(res, err)
	return n == 1, err
}

func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, db.MapError(err)
	}
	return res.RowsAffected()
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
	return s.list(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE status = 'open' AND provider = $1 AND provider_payment_id NOT LIKE 'pending:%'
		AND created_at <= $2
		ORDER BY updated_at, created_at, id LIMIT $3`, provider, startedBefore, limit)
}

// unsettledCanceled returns up to limit canceled payments of provider whose
// intent may still have been paid (intent_unsettled), least recently looked
// at first.
func (s store) unsettledCanceled(ctx context.Context, provider string, limit int) ([]Payment, error) {
	return s.list(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE intent_unsettled = TRUE AND status = 'canceled' AND provider = $1
		ORDER BY updated_at, id LIMIT $2`, provider, limit)
}

// list runs a query of payment rows.
func (s store) list(ctx context.Context, query string, args ...any) ([]Payment, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, query, args...)
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

// settle records that a canceled payment's intent can no longer be paid.
func (s store) settle(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET intent_unsettled = FALSE, updated_at = $2
		WHERE id = $1 AND status = 'canceled'`, id, now)
	return db.MapError(err)
}

// touch records that a payment was looked at (moves it to the back
// of the reconciler's queue).
func (s store) touch(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET updated_at = $2 WHERE id = $1`, id, now)
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

// claimNoSeatRefund claims the refund of a paid payment that cannot have
// its seat: open (or canceled) → refunded, refund_claimed_at now, in one
// conditional statement under the seat lock, so no fulfilment can give it
// a coupon afterwards. It reports whether this call claimed it.
func (s store) claimNoSeatRefund(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET status = 'refunded', refund_claimed_at = $2,
		refund_reason = 'no_seat', updated_at = $2, intent_unsettled = FALSE
		WHERE id = $1 AND status IN ('open', 'canceled')`, id, now)
	n, err := affected(res, err)
	return n == 1, err
}

// claimRefund claims the refund of a fulfilled payment, for reason
// (refundAdmin: by is the admin's account id, note the reason they typed;
// refundProvider: made at the provider): succeeded → refunded,
// refund_claimed_at now.
func (s store) claimRefund(ctx context.Context, id, reason, by, note string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET status = 'refunded', refund_claimed_at = $2,
		refund_reason = $3, refund_requested_by = $4, refund_note = $5, updated_at = $2
		WHERE id = $1 AND status = 'succeeded'`, id, now, reason, nullIfEmpty(by), nullIfEmpty(note))
	n, err := affected(res, err)
	return n == 1, err
}

// confirmRefund records that the provider gave a claimed refund's money
// back; false when it was recorded already (a racing finisher).
func (s store) confirmRefund(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET refunded_at = $2, updated_at = $2
		WHERE id = $1 AND status = 'refunded' AND refunded_at IS NULL`, id, now)
	n, err := affected(res, err)
	return n == 1, err
}

// undoAdminRefund withdraws an admin's claimed refund the provider did not
// make: refunded → succeeded, the claim cleared.
func (s store) undoAdminRefund(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET status = 'succeeded', refund_claimed_at = NULL,
		refund_reason = NULL, refund_requested_by = NULL, refund_note = NULL, updated_at = $2
		WHERE id = $1 AND status = 'refunded' AND refunded_at IS NULL AND refund_reason = 'admin'`, id, now)
	n, err := affected(res, err)
	return n == 1, err
}

// staleRefunds returns up to limit claimed refunds the provider has not
// confirmed whose claim is older than before (the request that claimed it
// was cut off), the oldest first.
func (s store) staleRefunds(ctx context.Context, provider string, before time.Time, limit int) ([]Payment, error) {
	return s.list(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE status = 'refunded' AND refunded_at IS NULL AND provider = $1 AND refund_claimed_at <= $2
		ORDER BY refund_claimed_at, id LIMIT $3`, provider, before, limit)
}

// reclaimRefund renews a stale refund claim for this caller (one conditional
// statement: of two reconcilers, one wins); false when it is no longer stale.
func (s store) reclaimRefund(ctx context.Context, id string, before, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payments SET refund_claimed_at = $3
		WHERE id = $1 AND status = 'refunded' AND refunded_at IS NULL AND refund_claimed_at <= $2`, id, before, now)
	n, err := affected(res, err)
	return n == 1, err
}
