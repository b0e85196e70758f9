package reminder_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/reminder"
	"watchwin/internal/testutil"
)

// credits are the credit reminders queued to p, oldest first, by kind.
func credits(s *testutil.Server, p auth.Profile) []mail.Message {
	var out []mail.Message
	for _, m := range s.Mails(p.Email) {
		if strings.HasPrefix(m.DedupeKey, "reminder:credit_expiry:") || strings.HasPrefix(m.DedupeKey, "reminder:bonus_expiry:") {
			out = append(out, m)
		}
	}
	return out
}

func subjects(ms []mail.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Subject)
	}
	return out
}

// buyer is an account holding a coupon of a fresh $40 webinar ($48 face value).
func buyer(t *testing.T, s *testutil.Server) (*testutil.Client, auth.Profile, coupon.Coupon) {
	t.Helper()
	w := s.CreateWebinar(testutil.WebinarSpec{})
	c, p := s.Login(auth.RoleUser)
	return c, p, s.Purchase(p, w.ID)
}

// "Your store credit expires in 7 days" goes out once, seven days before a
// coupon ends (in the store's zone), not a minute before; none goes to a
// coupon redeemed or refunded by then.
func TestCreditExpiryReminder(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		_, holder, c := buyer(t, s)
		_, redeemer, redeemed := buyer(t, s)
		_, refunder, refunded := buyer(t, s)
		admin.Do("POST", "/api/admin/coupons/"+redeemed.ID+"/redeem", nil).Check(t, testutil.Want{Status: http.StatusOK})
		admin.Do("POST", "/api/admin/coupons/"+refunded.ID+"/refund", nil).Check(t, testutil.Want{Status: http.StatusOK})

		due := c.ExpiresAt.In(s.App.Config.Timezone).AddDate(0, 0, -7)
		at(s, due.Add(-time.Minute))
		run(t, s)
		if got := credits(s, holder); len(got) != 0 {
			t.Fatalf("a minute early: %v", subjects(got))
		}
		at(s, due.Add(time.Minute))
		run(t, s)
		run(t, s)
		got := credits(s, holder)
		if len(got) != 1 || got[0].Subject != "Your store credit expires in 7 days" {
			t.Fatalf("at seven days before the end: %v", subjects(got))
		}
		m := got[0]
		if !strings.Contains(m.Text, "$48.00") || m.Class != mail.Bulk ||
			!strings.Contains(m.ListUnsubscribe, reminder.UnsubscribeAPI+"?token=") {
			t.Errorf("reminder %q class %q List-Unsubscribe %q:\n%s", m.Subject, m.Class, m.ListUnsubscribe, m.Text)
		}
		for who, p := range map[string]auth.Profile{"redeemed": redeemer, "refunded": refunder} {
			if got := credits(s, p); len(got) != 0 {
				t.Errorf("the %s coupon's holder got %v", who, subjects(got))
			}
		}
		s.Clock.Advance(8 * 24 * time.Hour)
		run(t, s)
		if got := credits(s, holder); len(got) != 1 {
			t.Errorf("after the end: %v", subjects(got))
		}
	})
}

// Under the Split policy the $8.00 promotional bonus gets its own reminder
// three days before it ends, naming the paid part that stays.
func TestBonusExpiryReminder(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/coupon-policy", map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30}).
			Check(t, testutil.Want{Status: http.StatusOK})
		_, holder, c := buyer(t, s)
		if c.Policy != coupon.PolicySplit || c.BonusCents != 800 {
			t.Fatalf("coupon %+v, want Split with an $8.00 bonus", c)
		}
		due := c.BonusUntil.In(s.App.Config.Timezone).AddDate(0, 0, -3)
		at(s, due.Add(-time.Minute))
		run(t, s)
		if got := credits(s, holder); len(got) != 0 {
			t.Fatalf("a minute early: %v", subjects(got))
		}
		at(s, due.Add(time.Minute))
		run(t, s)
		got := credits(s, holder)
		if len(got) != 1 || got[0].Subject != "Your $8.00 promotional bonus expires in 3 days" {
			t.Fatalf("three days before the bonus ends: %v", subjects(got))
		}
		if !strings.Contains(got[0].Text, "The $40.00 you paid stays") {
			t.Errorf("the reminder does not name the paid part:\n%s", got[0].Text)
		}
	})
}

