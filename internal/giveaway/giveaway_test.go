package giveaway_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/giveaway"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

// winnerBody and drawBody are the API's shapes (docs/api.md#giveaway).
type winnerBody struct {
	ID           string     `json:"id"`
	UserID       string     `json:"user_id"`
	Email        *string    `json:"email"`
	FirstName    *string    `json:"first_name"`
	LastName     *string    `json:"last_name"`
	WebinarID    string     `json:"webinar_id"`
	WebinarTitle *string    `json:"webinar_title"`
	CreatedAt    time.Time  `json:"created_at"`
	Notified     bool       `json:"notified"`
	NotifiedAt   *time.Time `json:"notified_at"`
}

type drawBody struct {
	ID            string    `json:"id"`
	WebinarID     string    `json:"webinar_id"`
	WinnerID      string    `json:"winner_id"`
	UserID        string    `json:"user_id"`
	DrawnAt       time.Time `json:"drawn_at"`
	Entrants      int       `json:"entrants"`
	Candidates    int       `json:"candidates"`
	Trigger       string    `json:"trigger"`
	TriggeredBy   *string   `json:"triggered_by"`
	PaidEntries   *int      `json:"paid_entries"`
	FreeEntries   *int      `json:"free_entries"`
	EntriesSHA256 *string   `json:"entries_sha256"`
	RandomValue   *string   `json:"random_value"`
	WinnerEntryID *string   `json:"winner_entry_id"`
	ProofKind     string    `json:"proof_kind"`
	Commitment    *string   `json:"commitment"`
	Seed          *string   `json:"seed"`
	Counter       *int      `json:"counter"`
	WinnerIndex   *int      `json:"winner_index"`
	Reason        *string   `json:"reason"`
}

func isCode(err error, code string) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == code
}

