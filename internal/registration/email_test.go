package registration_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// TestRegistrationMail: registering queues one e-mail per registration
// with the title, the time in the store's zone (CDT in summer, CST in
// winter), the watch link, and an .ics invitation that an iCalendar parser
// reads back to the same event.
func TestRegistrationMail(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c, p := s.Login("user")
		for _, tt := range []struct {
			at    time.Time
			when  string
			title string
		}{
			{time.Date(2027, 7, 9, 23, 30, 0, 0, time.UTC), "Friday, July 9, 2027 at 6:30 PM CDT",
				`Optics, Range Day; and "Gear" \ Q&A — a long title that needs folding in a calendar file, surely`},
			{time.Date(2027, 1, 14, 0, 30, 0, 0, time.UTC), "Wednesday, January 13, 2027 at 6:30 PM CST", "Winter Carry"},
		} {
			w := s.CreateWebinar(testutil.WebinarSpec{Title: tt.title, At: tt.at})
			var body struct{ Registration struct{ ID string } }
			res := c.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Sam Carter", "email": p.Email})
			res.Check(t, testutil.Want{Status: 201})
			res.JSON(t, &body)
			reg := body.Registration
			// Registering again changes nothing and mails nothing.
			c.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Sam Carter", "email": p.Email}).
				Check(t, testutil.Want{Status: 200})

			var m *mail.Message
			n := 0
			for _, got := range s.Mails(p.Email) {
				if got.DedupeKey == "registration:"+reg.ID {
					m = &got
					n++
				}
			}
			if n != 1 {
				t.Fatalf("%d registration mails for %s, want 1", n, reg.ID)
			}
			watch := s.URL + "/webinar/" + w.ID + "/watch"
			if m.Subject != "You're registered: "+tt.title {
				t.Errorf("subject %q", m.Subject)
			}
			for _, want := range []string{"Hi Sam Carter,", tt.title, tt.when, watch} {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, m.Text)
				}
			}
			if !strings.Contains(m.HTML, `href="`+watch+`"`) || !strings.Contains(m.HTML, tt.when) {
				t.Errorf("HTML lacks the watch link or the time:\n%s", m.HTML)
			}
			if len(m.Attachments) != 1 || m.Attachments[0].Filename != "webinar.ics" ||
				m.Attachments[0].ContentType != "text/calendar; charset=utf-8; method=PUBLISH" || m.Attachments[0].ContentID != "" {
				t.Fatalf("attachments %+v, want webinar.ics as text/calendar", m.Attachments)
			}
			checkInvite(t, m.Attachments[0].Data, reg.ID+"@127.0.0.1", tt.title, watch, tt.at)
		}
	})
}

