package payment

import "time"

// Payment statuses (the payments table).
const (
	PaymentOpen      = "open"      // waiting for the card
	PaymentSucceeded = "succeeded" // fulfilled: seat paid, coupon issued
	PaymentRefunded  = "refunded"  // money given back (RefundedAt), or being given back (refund claimed): no seat left, or an admin's refund
	PaymentCanceled  = "canceled"  // never paid; its hold is gone
)

// Currency is the one currency the store sells in (docs/product.md#card-payment).
const Currency = "usd"

// Payment is one attempt to pay for a registration's seat.
type Payment struct {
	ID                string
	Provider          string
	ProviderPaymentID string
	UserID            string
	WebinarID         string
	RegistrationID    string
	AmountCents       int64
	CouponValueCents  int64
	Currency          string
	Status            string
	CreatedAt         time.Time
	// The refund (docs/api.md#refunds): claimed at, why (refundNoSeat,
	// refundAdmin, refundProvider), the admin who asked and the reason they
	// typed, and when the provider gave the money back (nil while it has
	// not yet).
	RefundClaimedAt   *time.Time
	RefundReason      string
	RefundRequestedBy string
	RefundNote        string
	RefundedAt        *time.Time
}

// Started is what the browser needs to take the card (id and clientSecret,
// docs/api.md#payments-and-coupons), plus what it shows.
type Started struct {
	ID               string    `json:"id"` // the provider's payment intent id
	ClientSecret     string    `json:"clientSecret"`
	Provider         string    `json:"provider"`
	Amount           float64   `json:"amount"`
	AmountCents      int64     `json:"amount_cents"`
	CouponValue      float64   `json:"couponValue"`
	CouponValueCents int64     `json:"coupon_value_cents"`
	HoldExpiresAt    time.Time `json:"hold_expires_at"`
}
