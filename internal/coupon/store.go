package coupon

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/db"
)

// store runs the coupon SQL on the transaction in ctx, if any. Every method
// is one statement, correct in or out of a transaction: none needs one of
// its own. insert joins payment fulfilment's transaction, and it never
// fails on a taken code, so that transaction stays usable (see insert).
type store struct{ db *db.DB }

const columns = `c.id, c.code, c.user_id, c.webinar_id, COALESCE(w.title, ''), c.webinar_registration_id,
	COALESCE(c.payment_id, ''), c.value_cents, c.original_payment_cents, c.status, c.created_at, c.expires_at, c.redeemed_at,
	COALESCE(c.redeemed_by, ''), c.refunded_at, c.value_policy, c.paid_cents, c.bonus_cents,
	c.paid_until, c.bonus_until, c.redeemed_cents, COALESCE(c.pos_receipt, '')`

const from = ` FROM coupons c LEFT JOIN webinars w ON w.id = c.webinar_id`

func scan(row interface{ Scan(...any) error }) (Coupon, error) {
	var c Coupon
	if err := scanInto(row, &c); err != nil {
		return Coupon{}, err
	}
	return c, nil
}

// scanInto reads a row of columns into c, and the row's further columns
// into more.
func scanInto(row interface{ Scan(...any) error }, c *Coupon, more ...any) error {
	var redeemed, refunded sql.NullTime
	var redeemedCents sql.NullInt64
	var paidUntil, bonusUntil sql.NullTime // (a bare column: SQLite types a COALESCE's result as text)
	err := row.Scan(append([]any{&c.ID, &c.Code, &c.UserID, &c.WebinarID, &c.WebinarTitle, &c.RegistrationID, &c.PaymentID,
		&c.ValueCents, &c.OriginalPaymentCents, &c.Status, &c.CreatedAt, &c.ExpiresAt, &redeemed, &c.RedeemedBy, &refunded,
		&c.Policy, &c.PaidCents, &c.BonusCents, &paidUntil, &bonusUntil, &redeemedCents, &c.POSReceipt}, more...)...)
	if err != nil {
		return db.MapError(err)
	}
	c.CreatedAt, c.ExpiresAt = c.CreatedAt.UTC(), c.ExpiresAt.UTC()
	c.PaidUntil, c.BonusUntil = c.ExpiresAt, c.ExpiresAt // rows written without them end whole
	if paidUntil.Valid {
		c.PaidUntil = paidUntil.Time.UTC()
	}
	if bonusUntil.Valid {
		c.BonusUntil = bonusUntil.Time.UTC()
	}
	c.RedeemedAt, c.RefundedAt = timePtr(redeemed), timePtr(refunded)
	if redeemedCents.Valid {
		c.RedeemedCents = &redeemedCents.Int64
	}
	if c.PaidCents+c.BonusCents == 0 {
		c.PaidCents = c.ValueCents // a row written without its parts (bulk tools): all of it paid, one expiry
	}
	return nil
}

// nullable is s as a pointer, nil when s is null.
func nullable(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// insert writes c unless its code is taken, and reports whether it did. A
// taken code is skipped by ON CONFLICT (code) DO NOTHING (no row comes
// back) instead of raising an error, because on PostgreSQL an error aborts
// the caller's transaction and no retry could run in it. A taken
// registration or payment is still db.ErrConflict. Safe in or out of a
// transaction.
func (s store) insert(ctx context.Context, c Coupon) (bool, error) {
	var payment sql.NullString
	if c.PaymentID != "" {
		payment = sql.NullString{String: c.PaymentID, Valid: true}
	}
	var id string
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id,
		payment_id, value_cents, original_payment_cents, status, created_at, expires_at,
		value_policy, paid_cents, bonus_cents, paid_until, bonus_until, last_activity_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $10)
		ON CONFLICT (code) DO NOTHING RETURNING id`,
		c.ID, c.Code, c.UserID, c.WebinarID, c.RegistrationID, payment, c.ValueCents, c.OriginalPaymentCents,
		c.Status, c.CreatedAt, c.ExpiresAt, c.Policy, c.PaidCents, c.BonusCents, c.PaidUntil, c.BonusUntil).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, db.MapError(err)
	}
	return true, nil
}

func (s store) get(ctx context.Context, id string) (Coupon, error) {
	return scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+from+` WHERE c.id = $1`, id))
}

func (s store) byPayment(ctx context.Context, paymentID string) (Coupon, error) {
	return scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+from+` WHERE c.payment_id = $1`, paymentID))
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
// (docs/product.md#states-and-transitions: the record is updated when an expired coupon is shown).
func (s store) expire(ctx context.Context, userID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'expired'
		WHERE user_id = $1 AND status = 'active' AND expires_at <= $2`, userID, now)
	return db.MapError(err)
}

