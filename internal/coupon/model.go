// Package coupon owns store-credit coupons: issuing one per paid seat (with
// a code from a cryptographic source), reading them for their owner, and
// their statuses active, used and expired (docs/product.md#states-and-transitions).
package coupon

import (
	"time"

	"watchwin/internal/money"
)

// Statuses of docs/product.md#records, and the refund's (docs/api.md#refunds):
// refunding while the payment provider is asked, then refunded (final);
// disputed once the buyer disputed its payment with their bank.
const (
	StatusActive    = "active"
	StatusUsed      = "used"
	StatusExpired   = "expired"
	StatusRefunding = "refunding"
	StatusRefunded  = "refunded"
	StatusDisputed  = "disputed"
)

// Statuses lists every status, the admin list's filter values.
var Statuses = []string{StatusActive, StatusUsed, StatusExpired, StatusRefunding, StatusRefunded, StatusDisputed}

// Coupon is one row of coupons, with the title of its webinar.
type Coupon struct {
	ID                   string
	Code                 string
	UserID               string
	WebinarID            string
	WebinarTitle         string
	RegistrationID       string
	PaymentID            string // "" for demo coupons
	ValueCents           int64
	OriginalPaymentCents int64
	Status               string
	CreatedAt            time.Time
	ExpiresAt            time.Time
	RedeemedAt           *time.Time
	RedeemedBy           string // the account that redeemed it; "" when not redeemed or unknown
	RefundedAt           *time.Time
	// The value policy the coupon was issued under (docs/product.md#coupons,
	// "Value policy"): the part its buyer paid and the promotional bonus
	// above it (PaidCents + BonusCents = ValueCents), each with its own end.
	// ExpiresAt is the coupon's last day, PaidUntil.
	Policy        string
	PaidCents     int64
	BonusCents    int64
	PaidUntil     time.Time
	BonusUntil    time.Time
	RedeemedCents *int64 // the value it was redeemed for (its value that day); nil when not redeemed
	POSReceipt    string // the POS sale's receipt number of its redemption; "" when none
}

// Value policies (docs/product.md#coupons, "Value policy"): Whole, one expiry for
// the whole face value (the default); Split, the paid part lasts years and
// the bonus is promotional value with its own, shorter expiry.
const (
	PolicyWhole = "whole"
	PolicySplit = "split"
)

// Policy is how the value of a coupon issued now expires.
type Policy struct {
	Name      string // PolicyWhole or PolicySplit
	PaidYears int    // Split: the paid part's life in years (at least 5)
	BonusDays int    // Split: the promotional bonus's life in days
	// PaidNeverExpires: under Split, the paid part has no expiry at all
	// (its PaidUntil is NoExpiry); PaidYears is then kept, unused.
	PaidNeverExpires bool
}

// NoExpiry is the paid_until and expires_at of a coupon whose paid value
// never expires (docs/api.md#coupon-value): a date no clock reaches, so the
// columns stay non-null and every "expires_at > now" stays true. The one
// place the sentinel is written; ask Never, not the date.
var NoExpiry = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

// Never reports whether the end t is NoExpiry: an end that never comes.
func Never(t time.Time) bool { return !t.Before(NoExpiry) }

// PaidNeverExpires reports whether c's paid value has no expiry
// (docs/product.md#coupons, "Value policy"); coupons issued before the
// option keep their dates, so it is read from the coupon, not the settings.
func (c Coupon) PaidNeverExpires() bool { return Never(c.PaidUntil) }

// MinPurchaseCents is the smallest purchase a coupon worth valueCents may be
// used on (docs/product.md#coupons): twice its value. It is the one place the rule
// is written; every answer that shows a minimum purchase carries its result.
func MinPurchaseCents(valueCents int64) int64 { return 2 * valueCents }

