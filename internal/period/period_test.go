package period_test

import (
	"net/url"
	"testing"
	"time"

	"watchwin/internal/period"
)

func TestPeriodsAreTheStoresDays(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	// 11:30 PM Central on November 30 is already December 1 in UTC.
	now := time.Date(2026, 12, 1, 5, 30, 0, 0, time.UTC)
	cases := []struct {
		q                      url.Values
		from, to               string
		start, end             time.Time
		containsNow, wantError bool
	}{
		{q: url.Values{"period": {"this_month"}}, from: "2026-11-01", to: "2026-11-30",
			start: time.Date(2026, 11, 1, 5, 0, 0, 0, time.UTC), end: time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC), containsNow: true},
		{q: url.Values{"period": {"last_month"}}, from: "2026-10-01", to: "2026-10-31",
			// October opens in CDT (UTC−5) and ends in CST (UTC−6).
			start: time.Date(2026, 10, 1, 5, 0, 0, 0, time.UTC), end: time.Date(2026, 11, 1, 5, 0, 0, 0, time.UTC)},
		{q: url.Values{"period": {"this_year"}}, from: "2026-01-01", to: "2026-12-31",
			start: time.Date(2026, 1, 1, 6, 0, 0, 0, time.UTC), end: time.Date(2027, 1, 1, 6, 0, 0, 0, time.UTC), containsNow: true},
		{q: url.Values{"from": {"2026-12-01"}, "to": {"2026-12-01"}}, from: "2026-12-01", to: "2026-12-01",
			start: time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC), end: time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)},
		{q: url.Values{"period": {"custom"}, "from": {"2026-12-02"}, "to": {"2026-12-01"}}, wantError: true},
		{q: url.Values{"period": {"custom"}, "from": {"12/01/2026"}, "to": {"2026-12-01"}}, wantError: true},
		{q: url.Values{"period": {"custom"}, "from": {"2000-01-01"}, "to": {"2026-12-01"}}, wantError: true},
		{q: url.Values{"period": {"fortnight"}}, wantError: true},
	}
	for _, c := range cases {
		p, err := period.Parse(c.q, chicago, now, period.ThisMonth)
		if c.wantError {
			if err == nil {
				t.Errorf("%v: no error", c.q)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", c.q, err)
			continue
		}
		if p.From != c.from || p.To != c.to || !p.Start.Equal(c.start) || !p.End.Equal(c.end) {
			t.Errorf("%v: %s–%s [%s, %s), want %s–%s [%s, %s)", c.q, p.From, p.To, p.Start, p.End, c.from, c.to, c.start, c.end)
		}
		if p.Contains(now) != c.containsNow {
			t.Errorf("%v: Contains(11:30 PM Central, November 30) = %v", c.q, p.Contains(now))
		}
	}
}
