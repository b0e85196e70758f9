// Package period reads the reporting period the books screens ask for
// (docs/api.md#reports): this month, last month, this year, or a custom
// range of days, always in the store's time zone. A month is the store's
// month: a purchase at 11:30 PM Central on its last day belongs to it.
package period

import (
	"net/url"
	"time"

	"watchwin/internal/apperr"
)

// Names of the periods (the `period` query parameter).
const (
	ThisMonth = "this_month"
	LastMonth = "last_month"
	ThisYear  = "this_year"
	Custom    = "custom"
)

// MaxDays bounds a custom period (ten years): an export of the whole
// history fits, a typo like year 20266 does not.
const MaxDays = 3660

// dateLayout is how From and To are written (the SPA's date inputs).
const dateLayout = "2006-01-02"

// Period is a range of whole days in the store's zone: From and To are its
// first and last day (inclusive, as dates), Start and End the instants it
// covers, [Start, End), in UTC for the database.
type Period struct {
	Name  string    `json:"period"`
	From  string    `json:"from"`
	To    string    `json:"to"`
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// Contains reports whether t falls in the period.
func (p Period) Contains(t time.Time) bool { return !t.Before(p.Start) && t.Before(p.End) }

// Days is the number of days the period spans.
func (p Period) Days(loc *time.Location) int {
	from, _ := time.ParseInLocation(dateLayout, p.From, loc)
	to, _ := time.ParseInLocation(dateLayout, p.To, loc)
	return int(to.Sub(from).Hours()/24+0.5) + 1
}

// Parse reads `period` (default def) and, for a custom one, `from` and `to`
// (YYYY-MM-DD) from q, as of now in loc. A bad value is a 400 naming its
// parameter. Sending only from and to means custom.
func Parse(q url.Values, loc *time.Location, now time.Time, def string) (Period, error) {
	name := q.Get("period")
	if name == "" {
		name = def
		if q.Get("from") != "" || q.Get("to") != "" {
			name = Custom
		}
	}
	today := now.In(loc)
	y, m, _ := today.Date()
	switch name {
	case ThisMonth:
		return of(name, time.Date(y, m, 1, 0, 0, 0, 0, loc), time.Date(y, m+1, 0, 0, 0, 0, 0, loc)), nil
	case LastMonth:
		return of(name, time.Date(y, m-1, 1, 0, 0, 0, 0, loc), time.Date(y, m, 0, 0, 0, 0, 0, loc)), nil
	case ThisYear:
		return of(name, time.Date(y, 1, 1, 0, 0, 0, 0, loc), time.Date(y, 12, 31, 0, 0, 0, 0, loc)), nil
	case Custom:
		from, err := day(q, "from", loc)
		if err != nil {
			return Period{}, err
		}
		to, err := day(q, "to", loc)
		if err != nil {
			return Period{}, err
		}
		if to.Before(from) {
			return Period{}, apperr.Invalid("to", "The end date must not be before the start date.")
		}
		p := of(name, from, to)
		if p.Days(loc) > MaxDays {
			return Period{}, apperr.Invalid("to", "A period may span at most ten years.")
		}
		return p, nil
	}
	return Period{}, apperr.Invalid("period", "Period must be this_month, last_month, this_year or custom.")
}

// of is the period from the first to the last day, both midnights in their
// zone; End is the midnight after the last day (23 or 25 hours after the
// last day's start on a daylight-saving change, as the calendar says).
func of(name string, first, last time.Time) Period {
	y, m, d := last.Date()
	end := time.Date(y, m, d+1, 0, 0, 0, 0, last.Location())
	return Period{Name: name, From: first.Format(dateLayout), To: last.Format(dateLayout), Start: first.UTC(), End: end.UTC()}
}

func day(q url.Values, key string, loc *time.Location) (time.Time, error) {
	v := q.Get(key)
	if v == "" {
		return time.Time{}, apperr.Invalid(key, "Please choose a date.")
	}
	t, err := time.ParseInLocation(dateLayout, v, loc)
	if err != nil || t.Year() < 2000 || t.Year() > 9999 {
		return time.Time{}, apperr.Invalid(key, "Dates are written YYYY-MM-DD, such as 2026-11-30.")
	}
	return t, nil
}
