package reminder_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/reminder"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// subscribe posts the box's address as a visitor and checks the one neutral answer.
func subscribe(t *testing.T, s *testutil.Server, email string) {
	t.Helper()
	res := s.Client().Do("POST", "/api/webinar-alerts", map[string]string{"email": email})
	var out struct{ Message string }
	res.JSON(t, &out)
	if res.Status != http.StatusAccepted || out.Message != reminder.SubscribeMessage {
		t.Fatalf("subscribe %q: %d %s", email, res.Status, res.Body)
	}
}

// confirmLink is the token of the newest confirmation link mailed to email.
func confirmLink(t *testing.T, s *testutil.Server, email string) string {
	t.Helper()
	var token string
	for _, m := range s.Mails(email) {
		if i := strings.Index(m.Text, reminder.ConfirmPath+"?token="); i >= 0 && m.Class != mail.Bulk {
			rest := m.Text[i+len(reminder.ConfirmPath+"?token="):]
			raw := strings.Fields(rest)[0]
			var err error
			if token, err = url.QueryUnescape(raw); err != nil {
				t.Fatal(err)
			}
		}
	}
	if token == "" {
		t.Fatalf("no confirmation link mailed to %s", email)
	}
	return token
}

func confirm(s *testutil.Server, token string) testutil.Response {
	return s.Client().Do("POST", "/api/webinar-alerts/confirm", map[string]string{"token": token})
}

// alerts are the new-webinar alerts queued to email.
func alerts(s *testutil.Server, email string) []mail.Message {
	var out []mail.Message
	for _, m := range s.Mails(email) {
		if strings.HasPrefix(m.DedupeKey, "reminder:new_webinars:") {
			out = append(out, m)
		}
	}
	return out
}

func publish(t *testing.T, admin *testutil.Client, w webinar.Webinar, active bool) {
	t.Helper()
	res := admin.Do("PUT", "/api/admin/webinars/"+w.ID, map[string]any{
		"title": w.Title, "description": w.Description, "event_datetime": w.EventDatetime.Format(time.RFC3339),
		"display_price": 40, "total_seats": 20, "youtube_video_id": "dQw4w9WgXcQ",
		"actual_coupon_value_percentage": 120, "is_active": active,
	})
	if res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
}

// Double opt-in: an address gets a confirmation link and nothing else until
// it is confirmed; an unconfirmed address gets no alert; a confirmed one
// gets exactly one alert per published webinar, with its title, date,
// price and coupon value, as bulk mail with a one-click unsubscribe,
// however often the job runs and however often the admin switches the
// webinar off and on again.
func TestNewWebinarAlertDoubleOptIn(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		subscribe(t, s, "Fan@Example.com")
		subscribe(t, s, "late@example.com")
		fan := "fan@example.com"
		token := confirmLink(t, s, fan)
		if res := confirm(s, token); res.Status != http.StatusOK {
			t.Fatalf("confirm: %d %s", res.Status, res.Body)
		}
		// Following the link again answers the same.
		if res := confirm(s, token); res.Status != http.StatusOK {
			t.Fatalf("confirm again: %d %s", res.Status, res.Body)
		}
		s.Clock.Advance(time.Minute)

		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Low-light optics", Inactive: true})
		run(t, s)
		if got := alerts(s, fan); len(got) != 0 {
			t.Fatalf("an inactive webinar alerted: %v", got)
		}
		publish(t, admin, w, true)
		run(t, s)
		run(t, s)
		publish(t, admin, w, false)
		publish(t, admin, w, true)
		run(t, s)
		got := alerts(s, fan)
		if len(got) != 1 {
			t.Fatalf("the subscriber has %d alerts, want 1", len(got))
		}
		m := got[0]
		for _, want := range []string{"Low-light optics", "$40.00", "$48.00",
			w.EventDatetime.In(s.App.Config.Timezone).Format("January 2, 2006")} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("alert text lacks %q:\n%s", want, m.Text)
			}
		}
		if m.Class != mail.Bulk || !strings.Contains(m.ListUnsubscribe, reminder.UnsubscribeAPI+"?token=") {
			t.Errorf("alert class %q, List-Unsubscribe %q", m.Class, m.ListUnsubscribe)
		}
		if got := alerts(s, "late@example.com"); len(got) != 0 {
			t.Errorf("an unconfirmed address got %d alerts", len(got))
		}

		// One-click unsubscribe: no alert for the next webinar, and the one
		// still waiting in the outbox (not sent yet here) is withdrawn.
		res := s.Client().Do("POST", strings.TrimPrefix(m.ListUnsubscribe, s.URL), nil)
		var u reminder.Unsubscribed
		res.JSON(t, &u)
		if res.Status != http.StatusOK || u.Kind != reminder.NewWebinars {
			t.Fatalf("unsubscribe: %d %s", res.Status, res.Body)
		}
		s.CreateWebinar(testutil.WebinarSpec{})
		run(t, s)
		if got := alerts(s, fan); len(got) != 0 {
			t.Errorf("after unsubscribing the subscriber has %d alerts waiting, want 0", len(got))
		}
	})
}

