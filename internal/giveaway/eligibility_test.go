package giveaway_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/giveaway"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

// person adds an account with role, registered for the webinar with the
// video watched (accounts in plain SQL: no password hashing).
func person(t *testing.T, s *testutil.Server, webinarID, role string) auth.Profile {
	t.Helper()
	ctx := context.Background()
	p := auth.Profile{ID: uuid.NewString(), Email: role + "-" + uuid.NewString() + "@example.com", Role: role}
	if _, err := s.App.DB.ExecContext(ctx, `INSERT INTO profiles (id, email, role, created_at, updated_at, email_confirmed_at) VALUES ($1, $2, $3, $4, $4, $4)`,
		p.ID, p.Email, role, s.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.App.Registrations.Register(ctx, p, webinarID, registration.Input{Name: "Pat Doe", Email: p.Email}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.App.Registrations.MarkWatched(ctx, p, webinarID); err != nil {
		t.Fatal(err)
	}
	return p
}

func setRole(t *testing.T, s *testutil.Server, p *auth.Profile, role string) {
	t.Helper()
	if _, err := s.App.DB.Exec(`UPDATE profiles SET role = $2 WHERE id = $1`, p.ID, role); err != nil {
		t.Fatal(err)
	}
	p.Role = role
}

func mustBuy(t *testing.T, s *testutil.Server, p auth.Profile, webinarID string) {
	t.Helper()
	if err := buy(s, p, webinarID); err != nil {
		t.Fatalf("%s buys: %v", p.Role, err)
	}
}

func mustSimulate(t *testing.T, s *testutil.Server, p auth.Profile, webinarID string) {
	t.Helper()
	if _, err := s.App.Registrations.SimulatePurchase(context.Background(), p, webinarID); err != nil {
		t.Fatalf("%s simulates: %v", p.Role, err)
	}
}

// ineligibleSeats takes four seats of the webinar that never enter its
// giveaway: staff and an admin who bought, an admin's simulated purchase,
// and the simulated purchase of a user promoted to admin after registering
// (simulated never counts, whatever the role at entry).
func ineligibleSeats(t *testing.T, s *testutil.Server, webinarID string) {
	t.Helper()
	mustBuy(t, s, person(t, s, webinarID, auth.RoleStaff), webinarID)
	mustBuy(t, s, person(t, s, webinarID, auth.RoleAdmin), webinarID)
	mustSimulate(t, s, person(t, s, webinarID, auth.RoleAdmin), webinarID)
	promoted := person(t, s, webinarID, auth.RoleUser)
	setRole(t, s, &promoted, auth.RoleAdmin)
	mustSimulate(t, s, promoted, webinarID)
}

// entryList is a draw's entrant list as the admin downloads it.
func entryList(t *testing.T, s *testutil.Server, d giveaway.Draw) []string {
	t.Helper()
	list, err := s.App.Giveaway.EntryList(context.Background(), d.ID)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(list)
}

// TestStaffAndAdminsNeverDrawn: seats of staff and admins, bought or
// simulated, are no entries: the seats-filled draw, every re-pick and the
// entrant list have only the customer; the staff member demoted after
// buying stays out (the role at entry, when the seat is paid, decides), so
// does a customer hired between registering and buying, and the customer
// promoted after buying stays in, marked on the winners screen.
func TestStaffAndAdminsNeverDrawn(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 7})
		ineligibleSeats(t, s, w.ID)
		demoted := person(t, s, w.ID, auth.RoleStaff)
		mustBuy(t, s, demoted, w.ID)
		setRole(t, s, &demoted, auth.RoleUser)
		hired := person(t, s, w.ID, auth.RoleUser) // registered as a customer, hired, then bought: out
		setRole(t, s, &hired, auth.RoleStaff)
		mustBuy(t, s, hired, w.ID)
		customer := s.Buyer(w.ID)
		mustBuy(t, s, customer, w.ID) // the last seat: the automatic draw

		got := draws(t, s, w.ID)
		if len(got) != 1 || got[0].Trigger != giveaway.TriggerSeatsFilled || got[0].UserID == nil || *got[0].UserID != customer.ID {
			t.Fatalf("seats-filled draws %+v, want the customer drawn", got)
		}
		if want := []string{s.RegistrationID(w.ID, customer.ID)}; got[0].Entrants != 1 ||
			strings.Join(entryList(t, s, got[0]), ",") != strings.Join(want, ",") {
			t.Errorf("entrant list %v (%d entrants), want only the customer's seat %v", entryList(t, s, got[0]), got[0].Entrants, want)
		}

		_, admin := s.Login(auth.RoleAdmin)
		for i := range 3 {
			winner, draw, err := s.App.Giveaway.Repick(ctx, admin, w.ID, "The winner did not claim.")
			if err != nil {
				t.Fatal(err)
			}
			if winner.UserID != customer.ID || draw.Entrants != 1 {
				t.Errorf("re-pick %d drew %s among %d entries, want the customer, the only entry", i+1, winner.UserID, draw.Entrants)
			}
		}

		setRole(t, s, &customer, auth.RoleStaff) // hired after entering: the entry stands
		if _, _, err := s.App.Giveaway.Repick(ctx, admin, w.ID, "The winner did not claim."); err != nil {
			t.Fatalf("re-pick after the customer's promotion: %v", err)
		}
		winners, err := s.App.Giveaway.Winners(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(winners) != 5 || !winners[0].StaffAtDraw || winners[1].StaffAtDraw {
			t.Errorf("winners %+v: want 5, only the newest (drawn as staff) marked staff_at_draw", winners)
		}
	})
}

// TestDeadlineDrawLeavesOutStaff: at the draw deadline only the customer's
// free entry is drawn among staff and admin seats; a webinar whose seats
// are all staff's and admins' records "no entrants".
func TestDeadlineDrawLeavesOutStaff(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		ineligibleSeats(t, s, w.ID)
		free := freeEntrant(t, s, w.ID, "Robin", false)
		staffOnly := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		ineligibleSeats(t, s, staffOnly.ID)
		deadline := s.Clock.Now().Add(time.Hour)
		setDeadline(t, s, w.ID, deadline)
		setDeadline(t, s, staffOnly.ID, deadline)
		s.Clock.Set(deadline)

		if n, err := s.App.Giveaway.DrawDeadlines(context.Background()); err != nil || n != 2 {
			t.Fatalf("deadline draws: %d, %v; want 2", n, err)
		}
		got := draws(t, s, w.ID)
		if len(got) != 1 || got[0].UserID == nil || *got[0].UserID != free.ID || got[0].Entrants != 1 || len(entryList(t, s, got[0])) != 1 {
			t.Errorf("deadline draw %+v, want the free entrant, the only entry", got)
		}
		if got := draws(t, s, staffOnly.ID); len(got) != 1 || got[0].WinnerID != nil || got[0].Entrants != 0 {
			t.Errorf("staff-only webinar's deadline draw %+v, want no entrants", got)
		}
	})
}
