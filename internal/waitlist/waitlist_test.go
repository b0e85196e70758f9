package waitlist_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/seat"
	"watchwin/internal/testutil"
	"watchwin/internal/waitlist"
	"watchwin/internal/webinar"
)

func code(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return fmt.Sprint(err)
}

// offers returns the "A seat opened up" mails queued to p.
func offers(s *testutil.Server, p auth.Profile) []mail.Message {
	var out []mail.Message
	for _, m := range s.Mails(p.Email) {
		if strings.HasPrefix(m.Subject, "A seat opened up") {
			out = append(out, m)
		}
	}
	return out
}

func mine(t *testing.T, s *testutil.Server, p auth.Profile, webinarID string) waitlist.Standing {
	t.Helper()
	st, err := s.App.Waitlist.Mine(context.Background(), p, webinarID)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// addresses counts the client addresses newAddress has handed out.
var addresses atomic.Int64

// newAddress is a client address of its own /64, so a test's accounts do
// not share the per-address limit unless the test means them to.
func newAddress() string { return fmt.Sprintf("2001:db8:%x::1", addresses.Add(1)) }

// join puts p on the list from an address of its own.
func join(t *testing.T, s *testutil.Server, p auth.Profile, webinarID string) waitlist.Standing {
	t.Helper()
	st, created, err := s.App.Waitlist.Join(context.Background(), p, webinarID, newAddress())
	if err != nil || !created {
		t.Fatalf("join: created %v, %v", created, err)
	}
	return st
}

func position(st waitlist.Standing) int {
	if st.Position == nil {
		return 0
	}
	return *st.Position
}

// soldOut is a webinar of seats seats, every one bought; it returns the
// webinar and the buyers' coupons' ids.
func soldOut(t *testing.T, s *testutil.Server, seats int) (webinar.Webinar, []string) {
	t.Helper()
	w := s.CreateWebinar(testutil.WebinarSpec{Seats: seats})
	var coupons []string
	for range seats {
		_, p := s.Login(auth.RoleUser)
		coupons = append(coupons, s.Purchase(p, w.ID).ID)
	}
	return w, coupons
}

// TestWaitingList: the line's order, who may join, a refund offering the
// freed seat to the first person with a mail, a hold that passes on after
// 24 h and after a decline, an offer nobody else can take, a purchase from
// the offer, and seats the admin adds.
func TestWaitingList(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w, coupons := soldOut(t, s, 2)

		a := s.Registrant(w.ID, auth.RoleUser, true)
		b := s.Registrant(w.ID, auth.RoleUser, true)
		c := s.Registrant(w.ID, auth.RoleUser, false) // may wait before watching
		for i, p := range []auth.Profile{a, b, c} {
			if st := join(t, s, p, w.ID); st.Status != waitlist.Waiting || position(st) != i+1 || st.Waiting != i+1 || st.HoldHours != 24 {
				t.Errorf("join %d: %+v", i, st)
			}
		}
		if _, created, err := s.App.Waitlist.Join(ctx, a, w.ID, newAddress()); err != nil || created {
			t.Errorf("join again: created %v, %v", created, err)
		}

		// Who may not wait.
		staff := s.Registrant(w.ID, auth.RoleStaff, true)
		outsider := auth.Profile{ID: "nobody", Role: auth.RoleUser}
		for name, tc := range map[string]struct {
			p    auth.Profile
			want string
		}{
			"staff":          {staff, "staff_cannot_wait"},
			"not registered": {outsider, "Registration not found"},
		} {
			_, _, err := s.App.Waitlist.Join(ctx, tc.p, w.ID, newAddress())
			if e, ok := apperr.As(err); !ok || (e.Code != tc.want && e.Message != tc.want) {
				t.Errorf("%s joins: %v, want %s", name, err, tc.want)
			}
		}

		// A refund frees a seat: the first in line holds it for 24 h.
		if _, err := s.App.Payments.Refund(ctx, coupons[0], "changed their mind"); err != nil {
			t.Fatal(err)
		}
		st := mine(t, s, a, w.ID)
		if st.Status != waitlist.Offered || st.OfferExpiresAt == nil || s.Clock.Now().Add(24*time.Hour).Sub(*st.OfferExpiresAt).Abs() > time.Minute {
			t.Fatalf("a after the refund: %+v", st)
		}
		if got := offers(s, a); len(got) != 1 || !strings.Contains(got[0].Text, "/webinar/"+w.ID+"/coupon") {
			t.Fatalf("a's offer mails: %+v", got)
		}
		if st := mine(t, s, b, w.ID); position(st) != 1 || st.Waiting != 2 {
			t.Errorf("b after the refund: %+v", st)
		}
		// Nobody else can take the held seat: the public page shows none left.
		if pub, err := s.App.Webinars.GetPublic(ctx, w.ID); err != nil || pub.SeatsLeft() != 0 {
			t.Errorf("seats left shown while a seat is kept for the list: %d, %v", pub.SeatsLeft(), err)
		}
		d1 := s.Registrant(w.ID, auth.RoleUser, true)
		if _, err := s.App.Payments.Start(ctx, d1, w.ID, ""); !errors.Is(err, seat.ErrNoSeat) {
			t.Errorf("another buyer starts: %v, want sold out", err)
		}

		// Unanswered for 24 h: the hold passes on (the periodic job).
		s.Clock.Advance(24*time.Hour + time.Minute)
		if _, err := s.App.Waitlist.Settle(ctx); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, a, w.ID); st.Status != waitlist.None {
			t.Errorf("a after the lapse: %+v", st)
		}
		if st := mine(t, s, b, w.ID); st.Status != waitlist.Offered || len(offers(s, b)) != 1 {
			t.Errorf("b after a's lapse: %+v, %d mails", st, len(offers(s, b)))
		}
		// Declined: it passes on at once, to c, who has not watched yet.
		if st, err := s.App.Waitlist.Leave(ctx, b, w.ID); err != nil || st.Status != waitlist.None {
			t.Errorf("b declines: %+v, %v", st, err)
		}
		if st := mine(t, s, c, w.ID); st.Status != waitlist.Offered || len(offers(s, c)) != 1 {
			t.Errorf("c after b declined: %+v", st)
		}
		// c watches, then buys the held seat.
		s.Watch(c, w.ID)
		started, err := s.App.Payments.Start(ctx, c, w.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if !started.HoldExpiresAt.Equal(*mine(t, s, c, w.ID).OfferExpiresAt) {
			t.Errorf("payment hold ends %v, the offer %v", started.HoldExpiresAt, mine(t, s, c, w.ID).OfferExpiresAt)
		}
		if err := s.PayTestCard(started); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Payments.Confirm(ctx, c, started.ID); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, c, w.ID); st.Status != waitlist.None || st.Waiting != 0 {
			t.Errorf("c after buying: %+v", st)
		}
		if _, _, err := s.App.Waitlist.Join(ctx, c, w.ID, newAddress()); code(err) != "already_purchased" {
			t.Errorf("a buyer joins: %v", err)
		}

		// Seats the admin adds go to the line first, the rest are for sale.
		e := s.Registrant(w.ID, auth.RoleUser, true)
		join(t, s, e, w.ID)
		active := true
		if _, err := s.App.Webinars.Update(ctx, w.ID, webinar.Input{Title: w.Title, Description: w.Description,
			EventDatetime: w.EventDatetime.Format(time.RFC3339), DisplayPrice: "40", TotalSeats: "4",
			YouTubeVideoID: "dQw4w9WgXcQ", IsActive: &active}); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, e, w.ID); st.Status != waitlist.Offered || len(offers(s, e)) != 1 {
			t.Errorf("e after the seats were raised: %+v", st)
		}
		if _, _, err := s.App.Waitlist.Join(ctx, d1, w.ID, newAddress()); code(err) != "seats_available" {
			t.Errorf("join with a seat for sale: %v", err)
		}
	})
}