// entrant adds an account with a paid registration for the webinar in plain
// SQL, as if its purchase had just committed (nothing runs the draw).
func entrant(t *testing.T, s *testutil.Server, webinarID, firstName string) auth.Profile {
	t.Helper()
	now := s.Clock.Now()
	p := auth.Profile{ID: uuid.NewString(), Email: "e-" + uuid.NewString() + "@example.com", FirstName: firstName}
	if _, err := s.App.DB.Exec(`INSERT INTO profiles (id, email, role, first_name, last_name, created_at, updated_at)
		VALUES ($1, $2, 'user', $3, 'Entrant', $4, $4)`, p.ID, p.Email, firstName, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.App.DB.Exec(`INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration,
		user_email_for_registration, registration_time, watched_video_fully, purchased_coupon)
		VALUES ($1, $2, $3, 'Entrant', $4, $5, TRUE, TRUE)`, uuid.NewString(), webinarID, p.ID, p.Email, now); err != nil {
		t.Fatal(err)
	}
	return p
}

// deadlineDraw makes the webinar's first draw: its draw date passes and
// the periodic job draws.
func deadlineDraw(t *testing.T, s *testutil.Server, webinarID string) {
	t.Helper()
	setDeadline(t, s, webinarID, s.Clock.Now().Add(time.Minute))
	s.Clock.Advance(time.Hour)
	if n, err := s.App.Giveaway.DrawDeadlines(context.Background()); err != nil || n != 1 {
		t.Fatalf("DrawDeadlines = %d, %v", n, err)
	}
}

var repickForm = map[string]string{"reason": "The winner did not claim the prize."}

// buy pays for p's coupon with a good test card and confirms it, as the
// browser does.
func buy(s *testutil.Server, p auth.Profile, webinarID string) error {
	ctx := context.Background()
	st, err := s.App.Payments.Start(ctx, p, webinarID, "")
	if err != nil {
		return err
	}
	tp := s.App.Payments.Provider().(*payment.TestProvider)
	if _, err := tp.Confirm(ctx, st.ID, payment.Card{ClientSecret: st.ClientSecret, Number: "4242 4242 4242 4242",
		ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"}); err != nil {
		return err
	}
	_, err = s.App.Payments.Confirm(ctx, p, st.ID)
	return err
}

// draws reads a webinar's audit rows straight from the database.
func draws(t *testing.T, s *testutil.Server, webinarID string) []giveaway.Draw {
	t.Helper()
	list, err := s.App.Giveaway.Draws(context.Background(), webinarID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// winnerOf returns the winner a draw made.
func winnerOf(t *testing.T, s *testutil.Server, d giveaway.Draw) giveaway.Winner {
	t.Helper()
	list, err := s.App.Giveaway.Winners(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range list {
		if d.WinnerID != nil && w.ID == *d.WinnerID {
			return w
		}
	}
	t.Fatalf("no winner for draw %+v", d)
	return giveaway.Winner{}
}

// TestAutomaticDrawExactlyOnce: 50 concurrent purchases fill a 50-seat
// webinar; exactly one winner is drawn, among the buyers, with its audit
// row, and every later call of the automatic draw changes nothing.
func TestAutomaticDrawExactlyOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		const seats = 50
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: seats})
		buyers := make([]auth.Profile, seats)
		ids := make([]string, seats)
		for i := range buyers {
			buyers[i] = s.Buyer(w.ID)
			ids[i] = buyers[i].ID
		}
		var wg sync.WaitGroup
		errs := make(chan error, seats)
		for _, p := range buyers {
			wg.Go(func() { errs <- buy(s, p, w.ID) })
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("purchase: %v", err)
			}
		}

		got := draws(t, s, w.ID)
		if len(got) != 1 {
			t.Fatalf("%d draws after the seats filled, want 1: %+v", len(got), got)
		}
		first := got[0]
		if first.Trigger != giveaway.TriggerSeatsFilled || first.TriggeredBy != nil || first.Entrants != seats ||
			first.Candidates != seats || first.UserID == nil || !slices.Contains(ids, *first.UserID) {
			t.Errorf("draw %+v: want seats_filled among the %d buyers", first, seats)
		}

		ctx := context.Background()
		if _, drawn, err := s.App.Giveaway.DrawAutomatic(ctx, w.ID); err != nil || drawn {
			t.Errorf("DrawAutomatic again: drawn %v, err %v; want nothing", drawn, err)
		}
		if err := s.App.Seats.Run(ctx, w.ID, s.App.Giveaway.SeatsFilled); err != nil {
			t.Errorf("the seat listener again: %v", err)
		}
		var again sync.WaitGroup
		for range 8 {
			again.Go(func() {
				if _, drawn, err := s.App.Giveaway.DrawAutomatic(ctx, w.ID); err != nil || drawn {
					t.Errorf("concurrent DrawAutomatic: drawn %v, err %v", drawn, err)
				}
			})
		}
		again.Wait()
		if n, err := s.App.Giveaway.DrawPending(ctx); err != nil || n != 0 {
			t.Errorf("DrawPending = %d, %v; want 0", n, err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_winners WHERE webinar_id = $1`, w.ID); n != 1 {
			t.Errorf("%d winners, want 1", n)
		}
		if got := draws(t, s, w.ID); len(got) != 1 || got[0].ID != first.ID {
			t.Errorf("draws changed: %+v", got)
		}
	})
}

// TestDrawAfterCrash: the process stopped after the purchase that filled
// the webinar committed and before its draw. DrawPending (run by every
// instance at start and every minute) draws it once, even when instances
// run it at the same moment; the database itself refuses a second
// automatic draw.
func TestDrawAfterCrash(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 3})
		notFull := s.CreateWebinar(testutil.WebinarSpec{Seats: 3})
		for range 3 {
			entrant(t, s, w.ID, "Pat")
		}
		entrant(t, s, notFull.ID, "Lee")
		if _, drawn, err := s.App.Giveaway.DrawAutomatic(ctx, notFull.ID); err != nil || drawn {
			t.Errorf("DrawAutomatic with seats left: drawn %v, err %v", drawn, err)
		}

		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for range 6 {
			wg.Go(func() {
				n, err := s.App.Giveaway.DrawPending(ctx)
				if err != nil {
					t.Errorf("DrawPending: %v", err)
				}
				mu.Lock()
				total += n
				mu.Unlock()
			})
		}
		wg.Wait()
		if total != 1 {
			t.Errorf("instances drew %d times, want 1", total)
		}
		got := draws(t, s, w.ID)
		if len(got) != 1 || got[0].Trigger != giveaway.TriggerSeatsFilled || got[0].Entrants != 3 {
			t.Fatalf("draws %+v, want one seats_filled draw among 3", got)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_draws WHERE webinar_id = $1`, notFull.ID); n != 0 {
			t.Errorf("%d draws for a webinar with seats left", n)
		}

		// Past the service, the schema refuses a second automatic draw.
		now := s.Clock.Now()
		if _, err := d.Exec(`INSERT INTO giveaway_winners (id, user_id, webinar_id, created_at) VALUES ('g2', $1, $2, $3)`,
			*got[0].UserID, w.ID, now); err != nil {
			t.Fatal(err)
		}
		_, err := d.Exec(`INSERT INTO giveaway_draws (id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger)
			VALUES ('d2', $1, 'g2', $2, 3, 3, 'seats_filled')`, w.ID, now)
		if !errors.Is(db.MapError(err), db.ErrConflict) {
			t.Errorf("second automatic draw: err %v, want a conflict", err)
		}
	})
}

