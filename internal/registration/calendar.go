package registration

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	"watchwin/internal/webinar"
)

// EventLength is how long a webinar lasts in a calendar: the schema has no
// duration, so an hour.
const EventLength = time.Hour

// icsLocal is iCalendar's local date-time form (RFC 5545 section 3.3.5).
const icsLocal = "20060102T150405"

// calendarInvite is the .ics file of a registration: one VEVENT (UID stable
// per registration, so a second copy updates the first instead of adding
// another) starting at the webinar's time in the store zone tz, with that
// zone's VTIMEZONE, the title and the watch link. CRLF line endings,
// folded at 75 octets, text escaped (the library does both).
func calendarInvite(r Registration, w webinar.Webinar, tz *time.Location, watchURL string, stamp time.Time) []byte {
	cal := ics.NewCalendarFor("WatchWin")
	cal.SetProductId("-//WatchWin//Webinar registration//EN")
	cal.SetMethod(ics.MethodPublish)
	start := w.EventDatetime.In(tz)
	end := start.Add(EventLength)
	addTimezone(cal, tz, start.Year())

	ev := cal.AddEvent(r.ID + "@" + uidHost(watchURL))
	ev.SetDtStampTime(stamp)
	ev.SetProperty(ics.ComponentPropertyDtStart, start.Format(icsLocal), ics.WithTZID(tz.String()))
	ev.SetProperty(ics.ComponentPropertyDtEnd, end.Format(icsLocal), ics.WithTZID(tz.String()))
	ev.SetSummary(oneLine(w.Title))
	ev.SetDescription("Watch the webinar: " + watchURL)
	ev.SetURL(watchURL)
	return []byte(cal.Serialize(ics.WithNewLineWindows))
}

// addTimezone adds tz's VTIMEZONE for year: one STANDARD or DAYLIGHT
// observance per offset in force during the year, each from its onset
// (RFC 5545 section 3.6.5), so a calendar app places the event right even
// without its own copy of the zone.
func addTimezone(cal *ics.Calendar, tz *time.Location, year int) {
	vt := cal.AddTimezone(tz.String())
	t := time.Date(year, time.January, 1, 0, 0, 0, 0, tz)
	stop := time.Date(year+1, time.January, 1, 0, 0, 0, 0, tz)
	for t.Before(stop) {
		start, end := t.ZoneBounds()
		name, offset := t.Zone()
		var ob *ics.ComponentBase
		if t.IsDST() {
			d := &ics.Daylight{}
			vt.Components = append(vt.Components, d)
			ob = &d.ComponentBase
		} else {
			s := &ics.Standard{}
			vt.Components = append(vt.Components, s)
			ob = &s.ComponentBase
		}
		from, onset := offset, "19700101T000000" // a zone that never changes
		if !start.IsZero() {
			_, from = start.Add(-time.Second).Zone()
			onset = start.In(time.FixedZone("", from)).Format(icsLocal)
		}
		ob.AddProperty(ics.ComponentPropertyDtStart, onset)
		ob.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), utcOffset(from))
		ob.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), utcOffset(offset))
		ob.AddProperty(ics.ComponentProperty(ics.PropertyTzname), name)
		if end.IsZero() {
			break
		}
		t = end
	}
}

// utcOffset is an offset in seconds as iCalendar writes it: "-0600".
func utcOffset(seconds int) string {
	sign := "+"
	if seconds < 0 {
		sign, seconds = "-", -seconds
	}
	return fmt.Sprintf("%s%02d%02d", sign, seconds/3600, seconds%3600/60)
}

// uidHost is the host of the site, which makes UIDs unique worldwide.
func uidHost(link string) string {
	if u, err := url.Parse(link); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "watchwin"
}

// oneLine is s with every run of white space (line breaks included) one
// space: a title for a subject or a calendar summary.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
