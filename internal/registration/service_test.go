package registration_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

// TestResetKeepsPaidSeats: a reset clears the watched flag and a purchase
// that no coupon backs (the admin's simulated payment), but never a seat
// someone paid for: that registration keeps purchased_coupon, so the seat
// stays taken and no second coupon can be bought for it.
func TestResetKeepsPaidSeats(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		svc := s.App.Registrations
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
		register := func() (auth.Profile, registration.Registration) {
			_, user := s.Login(auth.RoleUser)
			r, created, err := svc.Register(ctx, user, w.ID, registration.Input{Name: "Sam Carter", Email: "sam@example.com"})
			if err != nil || !created {
				t.Fatalf("register: %v, created %v", err, created)
			}
			if _, err := d.ExecContext(ctx, `UPDATE webinar_registrations SET watched_video_fully = TRUE, purchased_coupon = TRUE WHERE id = $1`, r.ID); err != nil {
				t.Fatal(err)
			}
			return user, r
		}
		simulated, _ := register()
		paid, paidReg := register()
		if _, err := d.ExecContext(ctx, `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id,
			value_cents, original_payment_cents, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, 4800, 4000, $6, $7)`,
			uuid.NewString(), "LW-TEST"+uuid.NewString()[:8], paid.ID, w.ID, paidReg.ID, clock.Now(), clock.Now().AddDate(0, 0, 30)); err != nil {
			t.Fatal(err)
		}

		r, err := svc.ResetMine(ctx, simulated, w.ID)
		if err != nil || r.WatchedVideoFully || r.PurchasedCoupon {
			t.Errorf("reset of a simulated purchase: %+v, %v; want both flags cleared", r, err)
		}
		r, err = svc.ResetFor(ctx, registration.ResetInput{WebinarID: w.ID, UserID: paid.ID})
		if err != nil || r.WatchedVideoFully || !r.PurchasedCoupon {
			t.Errorf("reset of a paid registration: %+v, %v; want watched cleared and the purchase kept", r, err)
		}
		got, err := s.App.Webinars.Get(ctx, w.ID)
		if err != nil || got.PaidSeats != 1 {
			t.Errorf("paid seats after the resets: %d, %v; want 1", got.PaidSeats, err)
		}
	})
}
