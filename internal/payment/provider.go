// Package payment takes card payments for coupons through a Provider (the
// built-in test provider, Stripe or Authorize.Net) and fulfils each
// successful payment exactly once: the seat marked paid, the coupon issued,
// its e-mail queued, all in one transaction; a payment that cannot have its
// seat is refunded.
package payment

import (
	"context"
	"errors"
)

// IntentStatus is where a payment intent stands at its provider, named as
// Stripe names PaymentIntent statuses (the test provider uses a subset).
type IntentStatus string

const (
	StatusRequiresPaymentMethod IntentStatus = "requires_payment_method"
	StatusRequiresConfirmation  IntentStatus = "requires_confirmation"
	StatusRequiresAction        IntentStatus = "requires_action"
	StatusProcessing            IntentStatus = "processing"
	StatusSucceeded             IntentStatus = "succeeded"
	StatusCanceled              IntentStatus = "canceled"
)

// Intent is a payment intent as its provider reports it. Fulfilment trusts
// only these fields, read back from the provider, never the browser's word.
type Intent struct {
	ID           string
	ClientSecret string // lets the browser confirm the card; never logged
	Status       IntentStatus
	AmountCents  int64
	Currency     string
	Metadata     map[string]string
	LastError    string // the card's decline message, when the last try failed
}

// CreateParams is a new intent: an amount in cents of currency, for a card,
// with metadata the provider keeps and returns. The same IdempotencyKey
// always yields the same intent, so a retried create never charges twice.
type CreateParams struct {
	AmountCents    int64
	Currency       string
	Metadata       map[string]string
	IdempotencyKey string
}

// Provider is a card payment processor. Implementations: TestProvider (the
// default, no money moves), Stripe, and Authorize.Net
// (internal/payment/authorizenet), which is also a Charger.
//
// Two shapes fit it. Intent-then-confirm (Stripe, the test provider): Create
// makes an intent at the provider and the browser pays it with the client
// secret. Token-then-charge (Authorize.Net): Create only reserves the intent
// and its reference, the browser turns the card into a one-time token at the
// gateway, and the server charges it (Charger). Either way Retrieve is the
// one word fulfilment trusts, so seat hold, idempotency keys, Fulfil, the
// refund claim and the reconciler are the same for both.
type Provider interface {
	// Name is stored with each payment: "test", "stripe" or "authorizenet".
	Name() string
	// Create makes a card payment intent.
	Create(ctx context.Context, p CreateParams) (Intent, error)
	// Retrieve reads an intent back from the provider.
	Retrieve(ctx context.Context, id string) (Intent, error)
	// Refund gives back the whole amount of a succeeded intent. The same
	// idempotency key never refunds twice.
	Refund(ctx context.Context, id, idempotencyKey string) error
	// Cancel makes an intent that was never paid unpayable, so a payment
	// given up here cannot be paid later from an old tab. It fails for an
	// intent that succeeded meanwhile; canceling twice is harmless.
	Cancel(ctx context.Context, id string) error
}

// CardToken is a one-time token the gateway's own script made of a card in
// the browser (Accept.js opaqueData): the card number never reaches watchwin.
type CardToken struct {
	Descriptor string // e.g. "COMMON.ACCEPT.INAPP.PAYMENT"
	Value      string // never logged
}

// Charger is a token-then-charge gateway. Charge charges intent id's amount
// with token, carrying the intent's reference so that a retry, a second
// confirm or a charge whose answer was lost finds the earlier charge instead
// of charging again. A decline is no error: the intent comes back waiting
// for another card, with the decline as LastError. An error means the
// outcome is unknown; Retrieve (and so the reconciler) finds it out.
type Charger interface {
	Charge(ctx context.Context, id string, token CardToken) (Intent, error)
}

// ErrIntentNotFound: the provider has no intent with that id.
var ErrIntentNotFound = errors.New("payment intent not found")

// Metadata keys every intent carries (the names the original product's intents used).
const (
	MetaWebinarID      = "webinarId"
	MetaRegistrationID = "registrationId"
	MetaUserID         = "userId"
	MetaCouponValue    = "couponValue" // cents
	MetaType           = "type"
	TypeWebinarCoupon  = "webinar_coupon"
)
