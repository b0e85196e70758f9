package payment_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

// stripeLike is the test provider under Stripe's name, so the webhook route
// exists; the money side stays in the database.
type stripeLike struct{ *payment.TestProvider }

func (stripeLike) Name() string { return "stripe" }

// TestStripeWebhookRoute: a signed payment_intent.succeeded delivery fulfils
// the payment once, redeliveries change nothing, and unsigned or forged
// deliveries are refused with 400 and do nothing.
// stripeRoute is a payment service under Stripe's name on s's database,
// with its webhook route served: deliver posts a body with a header,
// signed signs one with the route's secret (signedBy with another).
type stripeRoute struct {
	svc      *payment.Service
	tp       *payment.TestProvider
	deliver  func(payload []byte, sig string) int
	signedBy func(payload []byte, key string) string
}

const routeSecret = "whsec_route_test"

func newStripeRoute(t *testing.T, s *testutil.Server, d *db.DB) stripeRoute {
	t.Helper()
	tp := payment.NewTestProvider(d, s.Clock.Now)
	mailer := coupon.Mailer{Templates: s.App.MailTemplates, TimeZone: time.UTC, ExpiryDays: 30}
	svc := payment.NewService(d, stripeLike{tp}, payment.Deps{
		Webinars: s.App.Webinars, Seats: s.App.Seats, Registrations: s.App.Registrations, Accounts: s.App.Auth, Coupons: s.App.Coupons,
		Mailer: s.App.Outbox, CouponMail: mailer.Message, RefundMail: mailer.RefundMessage, Winners: s.App.Giveaway,
		HoldFor: 15 * time.Minute,
	}, s.Clock.Now)
	h := payment.NewHandler(svc, func(_ context.Context, payload []byte, sig string) (payment.WebhookEvent, error) {
		return payment.ParseStripeEvent(payload, sig, routeSecret, time.Time{})
	})
	srv := httptest.NewServer(httpx.HandlerFunc(h.Webhook))
	t.Cleanup(srv.Close)
	return stripeRoute{svc: svc, tp: tp,
		deliver: func(payload []byte, sig string) int {
			req, _ := http.NewRequest("POST", srv.URL+"/api/webhooks/stripe", bytes.NewReader(payload))
			req.Header.Set("Stripe-Signature", sig)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		},
		signedBy: func(payload []byte, key string) string {
			return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: key, Timestamp: time.Now()}).Header
		},
	}
}

// pay starts p's payment for webinarID and pays it with the good card; it
// returns the intent's id.
func (r stripeRoute) pay(t *testing.T, p auth.Profile, webinarID string) string {
	t.Helper()
	st, err := r.svc.Start(t.Context(), p, webinarID, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.tp.Confirm(t.Context(), st.ID, payment.Card{ClientSecret: st.ClientSecret, Number: good,
		ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"}); err != nil {
		t.Fatal(err)
	}
	return st.ID
}

// send delivers an event of type typ about object, signed with the route's
// secret, and checks it is acknowledged.
func (r stripeRoute) send(t *testing.T, id, typ, object string) {
	t.Helper()
	body := fmt.Appendf(nil, `{"id": %q, "object": "event", "type": %q, "data": {"object": %s}}`, id, typ, object)
	if got := r.deliver(body, r.signedBy(body, routeSecret)); got != 200 {
		t.Fatalf("signed %s delivery: %d, want 200", typ, got)
	}
}

func TestStripeWebhookRoute(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		route := newStripeRoute(t, s, d)
		svc, deliver, signed, secret := route.svc, route.deliver, route.signedBy, routeSecret

		w := s.CreateWebinar(testutil.WebinarSpec{})
		p := s.Buyer(w.ID)
		st := struct{ ID string }{route.pay(t, p, w.ID)}

		event := func(id, intent string) []byte {
			return fmt.Appendf(nil, `{"id": %q, "object": "event", "type": "payment_intent.succeeded",
				"data": {"object": {"id": %q, "object": "payment_intent"}}}`, id, intent)
		}

		forged := event("evt_forged", st.ID)
		if got := deliver(forged, signed(forged, "whsec_someone_else")); got != 400 {
			t.Errorf("forged delivery: %d, want 400", got)
		}
		if got := deliver(forged, ""); got != 400 {
			t.Errorf("unsigned delivery: %d, want 400", got)
		}
		assertSeats(t, d, w.ID, 0)

		ok := event("evt_1", st.ID)
		for range 3 {
			if got := deliver(ok, signed(ok, secret)); got != 200 {
				t.Fatalf("signed delivery: %d, want 200", got)
			}
		}
		again := event("evt_2", st.ID) // another event about the same payment
		if got := deliver(again, signed(again, secret)); got != 200 {
			t.Errorf("second event: %d", got)
		}
		unknown := event("evt_3", "pi_not_ours")
		if got := deliver(unknown, signed(unknown, secret)); got != 200 {
			t.Errorf("event for an unknown payment: %d, want 200 (acknowledged, ignored)", got)
		}
		assertSeats(t, d, w.ID, 1)
		if c, err := svc.Confirm(t.Context(), p, st.ID); err != nil || c.Code == "" {
			t.Errorf("the buyer's confirm after the webhook: %+v, %v", c, err)
		}
	})
}
