package datetext

import (
	"testing"
	"time"
)

// The e-mails' dates, in the store's zone with its abbreviation (CST in
// winter, CDT in summer); a missing zone writes UTC.
func TestDates(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name        string
		at          time.Time
		tz          *time.Location
		moment, day string
	}{
		{"winter", time.Date(2026, 12, 4, 0, 30, 0, 0, time.UTC), chicago, "Thursday, December 3, 2026 at 6:30 PM CST", "December 3, 2026"},
		{"summer", time.Date(2026, 3, 12, 23, 30, 0, 0, time.UTC), chicago, "Thursday, March 12, 2026 at 6:30 PM CDT", "March 12, 2026"},
		{"no zone", time.Date(2026, 12, 4, 0, 30, 0, 0, time.UTC), nil, "Friday, December 4, 2026 at 12:30 AM UTC", "December 4, 2026"},
	} {
		if got := Moment(tt.at, tt.tz); got != tt.moment {
			t.Errorf("%s: Moment = %q, want %q", tt.name, got, tt.moment)
		}
		if got := Day(tt.at, tt.tz); got != tt.day {
			t.Errorf("%s: Day = %q, want %q", tt.name, got, tt.day)
		}
	}
}
