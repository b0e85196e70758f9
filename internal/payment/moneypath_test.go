package payment_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

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
		p := buyer(t, s, w.ID)
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
		p := buyer(t, s, w.ID)
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
		q, other := buyer(t, s, w2.ID), buyer(t, s, w2.ID)
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
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		s.App.Payments.SetReconcileGrace(time.Nanosecond)
		tp := s.App.Payments.Provider().(*payment.TestProvider)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 2})

		// Paid, then canceled by a failed restart: confirm fulfils it.
		a := buyer(t, s, w.ID)
		stA := mustStart(t, s, a, w.ID)
		payCard(t, s, stA)
		legacyCancel(t, s, stA.ID)
		if c, err := s.App.Payments.Confirm(ctx, a, stA.ID); err != nil || c.Code == "" {
			t.Errorf("confirm of a canceled, paid payment: %+v, %v", c, err)
		}

		// Canceled, paid from the old tab afterwards: the webhook fulfils it.
		b := buyer(t, s, w.ID)
		stB := mustStart(t, s, b, w.ID)
		legacyCancel(t, s, stB.ID)
		payCard(t, s, stB)
		if err := s.App.Payments.HandleEvent(ctx, payment.WebhookEvent{ID: "evt_b", Type: payment.EventPaymentSucceeded, IntentID: stB.ID}); err != nil {
			t.Fatal(err)
		}
		assertSeats(t, d, w.ID, 2)

		// The webinar is full now: a third paid, canceled payment is refunded
		// by the reconciler.
		c := buyer(t, s, w.ID)
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
		e := buyer(t, s, w2.ID)
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
		if n := countRows(t, d, `SELECT count(*) FROM payments WHERE intent_unsettled = TRUE`); n != 0 {
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
		p := buyer(t, s, w.ID)
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

// An admin cannot cut total_seats below the paid seats plus the running
// holds (409 seats_held), so every buyer holding a seat gets it; and a
// payment that finds paid seats at total_seats is refunded, hold or no
// hold. Before, a cut to 1 with 3 holds ended with 3 paid of 1.
func TestSeatCutNeverOversells(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 4})
		var started []payment.Started
		var people []auth.Profile
		for range 3 {
			p := buyer(t, s, w.ID)
			people, started = append(people, p), append(started, mustStart(t, s, p, w.ID))
		}
		form := func(seats int) map[string]any {
			return map[string]any{"title": w.Title, "description": w.Description,
				"event_datetime": w.EventDatetime.Format(time.RFC3339), "display_price": 40,
				"actual_coupon_value_percentage": 120, "total_seats": seats, "youtube_video_id": w.YouTubeVideoID,
				"is_active": true, "thumbnail_image_path": nil}
		}
		res := admin.Do("PUT", "/api/admin/webinars/"+w.ID, form(1))
		res.Check(t, testutil.Want{Status: 409, Code: "seats_held", Field: "total_seats",
			Message: "Total seats cannot be less than 3 right now: 0 seats paid for and 3 seats held by buyers who are paying. Try again when their checkouts end."})
		admin.Do("PUT", "/api/admin/webinars/"+w.ID, form(3)).Check(t, testutil.Want{Status: 200})

		// Cut behind the seat rule's back (as a race with an older server
		// could): the first payer gets the seat, the others are refunded.
		if _, err := d.ExecContext(ctx, `UPDATE webinars SET total_seats = 1 WHERE id = $1`, w.ID); err != nil {
			t.Fatal(err)
		}
		outcomes := map[string]int{}
		for i, st := range started {
			payCard(t, s, st)
			_, err := s.App.Payments.Confirm(ctx, people[i], st.ID)
			outcomes[code(err)]++
		}
		if outcomes["<nil>"] != 1 || outcomes["payment_refunded"] != 2 {
			t.Errorf("outcomes %v, want 1 coupon and 2 refunds", outcomes)
		}
		assertSeats(t, d, w.ID, 1)
	})
}

// Three throwaway accounts from one address cannot hold every seat of a
// 4-seat webinar: the address holds at most 2, a buyer from another
// address still gets a seat, and one address cannot start payments for
// more than 3 other accounts in an hour. Through the API, behind a proxy.
func TestSeatHoldLimitsPerAddress(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, testutil.BehindProxy)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 4})
		startFrom := func(addr, webinarID string) testutil.Response {
			c, _ := s.Login(auth.RoleUser)
			c.Forwarded = addr
			registerAndWatch(t, c, webinarID, true)
			return c.Do("POST", "/api/webinars/"+webinarID+"/payments", nil)
		}
		for range 2 {
			startFrom("203.0.113.7", w.ID).Check(t, testutil.Want{Status: 201})
		}
		res := startFrom("203.0.113.7", w.ID)
		res.Check(t, testutil.Want{Status: 429, Code: "too_many_holds"})
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 || s > 15*60 {
			t.Errorf("Retry-After %q", res.Header.Get("Retry-After"))
		}
		startFrom("198.51.100.4", w.ID).Check(t, testutil.Want{Status: 201})
		startFrom("198.51.100.5", w.ID).Check(t, testutil.Want{Status: 201})
		startFrom("198.51.100.6", w.ID).Check(t, testutil.Want{Status: 409, Code: "seats_held"})

		// Accounts: the griefer's address has started payments for 2
		// accounts; one more is allowed, then none for an hour.
		for i := range 2 {
			other := s.CreateWebinar(testutil.WebinarSpec{Title: fmt.Sprint("Other ", i)})
			want := testutil.Want{Status: 201}
			if i == 1 {
				want = testutil.Want{Status: 429, Code: "too_many_accounts"}
			}
			startFrom("203.0.113.7", other.ID).Check(t, want)
		}
		s.Clock.Advance(payment.AccountsWindow + time.Minute)
		startFrom("203.0.113.7", s.CreateWebinar(testutil.WebinarSpec{}).ID).Check(t, testutil.Want{Status: 201})
	})
}

// Confirm is limited per account: each call asks the provider, so one user
// must not spend the store's provider rate limit.
func TestConfirmIsLimited(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c, _ := s.Login(auth.RoleUser)
	for i := range 61 {
		res := c.Do("POST", "/api/payments/confirm", map[string]string{"paymentIntentId": "pi_test_nothing"})
		if i < 60 && res.Status != 404 {
			t.Fatalf("confirm %d: %d %s", i, res.Status, res.Body)
		}
		if i == 60 {
			res.Check(t, testutil.Want{Status: 429, Code: "too_many_attempts"})
		}
	}
}
