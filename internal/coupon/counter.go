package coupon

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/db"
)

// The counter (docs/api.md#counter): store staff and admins look a coupon
// up by its code, redeem it and undo a redemption.

// Verdicts of a counter lookup.
const (
	VerdictValid    = "valid"
	VerdictRedeemed = "redeemed"
	VerdictExpired  = "expired"
	VerdictRefunded = "refunded" // its payment was given back (or is being): never accept it
	VerdictDisputed = "disputed" // its payment is disputed with the card issuer: never accept it
)

// UndoWindow is how long after redeeming a coupon staff may undo it
// themselves; admins may undo any redemption at any time.
const UndoWindow = 15 * time.Minute

var (
	errCodeNotFound  = &apperr.Error{Kind: apperr.KindNotFound, Code: "coupon_not_found", Message: "No coupon with this code."}
	errCounterUsed   = apperr.Conflict("already_redeemed", "This coupon was already redeemed.")
	errUndoForbidden = &apperr.Error{Kind: apperr.KindForbidden, Code: "undo_not_allowed",
		Message: "Only the staff member who redeemed this coupon can undo it, within 15 minutes. Ask an admin."}
)

// Counter is a coupon as the counter reads it: with its owner's display
// name (never an e-mail or phone) and its redeemer's, each nil when unknown.
type Counter struct {
	Coupon
	OwnerName      *string
	RedeemedByName *string
}

// CounterView is a coupon in a counter answer.
type CounterView struct {
	ID               string     `json:"id"`
	Code             string     `json:"code"`
	ValueCents       int64      `json:"value_cents"`
	MinPurchaseCents int64      `json:"min_purchase_cents"`
	OwnerName        *string    `json:"owner_name"`
	WebinarTitle     string     `json:"webinar_title"`
	IssuedAt         time.Time  `json:"issued_at"`
	ExpiresAt        time.Time  `json:"expires_at"`
	RedeemedAt       *time.Time `json:"redeemed_at"`
	RedeemedByName   *string    `json:"redeemed_by_name"`
	RedeemedByMe     bool       `json:"redeemed_by_me"`
	OwnCoupon        bool       `json:"own_coupon"` // the caller owns it, so may not redeem it
	CanUndo          bool       `json:"can_undo"`
	POSReceipt       string     `json:"pos_receipt"` // of its redemption; "" when none
	// The parts and today's value (docs/api.md#coupon-value): value_today
	// is what the clerk takes off; min_purchase is twice it.
	ValueParts
}

// CounterAnswer is the body of every counter answer.
type CounterAnswer struct {
	Verdict string      `json:"verdict"`
	Coupon  CounterView `json:"coupon"`
	// ReceiptRequired: redeeming needs the POS sale's receipt number (a setting).
	ReceiptRequired bool `json:"pos_receipt_required"`
}

// Answer is c's verdict and view for the caller at now. A coupon's minimum
// purchase is twice the value it is redeemed for (docs/product.md#coupons): its
// value today (paid part only once the bonus ended), the value it was
// redeemed for once used, the face value when nothing is left.
func (c Counter) Answer(caller auth.Profile, now time.Time) CounterAnswer {
	verdict := VerdictValid
	switch c.displayStatus(now) {
	case StatusUsed:
		verdict = VerdictRedeemed
	case StatusExpired:
		verdict = VerdictExpired
	case StatusRefunding, StatusRefunded:
		verdict = VerdictRefunded
	case StatusDisputed:
		verdict = VerdictDisputed
	}
	mine := c.Status == StatusUsed && c.RedeemedBy != "" && c.RedeemedBy == caller.ID
	base := c.TodayCents(now)
	if c.Status == StatusUsed && c.RedeemedCents != nil {
		base = *c.RedeemedCents
	}
	if base == 0 {
		base = c.ValueCents
	}
	return CounterAnswer{Verdict: verdict, Coupon: CounterView{
		ID: c.ID, Code: c.Code, ValueCents: c.ValueCents, MinPurchaseCents: MinPurchaseCents(base), ValueParts: c.Parts(now),
		OwnerName: c.OwnerName, WebinarTitle: c.WebinarTitle, IssuedAt: c.CreatedAt, ExpiresAt: c.ExpiresAt,
		RedeemedAt: c.RedeemedAt, RedeemedByName: c.RedeemedByName, RedeemedByMe: mine, OwnCoupon: c.UserID == caller.ID,
		POSReceipt: c.POSReceipt,
		CanUndo:    c.Status == StatusUsed && (caller.IsAdmin() || mine && now.Before(c.RedeemedAt.Add(UndoWindow))),
	}}
}

// Lookup finds the coupon input names (NormalizeCode; 404 coupon_not_found
// otherwise). An active coupon past its expiry is recorded expired
// (docs/product.md#states-and-transitions) and answered so.
func (s *Service) Lookup(ctx context.Context, input string) (Counter, error) {
	c, err := s.counterByCode(ctx, input)
	if err != nil {
		return Counter{}, err
	}
	now := s.now()
	if c.Status == StatusActive && !now.Before(c.ExpiresAt) {
		if err := s.store.expireOne(ctx, c.ID, now); err != nil {
			return Counter{}, err
		}
		c.Status = StatusExpired // nothing redeems a coupon past its expiry
	}
	return c, nil
}