// TestSeatsFilledBySimulatedPurchaseAndClaim: a free claim that takes the
// last seat draws the winner; the admin's simulated purchase that takes it
// draws no one, since it is no entry (the deadline draw comes later).
func TestSeatsFilledBySimulatedPurchaseAndClaim(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c := s.Actors()
		register := func(who *testutil.Client, webinarID string) {
			who.Do("POST", "/api/webinars/"+webinarID+"/registrations", map[string]string{"name": "Sam Carter", "email": "sam@example.com"}).
				Check(t, testutil.Want{Status: 201})
			who.Do("POST", "/api/webinars/"+webinarID+"/registration/watched", nil).Check(t, testutil.Want{Status: 200})
		}

		simulated := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		register(c.Admin, simulated.ID)
		c.Admin.Do("POST", "/api/admin/webinars/"+simulated.ID+"/simulated-purchase", nil).Check(t, testutil.Want{Status: 200})
		if got := draws(t, s, simulated.ID); len(got) != 0 {
			t.Errorf("after the simulated purchase: draws %+v, want none", got)
		}

		free := s.CreateWebinar(testutil.WebinarSpec{Seats: 1, Price: "0"})
		register(c.User, free.ID)
		c.User.Do("POST", "/api/webinars/"+free.ID+"/claim", nil).Check(t, testutil.Want{Status: 200})
		if got := draws(t, s, free.ID); len(got) != 1 || got[0].Trigger != giveaway.TriggerSeatsFilled {
			t.Errorf("after the free claim: draws %+v, want one seats_filled", got)
		}
	})
}