// With the paid value never expiring, the bonus's reminder says the paid
// part never expires, and no "store credit expires" reminder ever comes.
func TestBonusReminderPaidNeverExpires(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30, "paid_never_expires": true}).
			Check(t, testutil.Want{Status: http.StatusOK})
		_, holder, c := buyer(t, s)
		at(s, c.BonusUntil.In(s.App.Config.Timezone).AddDate(0, 0, -3).Add(time.Minute))
		run(t, s)
		got := credits(s, holder)
		if len(got) != 1 || got[0].Subject != "Your $8.00 promotional bonus expires in 3 days" {
			t.Fatalf("three days before the bonus ends: %v", subjects(got))
		}
		const says = "The $40.00 you paid stays on the coupon and never expires."
		if !strings.Contains(got[0].Text, says) || !strings.Contains(got[0].HTML, says) {
			t.Errorf("the bonus reminder lacks %q:\n%s", says, got[0].Text)
		}
		for _, years := range []int{5, 50} {
			at(s, c.CreatedAt.AddDate(years, 0, 0))
			run(t, s)
		}
		if got := credits(s, holder); len(got) != 1 {
			t.Errorf("after 50 years: %v", subjects(got))
		}
	})
}

// A reminder queued and still waiting in the outbox is withdrawn when its
// coupon is redeemed or refunded before it goes out.
func TestCreditReminderWithdrawn(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		_, redeemer, redeemed := buyer(t, s)
		_, refunder, refunded := buyer(t, s)
		_, keeper, _ := buyer(t, s)
		at(s, redeemed.ExpiresAt.In(s.App.Config.Timezone).AddDate(0, 0, -7).Add(time.Hour))
		if n := run(t, s); n != 3 {
			t.Fatalf("queued %d, want 3", n)
		}
		admin.Do("POST", "/api/admin/coupons/"+redeemed.ID+"/redeem", nil).Check(t, testutil.Want{Status: http.StatusOK})
		admin.Do("POST", "/api/admin/coupons/"+refunded.ID+"/refund", nil).Check(t, testutil.Want{Status: http.StatusOK})
		run(t, s)
		for who, p := range map[string]auth.Profile{"redeemed": redeemer, "refunded": refunder} {
			if got := credits(s, p); len(got) != 0 {
				t.Errorf("the %s coupon's reminder is still in the outbox: %v", who, subjects(got))
			}
		}
		if got := credits(s, keeper); len(got) != 1 {
			t.Errorf("the kept coupon's reminder: %v", subjects(got))
		}
	})
}

// The unsubscribe covers each kind: a credit reminder's link turns that
// kind off and no other, the dashboard shows it, and the next coupon gets
// none of that kind.
func TestCreditReminderUnsubscribe(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		client, holder, c := buyer(t, s)
		at(s, c.ExpiresAt.In(s.App.Config.Timezone).AddDate(0, 0, -7).Add(time.Hour))
		run(t, s)
		got := credits(s, holder)
		if len(got) != 1 {
			t.Fatalf("reminders %v", subjects(got))
		}
		res := s.Client().Do("POST", strings.TrimPrefix(got[0].ListUnsubscribe, s.URL), nil)
		var u reminder.Unsubscribed
		res.JSON(t, &u)
		if res.Status != http.StatusOK || u.Kind != reminder.CreditExpiry {
			t.Fatalf("unsubscribe: %d %s", res.Status, res.Body)
		}
		var p reminder.Preferences
		client.Do("GET", "/api/reminders/preferences", nil).JSON(t, &p)
		if p.CreditExpiry || !p.BonusExpiry || !p.Ready {
			t.Errorf("preferences %+v, want only credit_expiry off", p)
		}
		w := s.CreateWebinar(testutil.WebinarSpec{})
		next := s.Purchase(holder, w.ID)
		at(s, next.ExpiresAt.In(s.App.Config.Timezone).AddDate(0, 0, -7).Add(time.Hour))
		run(t, s)
		if got := credits(s, holder); len(got) != 1 {
			t.Errorf("after unsubscribing: %v", subjects(got))
		}
	})
}
