package waitlist_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/waitlist"
	"watchwin/internal/webinar"
)

const msgAddressLimit = "Your network already has 3 accounts on this waiting list. A place in line is one per person."

// TestWaitingListPerAddress: three accounts may join a webinar's list from
// one address (one IPv6 /64); the fourth is refused with 409
// waitlist_address_limit and says why, while another address is fine, and
// a place left frees one for the address (docs/product.md#waiting-list).
func TestWaitingListPerAddress(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, testutil.BehindProxy)
		w, _ := soldOut(t, s, 1)
		base := "/api/webinars/" + w.ID + "/waitlist"
		registrant := func(address string) *testutil.Client {
			c, p := s.Login(auth.RoleUser)
			c.Forwarded = address
			c.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Pat Doe", "email": p.Email}).
				Check(t, testutil.Want{Status: http.StatusCreated})
			return c
		}
		var household []*testutil.Client
		for _, address := range []string{"2001:db8:7:1::10", "2001:db8:7:1::11", "2001:db8:7:1:ffff::2"} {
			c := registrant(address)
			c.Do("POST", base, nil).Check(t, testutil.Want{Status: http.StatusCreated})
			household = append(household, c)
		}
		fourth := registrant("2001:db8:7:1::99")
		fourth.Do("POST", base, nil).Check(t, testutil.Want{Status: http.StatusConflict, Code: "waitlist_address_limit",
			Message: msgAddressLimit})
		if n := testutil.Count(t, d, `SELECT count(*) FROM waitlist_entries WHERE webinar_id = $1`, w.ID); n != 3 {
			t.Errorf("%d entries after the refusal, want 3", n)
		}
		// Joining again from the household is not a new place.
		household[0].Do("POST", base, nil).Check(t, testutil.Want{Status: http.StatusOK})
		registrant("2001:db8:7:2::10").Do("POST", base, nil).Check(t, testutil.Want{Status: http.StatusCreated})

		household[1].Do("DELETE", base, nil).Check(t, testutil.Want{Status: http.StatusOK})
		fourth.Do("POST", base, nil).Check(t, testutil.Want{Status: http.StatusCreated})

		// IPv4: the address itself.
		other, _ := soldOut(t, s, 1)
		for i := range 4 {
			p := s.Registrant(other.ID, auth.RoleUser, true)
			_, _, err := s.App.Waitlist.Join(context.Background(), p, other.ID, "198.51.100.7")
			if i < 3 && err != nil {
				t.Fatalf("account %d from one IPv4 address: %v", i+1, err)
			}
			if i == 3 && code(err) != "waitlist_address_limit" {
				t.Errorf("the 4th account from one IPv4 address: %v, want waitlist_address_limit", err)
			}
		}
	})
}

// TestOfferSkipsAddressHoldingOne: a freed seat passes over an entry whose
// address already holds an offer for the webinar, to the next person in
// line; the entry keeps its place and is offered the next seat once the
// address's offer is over. Seats freed together go to different addresses.
func TestOfferSkipsAddressHoldingOne(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w, coupons := soldOut(t, s, 2)
		joinFrom := func(address string) auth.Profile {
			p := s.Registrant(w.ID, auth.RoleUser, true)
			if _, created, err := s.App.Waitlist.Join(ctx, p, w.ID, address); err != nil || !created {
				t.Fatalf("join from %s: created %v, %v", address, created, err)
			}
			return p
		}
		a, b := joinFrom("2001:db8:5:1::1"), joinFrom("2001:db8:5:1::2") // one household's /64
		c := joinFrom("203.0.113.30")

		if _, err := s.App.Payments.Refund(ctx, coupons[0], ""); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, a, w.ID); st.Status != waitlist.Offered {
			t.Fatalf("a after the first refund: %+v", st)
		}
		if _, err := s.App.Payments.Refund(ctx, coupons[1], ""); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, c, w.ID); st.Status != waitlist.Offered || len(offers(s, c)) != 1 {
			t.Errorf("c after the second refund: %+v, want the seat b's address may not hold", st)
		}
		if st := mine(t, s, b, w.ID); st.Status != waitlist.Waiting || position(st) != 1 || len(offers(s, b)) != 0 {
			t.Errorf("b while a holds an offer: %+v, %d mails; want first in line, not offered", st, len(offers(s, b)))
		}

		// a passes the seat on: the address holds none now, so it is b's.
		if _, err := s.App.Waitlist.Leave(ctx, a, w.ID); err != nil {
			t.Fatal(err)
		}
		if st := mine(t, s, b, w.ID); st.Status != waitlist.Offered || len(offers(s, b)) != 1 {
			t.Errorf("b after a declined: %+v", st)
		}

		// Two seats added at once, a line of e and f from one address and g
		// from another: e and g get them.
		e, f := joinFrom("198.51.100.60"), joinFrom("198.51.100.60")
		g := joinFrom("198.51.100.61")
		active := true
		if _, err := s.App.Webinars.Update(ctx, w.ID, webinar.Input{Title: w.Title, Description: w.Description,
			EventDatetime: w.EventDatetime.Format(time.RFC3339), DisplayPrice: "40", TotalSeats: "4",
			YouTubeVideoID: "dQw4w9WgXcQ", IsActive: &active}); err != nil {
			t.Fatal(err)
		}
		for name, tc := range map[string]struct {
			p    auth.Profile
			want waitlist.Status
		}{"e": {e, waitlist.Offered}, "f": {f, waitlist.Waiting}, "g": {g, waitlist.Offered}} {
			if st := mine(t, s, tc.p, w.ID); st.Status != tc.want {
				t.Errorf("%s after two seats were added: %+v, want %s", name, st, tc.want)
			}
		}
	})
}