// TestPickNewWinner: each re-pick prefers paid registrants not drawn yet
// for the webinar, so 3 re-picks among 3 give 3 different winners and a
// 4th repeats one; every draw is kept, newest first, with its audit row.
func TestPickNewWinner(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		adminClient, admin := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Concealed Carry Basics", Seats: 10})
		other := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		var ids []string
		for range 3 {
			ids = append(ids, entrant(t, s, w.ID, "Pat").ID)
		}
		entrant(t, s, other.ID, "Lee") // another webinar's entrant never wins this one
		unpaid := s.Buyer(w.ID)        // registered and watched, not paid: no entry
		adminClient.Do("POST", "/api/admin/webinars/"+w.ID+"/giveaway/draw", repickForm).Check(t, testutil.Want{Status: 409,
			Code: "not_drawn", Message: "This webinar's giveaway has not been drawn yet: its first winner is drawn when its entries close."})

		deadlineDraw(t, s, w.ID) // entries close: the first winner
		first := draws(t, s, w.ID)[0]
		pickNew := func() (winnerBody, drawBody) {
			t.Helper()
			res := adminClient.Do("POST", "/api/admin/webinars/"+w.ID+"/giveaway/draw", repickForm)
			res.Check(t, testutil.Want{Status: 201})
			var body struct {
				Winner winnerBody `json:"winner"`
				Draw   drawBody   `json:"draw"`
			}
			res.JSON(t, &body)
			return body.Winner, body.Draw
		}
		seen := map[string]bool{*first.UserID: true}
		for i, wantCandidates := range []int{2, 1} {
			win, draw := pickNew()
			if seen[win.UserID] {
				t.Errorf("re-pick %d drew %s again while others were left", i+1, win.UserID)
			}
			seen[win.UserID] = true
			if !slices.Contains(ids, win.UserID) || win.UserID == unpaid.ID {
				t.Errorf("re-pick %d drew %s, not a paid registrant", i+1, win.UserID)
			}
			if draw.Trigger != giveaway.TriggerAdminRepick || draw.TriggeredBy == nil || *draw.TriggeredBy != admin.ID ||
				draw.Entrants != 3 || draw.Candidates != wantCandidates || draw.WinnerID != win.ID || draw.UserID != win.UserID {
				t.Errorf("re-pick %d: draw %+v, want admin_repick by %s among %d of 3", i+1, draw, admin.ID, wantCandidates)
			}
			if win.WebinarTitle == nil || *win.WebinarTitle != w.Title || win.Email == nil || win.FirstName == nil ||
				*win.FirstName != "Pat" || win.Notified || win.NotifiedAt != nil {
				t.Errorf("re-pick %d: winner %+v", i+1, win)
			}
			s.Clock.Advance(time.Second)
		}
		fourth, draw := pickNew()
		if !seen[fourth.UserID] || draw.Candidates != 3 {
			t.Errorf("3rd re-pick drew %s among %d; want one of the 3 again, among all 3", fourth.UserID, draw.Candidates)
		}

		var list struct{ Draws []drawBody }
		adminClient.Do("GET", "/api/admin/webinars/"+w.ID+"/giveaway/draws", nil).JSON(t, &list)
		if len(list.Draws) != 4 || list.Draws[0].WinnerID != fourth.ID {
			t.Fatalf("draw history %+v, want 4, newest first", list.Draws)
		}
		var winners struct{ Winners []winnerBody }
		adminClient.Do("GET", "/api/admin/giveaway-winners", nil).JSON(t, &winners)
		if len(winners.Winners) != 4 || winners.Winners[0].ID != fourth.ID {
			t.Fatalf("winners %+v, want 4, newest first", winners.Winners)
		}
		for i := 1; i < len(winners.Winners); i++ {
			if winners.Winners[i].CreatedAt.After(winners.Winners[i-1].CreatedAt) {
				t.Errorf("winners not newest first: %v after %v", winners.Winners[i].CreatedAt, winners.Winners[i-1].CreatedAt)
			}
		}
	})
}

