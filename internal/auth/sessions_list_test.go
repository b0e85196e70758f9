package auth_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

type sessionList struct {
	Sessions []struct {
		ID         string    `json:"id"`
		Device     string    `json:"device"`
		Network    string    `json:"network"`
		CreatedAt  time.Time `json:"created_at"`
		LastSeenAt time.Time `json:"last_seen_at"`
		Current    bool      `json:"current"`
	} `json:"sessions"`
}

// loginAs signs c in as email from a browser with userAgent.
func loginAs(t *testing.T, c *testutil.Client, email, userAgent string) {
	t.Helper()
	req, _ := http.NewRequest("POST", "/api/auth/login", jsonBody(map[string]string{"email": email, "password": "password1"}))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	c.Send(req).Check(t, testutil.Want{Status: http.StatusOK})
}

// The Security tab's list: each session with its device and network (a
// /24, never the address), the current one marked; ending a session from
// another one ends it there, and "sign out everywhere else" ends the rest.
func TestEndSessionFromAnother(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		p := s.CreateUser("two-browsers@example.com", "password1", auth.RoleUser)
		laptop, phone, tablet := s.Client(), s.Client(), s.Client()
		loginAs(t, laptop, p.Email, "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")
		s.Clock.Advance(time.Minute)
		loginAs(t, phone, p.Email, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1")
		loginAs(t, tablet, p.Email, "Mozilla/5.0 (Linux; Android 14) Firefox/133.0")

		var list sessionList
		laptop.Do("GET", "/api/account/sessions", nil).JSON(t, &list)
		if len(list.Sessions) != 3 {
			t.Fatalf("%d sessions listed, want 3", len(list.Sessions))
		}
		var phoneID string
		devices := map[string]bool{}
		for _, ss := range list.Sessions {
			devices[ss.Device] = true
			if ss.Network != "127.0.0.0/24" {
				t.Errorf("network %q, want the /24", ss.Network)
			}
			if ss.Current != (ss.Device == "Chrome on Linux") {
				t.Errorf("%s marked current %v", ss.Device, ss.Current)
			}
			if ss.Device == "Safari on iPhone" {
				phoneID = ss.ID
			}
		}
		for _, want := range []string{"Chrome on Linux", "Safari on iPhone", "Firefox on Android"} {
			if !devices[want] {
				t.Errorf("no session of %q in %v", want, devices)
			}
		}
		var stored int
		if err := d.QueryRow(`SELECT count(*) FROM sessions WHERE client_network LIKE '127.0.0.1%' OR device LIKE '%Mozilla%'`).Scan(&stored); err != nil || stored != 0 {
			t.Errorf("%d sessions keep a whole address or user agent (%v)", stored, err)
		}

		laptop.Do("DELETE", "/api/account/sessions/"+phoneID, nil).Check(t, testutil.Want{Status: http.StatusNoContent})
		if signedIn(t, phone) {
			t.Error("the phone's session survived being ended from the laptop")
		}
		if !signedIn(t, laptop) || !signedIn(t, tablet) {
			t.Error("ending the phone's session ended another")
		}
		// Not someone else's session, and not twice.
		stranger, _ := s.Login(auth.RoleUser)
		laptop.Do("DELETE", "/api/account/sessions/"+phoneID, nil).Check(t, testutil.Want{Status: http.StatusNotFound})
		var theirs sessionList
		stranger.Do("GET", "/api/account/sessions", nil).JSON(t, &theirs)
		laptop.Do("DELETE", "/api/account/sessions/"+theirs.Sessions[0].ID, nil).Check(t, testutil.Want{Status: http.StatusNotFound})
		if !signedIn(t, stranger) {
			t.Error("an account ended another account's session")
		}

		laptop.Do("POST", "/api/account/sessions/end-others", nil).Check(t, testutil.Want{Status: http.StatusOK})
		if signedIn(t, tablet) || !signedIn(t, laptop) {
			t.Error("sign out everywhere else: the tablet stayed or the laptop left")
		}
	})
}

// Last seen is written at most every few minutes, not on every request.
func TestSessionLastSeen(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c, _ := s.Login(auth.RoleUser)
		var list sessionList
		c.Do("GET", "/api/account/sessions", nil).JSON(t, &list)
		first := list.Sessions[0].LastSeenAt
		s.Clock.Advance(2 * time.Minute)
		c.Do("GET", "/api/account/sessions", nil).JSON(t, &list)
		if !list.Sessions[0].LastSeenAt.Equal(first) {
			t.Errorf("last seen moved after 2 minutes: %v → %v", first, list.Sessions[0].LastSeenAt)
		}
		s.Clock.Advance(4 * time.Minute)
		c.Do("GET", "/api/account/sessions", nil).JSON(t, &list)
		if !list.Sessions[0].LastSeenAt.After(first.Add(5 * time.Minute)) {
			t.Errorf("last seen %v not updated after 6 minutes (first %v)", list.Sessions[0].LastSeenAt, first)
		}
	})
}

// An admin ends every session of another account (audited); ending their
// own keeps the one they act from.
func TestAdminEndsUserSessions(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, ap := s.Login(auth.RoleAdmin)
		user, up := s.Login(auth.RoleUser)
		admin.Do("POST", "/api/admin/users/"+up.ID+"/sessions/end", nil).Check(t, testutil.Want{Status: http.StatusOK})
		if signedIn(t, user) {
			t.Error("the user's session survived the admin's end")
		}
		if n := auditCount(t, d, "user.sessions_end", up.ID); n != 1 {
			t.Errorf("%d audit entries, want 1", n)
		}
		user.Do("POST", "/api/admin/users/"+ap.ID+"/sessions/end", nil).Check(t, testutil.Want{Status: http.StatusUnauthorized})
		admin.Do("POST", "/api/admin/users/"+ap.ID+"/sessions/end", nil).Check(t, testutil.Want{Status: http.StatusOK})
		if !signedIn(t, admin) {
			t.Error("the admin's own session ended")
		}
		admin.Do("POST", "/api/admin/users/no-such-user/sessions/end", nil).Check(t, testutil.Want{Status: http.StatusNotFound})
	})
}

func TestDeviceSummary(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0": "Edge on Windows",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15":        "Safari on macOS",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36":                 "Chrome on Linux",
		"curl/8.5.0": "curl",
		"":           "Unknown device",
	} {
		if got := auth.DeviceSummary(ua); got != want {
			t.Errorf("DeviceSummary(%q) = %q, want %q", ua, got, want)
		}
	}
}

func jsonBody(v any) *strings.Reader {
	b, _ := json.Marshal(v)
	return strings.NewReader(string(b))
}
