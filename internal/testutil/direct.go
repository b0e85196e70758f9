package testutil

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"watchwin/internal/db"
)

// Direct sends requests straight to the application's handler (no network)
// as one signed-in account, for fuzz targets: they send many requests and
// their fuzz function must not call the Server's own Fatal. Every request
// counts against the route limits, which a fuzz target is not after, so on
// a 429 Do moves the server's clock past the window and tries again (and
// signs in again before the session would expire).
type Direct struct {
	s        *Server
	h        http.Handler
	email    string
	cookie   *http.Cookie
	signedAt time.Duration
	moved    time.Duration
}

// Direct signs in a new account with role and returns its Direct client.
func (s *Server) Direct(role string) *Direct {
	s.t.Helper()
	d := &Direct{s: s, h: s.App.Handler(), email: strings.ToLower("direct-" + role + "-" + randomSuffix() + "@example.com")}
	s.CreateUser(d.email, "password1", role)
	if err := d.signIn(); err != nil {
		s.t.Fatal(err)
	}
	return d
}

func (d *Direct) signIn() error {
	req := httptest.NewRequest("POST", "/api/auth/login", strings.NewReader(`{"email":"`+d.email+`","password":"password1"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	d.h.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "watchwin_session" {
			d.cookie, d.signedAt = c, d.moved
			return nil
		}
	}
	return fmt.Errorf("direct sign-in: %d %s", rec.Code, rec.Body)
}

// Cookie is the account's session cookie.
func (d *Direct) Cookie() *http.Cookie { return d.cookie }

// Do serves req (its session cookie added) and returns the recorded answer.
func (d *Direct) Do(t testing.TB, req *http.Request) *httptest.ResponseRecorder {
	var body []byte
	if req.Body != nil {
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(req.Body)
		body = buf.Bytes()
	}
	for {
		r := req.Clone(req.Context())
		r.Body = http.NoBody
		if body != nil {
			r.Body, r.ContentLength = readCloser{bytes.NewReader(body)}, int64(len(body))
		}
		r.AddCookie(d.cookie)
		rec := httptest.NewRecorder()
		d.h.ServeHTTP(rec, r)
		if rec.Code != http.StatusTooManyRequests {
			return rec
		}
		d.s.Clock.Advance(time.Hour)
		d.moved += time.Hour
		if d.moved-d.signedAt > 20*24*time.Hour {
			if err := d.signIn(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

// FuzzEngine is the engine a fuzz target runs on: PostgreSQL when the test
// URL is set, since it refuses more input than SQLite (NUL, invalid UTF-8),
// else SQLite.
func FuzzEngine() db.Engine {
	e := Engines()
	return e[len(e)-1]
}