// TestPickNewWinnerRefusals: nobody to draw from, or no such webinar.
func TestPickNewWinnerRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		s.Buyer(w.ID) // registered, not paid
		deadlineDraw(t, s, w.ID)
		admin.Do("POST", "/api/admin/webinars/"+w.ID+"/giveaway/draw", map[string]string{"reason": " "}).Check(t,
			testutil.Want{Status: 400, Field: "reason", Message: "Please say why a new winner is needed."})
		admin.Do("POST", "/api/admin/webinars/"+w.ID+"/giveaway/draw", repickForm).Check(t, testutil.Want{Status: 409, Code: "no_entrants",
			Message: "This webinar has no giveaway entries yet, so there is no one to pick a winner from."})
		missing := uuid.NewString()
		admin.Do("POST", "/api/admin/webinars/"+missing+"/giveaway/draw", repickForm).Check(t, testutil.Want{Status: 404, Message: "Webinar not found"})
		admin.Do("GET", "/api/admin/webinars/"+missing+"/giveaway/draws", nil).Check(t, testutil.Want{Status: 404, Message: "Webinar not found"})
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_winners`); n != 0 {
			t.Errorf("%d winners after refusals", n)
		}
	})
}

// TestSendNotification: one e-mail through the outbox, notified and
// notified_at set by the service's clock; a repeat, or several at once,
// change nothing. A deleted account's win cannot be notified.
func TestSendNotification(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, adminProfile := s.Login(auth.RoleAdmin)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Optics and Range Day"})
		p := entrant(t, s, w.ID, "Jordan")
		deadlineDraw(t, s, w.ID)
		win := winnerOf(t, s, draws(t, s, w.ID)[0])

		s.Clock.Advance(2 * time.Hour)
		before := s.Clock.Now()
		notify := "/api/admin/giveaway-winners/" + win.ID + "/notify"
		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() { admin.Do("POST", notify, nil).Check(t, testutil.Want{Status: 200}) })
		}
		wg.Wait()
		after := s.Clock.Now()
		var body struct{ Winner winnerBody }
		admin.Do("POST", notify, nil).JSON(t, &body)
		got := body.Winner
		if !got.Notified || got.NotifiedAt == nil || got.NotifiedAt.Before(before) || got.NotifiedAt.After(after) {
			t.Fatalf("winner %+v: want notified at the clock's time (%v to %v)", got, before, after)
		}

		var to, subject, text, html string
		rows := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox`)
		if err := d.QueryRow(`SELECT to_address, subject, body_text, body_html FROM mail_outbox WHERE dedupe_key = $1`,
			"giveaway-winner:"+win.ID).Scan(&to, &subject, &text, &html); err != nil {
			t.Fatalf("winner e-mail: %v", err)
		}
		if rows != 1 || to != p.Email || subject != "You won the gear giveaway for Optics and Range Day!" ||
			!strings.Contains(text, "Hi Jordan,") || !strings.Contains(text, "Naperville, IL 60540") ||
			!strings.Contains(html, "Naperville, IL 60540") || !strings.Contains(html, "Optics and Range Day") {
			t.Errorf("%d e-mails; to %q subject %q\n%s\n%s", rows, to, subject, text, html)
		}

		admin.Do("POST", "/api/admin/giveaway-winners/"+uuid.NewString()+"/notify", nil).Check(t, testutil.Want{Status: 404, Message: "Winner not found"})

		// A deleted account stays as a tombstone (0005): no e-mail to show or send.
		gone, _, err := s.App.Giveaway.Repick(ctx, adminProfile, w.ID, "Drawing again.")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`UPDATE profiles SET deleted_at = $1, email = $2 WHERE id = $3`, s.Clock.Now(), "deleted-"+p.ID+"@invalid", p.ID); err != nil {
			t.Fatal(err)
		}
		admin.Do("POST", "/api/admin/giveaway-winners/"+gone.ID+"/notify", nil).Check(t, testutil.Want{Status: 409, Code: "winner_account_deleted"})
		var list struct{ Winners []winnerBody }
		admin.Do("GET", "/api/admin/giveaway-winners", nil).JSON(t, &list)
		for _, g := range list.Winners {
			if g.Email != nil || g.FirstName != nil || g.UserID != p.ID {
				t.Errorf("deleted winner listed as %+v, want email and names null", g)
			}
		}
		if _, _, err := s.App.Giveaway.Repick(ctx, adminProfile, w.ID, "Drawing again."); !isCode(err, "no_entrants") {
			t.Errorf("re-pick among deleted accounts only: %v, want no_entrants", err)
		}
	})
}

// TestGiveawayRoutes: every giveaway route × {signed out, user, admin}.
func TestGiveawayRoutes(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c := s.Actors()
	w := s.CreateWebinar(testutil.WebinarSpec{})
	entrant(t, s, w.ID, "Pat")
	deadlineDraw(t, s, w.ID)
	var drawn struct{ Winner winnerBody }
	c.Admin.Do("POST", "/api/admin/webinars/"+w.ID+"/giveaway/draw", repickForm).JSON(t, &drawn)

	routes := []struct {
		method, path string
		body         any
		admin        int // the admin's status
	}{
		{"GET", "/api/admin/giveaway-winners", nil, 200},
		{"POST", "/api/admin/giveaway-winners/" + drawn.Winner.ID + "/notify", nil, 200},
		{"POST", "/api/admin/webinars/" + w.ID + "/giveaway/draw", repickForm, 201},
		{"GET", "/api/admin/webinars/" + w.ID + "/giveaway/draws", nil, 200},
	}
	for _, r := range routes {
		for _, who := range []struct {
			actor  string
			status int
			code   string
		}{
			{"anon", 401, "unauthenticated"},
			{"user", 403, "forbidden"},
			{"admin", r.admin, ""},
		} {
			t.Run(who.actor+" "+r.method+" "+r.path, func(t *testing.T) {
				c.As(who.actor).Do(r.method, r.path, r.body).Check(t, testutil.Want{Status: who.status, Code: who.code})
			})
		}
	}
	if n := testutil.Count(t, s.App.DB, `SELECT count(*) FROM giveaway_draws`); n != 3 {
		t.Errorf("%d draws, want 3 (the deadline's and two re-picks): only admins draw", n)
	}
}