// touch records now as the last activity of a user's coupons still owed,
// at most once a day each (a dashboard is opened often).
func (s store) touch(ctx context.Context, userID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET last_activity_at = $2
		WHERE user_id = $1 AND status IN ('active', 'expired') AND last_activity_at < $3`, userID, now, now.Add(-24*time.Hour))
	return db.MapError(err)
}

// adminFrom joins the owner's e-mail, which a deleted account no longer has
// (its profile row stays as a tombstone: the e-mail comes back null); the
// redeemer is read by its own primary-key lookup, so every query of the
// list keeps its joins. Admins see every account's e-mail anyway: a
// redeemer without a name is named by it (docs/api.md#admin-coupons).
var adminColumns = columns + `, p.email, w.title, ` + ofRedeemer(`COALESCE(`+redeemerName+`, rb.email)`) + `,
	EXISTS (SELECT 1 FROM coupon_redemptions h WHERE h.coupon_id = c.id)`

// redeemerName is the display name of the redeemer rb, null when it has
// none (docs/api.md#counter).
const redeemerName = `NULLIF(TRIM(rb.first_name || ' ' || rb.last_name), '')`

// ofRedeemer reads expr of the live account rb that redeemed c: null when
// none or deleted.
func ofRedeemer(expr string) string {
	return `(SELECT ` + expr + ` FROM profiles rb WHERE rb.id = c.redeemed_by AND rb.deleted_at IS NULL)`
}

const adminFrom = from + ` LEFT JOIN profiles p ON p.id = c.user_id AND p.deleted_at IS NULL`

func scanAdmin(row interface{ Scan(...any) error }) (Admin, error) {
	var a Admin
	var email, title, redeemer sql.NullString
	if err := scanInto(row, &a.Coupon, &email, &title, &redeemer, &a.EverRedeemed); err != nil {
		return Admin{}, err
	}
	a.UserEmail, a.WebinarTitle, a.RedeemedByName = nullable(email), nullable(title), nullable(redeemer)
	return a, nil
}

func (s store) adminGet(ctx context.Context, id string) (Admin, error) {
	return scanAdmin(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+adminColumns+adminFrom+` WHERE c.id = $1`, id))
}

// expireAll records 'expired' on every active coupon past its expiry.
func (s store) expireAll(ctx context.Context, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'expired'
		WHERE status = 'active' AND expires_at <= $1`, now)
	return db.MapError(err)
}

