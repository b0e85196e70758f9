package auth_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// browser is testutil's Browser, which posts forms as a browser without
// JavaScript does, with the session it holds.
type browser struct {
	*testutil.Browser
	t *testing.T
	s *testutil.Server
}

func newBrowser(t *testing.T, s *testutil.Server) *browser {
	return &browser{Browser: s.Browser(t), t: t, s: s}
}

// sessionEmail is the account the browser is signed in as ("" when none).
func (b *browser) sessionEmail() string {
	b.t.Helper()
	res, err := b.HTTP.Get(b.s.URL + "/api/auth/session")
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	_, rest, ok := strings.Cut(string(body), `"email":"`)
	if !ok {
		return ""
	}
	email, _, _ := strings.Cut(rest, `"`)
	return email
}

// wantFlash checks the flash holds exactly want.
func wantFlash(t *testing.T, got url.Values, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got.Get(k) != v {
			t.Errorf("flash %s = %q, want %q (flash %v)", k, got.Get(k), v, got)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("flash holds %s = %q, want only %v", k, got.Get(k), want)
		}
	}
}

func loginForm(email, password string) url.Values {
	return url.Values{"email": {email}, "password": {password}}
}

// TestLoginForm: the login form's native post signs in with the cookies
// the JSON login sets and goes where the SPA goes, with a flash for the
// SPA's toast; refused, it goes back to /auth with the SPA's error and the
// typed e-mail, never the password.
func TestLoginForm(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("form@example.com", "form-secret", auth.RoleUser)

		t.Run("signed in", func(t *testing.T) {
			b := newBrowser(t, s)
			a := b.Post("/api/auth/login", loginForm(" Form@Example.com", "form-secret"),
				map[string]string{"Referer": s.URL + "/auth?webinarId=w-1"})
			if a.Status != http.StatusSeeOther || a.Location != "/webinar/w-1/watch" {
				t.Fatalf("answer %d to %q, want 303 to the watch page (%s)", a.Status, a.Location, a.Body)
			}
			wantFlash(t, a.Flash(t), map[string]string{"form": "login", "outcome": "signed_in"})
			if got := b.sessionEmail(); got != "form@example.com" {
				t.Errorf("signed in as %q", got)
			}
			// The cookies are the JSON login's, but for their values.
			res := s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "form@example.com", "password": "form-secret"})
			for _, want := range (&http.Response{Header: res.Header}).Cookies() {
				got := a.Cookies[want.Name]
				if got == nil {
					t.Errorf("no %s cookie", want.Name)
					continue
				}
				got.Value, want.Value, got.Raw, want.Raw = "", "", "", ""
				if got.String() != want.String() {
					t.Errorf("cookie %s, want %s", got, want)
				}
			}
		})

		t.Run("home without a webinar", func(t *testing.T) {
			a := newBrowser(t, s).Post("/api/auth/login", loginForm("form@example.com", "form-secret"), nil)
			if a.Status != http.StatusSeeOther || a.Location != "/" {
				t.Fatalf("answer %d to %q, want 303 to /", a.Status, a.Location)
			}
		})

		t.Run("wrong password and unknown account alike", func(t *testing.T) {
			for _, email := range []string{"form@example.com", "nobody@example.com"} {
				b := newBrowser(t, s)
				a := b.Post("/api/auth/login", loginForm(email, "wrong-secret"), map[string]string{"Referer": s.URL + "/auth?webinarId=w-1"})
				if a.Status != http.StatusSeeOther || a.Location != "/auth?webinarId=w-1" {
					t.Fatalf("%s: answer %d to %q, want 303 back to /auth", email, a.Status, a.Location)
				}
				wantFlash(t, a.Flash(t), map[string]string{"form": "login", "outcome": "error", "code": "invalid_credentials",
					"message": "Invalid email or password.", "email": email})
				if a.Cookies[auth.CookieName] != nil || b.sessionEmail() != "" {
					t.Errorf("%s: a refused login set a session", email)
				}
			}
		})

		t.Run("validation", func(t *testing.T) {
			a := newBrowser(t, s).Post("/api/auth/login", loginForm("not-an-email", "form-secret"), nil)
			if a.Status != http.StatusSeeOther || a.Location != "/auth" {
				t.Fatalf("answer %d to %q", a.Status, a.Location)
			}
			wantFlash(t, a.Flash(t), map[string]string{"form": "login", "outcome": "error", "code": "validation_failed",
				"field": "email", "message": "Please enter a valid email address", "email": "not-an-email"})
		})

		t.Run("unreadable form", func(t *testing.T) {
			b := newBrowser(t, s)
			for _, body := range []string{"email=%ff%fe&password=x", "email=a%00b&password=secret1", "email=%zz",
				"email=" + strings.Repeat("a", 100<<10) + "&password=secret1"} {
				req, _ := http.NewRequest("POST", s.URL+"/api/auth/login", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				res, err := b.HTTP.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/auth" {
					t.Errorf("%.40q: answer %d to %q, want 303 back to /auth", body, res.StatusCode, res.Header.Get("Location"))
				}
			}
		})
	})
}

