package payment_test

import (
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

// stripeRenamed is Stripe under the test provider's name, so a payment
// the test provider took is refunded through Stripe's API (stripe-mock).
type stripeRenamed struct{ *payment.Stripe }

func (stripeRenamed) Name() string { return "test" }

// TestStripeRefundRequest: an admin's refund reaches Stripe as one
// well-formed POST /v1/refunds naming the payment's intent, under the
// payment's idempotency key (checked by stripe-mock, Stripe's simulator).
func TestStripeRefundRequest(t *testing.T) {
	s := testutil.NewServerWithDB(t, testutil.OpenDB(t, db.SQLite))
	admin, _ := s.Login(auth.RoleAdmin)
	c := s.Purchase(s.CreateUser("stripe-refund@example.com", "password1", auth.RoleUser), s.CreateWebinar(testutil.WebinarSpec{}).ID)
	stripe, requests := payment.StripeOnMock(t)
	s.App.Payments.SetProvider(stripeRenamed{stripe})

	refund(admin, c.ID).Check(t, testutil.Want{Status: 200})
	var intent string
	if err := s.App.DB.QueryRow(`SELECT provider_payment_id FROM payments WHERE id = $1`, c.PaymentID).Scan(&intent); err != nil {
		t.Fatal(err)
	}
	got := requests("/v1/refunds")
	if len(got) != 1 {
		t.Fatalf("%d refund requests reached Stripe, want 1", len(got))
	}
	r := got[0]
	if r.Method != "POST" || r.Form.Get("payment_intent") != intent || len(r.Form) != 1 {
		t.Errorf("request %s %v, want POST payment_intent=%s only", r.Method, r.Form, intent)
	}
	if r.IdempotencyKey != "watchwin-refund-"+c.PaymentID {
		t.Errorf("Idempotency-Key %q, want the payment's refund key", r.IdempotencyKey)
	}
	if r.Status != 200 {
		t.Errorf("stripe-mock answered %d", r.Status)
	}
	refund(admin, c.ID).Check(t, testutil.Want{Status: 200}) // a replay asks Stripe nothing
	if n := len(requests("/v1/refunds")); n != 1 {
		t.Errorf("%d refund requests after a replay, want 1", n)
	}
}
