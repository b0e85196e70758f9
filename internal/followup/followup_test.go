package followup_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/followup"
	"watchwin/internal/mail"
	"watchwin/internal/reminder"
	"watchwin/internal/testutil"
)

// fixture is a 600 s webinar with one registrant in each state, their
// progress rows built by hand.
type fixture struct {
	s                                   *testutil.Server
	admin                               *testutil.Client
	wid                                 string
	never, at40, at10, full, old, buyer auth.Profile
}

func newFixture(t *testing.T, d *db.DB) fixture {
	t.Helper()
	s := testutil.NewServerWithDB(t, d)
	s.Clock.Set(time.Date(2026, 3, 12, 18, 0, 0, 0, time.UTC))
	w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster  Fundamentals", Length: 600})
	f := fixture{s: s, wid: w.ID}
	f.admin, _ = s.Login(auth.RoleAdmin)
	now := s.Clock.Now()
	person := func(intervals string, seconds int, fully, bought bool, lastWatched time.Time) auth.Profile {
		p := s.Registrant(w.ID, auth.RoleUser, false)
		var at any
		if seconds > 0 {
			at = lastWatched
		}
		if _, err := s.App.DB.ExecContext(context.Background(), `UPDATE webinar_registrations SET watch_intervals = $1,
			watched_seconds = $2, watched_video_fully = $3, purchased_coupon = $4, progress_at = $5
			WHERE webinar_id = $6 AND user_id = $7`, intervals, seconds, fully, bought, at, w.ID, p.ID); err != nil {
			t.Fatal(err)
		}
		return p
	}
	f.never = person("", 0, false, false, now)
	f.at40 = person("0-120,200-240", 160, false, false, now.Add(-time.Hour)) // left at 4:00 (40 %)
	f.at10 = person("0-60", 60, false, false, now.Add(-time.Hour))           // left at 1:00 (10 %)
	f.full = person("0-600", 600, true, false, now.Add(-24*time.Hour))       // watched through yesterday
	f.old = person("0-560", 560, false, false, now.Add(-5*24*time.Hour))     // 93 %, five days ago
	f.buyer = person("0-600", 600, true, true, now.Add(-5*24*time.Hour))
	return f
}

func (f fixture) preview(t *testing.T, query string) followup.Preview {
	t.Helper()
	var p followup.Preview
	res := f.admin.Do("GET", "/api/admin/webinars/"+f.wid+"/follow-ups/preview?"+query, nil)
	res.Check(t, testutil.Want{Status: http.StatusOK})
	res.JSON(t, &p)
	return p
}

func emails(p followup.Preview) []string {
	var out []string
	for _, r := range p.Recipients {
		out = append(out, r.Email)
	}
	slices.Sort(out)
	return out
}

func sorted(ps ...auth.Profile) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Email)
	}
	slices.Sort(out)
	return out
}

func (f fixture) send(t *testing.T, in map[string]any) followup.Sent {
	t.Helper()
	var s followup.Sent
	res := f.admin.Do("POST", "/api/admin/webinars/"+f.wid+"/follow-ups", in)
	res.Check(t, testutil.Want{Status: http.StatusCreated})
	res.JSON(t, &s)
	return s
}

func followUps(s *testutil.Server, p auth.Profile) []mail.Message {
	var out []mail.Message
	for _, m := range s.Mails(p.Email) {
		if strings.HasPrefix(m.DedupeKey, "follow-up:") {
			out = append(out, m)
		}
	}
	return out
}

func auditCount(t *testing.T, s *testutil.Server, action, like string) int {
	return testutil.Count(t, s.App.DB, `SELECT count(*) FROM audit_log WHERE action = $1 AND summary LIKE $2`, action, like)
}

