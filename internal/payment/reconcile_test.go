package payment_test

import (
	"context"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

// TestReconcile: a payment paid at the provider whose confirm never came
// (browser closed, server killed) is fulfilled by the reconciler once its
// grace period is over, exactly once; a later confirm gets the same coupon;
// an unpaid or declined payment stays open (fake clock).
func TestReconcile(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
		paid, unpaid, refused := s.Buyer(w.ID), s.Buyer(w.ID), s.Buyer(w.ID)

		st, err := pay(t, s, paid, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Payments.Start(ctx, unpaid, w.ID, ""); err != nil {
			t.Fatal(err)
		}
		ref, err := s.App.Payments.Start(ctx, refused, w.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		tp := s.App.Payments.Provider().(*payment.TestProvider)
		if in, err := tp.Confirm(ctx, ref.ID, payment.Card{ClientSecret: ref.ClientSecret, Number: declined,
			ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"}); err != nil || in.Status == payment.StatusSucceeded {
			t.Fatalf("declined card: %+v, %v", in, err)
		}

		// Within the grace period the browser's own confirm may still come.
		if n, err := s.App.Payments.Reconcile(ctx); err != nil || n != 0 {
			t.Fatalf("reconcile within the grace period: %d, %v; want 0, nil", n, err)
		}
		assertSeats(t, d, w.ID, 0)

		s.Clock.Advance(payment.DefaultReconcileGrace + time.Second)
		if n, err := s.App.Payments.Reconcile(ctx); err != nil || n != 1 {
			t.Fatalf("reconcile after the grace period: %d, %v; want 1, nil", n, err)
		}
		assertSeats(t, d, w.ID, 1)
		if n, err := s.App.Payments.Reconcile(ctx); err != nil || n != 0 {
			t.Fatalf("second reconcile: %d, %v; want 0, nil", n, err)
		}
		assertSeats(t, d, w.ID, 1)

		mine, err := s.App.Coupons.ForPayment(ctx, paymentID(t, s, st.ID))
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.App.Payments.Confirm(ctx, paid, st.ID)
		if err != nil || c.ID != mine.ID || c.Code != mine.Code {
			t.Errorf("late confirm: %+v, %v; want the reconciled coupon %s", c, err, mine.Code)
		}
		assertSeats(t, d, w.ID, 1)

		if n := testutil.Count(t, d, `SELECT count(*) FROM payments WHERE webinar_id = $1 AND status = 'open'`, w.ID); n != 2 {
			t.Errorf("open payments after reconciling: %d, want the unpaid and the declined one", n)
		}
	})
}

// paymentID returns our id of the payment with provider id intentID.
func paymentID(t *testing.T, s *testutil.Server, intentID string) string {
	t.Helper()
	var id string
	if err := s.App.DB.QueryRowContext(context.Background(), `SELECT id FROM payments WHERE provider_payment_id = $1`, intentID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
