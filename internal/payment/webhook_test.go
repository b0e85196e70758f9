package payment

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

const webhookTestSecret = "whsec_test_watchwin"

// stripeEvent is a webhook body shaped as Stripe sends it.
func stripeEvent(id, typ, apiVersion, object string) []byte {
	return []byte(fmt.Sprintf(`{
  "id": %q,
  "object": "event",
  "api_version": %q,
  "created": 1790000000,
  "livemode": false,
  "pending_webhooks": 1,
  "request": {"id": null, "idempotency_key": null},
  "type": %q,
  "data": {"object": %s}
}`, id, apiVersion, typ, object))
}

const intentObject = `{"id": "pi_3Watchwin", "object": "payment_intent", "amount": 2500, "currency": "usd",
  "status": "succeeded", "client_secret": "pi_3Watchwin_secret_x", "metadata": {"registrationId": "reg-1"}}`

// sign returns the Stripe-Signature header for payload signed at t.
func sign(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}

func TestWebhookParsesSignedEvents(t *testing.T) {
	now := time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)
	tests := []struct {
		name    string
		payload []byte
		signed  time.Time
		want    WebhookEvent
	}{
		{
			name:    "payment succeeded",
			payload: stripeEvent("evt_1", "payment_intent.succeeded", stripe.APIVersion, intentObject),
			signed:  now,
			want:    WebhookEvent{ID: "evt_1", Type: EventPaymentSucceeded, IntentID: "pi_3Watchwin"},
		},
		{
			name: "payment failed",
			payload: stripeEvent("evt_2", "payment_intent.payment_failed", stripe.APIVersion,
				`{"id": "pi_3Declined", "object": "payment_intent", "status": "requires_payment_method",
				  "last_payment_error": {"type": "card_error", "message": "Your card was declined."}}`),
			signed: now.Add(-4 * time.Minute), // inside the 5-minute tolerance
			want:   WebhookEvent{ID: "evt_2", Type: EventPaymentFailed, IntentID: "pi_3Declined"},
		},
		{
			name:    "another event type is returned without an intent, to be acknowledged and ignored",
			payload: stripeEvent("evt_3", "charge.succeeded", stripe.APIVersion, `{"id": "ch_1", "object": "charge", "payment_intent": "pi_3Watchwin"}`),
			signed:  now,
			want:    WebhookEvent{ID: "evt_3", Type: "charge.succeeded"},
		},
		{
			name: "a refunded charge names its intent (acknowledged; it finishes a refund under way)",
			payload: stripeEvent("evt_8", "charge.refunded", stripe.APIVersion,
				`{"id": "ch_1", "object": "charge", "payment_intent": "pi_3Watchwin", "refunded": true, "amount_refunded": 2500}`),
			signed: now,
			want:   WebhookEvent{ID: "evt_8", Type: EventChargeRefunded, IntentID: "pi_3Watchwin"},
		},
		{
			name: "a dispute names its intent (it marks the coupon disputed)",
			payload: stripeEvent("evt_9", "charge.dispute.created", stripe.APIVersion,
				`{"id": "dp_1", "object": "dispute", "charge": "ch_1", "payment_intent": "pi_3Watchwin", "reason": "fraudulent"}`),
			signed: now,
			want:   WebhookEvent{ID: "evt_9", Type: EventDisputeCreated, IntentID: "pi_3Watchwin"},
		},
		{
			name:    "another payment_intent event is ignored too",
			payload: stripeEvent("evt_4", "payment_intent.created", stripe.APIVersion, intentObject),
			signed:  now,
			want:    WebhookEvent{ID: "evt_4", Type: "payment_intent.created"},
		},
		{
			name:    "an endpoint on an older API version still works",
			payload: stripeEvent("evt_5", "payment_intent.succeeded", "2024-06-20", intentObject),
			signed:  now,
			want:    WebhookEvent{ID: "evt_5", Type: EventPaymentSucceeded, IntentID: "pi_3Watchwin"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseStripeEvent(tt.payload, sign(tt.payload, webhookTestSecret, tt.signed), webhookTestSecret, now)
			if err != nil {
				t.Fatalf("ParseStripeEvent: %v", err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestWebhookRejectsForgedOrStaleEvents(t *testing.T) {
	now := time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)
	body := stripeEvent("evt_1", "payment_intent.succeeded", stripe.APIVersion, intentObject)
	good := sign(body, webhookTestSecret, now)

	tampered := []byte(strings.Replace(string(body), `"amount": 2500`, `"amount": 1`, 1))
	otherIntent := []byte(strings.Replace(string(body), "pi_3Watchwin", "pi_3Attacker", 1))
	notIntent := stripeEvent("evt_6", "payment_intent.succeeded", stripe.APIVersion, `{"id": "ch_1", "object": "charge"}`)
	thin := []byte(`{"id": "evt_7", "object": "v2.core.event", "type": "payment_intent.succeeded"}`)

	tests := []struct {
		name    string
		payload []byte
		header  string
	}{
		{"tampered body", tampered, good},
		{"intent id swapped", otherIntent, good},
		{"wrong secret", body, sign(body, "whsec_someone_else", now)},
		{"stale timestamp", body, sign(body, webhookTestSecret, now.Add(-webhook.DefaultTolerance-time.Second))},
		{"timestamp moved forward on a stale signature", body,
			strings.Replace(sign(body, webhookTestSecret, now.Add(-time.Hour)), fmt.Sprint(now.Add(-time.Hour).Unix()), fmt.Sprint(now.Unix()), 1)},
		{"no signature header", body, ""},
		{"garbage header", body, "nonsense"},
		{"signature without timestamp", body, "v1=" + strings.Repeat("ab", 32)},
		{"re-encoded body", []byte(strings.ReplaceAll(string(body), "\n", "\r\n")), good},
		{"succeeded event without a payment intent", notIntent, sign(notIntent, webhookTestSecret, now)},
		{"thin event notification", thin, sign(thin, webhookTestSecret, now)},
		{"not JSON", []byte("{"), sign([]byte("{"), webhookTestSecret, now)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseStripeEvent(tt.payload, tt.header, webhookTestSecret, now)
			if !errors.Is(err, ErrWebhookInvalid) {
				t.Fatalf("ParseStripeEvent = %+v, %v; want ErrWebhookInvalid", got, err)
			}
			if got != (WebhookEvent{}) {
				t.Errorf("a rejected event returned %+v", got)
			}
			if strings.Contains(err.Error(), webhookTestSecret) {
				t.Errorf("error quotes the secret: %v", err)
			}
		})
	}
}

func TestWebhookSecrets(t *testing.T) {
	now := time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)
	body := stripeEvent("evt_1", "payment_intent.succeeded", stripe.APIVersion, intentObject)

	t.Run("no secret configured accepts nothing, not even a body signed with the empty key", func(t *testing.T) {
		_, err := ParseStripeEvent(body, sign(body, "", now), "", now)
		if !errors.Is(err, ErrWebhookSecretMissing) {
			t.Errorf("err = %v, want ErrWebhookSecretMissing", err)
		}
	})

	// While a signing secret is rolled, Stripe signs with both secrets.
	t.Run("one valid signature among several is enough", func(t *testing.T) {
		old := sign(body, "whsec_old", now)
		cur := sign(body, webhookTestSecret, now)
		header := old + "," + cur[strings.Index(cur, "v1="):]
		got, err := ParseStripeEvent(body, header, webhookTestSecret, now)
		if err != nil || got.IntentID != "pi_3Watchwin" {
			t.Errorf("got %+v, %v; want the event", got, err)
		}
	})

	t.Run("the zero time checks against the wall clock", func(t *testing.T) {
		if _, err := ParseStripeEvent(body, sign(body, webhookTestSecret, time.Now()), webhookTestSecret, time.Time{}); err != nil {
			t.Errorf("fresh event: %v", err)
		}
		stale := sign(body, webhookTestSecret, time.Now().Add(-10*time.Minute))
		if _, err := ParseStripeEvent(body, stale, webhookTestSecret, time.Time{}); !errors.Is(err, ErrWebhookInvalid) {
			t.Errorf("event signed 10 minutes ago: %v, want ErrWebhookInvalid", err)
		}
	})
}