// The confirmation link works for 7 days; after that, and for a link
// altered or never issued, the answer says so plainly and what to do.
// Subscribing again mails a new link that works.
func TestNewWebinarAlertLinkExpiry(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		subscribe(t, s, "slow@example.com")
		subscribe(t, s, "quick@example.com")
		slow, quick := confirmLink(t, s, "slow@example.com"), confirmLink(t, s, "quick@example.com")

		s.Clock.Advance(reminder.ConfirmValidity - time.Minute)
		if res := confirm(s, quick); res.Status != http.StatusOK {
			t.Fatalf("a link a minute before 7 days: %d %s", res.Status, res.Body)
		}
		s.Clock.Advance(time.Minute)
		res := confirm(s, slow)
		if res.Status != http.StatusBadRequest || res.ErrorCode() != "expired_token" ||
			!strings.Contains(res.ErrorMessage(), "expired") || !strings.Contains(res.ErrorMessage(), "get a new link") {
			t.Fatalf("a link at 7 days: %d %s", res.Status, res.Body)
		}
		altered := slow[:len(slow)-2] + "xy"
		if res := confirm(s, altered); res.Status != http.StatusBadRequest || res.ErrorCode() != "invalid_token" ||
			!strings.Contains(res.ErrorMessage(), "get a new link") {
			t.Fatalf("an altered link: %d %s", res.Status, res.Body)
		}

		// Nothing reaches the expired address; subscribing again does.
		w := s.CreateWebinar(testutil.WebinarSpec{})
		_ = w
		run(t, s)
		if got := alerts(s, "slow@example.com"); len(got) != 0 {
			t.Fatalf("an expired subscription got %d alerts", len(got))
		}
		if got := alerts(s, "quick@example.com"); len(got) != 1 {
			t.Fatalf("the confirmed subscription got %d alerts, want 1", len(got))
		}
		subscribe(t, s, "slow@example.com")
		if res := confirm(s, confirmLink(t, s, "slow@example.com")); res.Status != http.StatusOK {
			t.Fatalf("the new link: %d %s", res.Status, res.Body)
		}
	})
}

// An invalid address, one already subscribed and a new one get the same
// answer; only the new one gets a mail, and an address gets at most three
// confirmation mails a day however often it is typed in.
func TestNewWebinarAlertNeutralAnswer(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	subscribe(t, s, "member@example.com")
	confirm(s, confirmLink(t, s, "member@example.com"))
	before := len(s.Mails("member@example.com"))
	subscribe(t, s, "member@example.com")
	if res := s.Client().Do("POST", "/api/webinar-alerts", map[string]string{"email": "not an address"}); res.Status != http.StatusBadRequest {
		t.Errorf("a malformed address: %d %s, want 400", res.Status, res.Body)
	}
	if got := len(s.Mails("member@example.com")); got != before {
		t.Errorf("subscribing a confirmed address again mailed it (%d mails, want %d)", got, before)
	}
	for range 5 {
		subscribe(t, s, "flood@example.com")
	}
	if got := len(s.Mails("flood@example.com")); got != 3 {
		t.Errorf("five requests for one address mailed it %d times, want 3", got)
	}
}

// The three confirmation mails a day are per mailbox: plus-address variants,
// and for Gmail dotted ones, share them; another mailbox has its own, and
// the next day the mailbox has three again (docs/product.md#new-webinar-alerts).
func TestNewWebinarAlertConfirmationsPerMailbox(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		variants := []string{"pat+1@example.com", "pat+2@example.com", "pat@example.com", "pat+news@example.com", "PAT+5@example.com"}
		mailed := func(emails ...string) int {
			n := 0
			for _, e := range emails {
				n += len(s.Mails(strings.ToLower(e)))
			}
			return n
		}
		for _, e := range variants {
			subscribe(t, s, e)
		}
		if got := mailed(variants...); got != 3 {
			t.Errorf("five plus-address variants of one mailbox got %d confirmation mails, want 3", got)
		}
		gmail := []string{"jo.smith+a@gmail.com", "josmith@gmail.com", "j.o.smith@googlemail.com", "JoSmith+b@gmail.com"}
		for _, e := range gmail {
			subscribe(t, s, e)
		}
		if got := mailed(gmail...); got != 3 {
			t.Errorf("four dotted and tagged Gmail variants got %d confirmation mails, want 3", got)
		}
		subscribe(t, s, "lee+1@example.com")
		if got := mailed("lee+1@example.com"); got != 1 {
			t.Errorf("another mailbox got %d confirmation mails, want 1", got)
		}
		s.Clock.Advance(24*time.Hour + time.Minute)
		subscribe(t, s, "pat+6@example.com")
		if got := mailed("pat+6@example.com"); got != 1 {
			t.Errorf("the mailbox the next day: %d mails, want 1", got)
		}
	})
}

