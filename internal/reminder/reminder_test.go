package reminder_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"slices"
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

// registrant is a signed-in account registered for a webinar.
type registrant struct {
	c *testutil.Client
	p auth.Profile
}

func register(t *testing.T, s *testutil.Server, webinarID string) registrant {
	t.Helper()
	c, p := s.Login(auth.RoleUser)
	if res := c.Do("POST", "/api/webinars/"+webinarID+"/registrations", map[string]string{"name": "Sam Carter", "email": p.Email}); res.Status != http.StatusCreated {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	return registrant{c, p}
}

func (r registrant) do(t *testing.T, method, path string, want int) {
	t.Helper()
	if res := r.c.Do(method, path, nil); res.Status != want {
		t.Fatalf("%s %s: %d %s", method, path, res.Status, res.Body)
	}
}

// reminders are the reminder e-mails queued to p, oldest first.
func reminders(s *testutil.Server, p auth.Profile) []mail.Message {
	var out []mail.Message
	for _, m := range s.Mails(p.Email) {
		if strings.HasPrefix(m.DedupeKey, "reminder:") {
			out = append(out, m)
		}
	}
	return out
}

// kinds are the kinds of the reminders queued to p, oldest first.
func kinds(s *testutil.Server, p auth.Profile) []string {
	var out []string
	for _, m := range reminders(s, p) {
		out = append(out, strings.Split(m.DedupeKey, ":")[1])
	}
	return out
}

// run runs the reminder job once and returns how many it queued.
func run(t *testing.T, s *testutil.Server) int {
	t.Helper()
	n, err := s.App.Reminders.Run(context.Background())
	if err != nil {
		t.Fatalf("reminder job: %v", err)
	}
	return n
}

// at moves the server's clock to t (never back).
func at(s *testutil.Server, t time.Time) { s.Clock.Advance(t.Sub(s.Clock.Now())) }

func expectKinds(t *testing.T, s *testutil.Server, when, who string, p auth.Profile, want ...string) {
	t.Helper()
	if got := kinds(s, p); !slices.Equal(got, want) {
		t.Errorf("%s: %s has reminders %v, want %v", when, who, got, want)
	}
}

// Each kind is due at its moment, in the store's zone: "It's ready" at the
// event time (or at once for a registration after it), "You didn't finish"
// two days later, "Your coupon offer" a day after watching; each reaches the
// account's address as bulk mail with its one-click unsubscribe, and none
// comes twice however often the job runs.
func TestReminderSchedule(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		zone := s.App.Config.Timezone
		event := s.Clock.Now().Add(2 * time.Hour).Truncate(time.Second)
		w := s.CreateWebinar(testutil.WebinarSpec{At: event})
		absent := register(t, s, w.ID)
		viewer := register(t, s, w.ID)
		viewer.do(t, "POST", "/api/webinars/"+w.ID+"/registration/watched", http.StatusOK)
		watchedAt := s.Clock.Now()

		if n := run(t, s); n != 0 {
			t.Fatalf("before the event the job queued %d", n)
		}
		at(s, event.Add(-time.Minute))
		run(t, s)
		expectKinds(t, s, "a minute before the event", "the absent registrant", absent.p)
		at(s, event.Add(time.Minute))
		run(t, s)
		expectKinds(t, s, "a minute after the event", "the absent registrant", absent.p, "ready")
		expectKinds(t, s, "a minute after the event", "the viewer", viewer.p)

		offerDue := watchedAt.In(zone).AddDate(0, 0, 1)
		at(s, offerDue.Add(-time.Minute))
		run(t, s)
		expectKinds(t, s, "a minute before a day after watching", "the viewer", viewer.p)
		at(s, offerDue.Add(time.Minute))
		run(t, s)
		expectKinds(t, s, "a day after watching", "the viewer", viewer.p, "offer")

		unfinishedDue := event.In(zone).AddDate(0, 0, 2)
		at(s, unfinishedDue.Add(-time.Minute))
		run(t, s)
		expectKinds(t, s, "a minute before two days after", "the absent registrant", absent.p, "ready")
		// Registering after the event: "It's ready" at once, "You didn't
		// finish" two days after registering.
		late := register(t, s, w.ID)
		lateDue := s.Clock.Now().In(zone).AddDate(0, 0, 2)
		at(s, unfinishedDue.Add(time.Minute))
		run(t, s)
		expectKinds(t, s, "two days after the event", "the absent registrant", absent.p, "ready", "unfinished")
		expectKinds(t, s, "right after registering late", "the late registrant", late.p, "ready")
		at(s, lateDue.Add(time.Minute))
		run(t, s)

		s.Clock.Advance(72 * time.Hour)
		run(t, s)
		run(t, s)
		expectKinds(t, s, "three days later", "the absent registrant", absent.p, "ready", "unfinished")
		expectKinds(t, s, "three days later", "the viewer", viewer.p, "offer")
		expectKinds(t, s, "three days later", "the late registrant", late.p, "ready", "unfinished")

		ms := reminders(s, absent.p)
		for i, subject := range []string{"It's ready to watch: " + w.Title, "You didn't finish " + w.Title} {
			m := ms[i]
			if m.Subject != subject || m.Class != mail.Bulk || !strings.HasPrefix(m.ListUnsubscribe, s.URL+"/api/reminders/unsubscribe?token=") ||
				!strings.Contains(m.Text, s.URL+"/unsubscribe?token=") || !strings.Contains(m.Text, "/webinar/"+w.ID+"/watch") ||
				!strings.Contains(m.Text, "1847 W Ogden Ave, Naperville, IL 60540") {
				t.Errorf("reminder %d: subject %q, class %q, List-Unsubscribe %q, text:\n%s", i, m.Subject, m.Class, m.ListUnsubscribe, m.Text)
			}
		}
		if m := reminders(s, viewer.p)[0]; m.Subject != "Your coupon offer for "+w.Title || !strings.Contains(m.Text, "/webinar/"+w.ID+"/coupon") ||
			!strings.Contains(m.Text, "Only 20 of 20 seats are left") {
			t.Errorf("offer: subject %q, text:\n%s", m.Subject, m.Text)
		}
	})
}

