package app_test

import (
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// The test clock route exists only with WATCHWIN_TEST_CLOCK (docs/api.md,
// "Test clock"): 404 on a normal server; with it, an admin moves the
// server's time forward (audited) and the services see the new time.
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