// TestWaitingListAPI: what a signed-in browser sees, and the admin's list
// and counts (the list is a read of customer data, in the audit log).
func TestWaitingListAPI(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	w, coupons := soldOut(t, s, 1)
	c, p := s.Login(auth.RoleUser)
	base := "/api/webinars/" + w.ID + "/waitlist"
	if res := c.Do("POST", base, nil); res.Status != http.StatusNotFound {
		t.Errorf("join unregistered: %d %s", res.Status, res.Body)
	}
	if res := c.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Pat Doe", "email": p.Email}); res.Status != http.StatusCreated {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	res := c.Do("POST", base, nil)
	if res.Status != http.StatusCreated || !strings.Contains(string(res.Body), `"status":"waiting","position":1,"waiting":1,"offer_expires_at":null`) {
		t.Errorf("join: %d %s", res.Status, res.Body)
	}
	admin, _ := s.Login(auth.RoleAdmin)
	if res := admin.Do("GET", "/api/admin/waitlist", nil); !strings.Contains(string(res.Body), `"`+w.ID+`":{"waiting":1,"offered":0}`) {
		t.Errorf("counts: %d %s", res.Status, res.Body)
	}
	// The books: "could have sold 1 more".
	if res := admin.Do("GET", "/api/admin/reports?period=this_month", nil); !strings.Contains(string(res.Body), `"paid":1,"redeemed":0,"waiting":1`) {
		t.Errorf("report: %s", res.Body)
	}
	if _, err := s.App.Payments.Refund(context.Background(), coupons[0], ""); err != nil {
		t.Fatal(err)
	}
	res = admin.Do("GET", "/api/admin/webinars/"+w.ID+"/waitlist", nil)
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"email":"`+p.Email+`","status":"offered"`) {
		t.Errorf("admin list: %d %s", res.Status, res.Body)
	}
	if res := admin.Do("GET", "/api/admin/audit?action=data.export", nil); !strings.Contains(string(res.Body), "viewed the waiting list (1 people)") {
		t.Errorf("audit: %s", res.Body)
	}
	if res := c.Do("DELETE", base, nil); res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"status":"none"`) {
		t.Errorf("decline: %d %s", res.Status, res.Body)
	}
	if res := c.Do("DELETE", base, nil); res.Status != http.StatusOK {
		t.Errorf("leave twice: %d %s", res.Status, res.Body)
	}
}

