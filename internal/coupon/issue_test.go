package coupon_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

// A code that is already taken, drawn inside a transaction as payment
// fulfilment draws it, leaves the transaction usable: Issue draws again and
// exactly one coupon is issued, with the fresh code. On PostgreSQL a failed
// INSERT would abort the transaction, so this is the case that needs
// ON CONFLICT (code) DO NOTHING.
func TestIssueCodeCollisionInTransaction(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Price: "40"})
		taken := paidCoupon(s, "first@example.com", w.ID)
		buyer := s.CreateUser("second@example.com", "password1", auth.RoleUser)
		reg, _, err := s.App.Registrations.Register(ctx, buyer, w.ID, registration.Input{Name: "Sam Carter", Email: buyer.Email})
		if err != nil {
			t.Fatal(err)
		}
		params := coupon.IssueParams{UserID: buyer.ID, WebinarID: w.ID, RegistrationID: reg.ID, ValueCents: 4000, OriginalPaymentCents: 4000}
		alwaysTaken := s.App.Coupons.WithCodes(func() string { return taken.Code })
		fresh := coupon.NewCode()
		codes := []string{taken.Code, taken.Code, fresh}
		takenTwice := s.App.Coupons.WithCodes(func() string {
			c := codes[0]
			codes = codes[1:]
			return c
		})

		var got coupon.Coupon
		err = d.InTx(ctx, func(ctx context.Context) error {
			// Every draw taken: no coupon, and the transaction goes on.
			if _, err := alwaysTaken.Issue(ctx, params); err == nil {
				return errors.New("Issue succeeded with every code taken")
			}
			var err error
			got, err = takenTwice.Issue(ctx, params)
			return err
		})
		if err != nil {
			t.Fatalf("issue inside a transaction after code collisions: %v", err)
		}
		if got.Code != fresh || got.RegistrationID != reg.ID || got.Status != coupon.StatusActive {
			t.Errorf("issued %+v, want an active coupon with code %s for registration %s", got, fresh, reg.ID)
		}
		if n := testutil.Count(t, d, `SELECT COUNT(*) FROM coupons WHERE webinar_registration_id = $1`, reg.ID); n != 1 {
			t.Errorf("%d coupons for the registration, want exactly 1", n)
		}
		if n := testutil.Count(t, d, `SELECT COUNT(*) FROM coupons WHERE code = $1`, taken.Code); n != 1 {
			t.Errorf("%d coupons with the taken code, want the first one only", n)
		}

		// A second coupon for the same registration is a conflict, not a retry.
		err = d.InTx(ctx, func(ctx context.Context) error {
			_, err := s.App.Coupons.Issue(ctx, params)
			return err
		})
		if !errors.Is(err, db.ErrConflict) {
			t.Errorf("second issue for one registration: %v, want db.ErrConflict", err)
		}
		if n := testutil.Count(t, d, `SELECT COUNT(*) FROM coupons WHERE webinar_registration_id = $1`, reg.ID); n != 1 {
			t.Errorf("%d coupons for the registration after a second issue, want 1", n)
		}
	})
}

// TestCouponMailWritesMoneyLikeTheWeb: a $1,000 webinar's coupon (worth
// $1,200 at the default 120%) is e-mailed as "$1,200.00", as the web
// writes it (internal/money), never "$1200.00"; the webinar and the coupon
// answers carry its minimum purchase, $2,400.
func TestCouponMailWritesMoneyLikeTheWeb(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Price: "1000"})
		p := s.CreateUser("big@example.com", "password1", auth.RoleUser)
		c := s.Purchase(p, w.ID)
		if v := c.View(s.Clock.Now()); v.ValueCents != 120000 || v.MinPurchase != 2400 || v.MinPurchaseCents != 240000 ||
			v.MinPurchaseToday != 2400 || v.MinPurchaseTodayCents != 240000 {
			t.Fatalf("coupon %+v, want value 120000 cents and minimum purchase 240000", v)
		}
		if v := w.PublicView(); v.MinPurchase != 2400 || v.MinPurchaseCents != 240000 {
			t.Errorf("webinar minimum purchase %v (%d cents), want 2400", v.MinPurchase, v.MinPurchaseCents)
		}
		var mail string
		for _, m := range s.Mails(p.Email) {
			if strings.HasPrefix(m.DedupeKey, "coupon:") {
				mail = m.Text + m.HTML
			}
		}
		if !strings.Contains(mail, "$1,200.00") || strings.Contains(mail, "$1200.00") {
			t.Errorf("coupon e-mail does not write the value as $1,200.00:\n%s", mail)
		}
	})
}