// Two instances running the job at once queue one alert per subscriber.
func TestNewWebinarAlertOncePerSubscriberAcrossInstances(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		other := testutil.NewServerWithDB(t, d)
		other.Clock.Set(s.Clock.Now())
		emails := []string{"a@example.com", "b@example.com", "c@example.com"}
		for _, e := range emails {
			subscribe(t, s, e)
			confirm(s, confirmLink(t, s, e))
		}
		s.Clock.Advance(time.Minute)
		other.Clock.Set(s.Clock.Now())
		s.CreateWebinar(testutil.WebinarSpec{})
		var wg sync.WaitGroup
		for _, srv := range []*testutil.Server{s, other, s, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := srv.App.Reminders.Run(context.Background()); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		for _, e := range emails {
			if got := alerts(s, e); len(got) != 1 {
				t.Errorf("%s has %d alerts, want 1", e, len(got))
			}
		}
	})
}

// A signed-in account switches the alerts on and off in Settings, without
// a confirmation link (the account stands for its address).
func TestNewWebinarAlertSettingsSwitch(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c, p := s.Login(auth.RoleUser)
	var prefs reminder.Preferences
	c.Do("GET", "/api/reminders/preferences", nil).JSON(t, &prefs)
	if prefs.NewWebinars || !prefs.CreditExpiry || !prefs.BonusExpiry {
		t.Fatalf("defaults %+v: want alerts off, credit reminders on", prefs)
	}
	c.Do("PATCH", "/api/reminders/preferences", map[string]bool{"new_webinars": true}).JSON(t, &prefs)
	if !prefs.NewWebinars {
		t.Fatalf("after switching on %+v", prefs)
	}
	s.Clock.Advance(time.Minute)
	s.CreateWebinar(testutil.WebinarSpec{})
	run(t, s)
	if got := alerts(s, p.Email); len(got) != 1 {
		t.Fatalf("the account got %d alerts, want 1", len(got))
	}
	// Switched off: the unsent alert is withdrawn, the next webinar alerts nobody.
	c.Do("PATCH", "/api/reminders/preferences", map[string]bool{"new_webinars": false}).JSON(t, &prefs)
	s.CreateWebinar(testutil.WebinarSpec{})
	run(t, s)
	if prefs.NewWebinars || len(alerts(s, p.Email)) != 0 {
		t.Errorf("after switching off: %+v, %d alerts", prefs, len(alerts(s, p.Email)))
	}
}

// The box posted by the browser before the SPA has started
// (docs/api.md#forms-without-javascript): 303 back to the page, a flash the box
// shows, and the same confirmation mail as the JSON request; a bad address
// comes back with the error and what was typed.
func TestNewWebinarAlertFormPost(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	post := func(form url.Values, referer string) (string, url.Values) {
		t.Helper()
		a := s.Browser(t).Post("/api/webinar-alerts", form, map[string]string{"Referer": referer})
		if a.Status != http.StatusSeeOther {
			t.Fatalf("form post: %d, want 303", a.Status)
		}
		return a.Location, a.Flash(t)
	}

	to, flash := post(url.Values{"email": {"fan@example.com"}, "box": {"page"}}, s.URL+"/webinars?sort=soon")
	if to != "/webinars?sort=soon" || flash.Get("form") != "webinar_alerts" || flash.Get("outcome") != "subscribed" ||
		flash.Get("message") != reminder.SubscribeMessage || flash.Get("box") != "page" {
		t.Fatalf("subscribed: to %q, flash %v", to, flash)
	}
	confirmLink(t, s, "fan@example.com")

	to, flash = post(url.Values{"email": {"not-an-address"}, "box": {"footer"}}, "https://elsewhere.example/x")
	if to != "/webinars" || flash.Get("outcome") != "error" || flash.Get("field") != "email" ||
		flash.Get("email") != "not-an-address" || flash.Get("box") != "footer" || flash.Get("message") == "" {
		t.Fatalf("refused: to %q, flash %v", to, flash)
	}
}

// Under Split with the paid value never expiring, the alert says the part
// paid never expires, beside the bonus's days.
func TestNewWebinarAlertPaidNeverExpires(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30, "paid_never_expires": true}).
			Check(t, testutil.Want{Status: http.StatusOK})
		subscribe(t, s, "fan@example.com")
		if res := confirm(s, confirmLink(t, s, "fan@example.com")); res.Status != http.StatusOK {
			t.Fatalf("confirm: %d %s", res.Status, res.Body)
		}
		s.Clock.Advance(time.Minute)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Low-light optics", Inactive: true})
		publish(t, admin, w, true)
		run(t, s)
		got := alerts(s, "fan@example.com")
		if len(got) != 1 {
			t.Fatalf("%d alerts, want 1", len(got))
		}
		text := strings.Join(strings.Fields(got[0].Text), " ")
		if !strings.Contains(text, "$8.00 is a promotional bonus that lasts 30 days; the part you pay never expires.") ||
			!strings.Contains(got[0].HTML, "the part you pay never expires.") {
			t.Errorf("alert:\n%s", got[0].Text)
		}
	})
}
