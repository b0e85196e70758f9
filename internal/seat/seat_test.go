package seat_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/seat"
	"watchwin/internal/testutil"
)

// registrant is a new user registered for a webinar, video watched
// (testutil's Buyer), and the registration's id.
func registrant(t *testing.T, s *testutil.Server, webinarID string) (auth.Profile, string) {
	t.Helper()
	p := s.Buyer(webinarID)
	return p, s.RegistrationID(webinarID, p.ID)
}

// hold holds registration reg's seat until until, for a payment made for
// it in the same transaction (a refusal leaves neither).
func hold(s *testutil.Server, webinarID, reg string, until time.Time) error {
	return s.App.Seats.Run(context.Background(), webinarID, func(ctx context.Context, tx *seat.Tx) error {
		payment := uuid.NewString()
		if _, err := s.App.DB.Q(ctx).ExecContext(ctx, `INSERT INTO payments (id, provider, provider_payment_id, user_id, webinar_id,
			registration_id, amount_cents, currency, coupon_value_cents, status, created_at, updated_at)
			SELECT $1, 'test', $1, user_id, webinar_id, id, 4000, 'usd', 4800, 'open', $3, $3
			FROM webinar_registrations WHERE id = $2`, payment, reg, s.Clock.Now()); err != nil {
			return err
		}
		_, err := tx.Hold(ctx, reg, payment, until)
		return err
	})
}

// take takes registration reg's seat, as every path that sells one does.
func take(s *testutil.Server, webinarID, reg string) error {
	return s.App.Seats.Run(context.Background(), webinarID, func(ctx context.Context, tx *seat.Tx) error {
		return tx.Take(ctx, reg)
	})
}