// Two instances running the job at the same moment queue each reminder
// once.
func TestRemindersOnceAcrossInstances(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		a, b := testutil.NewServerWithDB(t, d), testutil.NewServerWithDB(t, d)
		w := a.CreateWebinar(testutil.WebinarSpec{At: a.Clock.Now().Add(time.Hour).Truncate(time.Second)})
		var people []registrant
		for range 8 {
			people = append(people, register(t, a, w.ID))
		}
		a.Clock.Advance(2 * time.Hour)
		b.Clock.Advance(2 * time.Hour)
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for i := range 6 {
			wg.Go(func() {
				s := []*testutil.Server{a, b}[i%2]
				n, err := s.App.Reminders.Run(context.Background())
				if err != nil {
					t.Errorf("instance %d: %v", i%2, err)
				}
				mu.Lock()
				total += n
				mu.Unlock()
			})
		}
		wg.Wait()
		if total != len(people) {
			t.Errorf("the runs queued %d reminders together, want %d", total, len(people))
		}
		for i, r := range people {
			expectKinds(t, a, "after concurrent runs", "registrant "+string(rune('A'+i)), r.p, "ready")
		}
	})
}

// No reminder after a purchase, a reset or an unsubscribe, to a deleted
// account or for an inactive webinar; a reminder already queued is
// withdrawn when its reason goes away. Unsubscribing ends that kind only,
// and transactional mail ignores it.
func TestNoReminderWithoutAReason(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin := s.Actors().Admin
		event := s.Clock.Now().Add(time.Hour).Truncate(time.Second)
		w := s.CreateWebinar(testutil.WebinarSpec{At: event})
		other := s.CreateWebinar(testutil.WebinarSpec{At: event})
		control := register(t, s, w.ID)
		buyer := register(t, s, w.ID)
		s.Purchase(buyer.p, w.ID)
		resetter := register(t, s, w.ID)
		resetter.do(t, "POST", "/api/webinars/"+w.ID+"/registration/watched", http.StatusOK)
		resetter.do(t, "POST", "/api/webinars/"+w.ID+"/registration/reset", http.StatusOK)
		quitter := register(t, s, w.ID)
		token, err := s.App.Reminders.Token(context.Background(), reminder.Ready, quitter.p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Client().Do("POST", "/api/reminders/unsubscribe?token="+token, nil); res.Status != http.StatusOK {
			t.Fatalf("unsubscribe: %d %s", res.Status, res.Body)
		}
		deleted := register(t, s, w.ID)
		if res := admin.Do("DELETE", "/api/admin/users/"+deleted.p.ID, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete account: %d %s", res.Status, res.Body)
		}
		offstage := register(t, s, other.ID)
		deactivate(t, admin, other)
		changed := register(t, s, w.ID) // its reminder is queued, then it buys

		at(s, event.Add(time.Minute))
		run(t, s)
		expectKinds(t, s, "after the event", "the control", control.p, "ready")
		expectKinds(t, s, "after the event", "the queued registrant", changed.p, "ready")
		s.Purchase(changed.p, w.ID)
		run(t, s)
		expectKinds(t, s, "after buying", "the registrant whose reminder was queued", changed.p)

		for range 6 { // the job runs on for three days
			s.Clock.Advance(12 * time.Hour)
			run(t, s)
		}
		expectKinds(t, s, "three days on", "the buyer", buyer.p)
		expectKinds(t, s, "three days on", "the reset registrant", resetter.p)
		expectKinds(t, s, "three days on", "the unsubscribed registrant", quitter.p, "unfinished")
		expectKinds(t, s, "three days on", "the control", control.p, "ready", "unfinished")
		expectKinds(t, s, "three days on", "the inactive webinar's registrant", offstage.p)
		// The deleted account's address is gone: count every reminder queued.
		var queued int
		if err := d.QueryRow(`SELECT count(*) FROM mail_outbox WHERE dedupe_key LIKE 'reminder:%'`).Scan(&queued); err != nil || queued != 3 {
			t.Errorf("%d reminders in the outbox (%v), want the control's two and the unsubscribed one's", queued, err)
		}

		// Transactional mail ignores the switches: with every reminder
		// off, the password reset link still comes.
		quitter.c.Do("PATCH", "/api/reminders/preferences", map[string]bool{"ready": false, "unfinished": false, "offer": false})
		if res := s.Client().Do("POST", "/api/auth/password/forgot", map[string]string{"email": quitter.p.Email}); res.Status != http.StatusAccepted {
			t.Fatalf("forgot password: %d %s", res.Status, res.Body)
		}
		reset := false
		for _, m := range s.Mails(quitter.p.Email) {
			reset = reset || strings.Contains(m.Text, "/auth/reset-password?token=")
		}
		if !reset {
			t.Error("no password reset mail for an account that turned every reminder off")
		}
	})
}

