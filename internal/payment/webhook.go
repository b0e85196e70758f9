package payment

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Stripe event types that concern a payment's outcome. Enable these four on
// the webhook endpoint in Stripe's dashboard (docs/operations.md#stripe).
const (
	EventPaymentSucceeded = string(stripe.EventTypePaymentIntentSucceeded)     // "payment_intent.succeeded"
	EventPaymentFailed    = string(stripe.EventTypePaymentIntentPaymentFailed) // "payment_intent.payment_failed"
	// EventChargeRefunded confirms a refund (docs/api.md#refunds); its
	// object is a charge, whose payment_intent names the payment.
	EventChargeRefunded = string(stripe.EventTypeChargeRefunded) // "charge.refunded"
	// EventDisputeCreated marks the coupon disputed (docs/api.md#refunds); its
	// object is a dispute, whose payment_intent names the payment.
	EventDisputeCreated = string(stripe.EventTypeChargeDisputeCreated) // "charge.dispute.created"
)

// WebhookEvent is a verified provider event, reduced to what the handler
// needs: the event id (to process each event once), its type, and the
// payment intent it is about. IntentID is empty for event types watchwin
// does not act on; the handler acknowledges those with 2xx and ignores them.
// The event's copy of the intent is not trusted: fulfilment retrieves the
// intent from the provider.
type WebhookEvent struct {
	ID       string
	Type     string
	IntentID string
}

// ErrWebhookInvalid: the request is not a genuine, fresh Stripe event
// (missing or wrong signature, timestamp outside the tolerance, body not an
// event). The handler answers 400 and does nothing.
var ErrWebhookInvalid = errors.New("invalid webhook")

// ErrWebhookSecretMissing: no signing secret is configured. HMAC with an
// empty key is something anyone can compute, so nothing is accepted.
var ErrWebhookSecretMissing = errors.New("payment: stripe webhook secret not configured")

// ParseStripeEvent verifies and decodes one Stripe webhook delivery.
// payload must be the raw request body, byte for byte (the signature covers
// it); sigHeader is the Stripe-Signature header; secret the endpoint's
// signing secret (whsec_…). The signature timestamp must be no older than
// stripe-go's default tolerance (5 minutes) at now, which callers pass from
// their clock; the zero time means time.Now(). Events of another Stripe API
// version are accepted, since only id, type and data.object.id are read, and
// those are the same in every version.
func ParseStripeEvent(payload []byte, sigHeader, secret string, now time.Time) (WebhookEvent, error) {
	if secret == "" {
		return WebhookEvent{}, ErrWebhookSecretMissing
	}
	// stripe-go checks the signature; its tolerance check reads the wall
	// clock, so the timestamp is checked below against now instead.
	ev, err := webhook.ConstructEventWithOptions(payload, sigHeader, secret, webhook.ConstructEventOptions{
		IgnoreTolerance:          true,
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		// stripe-go's messages name the fault (no header, bad signature,
		// bad JSON) and quote neither the secret nor the body.
		return WebhookEvent{}, fmt.Errorf("%w: %v", ErrWebhookInvalid, err)
	}
	signedAt, ok := signatureTime(sigHeader)
	if !ok {
		return WebhookEvent{}, fmt.Errorf("%w: no timestamp in Stripe-Signature", ErrWebhookInvalid)
	}
	if now.IsZero() {
		now = time.Now()
	}
	// Replay protection: a captured delivery stops working after the
	// tolerance. Only age is checked, as stripe-go does.
	if age := now.Sub(signedAt); age > webhook.DefaultTolerance {
		return WebhookEvent{}, fmt.Errorf("%w: signature %s old, tolerance %s", ErrWebhookInvalid, age.Round(time.Second), webhook.DefaultTolerance)
	}
	if ev.ID == "" || ev.Type == "" {
		return WebhookEvent{}, fmt.Errorf("%w: event without id or type", ErrWebhookInvalid)
	}
	out := WebhookEvent{ID: ev.ID, Type: string(ev.Type)}
	switch out.Type {
	case EventPaymentSucceeded, EventPaymentFailed:
		if ev.Data == nil || ev.Data.Object == nil {
			return WebhookEvent{}, fmt.Errorf("%w: %s event %s without data.object", ErrWebhookInvalid, out.Type, out.ID)
		}
		obj, _ := ev.Data.Object["object"].(string)
		id, _ := ev.Data.Object["id"].(string)
		if obj != "payment_intent" || id == "" {
			return WebhookEvent{}, fmt.Errorf("%w: %s event %s does not carry a payment intent", ErrWebhookInvalid, out.Type, out.ID)
		}
		out.IntentID = id
	case EventChargeRefunded, EventDisputeCreated:
		if ev.Data == nil || ev.Data.Object == nil {
			return WebhookEvent{}, fmt.Errorf("%w: %s event %s without data.object", ErrWebhookInvalid, out.Type, out.ID)
		}
		want := "charge"
		if out.Type == EventDisputeCreated {
			want = "dispute"
		}
		if obj, _ := ev.Data.Object["object"].(string); obj != want {
			return WebhookEvent{}, fmt.Errorf("%w: %s event %s does not carry a %s", ErrWebhookInvalid, out.Type, out.ID, want)
		}
		// A charge or dispute names its intent as an id (or, expanded, an object).
		switch pi := ev.Data.Object["payment_intent"].(type) {
		case string:
			out.IntentID = pi
		case map[string]any:
			out.IntentID, _ = pi["id"].(string)
		}
	}
	return out, nil
}

// signatureTime is the t= timestamp of a Stripe-Signature header
// ("t=1495999758,v1=…,v0=…"). Like stripe-go, the last t= wins, so the time
// checked is the time the verified signature covers.
func signatureTime(header string) (time.Time, bool) {
	var t time.Time
	found := false
	for _, pair := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(pair, "=")
		if !ok || k != "t" {
			continue
		}
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return time.Time{}, false
		}
		t, found = time.Unix(sec, 0), true
	}
	return t, found
}
