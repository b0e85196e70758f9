package app_test

import (
	"slices"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// The test clock route exists only with WATCHWIN_TEST_CLOCK
// (docs/api.md#test-clock-tests-only): 404 on a normal server; with it, an
// admin moves the server's time forward (audited) and the services see the new
// time.
func TestTestClockRoute(t *testing.T) {
	normal := testutil.NewServer(t, db.SQLite)
	admin, _ := normal.Login(auth.RoleAdmin)
	admin.Do("POST", "/api/test/clock", map[string]string{"advance": "720h"}).Check(t, testutil.Want{Status: 404})

	s := testutil.NewServerWithDB(t, testutil.OpenDB(t, db.SQLite), func(c *config.Config) { c.TestClock = true })
	c, _ := s.Login(auth.RoleAdmin)
	c.Do("POST", "/api/test/clock", map[string]string{"advance": "-1h"}).Check(t, testutil.Want{Status: 400, Field: "advance"})
	res := c.Do("POST", "/api/test/clock", map[string]string{"advance": "48h"})
	res.Check(t, testutil.Want{Status: 200})
	var body struct{ Now time.Time }
	res.JSON(t, &body)
	if d := time.Until(body.Now); d < 47*time.Hour || d > 49*time.Hour {
		t.Errorf("clock now %s, want two days ahead", body.Now)
	}
	var n int
	if err := s.App.DB.QueryRowContext(t.Context(), `SELECT count(*) FROM audit_log WHERE action = 'test.clock_advance'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("audit entries of the move: %d, %v", n, err)
	}
}

// The test clock cannot erase the audit log (the review's finding N11):
// the log's retention is told by the machine's clock, so a move far past
// it leaves every entry in place; the machine's time passing still prunes.
func TestTestClockKeepsTheAuditLog(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.TestClock = true })
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/general", map[string]string{"site_title": "Before the move",
			"contact_email": "shop@example.com", "store_address": "", "store_phone": "(630) 555-0100"}).Check(t, testutil.Want{Status: 200})
		admin.Do("POST", "/api/test/clock", map[string]string{"advance": "26280h"}).Check(t, testutil.Want{Status: 200}) // 3 years
		if ran := s.App.RunJobs(t.Context()); !slices.Contains(ran, "audit.prune") {
			t.Fatalf("jobs ran %v", ran)
		}
		count := func() int {
			var n int
			if err := d.QueryRowContext(t.Context(), `SELECT count(*) FROM audit_log WHERE action = 'settings.general'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(); n != 1 {
			t.Fatalf("after moving the test clock 3 years: %d settings entries, want the 1 kept", n)
		}
		s.Clock.Advance(731 * 24 * time.Hour) // the machine's own time passes the retention
		s.App.RunJobs(t.Context())
		if n := count(); n != 0 {
			t.Errorf("after the retention passed on the machine's clock: %d settings entries, want it pruned", n)
		}
	})
}