// CounterRedeem redeems the coupon input names for caller: one conditional
// update (store.redeem), so of any number of clerks at once exactly one
// wins and the others get 409 already_redeemed. Expiry is checked now, at
// redeem time: a coupon that expired while on screen is refused with 409
// coupon_expired and recorded expired. The caller's own coupon is refused
// with 403 own_coupon. receipt is the POS sale's receipt number, required
// when the setting says so (400 pos_receipt).
func (s *Service) CounterRedeem(ctx context.Context, caller auth.Profile, input, receipt string) (Counter, error) {
	c, err := s.counterByCode(ctx, input)
	if err != nil {
		return Counter{}, err
	}
	required, err := s.ReceiptRequired(ctx)
	if err != nil {
		return Counter{}, err
	}
	if receipt, err = checkReceipt(receipt, required); err != nil {
		return Counter{}, err
	}
	now := s.now()
	ok, err := s.changeAudited(ctx, c.ID, audit.CouponRedeem, StatusActive, s.redeem(c.ID, caller.ID, receipt, now))
	if err != nil {
		return Counter{}, err
	}
	if c, err = s.store.counter(ctx, c.Code); err != nil {
		return Counter{}, err
	}
	if !ok {
		return Counter{}, s.whyNotRedeemed(ctx, c.Coupon, caller.ID, now, errCounterUsed)
	}
	return c, nil
}

// CounterUnredeem undoes the redemption of the coupon input names: staff
// their own within UndoWindow of it, admins any (403 undo_not_allowed
// otherwise; 409 not_redeemed when it is not redeemed). The rule is part
// of the conditional update, so it holds at the moment of the change.
func (s *Service) CounterUnredeem(ctx context.Context, caller auth.Profile, input string) (Counter, error) {
	c, err := s.counterByCode(ctx, input)
	if err != nil {
		return Counter{}, err
	}
	now := s.now()
	ok, err := s.changeAudited(ctx, c.ID, audit.CouponUnredeem, StatusUsed, s.undone(c.ID, caller.ID, now, func(ctx context.Context) (bool, error) {
		if caller.IsAdmin() {
			return s.store.unredeem(ctx, c.ID, now)
		}
		return s.store.unredeemOwn(ctx, c.ID, caller.ID, now.Add(-UndoWindow), now)
	}))
	if err != nil {
		return Counter{}, err
	}
	if c, err = s.store.counter(ctx, c.Code); err != nil {
		return Counter{}, err
	}
	switch {
	case ok:
		return c, nil
	case c.Status != StatusUsed:
		return Counter{}, errNotRedeemed
	default:
		return Counter{}, errUndoForbidden
	}
}

// counterByCode reads the coupon input names, or 404 coupon_not_found.
func (s *Service) counterByCode(ctx context.Context, input string) (Counter, error) {
	code, ok := NormalizeCode(input)
	if !ok {
		return Counter{}, errCodeNotFound
	}
	c, err := s.store.counter(ctx, code)
	if errors.Is(err, db.ErrNotFound) {
		return Counter{}, errCodeNotFound
	}
	return c, err
}

// counterColumns add to a coupon its owner's display name (the account's
// names, else the name given at registration; null once the account is
// deleted) and its redeemer's (names only: staff see no e-mail).
var counterColumns = columns + `,
	CASE WHEN o.deleted_at IS NULL THEN COALESCE(NULLIF(TRIM(o.first_name || ' ' || o.last_name), ''),
		NULLIF(TRIM(r.user_name_for_registration), '')) END, ` + ofRedeemer(redeemerName)

// counter reads the coupon with code (db.ErrNotFound when none): one read
// of the unique index on code.
func (s store) counter(ctx context.Context, code string) (Counter, error) {
	row := s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+counterColumns+from+`
		LEFT JOIN profiles o ON o.id = c.user_id
		LEFT JOIN webinar_registrations r ON r.id = c.webinar_registration_id
		WHERE c.code = $1`, code)
	var c Counter
	var owner, redeemer sql.NullString
	if err := scanInto(row, &c.Coupon, &owner, &redeemer); err != nil {
		return Counter{}, err
	}
	c.OwnerName, c.RedeemedByName = nullable(owner), nullable(redeemer)
	return c, nil
}

// unredeemOwn is unredeem for staff: only a redemption by account by, made
// after since.
func (s store) unredeemOwn(ctx context.Context, id, by string, since, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupons
		SET status = CASE WHEN expires_at <= $2 THEN 'expired' ELSE 'active' END, redeemed_at = NULL, redeemed_by = NULL,
		redeemed_cents = NULL, pos_receipt = NULL, last_activity_at = $2
		WHERE id = $1 AND status = 'used' AND redeemed_by = $3 AND redeemed_at > $4`, id, now, by, since)
	return affectedOne(res, err)
}