// TestSegments: each segment picks its registrants from their progress rows
// (left before N % by the furthest point, watched ≥ 90 % and not bought D
// days on, never started); buyers are in none; each preview is an audited
// read of customer data.
func TestSegments(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"segment=left_before&percent=50", sorted(f.at40, f.at10)},
			{"segment=left_before&percent=40", sorted(f.at10)},
			{"segment=left_before&percent=41", sorted(f.at40, f.at10)},
			{"segment=not_bought&days=0", sorted(f.full, f.old)},
			{"segment=not_bought&days=3", sorted(f.old)},
			{"segment=not_bought&days=6", nil},
			{"segment=never_started", sorted(f.never)},
		} {
			p := f.preview(t, c.query)
			if got := emails(p); !slices.Equal(got, c.want) || p.Count != len(c.want) {
				t.Errorf("%s: %v (count %d), want %v", c.query, got, p.Count, c.want)
			}
		}
		p := f.preview(t, "segment=left_before&percent=50")
		for _, r := range p.Recipients {
			if r.Email == f.at40.Email && (r.ResumeSeconds != 240 || r.Percent != 26 || r.Name != "Robin Waits") {
				t.Errorf("left at 4:00: %+v", r)
			}
		}
		if n := auditCount(t, f.s, "data.export", "previewed follow-up recipients: left_before (2 people)"); n != 3 {
			t.Errorf("preview audit entries: %d, want 3", n)
		}
		f.admin.Do("GET", "/api/admin/webinars/"+f.wid+"/follow-ups/preview?segment=left_before&percent=0", nil).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "percent"})
		f.admin.Do("GET", "/api/admin/webinars/"+f.wid+"/follow-ups/preview?segment=everyone", nil).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "segment"})
		f.admin.Do("GET", "/api/admin/webinars/no-such/follow-ups/preview?segment=never_started", nil).
			Check(t, testutil.Want{Status: http.StatusNotFound})
	})
}

// TestSendOnceAWeek: a send queues one bulk mail per person with the
// placeholders filled, a link to the watch page at the second they left and
// the one-click unsubscribe; a second send the same week reaches no one of
// them (left out as followed up), a week later it does again; each send is
// audited with its count.
func TestSendOnceAWeek(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		in := map[string]any{"segment": "left_before", "percent": 50,
			"subject": "Pick up {webinar_title} where you left off",
			"body":    "Hi {first_name},\n\nGo on from here: {resume_link}"}
		got := f.send(t, in)
		if got.Queued != 2 || got.LeftOut != (followup.LeftOut{}) {
			t.Fatalf("first send: %+v", got)
		}
		mails := followUps(f.s, f.at40)
		if len(mails) != 1 {
			t.Fatalf("mails to the 40 %% viewer: %d", len(mails))
		}
		m := mails[0]
		link := f.s.URL + "/webinar/" + f.wid + "/watch?t=240"
		if m.Subject != "Pick up Holster Fundamentals where you left off" || !strings.Contains(m.Text, "Hi Robin,") ||
			!strings.Contains(m.Text, "Go on from here: "+link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
			t.Errorf("mail: %q\n%s", m.Subject, m.Text)
		}
		if m.Class != mail.Bulk || !strings.HasPrefix(m.ListUnsubscribe, f.s.URL+reminder.UnsubscribeAPI+"?token=") ||
			!strings.Contains(m.Text, "1847 W Ogden Ave") {
			t.Errorf("bulk %v, List-Unsubscribe %q", m.Class, m.ListUnsubscribe)
		}
		// The unsubscribe link works and ends the segment's reminder kind.
		token := m.ListUnsubscribe[strings.Index(m.ListUnsubscribe, "token=")+len("token="):]
		if u, err := f.s.App.Reminders.Unsubscribe(context.Background(), token); err != nil || u.Kind != reminder.Unfinished {
			t.Fatalf("unsubscribe: %+v, %v", u, err)
		}

		f.s.Clock.Advance(6 * 24 * time.Hour)
		again := f.send(t, in)
		if again.Queued != 0 || again.LeftOut.Recent != 1 || again.LeftOut.Unsubscribed != 1 {
			t.Fatalf("same week: %+v", again)
		}
		if n := len(followUps(f.s, f.at10)); n != 1 {
			t.Fatalf("mails to the 10 %% viewer after two sends in a week: %d", n)
		}
		// Another segment of the same webinar counts the same week.
		if p := f.preview(t, "segment=left_before&percent=50"); p.Count != 0 || p.LeftOut.Recent != 1 {
			t.Fatalf("preview in the same week: %+v", p)
		}

		f.s.Clock.Advance(24*time.Hour + time.Minute)
		later := f.send(t, in)
		if later.Queued != 1 || later.LeftOut.Unsubscribed != 1 || len(followUps(f.s, f.at10)) != 2 {
			t.Fatalf("a week later: %+v", later)
		}
		for _, like := range []string{"%: 2 queued, 0 followed up this week, 0 unsubscribed",
			"%: 0 queued, 1 followed up this week, 1 unsubscribed", "%: 1 queued, 0 followed up this week, 1 unsubscribed"} {
			if n := auditCount(t, f.s, "webinar.follow_up", like); n != 1 {
				t.Errorf("audit %q: %d entries", like, n)
			}
		}
		var h struct {
			FollowUps []followup.Summary `json:"follow_ups"`
		}
		res := f.admin.Do("GET", "/api/admin/webinars/"+f.wid+"/follow-ups", nil)
		res.Check(t, testutil.Want{Status: http.StatusOK})
		res.JSON(t, &h)
		if len(h.FollowUps) != 3 || h.FollowUps[0].Queued != 1 || h.FollowUps[2].Queued != 2 || *h.FollowUps[0].Percent != 50 {
			t.Errorf("history: %+v", h.FollowUps)
		}
	})
}

