package auth_test

import (
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// A session lasts auth.SessionTTL: then the session endpoint shows the
// visitor signed out and admin routes answer 401.
func TestSessionExpires(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 200})

		s.Clock.Advance(auth.SessionTTL - time.Minute)
		var body sessionBody
		admin.Do("GET", "/api/auth/session", nil).JSON(t, &body)
		if body.User == nil {
			t.Fatal("signed out a minute before the session's end")
		}
		admin.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 200})

		s.Clock.Advance(2 * time.Minute)
		res := admin.Do("GET", "/api/auth/session", nil)
		res.JSON(t, &body)
		if res.Status != 200 || body.User != nil || body.Profile != nil {
			t.Errorf("session after SessionTTL = %d %s, want 200 signed out", res.Status, res.Body)
		}
		admin.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 401, Code: "unauthenticated"})
	})
}

// The role is read on every request: an admin demoted in the database loses
// the admin area at once, without logging out, and keeps a user's session.
func TestDemotedAdminLosesAccessAtOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, p := s.Login(auth.RoleAdmin)
		admin.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 200})

		if _, err := d.Exec(`UPDATE profiles SET role = 'user' WHERE id = $1`, p.ID); err != nil {
			t.Fatal(err)
		}
		admin.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 403, Code: "forbidden"})
		var body sessionBody
		admin.Do("GET", "/api/auth/session", nil).JSON(t, &body)
		if body.Profile == nil || body.Profile.Role != auth.RoleUser {
			t.Errorf("session after demotion = %+v, want still signed in as a user", body.Profile)
		}
	})
}