// checkInvite parses an .ics file with a real iCalendar parser and checks
// its shape and its event.
func checkInvite(t *testing.T, data []byte, uid, title, watch string, start time.Time) {
	t.Helper()
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\r\n")), []byte("\r\n"))
	for _, l := range lines {
		if len(l) > 75 || bytes.ContainsAny(l, "\r\n") {
			t.Errorf("line %q: over 75 octets or a bare line break", l)
		}
	}
	if !bytes.HasSuffix(data, []byte("END:VCALENDAR\r\n")) {
		t.Error("the file does not end with END:VCALENDAR and CRLF")
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, data)
	}
	props := map[string]string{}
	for _, p := range cal.CalendarProperties {
		props[p.IANAToken] = p.Value
	}
	if props["VERSION"] != "2.0" || !strings.Contains(props["PRODID"], "WatchWin") || props["METHOD"] != "PUBLISH" {
		t.Errorf("calendar properties %v", props)
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events, want 1", len(events))
	}
	ev := events[0]
	value := func(p ics.ComponentProperty) string {
		if got := ev.GetProperty(p); got != nil {
			return got.Value
		}
		return ""
	}
	if ev.Id() != uid {
		t.Errorf("UID %q, want %q", ev.Id(), uid)
	}
	if _, err := ev.GetDtStampTime(); err != nil {
		t.Errorf("DTSTAMP: %v", err)
	}
	if got := ics.FromText(value(ics.ComponentPropertySummary)); got != title {
		t.Errorf("SUMMARY %q, want %q", got, title)
	}
	if got := value(ics.ComponentPropertyUrl); got != watch {
		t.Errorf("URL %q, want %q", got, watch)
	}
	dtstart := ev.GetProperty(ics.ComponentPropertyDtStart)
	if tz := dtstart.ICalParameters["TZID"]; len(tz) != 1 || tz[0] != "America/Chicago" {
		t.Errorf("DTSTART TZID %v, want America/Chicago", tz)
	}
	gotStart, err := ev.GetStartAt()
	if err != nil || !gotStart.Equal(start) {
		t.Errorf("DTSTART = %v (%v), want %v", gotStart, err, start)
	}
	gotEnd, err := ev.GetEndAt()
	if err != nil || !gotEnd.Equal(start.Add(time.Hour)) {
		t.Errorf("DTEND = %v (%v), want an hour after the start", gotEnd, err)
	}

	// The VTIMEZONE names the zone and has the observance in force at the
	// start with the start's offset.
	tzs := cal.Timezones()
	if len(tzs) != 1 || tzs[0].GetProperty(ics.ComponentPropertyTzid).Value != "America/Chicago" {
		t.Fatalf("VTIMEZONE %+v, want one for America/Chicago", tzs)
	}
	name, offset := start.In(mustZone(t, "America/Chicago")).Zone()
	want := map[string]string{"CDT": "-0500", "CST": "-0600"}[name]
	found := false
	for _, c := range tzs[0].Components {
		var cb *ics.ComponentBase
		switch o := c.(type) {
		case *ics.Standard:
			cb = &o.ComponentBase
		case *ics.Daylight:
			cb = &o.ComponentBase
		default:
			continue
		}
		if p := cb.GetProperty(ics.ComponentProperty(ics.PropertyTzname)); p != nil && p.Value == name {
			found = cb.GetProperty(ics.ComponentProperty(ics.PropertyTzoffsetto)).Value == want &&
				cb.GetProperty(ics.ComponentPropertyDtStart) != nil
		}
	}
	if !found || offset == 0 {
		t.Errorf("VTIMEZONE has no %s observance with TZOFFSETTO %s:\n%s", name, want, data)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestRegistrationMailGoesToTheAccount: the e-mail typed in the form is
// kept as the registration's contact but never mailed; the confirmation
// goes to the account's own address, and a name carrying a message is cut
// to the plain name. Before, the store's server mailed any address the
// form named, with any text as the greeting.
func TestRegistrationMailGoesToTheAccount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c, p := s.Login("user")
		for _, tt := range []struct{ name, greeting string }{
			{"Bob. URGENT: verify your card at evil.example/pay", "Hi Bob,"},
			{"Visit evil.example now", "Hi Visit,"},
			{"https://evil.example/pay", "Hi,"},
			{"Mary-Jo O'Neil Jr.", "Hi Mary-Jo O'Neil Jr,"},
			{"José Ñúñez", "Hi José Ñúñez,"},
			{strings.Repeat("Averylongname ", 5), "Hi Averylongname Averylongname,"},
		} {
			w := s.CreateWebinar(testutil.WebinarSpec{})
			var body struct {
				Registration struct {
					ID    string `json:"id"`
					Email string `json:"user_email_for_registration"`
				}
			}
			res := c.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": tt.name, "email": "victim@other.example"})
			res.Check(t, testutil.Want{Status: 201})
			res.JSON(t, &body)
			if body.Registration.Email != "victim@other.example" {
				t.Errorf("contact %q, want the form's address kept", body.Registration.Email)
			}
			if got := s.Mails("victim@other.example"); len(got) != 0 {
				t.Fatalf("the form's address was mailed: %+v", got)
			}
			var m *mail.Message
			for _, got := range s.Mails(p.Email) {
				if got.DedupeKey == "registration:"+body.Registration.ID {
					m = &got
				}
			}
			if m == nil {
				t.Fatalf("no confirmation to the account's address %s", p.Email)
			}
			if !strings.Contains(m.Text, tt.greeting+"\n") || strings.Contains(m.Text+m.HTML, "evil.example") {
				t.Errorf("name %q: want greeting %q and no URL, got:\n%s", tt.name, tt.greeting, m.Text)
			}
		}
	})
}