// TodayCents is what the coupon is worth at the counter at now, by its
// dates alone (docs/product.md#coupons): paid + bonus until the bonus ends, the
// paid part until the coupon ends, then nothing.
func (c Coupon) TodayCents(now time.Time) int64 {
	switch {
	case !now.Before(c.ExpiresAt):
		return 0
	case now.Before(c.BonusUntil):
		return c.PaidCents + c.BonusCents
	default:
		return c.PaidCents
	}
}

// BonusExpired reports whether the coupon had a promotional bonus whose date
// has passed while its paid part is still good: the Split coupon that shows
// "bonus expired" (docs/product.md#coupons). Once the coupon itself has ended
// (under Whole, both at once) it is simply expired.
func (c Coupon) BonusExpired(now time.Time) bool {
	return c.BonusCents > 0 && !now.Before(c.BonusUntil) && now.Before(c.ExpiresAt)
}

// displayStatus is docs/product.md#states-and-transitions's rule: used is 'used'; an active coupon past
// its expiry is 'expired'; else 'active'.
func (c Coupon) displayStatus(now time.Time) string {
	if c.Status == StatusActive && !now.Before(c.ExpiresAt) {
		return StatusExpired
	}
	return c.Status
}

// View is a coupon as the API shows it (docs/api.md): money in dollars
// beside the exact cents.
type View struct {
	ID                   string     `json:"id"`
	Code                 string     `json:"code"`
	UserID               string     `json:"user_id"`
	WebinarID            string     `json:"webinar_id"`
	WebinarTitle         string     `json:"webinar_title"`
	RegistrationID       string     `json:"webinar_registration_id"`
	Value                float64    `json:"value"`
	ValueCents           int64      `json:"value_cents"`
	OriginalPayment      float64    `json:"original_payment_amount"`
	OriginalPaymentCents int64      `json:"original_payment_cents"`
	Status               string     `json:"status"`
	CreatedAt            time.Time  `json:"created_at"`
	ExpiresAt            time.Time  `json:"expires_at"`
	RedeemedAt           *time.Time `json:"redeemed_at"`
	RefundedAt           *time.Time `json:"refunded_at"`
	// POSReceipt is the store's POS receipt number of its redemption ("" when none).
	POSReceipt string `json:"pos_receipt"`
	// The minimum purchase of the face value (MinPurchaseCents).
	MinPurchase      float64 `json:"min_purchase"`
	MinPurchaseCents int64   `json:"min_purchase_cents"`
	ValueParts
}

// ValueParts are a coupon's two parts and its value today
// (docs/api.md#coupon-value): value_today is what the counter takes off today,
// and min_purchase_today the minimum purchase of that value; bonus_expired says
// the promotional part has ended while the paid part may still be good.
type ValueParts struct {
	ValuePolicy           string    `json:"value_policy"`
	PaidNeverExpires      bool      `json:"paid_never_expires"` // paid_until and expires_at are then NoExpiry
	PaidValue             float64   `json:"paid_value"`
	PaidCents             int64     `json:"paid_cents"`
	PaidUntil             time.Time `json:"paid_until"`
	BonusValue            float64   `json:"bonus_value"`
	BonusCents            int64     `json:"bonus_cents"`
	BonusUntil            time.Time `json:"bonus_until"`
	ValueToday            float64   `json:"value_today"`
	ValueTodayCents       int64     `json:"value_today_cents"`
	MinPurchaseToday      float64   `json:"min_purchase_today"`
	MinPurchaseTodayCents int64     `json:"min_purchase_today_cents"`
	BonusExpired          bool      `json:"bonus_expired"`
	RedeemedValueCents    *int64    `json:"redeemed_value_cents"`
}

