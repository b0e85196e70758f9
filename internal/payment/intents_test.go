package payment_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

// These tests prove that every intent a buyer may pay ends in a coupon or a
// refund, never charged for nothing: through provider outages, restarts,
// and the payments and intents earlier versions left behind.

// flakyProvider is the built-in test provider whose Create, or Retrieve,
// fails while told to, as a provider that cannot be reached does.
type flakyProvider struct {
	*payment.TestProvider
	failCreate, failRetrieve bool
}

var errUnreachable = errors.New("provider unreachable")

func (f *flakyProvider) Create(ctx context.Context, c payment.CreateParams) (payment.Intent, error) {
	if f.failCreate {
		return payment.Intent{}, errUnreachable
	}
	return f.TestProvider.Create(ctx, c)
}

func (f *flakyProvider) Retrieve(ctx context.Context, id string) (payment.Intent, error) {
	if f.failRetrieve {
		return payment.Intent{}, errUnreachable
	}
	return f.TestProvider.Retrieve(ctx, id)
}

func flaky(s *testutil.Server) *flakyProvider {
	f := &flakyProvider{TestProvider: s.App.Payments.Provider().(*payment.TestProvider)}
	s.App.Payments.SetProvider(f)
	return f
}

// mustStart starts p's payment for a webinar, through the service.
func mustStart(t *testing.T, s *testutil.Server, p auth.Profile, webinarID string) payment.Started {
	t.Helper()
	st, err := s.App.Payments.Start(context.Background(), p, webinarID, "")
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// payCard pays st with the good test card, as the card form does.
func payCard(t *testing.T, s *testutil.Server, st payment.Started) {
	t.Helper()
	tp, ok := s.App.Payments.Provider().(*payment.TestProvider)
	if f, flaky := s.App.Payments.Provider().(*flakyProvider); flaky {
		tp, ok = f.TestProvider, true
	}
	if !ok {
		t.Fatal("payCard needs the test provider")
	}
	if _, err := tp.Confirm(context.Background(), st.ID, payment.Card{ClientSecret: st.ClientSecret, Number: good,
		ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"}); err != nil {
		t.Fatal(err)
	}
}

func paymentStatus(t *testing.T, d *db.DB, intentID string) string {
	t.Helper()
	var status string
	if err := d.QueryRowContext(context.Background(), `SELECT status FROM payments WHERE provider_payment_id = $1`, intentID).Scan(&status); err != nil {
		t.Fatal(err)
	}
	return status
}

// A buyer pays, then reloads the page (a new start) while the provider
// cannot create intents: the paid payment is never canceled. The start
// reads the intent back, finds it paid and fulfils it; confirm answers the
// coupon. Before, the payment was canceled and the card charged for nothing.
func TestRestartAfterPayingWhileProviderFails(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 3})
		p := s.Buyer(w.ID)
		st := mustStart(t, s, p, w.ID)
		payCard(t, s, st)
		f := flaky(s)
		f.failCreate = true
		if _, err := s.App.Payments.Start(ctx, p, w.ID, ""); code(err) != "already_purchased" {
			t.Errorf("start again after paying: %v, want already_purchased", err)
		}
		c, err := s.App.Payments.Confirm(ctx, p, st.ID)
		if err != nil || c.Code == "" {
			t.Fatalf("confirm after the restart: %+v, %v", c, err)
		}
		assertSeats(t, d, w.ID, 1)
		if got := paymentStatus(t, d, st.ID); got != payment.PaymentSucceeded {
			t.Errorf("payment %s, want succeeded", got)
		}
	})
}

// A start whose provider cannot be read leaves the open payment as it is
// (503): its intent may be paid from the tab that has it. A start whose
// intent cannot be created is dropped (no browser has its secret), and its
// seat is free again.
func TestStartWhenTheProviderFails(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		p := s.Buyer(w.ID)
		st := mustStart(t, s, p, w.ID)
		f := flaky(s)
		f.failRetrieve = true
		if _, err := s.App.Payments.Start(ctx, p, w.ID, ""); code(err) != "payment_unavailable" {
			t.Errorf("start with the provider unreadable: %v, want payment_unavailable", err)
		}
		f.failRetrieve = false
		if got := paymentStatus(t, d, st.ID); got != payment.PaymentOpen {
			t.Fatalf("payment %s after a failed start, want open", got)
		}
		payCard(t, s, st) // the old tab pays
		if _, err := s.App.Payments.Confirm(ctx, p, st.ID); err != nil {
			t.Fatalf("confirm: %v", err)
		}

		w2 := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		q, other := s.Buyer(w2.ID), s.Buyer(w2.ID)
		f.failCreate = true
		if _, err := s.App.Payments.Start(ctx, q, w2.ID, ""); code(err) != "payment_unavailable" {
			t.Errorf("start with no intent possible: %v, want payment_unavailable", err)
		}
		f.failCreate = false
		if _, err := s.App.Payments.Start(ctx, other, w2.ID, ""); err != nil {
			t.Errorf("the seat of a start that failed is still held: %v", err)
		}
	})
}