func deactivate(t *testing.T, admin *testutil.Client, w webinar.Webinar) {
	t.Helper()
	res := admin.Do("PUT", "/api/admin/webinars/"+w.ID, map[string]any{
		"title": w.Title, "description": w.Description, "event_datetime": w.EventDatetime.Format(time.RFC3339),
		"display_price": 40, "total_seats": w.TotalSeats, "youtube_video_id": "dQw4w9WgXcQ", "is_active": false,
	})
	if res.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", res.Status, res.Body)
	}
}

// The coupon offer goes only while seats remain: not at all when the seats
// sold out before it was due, and a queued offer is withdrawn as soon as
// they sell out.
func TestOfferStopsWhenSoldOut(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		past := s.Clock.Now().Add(-time.Hour).Truncate(time.Second)
		full := s.CreateWebinar(testutil.WebinarSpec{At: past, Seats: 1})
		open := s.CreateWebinar(testutil.WebinarSpec{At: past, Seats: 1})
		late := register(t, s, full.ID)
		early := register(t, s, open.ID)
		for _, r := range []struct {
			registrant
			id string
		}{{late, full.ID}, {early, open.ID}} {
			r.do(t, "POST", "/api/webinars/"+r.id+"/registration/watched", http.StatusOK)
		}
		_, buyer := s.Login(auth.RoleUser)
		s.Purchase(buyer, full.ID)

		s.Clock.Advance(24*time.Hour + time.Minute)
		run(t, s)
		expectKinds(t, s, "a day after watching a sold-out webinar", "the viewer", late.p)
		expectKinds(t, s, "a day after watching", "the viewer with a seat left", early.p, "offer")

		_, other := s.Login(auth.RoleUser)
		s.Purchase(other, open.ID) // the last seat
		run(t, s)
		expectKinds(t, s, "once sold out", "the viewer whose offer was queued", early.p)
		st, err := s.App.Reminders.Stats(context.Background(), open.ID)
		if err != nil || st.Kinds[2].Kind != reminder.Offer || st.Kinds[2].Sent != 0 {
			t.Errorf("stats %+v, %v: a withdrawn offer counts as not sent", st, err)
		}
	})
}

