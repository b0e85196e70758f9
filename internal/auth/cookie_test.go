package auth_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"watchwin/internal/app"
	"watchwin/internal/clock"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// loginCookies logs email in with c, sending cookie (when set) as the
// browser's session cookie, and returns the cookies the answer sets by name.
func loginCookies(t *testing.T, c *testutil.Client, email, cookie string) map[string]*http.Cookie {
	t.Helper()
	req, _ := http.NewRequest("POST", "/api/auth/login", strings.NewReader(`{"email":"`+email+`","password":"secret1"}`))
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.Header.Set("Cookie", "watchwin_session="+cookie)
	}
	res := c.Send(req)
	if res.Status != http.StatusOK {
		t.Fatalf("login %d %s", res.Status, res.Body)
	}
	out := map[string]*http.Cookie{}
	for _, ck := range (&http.Response{Header: res.Header}).Cookies() {
		out[ck.Name] = ck
	}
	if out["watchwin_session"] == nil || out["watchwin_session"].Value == "" {
		t.Fatalf("login set no session cookie: %v", res.Header["Set-Cookie"])
	}
	return out
}

// signedInWith reports whether the session token signs a request in.
func signedInWith(t *testing.T, s *testutil.Server, token string) bool {
	t.Helper()
	req, _ := http.NewRequest("GET", "/api/auth/session", nil)
	req.Header.Set("Cookie", "watchwin_session="+token)
	var body struct {
		User *struct{ ID string } `json:"user"`
	}
	s.Client().Send(req).JSON(t, &body)
	return body.User != nil
}

// Every login issues a new session token: never the one the browser sent
// (a token planted before login, session fixation), never an earlier one.
func TestEveryLoginGetsANewSessionToken(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("fresh@example.com", "secret1", "user")
		c := s.Client()
		seen := map[string]bool{}
		planted := "attacker-chosen-token-value"
		sent := planted
		for i := range 3 {
			token := loginCookies(t, c, "fresh@example.com", sent)["watchwin_session"].Value
			if token == planted || seen[token] {
				t.Fatalf("login %d reused session token %q", i+1, token)
			}
			if !signedInWith(t, s, token) {
				t.Fatalf("login %d: its token does not sign in", i+1)
			}
			seen[token] = true
			sent = token // the browser now holds this one
		}
		if signedInWith(t, s, planted) {
			t.Error("the planted token signs in")
		}
	})
}

// The session and device cookies are Secure when the public URL is https
// (WATCHWIN_BASE_URL), and not when it is http (a browser would then never
// send them back over plain http). Over https the session cookie is
// __Host- prefixed. Logout clears them with the same flags.
func TestCookiesSecureOnlyOverHTTPS(t *testing.T) {
	for _, tt := range []struct {
		baseURL, session string
		secure           bool
	}{
		{"https://shop.example.com", "__Host-watchwin_session", true},
		{"http://127.0.0.1:8080", "watchwin_session", false},
	} {
		t.Run(tt.baseURL, func(t *testing.T) {
			cfg, err := config.Defaults()
			if err != nil {
				t.Fatal(err)
			}
			cfg.DataDir = t.TempDir()
			cfg.BaseURL = tt.baseURL
			a := app.NewWithDB(cfg, testutil.OpenDB(t, db.SQLite), clock.Now)
			t.Cleanup(a.Auth.Wait)
			ts := httptest.NewServer(a.Handler())
			t.Cleanup(ts.Close)
			if _, err := a.Auth.CreateUser(context.Background(), "cookie@example.com", "secret1", "user", "C", "K"); err != nil {
				t.Fatal(err)
			}
			post := func(path, body string) []*http.Cookie {
				t.Helper()
				res, err := http.Post(ts.URL+path, "application/json", strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode >= 300 {
					t.Fatalf("POST %s = %d", path, res.StatusCode)
				}
				return res.Cookies()
			}
			check := func(when string, cookies []*http.Cookie, names ...string) {
				t.Helper()
				for _, name := range names {
					i := slices.IndexFunc(cookies, func(c *http.Cookie) bool { return c.Name == name })
					if i < 0 {
						t.Errorf("%s: no %s cookie", when, name)
						continue
					}
					if c := cookies[i]; c.Secure != tt.secure || !c.HttpOnly {
						t.Errorf("%s: %s Secure %v HttpOnly %v, want Secure %v and HttpOnly", when, name, c.Secure, c.HttpOnly, tt.secure)
					}
				}
			}
			cookies := post("/api/auth/login", `{"email":"cookie@example.com","password":"secret1"}`)
			check("login", cookies, tt.session, "watchwin_device")
			// Only the cookie of the site's own name signs a request in.
			token := cookies[slices.IndexFunc(cookies, func(c *http.Cookie) bool { return c.Name == tt.session })].Value
			for _, name := range []string{"__Host-watchwin_session", "watchwin_session"} {
				req, _ := http.NewRequest("GET", ts.URL+"/api/auth/session", nil)
				req.Header.Set("Cookie", name+"="+token)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if signedIn := strings.Contains(string(body), "cookie@example.com"); signedIn != (name == tt.session) {
					t.Errorf("cookie %s: signed in %v (%s)", name, signedIn, body)
				}
			}
			check("logout", post("/api/auth/logout", ""), tt.session)
		})
	}
}

// An unknown e-mail and a wrong password get byte-for-byte the same answer:
// status, body and cookies, so a login never tells whether an account exists.
func TestLoginFailuresIdentical(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("exists@example.com", "secret1", "user")
		unknown := s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "absent@example.com", "password": "secret9"})
		wrong := s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "exists@example.com", "password": "secret9"})
		if unknown.Status != http.StatusUnauthorized || wrong.Status != unknown.Status {
			t.Fatalf("statuses %d and %d, want 401 both", unknown.Status, wrong.Status)
		}
		if string(unknown.Body) != string(wrong.Body) {
			t.Errorf("bodies differ:\n unknown e-mail: %s\n wrong password: %s", unknown.Body, wrong.Body)
		}
		for _, h := range []string{"Set-Cookie", "Retry-After", "Content-Type"} {
			if u, w := strings.Join(unknown.Header.Values(h), "|"), strings.Join(wrong.Header.Values(h), "|"); u != w {
				t.Errorf("%s differs: %q vs %q", h, u, w)
			}
		}
	})
}