// TestLoginFormSecondFactor: with a second factor due, the form post sets
// the challenge cookie as the JSON login does and goes back to /auth, where
// the SPA asks for the code; the code then finishes the login.
func TestLoginFormSecondFactor(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		b := newBrowser(t, s)
		a := b.Post("/api/auth/login", loginForm(e.email, e.password), nil)
		if a.Status != http.StatusSeeOther || a.Location != "/auth" {
			t.Fatalf("answer %d to %q, want 303 back to /auth", a.Status, a.Location)
		}
		wantFlash(t, a.Flash(t), map[string]string{"form": "login", "outcome": "second_step"})
		if c := a.Cookies[auth.ChallengeCookieName]; c == nil || !c.HttpOnly || c.Path != "/api/auth/login" {
			t.Fatalf("challenge cookie = %+v", c)
		}
		if a.Cookies[auth.CookieName] != nil {
			t.Fatal("a session before the code")
		}
		s.Clock.Advance(30 * time.Second) // the next code: enrolling spent this step's
		req, _ := http.NewRequest("POST", s.URL+"/api/auth/login/second-factor",
			strings.NewReader(`{"code":"`+codeAt(t, e.secret, s.Clock.Now())+`"}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := b.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || b.sessionEmail() != e.email {
			t.Fatalf("second step %d, signed in as %q", res.StatusCode, b.sessionEmail())
		}
	})
}

// TestLoginFormLimits: the form post counts against the login limits as the
// JSON login does, and shows their text.
func TestLoginFormLimits(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("limited@example.com", "limited-secret", auth.RoleUser)
		b := newBrowser(t, s)
		var last url.Values
		for range 6 {
			last = b.Post("/api/auth/login", loginForm("limited@example.com", "wrong-secret"), nil).Flash(t)
		}
		if last.Get("code") != "too_many_attempts" || !strings.HasPrefix(last.Get("message"), "Too many failed login attempts. Please try again in ") {
			t.Errorf("flash after the limit = %v", last)
		}
		// The JSON login is limited by the same count.
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "limited@example.com", "password": "limited-secret"}).
			Check(t, testutil.Want{Status: http.StatusTooManyRequests, Code: "too_many_attempts"})
	})
}

// TestFormPostFromAnotherSite: a form another site posts is refused before
// it signs anyone in (login cross-site request forgery).
func TestFormPostFromAnotherSite(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("victim@example.com", "victim-secret", auth.RoleUser)
		for _, path := range []string{"/api/auth/login", "/api/auth/signup"} {
			b := newBrowser(t, s)
			a := b.Post(path, loginForm("victim@example.com", "victim-secret"),
				map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"})
			if a.Status != http.StatusForbidden || len(a.Cookies) != 0 {
				t.Errorf("%s: answer %d with cookies %v, want 403 and none", path, a.Status, a.Cookies)
			}
		}
	})
}

// TestFormTargetsStayOnSite: whatever the posting page names as its
// webinar, the browser is sent to a path of this site; a Referer of another
// site is not followed.
func TestFormTargetsStayOnSite(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("stay@example.com", "stay-secret", auth.RoleUser)
		tests := []struct {
			name, referer, want string
		}{
			{"scheme", s.URL + "/auth?webinarId=https://evil.example", "/webinar/https:%2F%2Fevil.example/watch"},
			{"protocol-relative", s.URL + "/auth?webinarId=//evil.example", "/webinar/%2F%2Fevil.example/watch"},
			{"backslashes", s.URL + `/auth?webinarId=\\evil.example`, "/webinar/%5C%5Cevil.example/watch"},
			{"the Sign Up tab", s.URL + "/auth?tab=signup&webinarId=w-2", "/webinar/w-2/watch"},
			{"the /login alias", s.URL + "/login?webinarId=w-3", "/webinar/w-3/watch"},
			{"another site's address", "https://evil.example/auth?webinarId=w-2", "/"},
			{"another page of the site", s.URL + "/webinars?webinarId=w-2", "/"},
			{"none", "", "/"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				a := newBrowser(t, s).Post("/api/auth/login", loginForm("stay@example.com", "stay-secret"), map[string]string{"Referer": tt.referer})
				if a.Status != http.StatusSeeOther || a.Location != tt.want {
					t.Fatalf("answer %d to %q, want 303 to %q", a.Status, a.Location, tt.want)
				}
				if u, err := url.Parse(a.Location); err != nil || u.Host != "" || u.Scheme != "" || strings.HasPrefix(a.Location, "//") {
					t.Errorf("target %q leaves the site", a.Location)
				}
			})
		}
	})
}

func signUpForm(email string) url.Values {
	return url.Values{"email": {email}, "password": {"secret1"}, "confirmPassword": {"secret1"},
		"firstName": {"Ada"}, "lastName": {"Lovelace"}, "phoneNumber": {"630-555-0101"}, "ageConfirmed": {"on"}}
}

// TestSignUpForm: the sign-up form's native post creates the account (no
// session, as the JSON sign-up) and goes back to /auth, whose login tab
// then holds the address; refused, the flash carries the error and what was
// typed but the passwords.
func TestSignUpForm(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)

		b := newBrowser(t, s)
		a := b.Post("/api/auth/signup", signUpForm(" New@Example.com"), nil)
		if a.Status != http.StatusSeeOther || a.Location != "/auth" {
			t.Fatalf("answer %d to %q, want 303 to /auth (%s)", a.Status, a.Location, a.Body)
		}
		wantFlash(t, a.Flash(t), map[string]string{"form": "signup", "outcome": "signed_up", "email": "new@example.com"})
		if a.Cookies[auth.CookieName] != nil {
			t.Error("a sign-up signed in")
		}
		if got := newBrowser(t, s).Post("/api/auth/login", loginForm("new@example.com", "secret1"), nil).Flash(t); got.Get("outcome") != "signed_in" {
			t.Errorf("the new account's login: %v", got)
		}

		typed := map[string]string{"form": "signup", "outcome": "error", "firstName": "Ada", "lastName": "Lovelace",
			"phoneNumber": "630-555-0101", "ageConfirmed": "on"}
		tests := []struct {
			name                   string
			form                   url.Values
			code, field, message   string
			email, ageConfirmedOut string
		}{
			{"passwords differ", with2(signUpForm("ada@example.com"), "confirmPassword", "secret2"), "validation_failed", "confirmPassword", "Passwords don't match", "ada@example.com", "on"},
			{"age not confirmed", with2(signUpForm("ada@example.com"), "ageConfirmed", ""), "validation_failed", "ageConfirmed", "You must be 21 or older to sign up", "ada@example.com", ""},
			{"e-mail taken", signUpForm("NEW@example.com"), "email_taken", "email", "An account with this email already exists.", "NEW@example.com", "on"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				a := newBrowser(t, s).Post("/api/auth/signup", tt.form, map[string]string{"Referer": s.URL + "/auth?tab=signup&webinarId=w-1"})
				if a.Status != http.StatusSeeOther || a.Location != "/auth?tab=signup&webinarId=w-1" {
					t.Fatalf("answer %d to %q", a.Status, a.Location)
				}
				want := map[string]string{"code": tt.code, "field": tt.field, "message": tt.message, "email": tt.email}
				for k, v := range typed {
					want[k] = v
				}
				if tt.ageConfirmedOut == "" {
					delete(want, "ageConfirmed")
				}
				wantFlash(t, a.Flash(t), want)
			})
		}
	})
}

// with2 is form with key set to value ("" removes it).
func with2(form url.Values, key, value string) url.Values {
	if value == "" {
		form.Del(key)
	} else {
		form.Set(key, value)
	}
	return form
}
