package payment_test

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

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