// A buyer whose coupon an admin refunded cannot buy again (409 coupon_refunded),
// so "Your coupon offer" must not invite them.
func TestNoOfferAfterRefund(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{At: s.Clock.Now().Add(-time.Hour)})
		_, p := s.Login(auth.RoleUser)
		c := s.Purchase(p, w.ID)
		if _, err := s.App.Payments.Refund(context.Background(), c.ID, ""); err != nil {
			t.Fatal(err)
		}
		at(s, s.Clock.Now().Add(25*time.Hour))
		run(t, s)
		expectKinds(t, s, "a day after a refund", "the refunded buyer", p)
	})
}

// A reminder due while the server was down goes out when it comes back,
// unless it is more than 24 h late.
func TestLateRemindersSkipped(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		zone := s.App.Config.Timezone
		event := s.Clock.Now().Add(time.Hour).Truncate(time.Second)
		w := s.CreateWebinar(testutil.WebinarSpec{At: event})
		r := register(t, s, w.ID)
		at(s, event.Add(reminder.MaxLate+time.Minute)) // the job did not run for a day
		run(t, s)
		expectKinds(t, s, "24 h and a minute late", "the registrant", r.p)
		at(s, event.In(zone).AddDate(0, 0, 2).Add(23*time.Hour+59*time.Minute))
		run(t, s)
		expectKinds(t, s, "23 h 59 min late", "the registrant", r.p, "unfinished")
	})
}

// The unsubscribe link works without a session (a mailbox's one-click POST
// or the page), answers the same when used again, and ends that kind for
// that account only; a token the server did not sign, or altered in any
// part, is refused.
func TestUnsubscribe(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{At: s.Clock.Now().Add(-time.Hour).Truncate(time.Second)})
		sam, pat := register(t, s, w.ID), register(t, s, w.ID)
		run(t, s)
		link := reminders(s, sam.p)[0].ListUnsubscribe
		u, err := url.Parse(link)
		if err != nil || u.Path != "/api/reminders/unsubscribe" {
			t.Fatalf("List-Unsubscribe %q", link)
		}
		token := u.Query().Get("token")

		oneClick := func(token string, cross bool) testutil.Response {
			req, _ := http.NewRequest("POST", "/api/reminders/unsubscribe?token="+url.QueryEscape(token), strings.NewReader("List-Unsubscribe=One-Click"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if cross { // a webmail client's page posting it
				req.Header.Set("Origin", "https://mail.example.net")
				req.Header.Set("Sec-Fetch-Site", "cross-site")
			}
			return s.Client().Send(req)
		}
		for i, cross := range []bool{false, true, false} {
			res := oneClick(token, cross)
			var got reminder.Unsubscribed
			if res.Status == http.StatusOK {
				res.JSON(t, &got)
			}
			if res.Status != http.StatusOK || got != (reminder.Unsubscribed{Kind: reminder.Ready, Label: "It's ready to watch", Unsubscribed: true}) {
				t.Fatalf("unsubscribe #%d: %d %s", i+1, res.Status, res.Body)
			}
		}
		prefs := func(r registrant) reminder.Preferences {
			var p reminder.Preferences
			r.c.Do("GET", "/api/reminders/preferences", nil).JSON(t, &p)
			return p
		}
		if got := prefs(sam); got != (reminder.Preferences{Ready: false, Unfinished: true, Offer: true, CreditExpiry: true, BonusExpiry: true}) {
			t.Errorf("Sam's preferences %+v, want only ready off", got)
		}
		if got := prefs(pat); got != (reminder.Preferences{Ready: true, Unfinished: true, Offer: true, CreditExpiry: true, BonusExpiry: true}) {
			t.Errorf("Pat's preferences %+v, want all on", got)
		}

		// The dashboard's switches change what is sent, one kind at a time.
		var p reminder.Preferences
		sam.c.Do("PATCH", "/api/reminders/preferences", map[string]bool{"ready": true, "offer": false}).JSON(t, &p)
		if p != (reminder.Preferences{Ready: true, Unfinished: true, Offer: false, CreditExpiry: true, BonusExpiry: true}) || prefs(sam) != p {
			t.Errorf("after PATCH: %+v, stored %+v", p, prefs(sam))
		}
		sam.c.Do("PATCH", "/api/reminders/preferences", map[string]any{"email": "x"}).Check(t, testutil.Want{Status: 400, Code: "unknown_field", Field: "email"})

		raw, _ := base64.RawURLEncoding.DecodeString(token)
		otherKind := append([]byte(nil), raw...)
		otherKind[16] = 'o'
		otherUser := append(append([]byte(nil), raw[:17]...), pat.p.ID...)
		flipped := append([]byte(nil), raw...)
		flipped[3] ^= 1
		invalid := "This unsubscribe link is not valid. You can turn reminders off in My Dashboard under Settings."
		for name, bad := range map[string]string{
			"empty": "", "garbage": "not-a-token", "truncated": token[:20],
			"kind changed":    base64.RawURLEncoding.EncodeToString(otherKind),
			"account changed": base64.RawURLEncoding.EncodeToString(otherUser),
			"mac altered":     base64.RawURLEncoding.EncodeToString(flipped),
		} {
			res := oneClick(bad, false)
			if res.Status != http.StatusBadRequest || res.ErrorCode() != "invalid_token" || res.ErrorField() != "token" || res.ErrorMessage() != invalid {
				t.Errorf("%s token: %d %s", name, res.Status, res.Body)
			}
		}
		if got := prefs(pat); got != (reminder.Preferences{Ready: true, Unfinished: true, Offer: true, CreditExpiry: true, BonusExpiry: true}) {
			t.Errorf("Pat's preferences after forged tokens %+v, want all on", got)
		}
	})
}