// legacyCancel puts a payment where earlier versions left it: canceled
// although its intent could be paid, and marked by migration 0010.
func legacyCancel(t *testing.T, s *testutil.Server, intentID string) {
	t.Helper()
	ctx := context.Background()
	var id string
	if err := s.App.DB.QueryRowContext(ctx, `UPDATE payments SET status = 'canceled', intent_unsettled = TRUE
		WHERE provider_payment_id = $1 RETURNING id`, intentID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if err := s.App.Seats.Release(ctx, id); err != nil {
		t.Fatal(err)
	}
}

// Payments earlier versions canceled while their intents stayed payable
// end with a coupon or a refund, whichever path sees them first: the
// buyer's confirm, the webhook, or the reconciler; an unpaid one is
// canceled at the provider so no old tab can pay it.
func TestCanceledPaymentsWithPayableIntents(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.ReconcileGrace = time.Nanosecond })
		ctx := context.Background()
		tp := s.App.Payments.Provider().(*payment.TestProvider)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 2})

		// Paid, then canceled by a failed restart: confirm fulfils it.
		a := s.Buyer(w.ID)
		stA := mustStart(t, s, a, w.ID)
		payCard(t, s, stA)
		legacyCancel(t, s, stA.ID)
		if c, err := s.App.Payments.Confirm(ctx, a, stA.ID); err != nil || c.Code == "" {
			t.Errorf("confirm of a canceled, paid payment: %+v, %v", c, err)
		}

		// Canceled, paid from the old tab afterwards: the webhook fulfils it.
		b := s.Buyer(w.ID)
		stB := mustStart(t, s, b, w.ID)
		legacyCancel(t, s, stB.ID)
		payCard(t, s, stB)
		if err := s.App.Payments.HandleEvent(ctx, payment.WebhookEvent{ID: "evt_b", Type: payment.EventPaymentSucceeded, IntentID: stB.ID}); err != nil {
			t.Fatal(err)
		}
		assertSeats(t, d, w.ID, 2)

		// The webinar is full now: a third paid, canceled payment is refunded
		// by the reconciler.
		c := s.Buyer(w.ID)
		if _, err := d.ExecContext(ctx, `UPDATE webinars SET total_seats = 3 WHERE id = $1`, w.ID); err != nil {
			t.Fatal(err)
		}
		stC := mustStart(t, s, c, w.ID)
		if _, err := d.ExecContext(ctx, `UPDATE webinars SET total_seats = 2 WHERE id = $1`, w.ID); err != nil {
			t.Fatal(err)
		}
		payCard(t, s, stC)
		legacyCancel(t, s, stC.ID)

		// Never paid: the reconciler cancels the intent at the provider.
		w2 := s.CreateWebinar(testutil.WebinarSpec{})
		e := s.Buyer(w2.ID)
		stE := mustStart(t, s, e, w2.ID)
		legacyCancel(t, s, stE.ID)

		if _, err := s.App.Payments.Reconcile(ctx); err != nil {
			t.Fatal(err)
		}
		if refunded, err := tp.Refunded(ctx, stC.ID); err != nil || !refunded {
			t.Errorf("paid with no seat left: refunded %v, %v", refunded, err)
		}
		if got := paymentStatus(t, d, stC.ID); got != payment.PaymentRefunded {
			t.Errorf("payment %s, want refunded", got)
		}
		if err := s.PayTestCard(stE); code(err) != "payment_closed" {
			t.Errorf("paying a settled, canceled payment from an old tab: %v, want payment_closed", err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM payments WHERE intent_unsettled = TRUE`); n != 0 {
			t.Errorf("%d payments still unsettled", n)
		}
		assertSeats(t, d, w.ID, 2)
		// The buyer whose intent was canceled can start again.
		if _, err := s.App.Payments.Start(ctx, e, w2.ID, ""); err != nil {
			t.Errorf("start after the old intent was canceled: %v", err)
		}
	})
}

// A webhook for a paid intent that no payment points to any more (earlier
// versions gave day-old payments a new intent) refunds it, when its
// metadata names one of our payments for the same buyer and amount.
func TestWebhookRefundsOrphanedIntent(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		tp := s.App.Payments.Provider().(*payment.TestProvider)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		p := s.Buyer(w.ID)
		st := mustStart(t, s, p, w.ID)
		payCard(t, s, st)
		if _, err := d.ExecContext(ctx, `UPDATE payments SET provider_payment_id = 'pi_test_newer' WHERE provider_payment_id = $1`, st.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.App.Payments.HandleEvent(ctx, payment.WebhookEvent{ID: "evt_orphan", Type: payment.EventPaymentSucceeded, IntentID: st.ID}); err != nil {
			t.Fatal(err)
		}
		if refunded, err := tp.Refunded(ctx, st.ID); err != nil || !refunded {
			t.Errorf("orphaned paid intent: refunded %v, %v", refunded, err)
		}
		assertSeats(t, d, w.ID, 0)
	})
}