// TestOfferedOnceAcrossInstances: two instances on one database settling
// a lapsed offer at once offer the seat once, to one person.
func TestOfferedOnceAcrossInstances(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s1 := testutil.NewServerWithDB(t, d)
		s2 := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w, coupons := soldOut(t, s1, 1)
		line := make([]auth.Profile, 5)
		for i := range line {
			line[i] = s1.Registrant(w.ID, auth.RoleUser, true)
			join(t, s1, line[i], w.ID)
		}
		if _, err := s1.App.Payments.Refund(ctx, coupons[0], ""); err != nil {
			t.Fatal(err)
		}
		s1.Clock.Advance(25 * time.Hour)
		s2.Clock.Advance(25 * time.Hour)
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Go(func() {
				srv := s1
				if i%2 == 1 {
					srv = s2
				}
				if _, err := srv.App.Waitlist.Settle(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		var total int
		for i, p := range line {
			n := len(offers(s1, p))
			total += n
			if (i <= 1) != (n == 1) {
				t.Errorf("person %d got %d offers", i, n)
			}
		}
		if total != 2 {
			t.Errorf("%d offers, want the first person's and, once it lapsed, the second's", total)
		}
	})
}

// TestNoOversellRacingTheList: 1,000 buyers race for a sold-out webinar's
// seats while refunds free some and two instances settle the list: every
// freed seat goes to the line, no buyer outside it gets one, and paid
// seats never pass total_seats.
func TestNoOversellRacingTheList(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s1 := testutil.NewServerWithDB(t, d)
		s2 := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		const seats, freed, waiting, buyers = 10, 5, 8, 1000
		w, coupons := soldOut(t, s1, seats)
		line := make([]auth.Profile, waiting)
		for i := range line {
			line[i] = s1.Registrant(w.ID, auth.RoleUser, true)
			join(t, s1, line[i], w.ID)
		}
		crowd := make([]auth.Profile, buyers)
		for i := range crowd {
			crowd[i] = s1.Registrant(w.ID, auth.RoleUser, true)
		}
		var mu sync.Mutex
		outcomes := map[string]int{}
		var wg sync.WaitGroup
		for i, p := range crowd {
			wg.Go(func() {
				srv := s1
				if i%2 == 1 {
					srv = s2
				}
				st, err := srv.App.Payments.Start(ctx, p, w.ID, "")
				if err == nil {
					if err = srv.PayTestCard(st); err == nil {
						_, err = srv.App.Payments.Confirm(ctx, p, st.ID)
					}
				}
				outcome := code(err)
				if errors.Is(err, seat.ErrNoSeat) {
					outcome = "sold_out"
				}
				mu.Lock()
				outcomes[outcome]++
				mu.Unlock()
			})
		}
		for i := range freed {
			wg.Go(func() {
				if _, err := s2.App.Payments.Refund(ctx, coupons[i], ""); err != nil {
					t.Error(err)
				}
			})
			wg.Go(func() {
				if _, err := s1.App.Waitlist.Settle(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if outcomes["<nil>"] != 0 || outcomes["sold_out"]+outcomes["seats_held"] != buyers {
			t.Errorf("the crowd's outcomes %v: want every one refused", outcomes)
		}
		// The line buys its held seats: the webinar is full again.
		bought := 0
		for _, p := range line {
			if mine(t, s1, p, w.ID).Status != waitlist.Offered {
				continue
			}
			s1.Purchase(p, w.ID)
			bought++
		}
		if bought != freed {
			t.Errorf("%d of the line were offered a seat, want %d", bought, freed)
		}
		var paid int
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE`,
			w.ID).Scan(&paid); err != nil || paid != seats {
			t.Errorf("paid seats %d (%v), want %d", paid, err, seats)
		}
	})
}

// TestDeletedAccountLeavesTheList: an account deleted while its seat is
// held, or while it waits, is taken off the list, and the seat goes to the
// next person.
func TestDeletedAccountLeavesTheList(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w, coupons := soldOut(t, s, 1)
		a := s.Registrant(w.ID, auth.RoleUser, true)
		b := s.Registrant(w.ID, auth.RoleUser, true)
		join(t, s, a, w.ID)
		join(t, s, b, w.ID)
		if _, err := s.App.Payments.Refund(ctx, coupons[0], ""); err != nil {
			t.Fatal(err)
		}
		_, admin := s.Login(auth.RoleAdmin)
		if err := s.App.Auth.DeleteUser(ctx, admin, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Waitlist.Settle(ctx); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, b, w.ID); st.Status != waitlist.Offered || len(offers(s, b)) != 1 {
			t.Errorf("b after a's account was deleted: %+v", st)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM waitlist_entries WHERE user_id = $1 AND status = 'left'`, a.ID); n != 1 {
			t.Errorf("a's entry: %d left, want 1", n)
		}
	})
}