func paidSeats(t *testing.T, d *db.DB, webinarID string) int {
	t.Helper()
	return testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations
		WHERE webinar_id = $1 AND purchased_coupon = TRUE`, webinarID)
}

func code(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return fmt.Sprint(err)
}

// TestLockSeats: seats are counted under the lock, holds of payments under
// way count until they lapse, and concurrent buyers each taking the last
// seats left never oversell: the others are refused with ErrNoSeat.
func TestLockSeats(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
		for range 2 {
			if _, reg := registrant(t, s, w.ID); take(s, w.ID, reg) != nil {
				t.Fatal("take a free seat")
			}
		}
		_, held := registrant(t, s, w.ID)
		_, lapsed := registrant(t, s, w.ID)
		if err := hold(s, w.ID, held, s.Clock.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := hold(s, w.ID, lapsed, s.Clock.Now().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		s.Clock.Advance(2 * time.Minute)

		if _, err := s.App.Seats.Lock(ctx, w.ID); err == nil {
			t.Error("Lock outside a transaction: no error")
		}
		var seats seat.Seats
		err := d.InTx(ctx, func(ctx context.Context) error {
			var err error
			seats, err = s.App.Seats.Lock(ctx, w.ID)
			return err
		})
		if want := (seat.Seats{Total: 5, Paid: 2, Held: 1, Left: 2}); err != nil || seats != want {
			t.Errorf("Lock = %+v, %v; want %+v", seats, err, want)
		}
		err = d.InTx(ctx, func(ctx context.Context) error {
			_, err := s.App.Seats.Lock(ctx, uuid.NewString())
			return err
		})
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindNotFound {
			t.Errorf("Lock of a missing webinar: %v", err)
		}

		// 20 buyers race for the 2 seats left: exactly 2 get one.
		buyers := make([]string, 20)
		for i := range buyers {
			_, buyers[i] = registrant(t, s, w.ID)
		}
		results := make(chan error, len(buyers))
		for _, reg := range buyers {
			go func() { results <- take(s, w.ID, reg) }()
		}
		outcomes := map[string]int{}
		for range buyers {
			err := <-results
			switch {
			case err == nil:
				outcomes["seat"]++
			case errors.Is(err, seat.ErrNoSeat):
				outcomes["no seat"]++
			default:
				t.Errorf("buyer: %v", err)
			}
		}
		if outcomes["seat"] != 2 || outcomes["no seat"] != 18 {
			t.Errorf("outcomes %v, want 2 seats and 18 refused", outcomes)
		}
		if n := paidSeats(t, d, w.ID); n != 4 {
			t.Errorf("%d paid seats, want 4", n)
		}
	})
}

// Take and Hold decide by the one seat rule and refuse with ErrNoSeat (409
// sold_out, the sold-out text): a registration's own running hold is its
// seat, a lapsed one is not, a seat already paid stays as it is, and a new
// hold waits (409 seats_held) while every seat left is held.
func TestTakeAndHoldDecide(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 2})
		_, a := registrant(t, s, w.ID)
		_, b := registrant(t, s, w.ID)
		_, c := registrant(t, s, w.ID)
		_, late := registrant(t, s, w.ID)
		soon := func() time.Time { return s.Clock.Now().Add(15 * time.Minute) }
		for _, reg := range []string{a, b} {
			if err := hold(s, w.ID, reg, soon()); err != nil {
				t.Fatal(err)
			}
		}
		err := hold(s, w.ID, c, soon())
		if e, ok := apperr.As(err); !ok || e.Code != "seats_held" || e.Kind != apperr.KindConflict || e.RetryAfter <= 0 {
			t.Errorf("a hold while every seat is held: %v, want 409 seats_held with a wait", err)
		}
		if err := take(s, w.ID, c); !errors.Is(err, seat.ErrNoSeat) {
			t.Errorf("take while every seat is held by others: %v, want ErrNoSeat", err)
		}
		if err := take(s, w.ID, a); err != nil {
			t.Errorf("take of a's own held seat: %v", err)
		}

		s.Clock.Advance(16 * time.Minute) // b's hold lapses
		if err := hold(s, w.ID, c, soon()); err != nil {
			t.Errorf("a hold once b's lapsed: %v", err)
		}
		if err := take(s, w.ID, b); !errors.Is(err, seat.ErrNoSeat) {
			t.Errorf("take after b's hold lapsed and c holds the seat: %v, want ErrNoSeat", err)
		}
		if err := take(s, w.ID, c); err != nil {
			t.Errorf("take of c's held seat: %v", err)
		}
		if err := take(s, w.ID, a); err != nil {
			t.Errorf("take of a seat already paid: %v, want no change", err)
		}
		err = hold(s, w.ID, late, soon())
		if e, ok := apperr.As(err); !ok || !errors.Is(err, seat.ErrNoSeat) || e.Code != "sold_out" ||
			e.Message != "All coupons for this webinar have been sold." || e.Kind != apperr.KindConflict {
			t.Errorf("a hold once sold out: %v, want 409 sold_out", err)
		}
		if n := paidSeats(t, d, w.ID); n != 2 {
			t.Errorf("%d paid seats, want 2", n)
		}
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
			p, _ := registrant(t, s, w.ID)
			st, err := s.App.Payments.Start(ctx, p, w.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			people, started = append(people, p), append(started, st)
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
			if err := s.PayTestCard(st); err != nil {
				t.Fatal(err)
			}
			_, err := s.App.Payments.Confirm(ctx, people[i], st.ID)
			outcomes[code(err)]++
		}
		if outcomes["<nil>"] != 1 || outcomes["payment_refunded"] != 2 {
			t.Errorf("outcomes %v, want 1 coupon and 2 refunds", outcomes)
		}
		if n := paidSeats(t, d, w.ID); n != 1 {
			t.Errorf("%d paid seats, want 1", n)
		}
	})
}

// Fits is the seat cut's rule: never below the paid seats, nor below paid
// plus held.
func TestFits(t *testing.T) {
	seats := seat.Seats{Total: 10, Paid: 3, Held: 2, Left: 5}
	for _, tt := range []struct {
		total int
		want  *seat.TooFew
	}{{10, nil}, {5, nil}, {4, &seat.TooFew{Paid: 3, Held: 2}}, {3, &seat.TooFew{Paid: 3, Held: 2}}, {2, &seat.TooFew{Paid: 3}}} {
		err := seats.Fits(tt.total)
		var got *seat.TooFew
		if errors.As(err, &got); (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
			t.Errorf("Fits(%d) = %v, want %+v", tt.total, err, tt.want)
		}
	}
}

func TestLeftShown(t *testing.T) {
	for _, tt := range []struct{ total, paid, want int }{{20, 0, 20}, {20, 3, 17}, {5, 5, 0}, {3, 5, 0}} {
		if got := seat.LeftShown(tt.total, tt.paid); got != tt.want {
			t.Errorf("LeftShown(total %d, paid %d) = %d, want %d", tt.total, tt.paid, got, tt.want)
		}
	}
}
