package coupon

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// store runs the coupon SQL on the transaction in ctx, if any.
type store struct{ db *db.DB }

const columns = `c.id, c.code, c.user_id, c.webinar_id, COALESCE(w.title, ''), c.webinar_registration_id,
	COALESCE(c.payment_id, ''), c.value_cents, c.original_payment_cents, c.status, c.created_at, c.expires_at, c.redeemed_at`

const from = ` FROM coupons c LEFT JOIN webinars w ON w.id = c.webinar_id`

func scan(row interface{ Scan(...any) error }) (Coupon, error) {
	var c Coupon
	var redeemed sql.NullTime
	err := row.Scan(&c.ID, &c.Code, &c.UserID, &c.WebinarID, &c.WebinarTitle, &c.RegistrationID, &c.PaymentID,
		&c.ValueCents, &c.OriginalPaymentCents, &c.Status, &c.CreatedAt, &c.ExpiresAt, &redeemed)
	if err != nil {
		return Coupon{}, db.MapError(err)
	}
	c.CreatedAt, c.ExpiresAt = c.CreatedAt.UTC(), c.ExpiresAt.UTC()
	if redeemed.Valid {
		t := redeemed.Time.UTC()
		c.RedeemedAt = &t
	}
	return c, nil
}

func (s store) insert(ctx context.Context, c Coupon) error {
	var payment sql.NullString
	if c.PaymentID != "" {
		payment = sql.NullString{String: c.PaymentID, Valid: true}
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id,
		payment_id, value_cents, original_payment_cents, status, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		c.ID, c.Code, c.UserID, c.WebinarID, c.RegistrationID, payment, c.ValueCents, c.OriginalPaymentCents,
		c.Status, c.CreatedAt, c.ExpiresAt)
	return db.MapError(err)
}

func (s store) get(ctx context.Context, id string) (Coupon, error) {
	return scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+from+` WHERE c.id = $1`, id))
}

func (s store) byPayment(ctx context.Context, paymentID string) (Coupon, error) {
	return scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+from+` WHERE c.payment_id = $1`, paymentID))
}

func (s store) byRegistration(ctx context.Context, registrationID string) (Coupon, error) {
	return scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+from+` WHERE c.webinar_registration_id = $1`, registrationID))
}

// mine returns a user's coupon for a webinar (one registration per user
// and webinar, one coupon per registration: at most one).
func (s store) mine(ctx context.Context, userID, webinarID string) (Coupon, error) {
	return scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+from+` WHERE c.user_id = $1 AND c.webinar_id = $2`, userID, webinarID))
}

func (s store) listByUser(ctx context.Context, userID string) ([]Coupon, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+columns+from+` WHERE c.user_id = $1
		ORDER BY c.created_at DESC, c.id`, userID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Coupon{}
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, db.MapError(rows.Err())
}

// expire records 'expired' on active coupons of a user whose expiry passed
// (SPEC.md §4: the record is updated when an expired coupon is shown).
func (s store) expire(ctx context.Context, userID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'expired'
		WHERE user_id = $1 AND status = 'active' AND expires_at <= $2`, userID, now)
	return db.MapError(err)
}