// Parts returns c's value parts as of now.
func (c Coupon) Parts(now time.Time) ValueParts {
	today := c.TodayCents(now)
	minToday := MinPurchaseCents(today)
	return ValueParts{
		ValuePolicy: c.Policy, PaidNeverExpires: c.PaidNeverExpires(), PaidValue: money.Dollars(c.PaidCents), PaidCents: c.PaidCents, PaidUntil: c.PaidUntil,
		BonusValue: money.Dollars(c.BonusCents), BonusCents: c.BonusCents, BonusUntil: c.BonusUntil,
		ValueToday: money.Dollars(today), ValueTodayCents: today, BonusExpired: c.BonusExpired(now),
		MinPurchaseToday: money.Dollars(minToday), MinPurchaseTodayCents: minToday,
		RedeemedValueCents: c.RedeemedCents,
	}
}

// View returns the API form of c as of now.
func (c Coupon) View(now time.Time) View {
	return View{
		ID: c.ID, Code: c.Code, UserID: c.UserID, WebinarID: c.WebinarID, WebinarTitle: c.WebinarTitle,
		RegistrationID: c.RegistrationID,
		Value:          money.Dollars(c.ValueCents), ValueCents: c.ValueCents,
		OriginalPayment: money.Dollars(c.OriginalPaymentCents), OriginalPaymentCents: c.OriginalPaymentCents,
		Status: c.displayStatus(now), CreatedAt: c.CreatedAt, ExpiresAt: c.ExpiresAt, RedeemedAt: c.RedeemedAt,
		RefundedAt: c.RefundedAt, ValueParts: c.Parts(now), POSReceipt: c.POSReceipt,
		MinPurchase: money.Dollars(MinPurchaseCents(c.ValueCents)), MinPurchaseCents: MinPurchaseCents(c.ValueCents),
	}
}

// IssueParams is a coupon to issue for a paid seat.
type IssueParams struct {
	UserID               string
	WebinarID            string
	RegistrationID       string
	PaymentID            string
	ValueCents           int64
	OriginalPaymentCents int64
	// ExpiryDays overrides the service's expiry when above 0: the demo's
	// sample coupon lives 90 days (docs/product.md#coupons); purchases leave it 0.
	ExpiryDays int
}

// Admin is a coupon as the admin list shows it (docs/product.md#admin-screens): with the
// owner's e-mail, nil when the account was deleted ('Unknown'), the
// webinar's title, nil when the webinar is missing ('Unknown Webinar'), and
// the name of the account that redeemed it, nil when none or unknown.
type Admin struct {
	Coupon
	UserEmail      *string
	WebinarTitle   *string
	RedeemedByName *string
	// EverRedeemed: its redemption history has a row, undone or not
	// (docs/api.md#refunds: refunding it needs a reason).
	EverRedeemed bool
}

// AdminView is the API form of an Admin coupon: the coupon view with
// user_email and redeemed_by_name added and webinar_title nullable.
type AdminView struct {
	View
	UserEmail      *string `json:"user_email"`
	WebinarTitle   *string `json:"webinar_title"` // shadows View's
	RedeemedByName *string `json:"redeemed_by_name"`
	// PaidByCard: a payment is behind the coupon, so it can be refunded
	// while active (docs/api.md#refunds); the demo's sample coupon has none.
	PaidByCard bool `json:"paid_by_card"`
	// EverRedeemed: it was redeemed at some time, even if undone since.
	EverRedeemed bool `json:"ever_redeemed"`
}

// View returns the API form of a as of now.
func (a Admin) View(now time.Time) AdminView {
	return AdminView{View: a.Coupon.View(now), UserEmail: a.UserEmail, WebinarTitle: a.WebinarTitle,
		RedeemedByName: a.RedeemedByName, PaidByCard: a.PaymentID != "", EverRedeemed: a.EverRedeemed}
}

// ListParams is a page of the admin coupon list.
type ListParams struct {
	Search string // matched against code, owner e-mail and webinar title
	Status string // one of Statuses, or "" for all
	Limit  int
	Offset int     // rows to skip (old clients; slow on big tables)
	After  *Cursor // when set, the page starts after this row instead
}

// Cursor is an admin coupon's place in the list's order (created_at
// descending, then id): a page that starts after it is an index range read.
type Cursor struct {
	CreatedAt time.Time
	ID        string
}
