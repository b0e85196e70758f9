package app_test

import (
	"net/http"
	"strconv"
	"testing"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// A draw's public entrant list writes nothing to the audit log, however
// often anyone signed out downloads it, and is limited per client address:
// past the route's limit the answer is the standard 429 too_many_attempts
// with Retry-After, while another address is still served (docs/api.md#limits-of-other-routes).
func TestPublicEntryListIsLimitedNotAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, testutil.BehindProxy)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		s.Purchase(s.CreateUser("public-list-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser), w.ID) // the seats fill: the draw
		var draws struct{ Draws []struct{ ID string } }
		admin.Do("GET", "/api/admin/webinars/"+w.ID+"/giveaway/draws", nil).JSON(t, &draws)
		if len(draws.Draws) != 1 {
			t.Fatalf("draws of the filled webinar: %+v", draws.Draws)
		}
		path := "/api/giveaway/draws/" + draws.Draws[0].ID + "/entries.txt"
		rule, ok := app.RouteLimits(s.App)["GET /api/giveaway/draws/{id}/entries.txt"]
		if !ok || rule.PerAddress < 1 {
			t.Fatalf("the public entrant list has no per-address limit: %+v", rule)
		}

		auditRows := func() int { return testutil.Count(t, d, `SELECT count(*) FROM audit_log`) }
		before := auditRows()
		visitor := s.Client()
		visitor.Forwarded = "198.51.100.40"
		for i := range rule.PerAddress {
			if res := visitor.Do("GET", path, nil); res.Status != http.StatusOK || len(res.Body) == 0 {
				t.Fatalf("download %d of %d: %d %.200s", i+1, rule.PerAddress, res.Status, res.Body)
			}
		}
		if after := auditRows(); after != before {
			t.Errorf("%d public downloads: the audit log went from %d to %d rows, want unchanged", rule.PerAddress, before, after)
		}

		res := visitor.Do("GET", path, nil)
		res.Check(t, testutil.Want{Status: http.StatusTooManyRequests, Code: "too_many_attempts",
			Message: "Too many requests. Please try again in 15 minutes."})
		if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || secs < 1 || secs > int(rule.Window.Seconds()) {
			t.Errorf("Retry-After %q", res.Header.Get("Retry-After"))
		}
		other := s.Client()
		other.Forwarded = "198.51.100.41"
		other.Do("GET", path, nil).Check(t, testutil.Want{Status: http.StatusOK})

		// The admin's download of the same file is still recorded.
		admin.Do("GET", "/api/admin/giveaway-draws/"+draws.Draws[0].ID+"/entries.txt", nil).Check(t, testutil.Want{Status: http.StatusOK})
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'data.export'`); n != 1 {
			t.Errorf("%d data.export entries after the admin's download, want 1", n)
		}
	})
}