// The admin's figures: per webinar and kind, how many got the reminder and
// how many of those then watched and bought; a kind the site turns off is
// not sent; with no store address (commercial mail must carry one) nothing
// is sent.
func TestAdminFiguresAndSiteSwitches(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin := s.Actors().Admin
		w := s.CreateWebinar(testutil.WebinarSpec{At: s.Clock.Now().Add(-time.Hour).Truncate(time.Second)})
		a, b, c := register(t, s, w.ID), register(t, s, w.ID), register(t, s, w.ID)
		if n := run(t, s); n != 3 {
			t.Fatalf("queued %d, want 3", n)
		}
		a.do(t, "POST", "/api/webinars/"+w.ID+"/registration/watched", http.StatusOK)
		s.Purchase(b.p, w.ID)
		_ = c
		var st reminder.Stats
		admin.Do("GET", "/api/admin/webinars/"+w.ID+"/reminders", nil).JSON(t, &st)
		want := []reminder.KindStats{
			{Kind: reminder.Ready, Label: "It's ready to watch", Sent: 3, Watched: 2, Bought: 1},
			{Kind: reminder.Unfinished, Label: "You didn't finish"},
			{Kind: reminder.Offer, Label: "Your coupon offer"},
		}
		if st.WebinarID != w.ID || !slices.Equal(st.Kinds, want) {
			t.Errorf("figures %+v, want %+v", st, want)
		}
		admin.Do("GET", "/api/admin/webinars/no-such-webinar/reminders", nil).Check(t, testutil.Want{Status: 404, Code: "not_found", Message: "Webinar not found"})

		// Turned off for the site: nothing of that kind is sent.
		res := admin.Do("PUT", "/api/admin/settings/reminders", map[string]bool{"ready": false, "unfinished": true, "offer": true})
		if res.Status != http.StatusOK {
			t.Fatalf("save switches: %d %s", res.Status, res.Body)
		}
		var all struct{ Settings map[string]string }
		admin.Do("GET", "/api/admin/settings", nil).JSON(t, &all)
		if all.Settings["reminder_ready_enabled"] != "false" || all.Settings["reminder_offer_enabled"] != "true" {
			t.Errorf("settings %v", all.Settings)
		}
		d1 := register(t, s, w.ID)
		run(t, s)
		expectKinds(t, s, "with ready off", "a new registrant", d1.p)

		// No store address: no commercial mail.
		admin.Do("PUT", "/api/admin/settings/reminders", map[string]bool{"ready": true, "unfinished": true, "offer": true})
		if res := admin.Do("PUT", "/api/admin/settings/general", map[string]string{"site_title": "WatchWin",
			"contact_email": "info@watchwin.store", "store_address": "", "store_phone": "(630) 555-0147"}); res.Status != http.StatusOK {
			t.Fatalf("clear address: %d %s", res.Status, res.Body)
		}
		if n := run(t, s); n != 0 {
			t.Errorf("without a store address the job queued %d", n)
		}
	})
}