// expireOne records 'expired' on one coupon if it is active and past expiry.
func (s store) expireOne(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'expired'
		WHERE id = $1 AND status = 'active' AND expires_at <= $2`, id, now)
	return db.MapError(err)
}

// todayCents is Coupon.TodayCents in SQL for an unexpired coupon at $2:
// the bonus counts until its own date (docs/product.md#coupons).
const todayCents = `paid_cents + CASE WHEN COALESCE(bonus_until, expires_at) > $2 THEN bonus_cents ELSE 0 END`

// redeem marks an active, unexpired coupon used by account by, in one
// conditional statement: of two clerks redeeming at once, PostgreSQL's row
// lock (the second re-checks the WHERE on the row the first wrote) or
// SQLite's single writer lets exactly one match. Nobody redeems a coupon
// they own (docs/product.md#coupons). receipt is the POS sale's ("" for
// none). It reports whether this call redeemed it.
func (s store) redeem(ctx context.Context, id, by, receipt string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'used', redeemed_at = $2, redeemed_by = NULLIF($3, ''),
		redeemed_cents = `+todayCents+`, pos_receipt = NULLIF($4, ''), last_activity_at = $2
		WHERE id = $1 AND status = 'active' AND expires_at > $2 AND user_id <> $3`, id, now, by, receipt)
	return affectedOne(res, err)
}

// recordRedemption adds coupon id's redemption by account by at now, for
// the POS receipt and the value just redeemed, to its history
// (coupon_redemptions), which no undo erases.
func (s store) recordRedemption(ctx context.Context, id, by, receipt string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO coupon_redemptions (id, coupon_id, redeemed_by, redeemed_at,
		pos_receipt, value_cents)
		SELECT $1, c.id, NULLIF($3, ''), $4, NULLIF($5, ''), c.redeemed_cents FROM coupons c WHERE c.id = $2`,
		uuid.NewString(), id, by, now, receipt)
	return db.MapError(err)
}

// lastReceipt is the POS receipt of coupon id's newest redemption, "" when
// none or without one.
func (s store) lastReceipt(ctx context.Context, id string) (string, error) {
	var receipt sql.NullString
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT pos_receipt FROM coupon_redemptions WHERE coupon_id = $1
		ORDER BY redeemed_at DESC, id DESC LIMIT 1`, id).Scan(&receipt)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return receipt.String, db.MapError(err)
}

// recordUndo marks coupon id's open redemption undone by account by at now.
func (s store) recordUndo(ctx context.Context, id, by string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupon_redemptions SET undone_by = NULLIF($2, ''), undone_at = $3
		WHERE coupon_id = $1 AND undone_at IS NULL`, id, by, now)
	return db.MapError(err)
}

// dispute marks an active or expired coupon disputed at now (its payment is
// disputed with the card issuer); it reports whether this call did.
func (s store) dispute(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'disputed', disputed_at = $2
		WHERE id = $1 AND status IN ('active', 'expired')`, id, now)
	return affectedOne(res, err)
}

// unredeem puts a used coupon back: active, or expired when its expiry has
// passed meanwhile; redeemed_at and redeemed_by cleared. It reports whether
// this call changed it.
func (s store) unredeem(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons
		SET status = CASE WHEN expires_at <= $2 THEN 'expired' ELSE 'active' END, redeemed_at = NULL, redeemed_by = NULL,
		redeemed_cents = NULL, pos_receipt = NULL, last_activity_at = $2 WHERE id = $1 AND status = 'used'`, id, now)
	return affectedOne(res, err)
}

func affectedOne(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// claimRefund moves an active, unexpired coupon to refunding (the refund's
// claim: no counter can redeem it now), in one conditional statement; it
// reports whether this call moved it.
func (s store) claimRefund(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons SET status = 'refunding'
		WHERE id = $1 AND status = 'active' AND expires_at > $2`, id, now)
	return affectedOne(res, err)
}

// settleRefund ends a refunding coupon: refunded at now when refunded is
// true (the provider gave the money back), else active again (it did not).
func (s store) settleRefund(ctx context.Context, id string, refunded bool, now time.Time) (bool, error) {
	q := `UPDATE coupons SET status = 'active' WHERE id = $1 AND status = 'refunding' AND $2 = $2`
	if refunded {
		q = `UPDATE coupons SET status = 'refunded', refunded_at = $2 WHERE id = $1 AND status = 'refunding'`
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, q, id, now)
	return affectedOne(res, err)
}