// TestUnsubscribedLeftOut: a person who turned off the segment's reminder
// kind is left out of the preview and the send (and counted); other kinds
// do not matter.
func TestUnsubscribedLeftOut(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		off := false
		if _, err := f.s.App.Reminders.SetPreferences(ctx, f.full, reminder.PreferencesInput{Offer: &off}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.App.Reminders.SetPreferences(ctx, f.old, reminder.PreferencesInput{Ready: &off}); err != nil {
			t.Fatal(err)
		}
		p := f.preview(t, "segment=not_bought&days=0")
		if got := emails(p); !slices.Equal(got, sorted(f.old)) || p.LeftOut.Unsubscribed != 1 {
			t.Fatalf("preview: %v %+v", got, p.LeftOut)
		}
		sent := f.send(t, map[string]any{"segment": "not_bought", "days": 0, "subject": "Thanks", "body": "Thanks, {first_name}."})
		if sent.Queued != 1 || sent.LeftOut.Unsubscribed != 1 || len(followUps(f.s, f.full)) != 0 || len(followUps(f.s, f.old)) != 1 {
			t.Fatalf("send: %+v", sent)
		}
	})
}

// TestSendValidation: the subject and text are required, bounded, and use
// only the known placeholders.
func TestSendValidation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		for _, c := range []struct {
			in    map[string]any
			field string
		}{
			{map[string]any{"segment": "never_started", "subject": "", "body": "x"}, "subject"},
			{map[string]any{"segment": "never_started", "subject": "Hi\nthere", "body": "x"}, "subject"},
			{map[string]any{"segment": "never_started", "subject": "Hi", "body": "Hi {name}"}, "body"},
			{map[string]any{"segment": "never_started", "subject": "Hi", "body": strings.Repeat("x", 5001)}, "body"},
			{map[string]any{"segment": "not_bought", "days": 91, "subject": "Hi", "body": "x"}, "days"},
		} {
			f.admin.Do("POST", "/api/admin/webinars/"+f.wid+"/follow-ups", c.in).
				Check(t, testutil.Want{Status: http.StatusBadRequest, Field: c.field})
		}
		if n := len(followUps(f.s, f.never)); n != 0 {
			t.Fatalf("mails after refused sends: %d", n)
		}
	})
}

// TestHistoryCountsWhoCameBack: a follow-up's line counts the recipients
// who watched again after it and those who bought within 7 days of it.
func TestHistoryCountsWhoCameBack(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.send(t, map[string]any{"segment": "left_before", "percent": 50, "subject": "Come back", "body": "{resume_link}"})
		f.s.Clock.Advance(time.Hour)
		if _, err := f.s.App.DB.ExecContext(context.Background(), `UPDATE webinar_registrations SET progress_at = $1
			WHERE webinar_id = $2 AND user_id = $3`, f.s.Clock.Now(), f.wid, f.at10.ID); err != nil {
			t.Fatal(err)
		}
		f.s.Purchase(f.at40, f.wid) // watches on and buys
		var h struct {
			FollowUps []followup.Summary `json:"follow_ups"`
		}
		res := f.admin.Do("GET", "/api/admin/webinars/"+f.wid+"/follow-ups", nil)
		res.Check(t, testutil.Want{Status: http.StatusOK})
		res.JSON(t, &h)
		if len(h.FollowUps) != 1 || h.FollowUps[0].CameBack != 2 || h.FollowUps[0].Bought != 1 {
			t.Fatalf("history: %+v", h.FollowUps)
		}
	})
}
