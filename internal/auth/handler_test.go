package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

func validSignUp(email string) map[string]any {
	return map[string]any{
		"email": email, "password": "secret1", "confirmPassword": "secret1",
		"firstName": "Ada", "lastName": "Lovelace", "phoneNumber": "630-555-0101", "ageConfirmed": true,
	}
}

func with(body map[string]any, key string, value any) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		out[k] = v
	}
	if value == nil {
		delete(out, key)
	} else {
		out[key] = value
	}
	return out
}

func TestSignUpValidation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		base := validSignUp("new@example.com")
		tests := []struct {
			name    string
			body    any
			status  int
			code    string
			field   string
			message string
		}{
			{"bad email", with(base, "email", "not-an-email"), 400, "validation_failed", "email", "Please enter a valid email address"},
			{"short password", with(with(base, "password", "12345"), "confirmPassword", "12345"), 400, "validation_failed", "password", "Password must be at least 6 characters"},
			{"short confirm", with(base, "confirmPassword", "123"), 400, "validation_failed", "confirmPassword", "Password must be at least 6 characters"},
			{"passwords differ", with(base, "confirmPassword", "secret2"), 400, "validation_failed", "confirmPassword", "Passwords don't match"},
			{"no first name", with(base, "firstName", "  "), 400, "validation_failed", "firstName", "First name is required"},
			{"no last name", with(base, "lastName", ""), 400, "validation_failed", "lastName", "Last name is required"},
			{"short phone", with(base, "phoneNumber", "12345"), 400, "validation_failed", "phoneNumber", "Phone number is required"},
			{"age not confirmed", with(base, "ageConfirmed", false), 400, "validation_failed", "ageConfirmed", "You must be 21 or older to sign up"},
			{"unknown field", with(base, "role", "admin"), 400, "unknown_field", "role", ""},
			{"wrong type", with(base, "ageConfirmed", "yes"), 400, "validation_failed", "ageConfirmed", ""},
			{"malformed json", `{"email": `, 400, "bad_request", "", ""},
			{"two objects", `{} {}`, 400, "bad_request", "", ""},
			{"empty body", ``, 400, "bad_request", "", ""},
			{"too large", `{"email":"` + strings.Repeat("a", 2<<20) + `"}`, 413, "body_too_large", "", ""},
			{"ok", base, 201, "", "", ""},
			{"duplicate email, other case", with(base, "email", " NEW@Example.com "), 409, "email_taken", "email", "An account with this email already exists."},
		}
		c := s.Client()
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := c.Do("POST", "/api/auth/signup", tt.body)
				if res.Status != tt.status {
					t.Fatalf("status = %d, want %d (%s)", res.Status, tt.status, res.Body)
				}
				if got := res.ErrorCode(); got != tt.code {
					t.Errorf("code = %q, want %q", got, tt.code)
				}
				if got := res.ErrorField(); got != tt.field {
					t.Errorf("field = %q, want %q", got, tt.field)
				}
				if tt.message != "" && res.ErrorMessage() != tt.message {
					t.Errorf("message = %q, want %q", res.ErrorMessage(), tt.message)
				}
			})
		}
		// Nothing half-written: only the one good sign-up exists, and as a user.
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM profiles`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("profiles = %d (%v), want 1", n, err)
		}
		var role, email string
		_ = d.QueryRow(`SELECT role, email FROM profiles`).Scan(&role, &email)
		if role != "user" || email != "new@example.com" {
			t.Errorf("stored role %q email %q, want user new@example.com", role, email)
		}
	})
}

type sessionBody struct {
	User *struct {
		ID    string `json:"id"`
		Email string `json:"email"`
	} `json:"user"`
	Profile *struct {
		ID          string `json:"id"`
		Email       string `json:"email"`
		Role        string `json:"role"`
		FirstName   string `json:"firstName"`
		LastName    string `json:"lastName"`
		PhoneNumber string `json:"phoneNumber"`
	} `json:"profile"`
}

func TestSignUpLoginSessionLogout(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c := s.Client()

		var before sessionBody
		res := c.Do("GET", "/api/auth/session", nil)
		res.JSON(t, &before)
		if res.Status != 200 || before.User != nil || before.Profile != nil {
			t.Fatalf("signed-out session = %d %s, want 200 with nulls", res.Status, res.Body)
		}

		if res := c.Do("POST", "/api/auth/signup", validSignUp("ada@example.com")); res.Status != 201 {
			t.Fatalf("signup = %d %s", res.Status, res.Body)
		}
		// Sign-up does not log in.
		c.Do("GET", "/api/auth/session", nil).JSON(t, &before)
		if before.User != nil {
			t.Fatal("sign-up logged the visitor in; docs/product.md#log-in-and-sign-up-auth sends them to the login tab")
		}

		res = c.Do("POST", "/api/auth/login", map[string]string{"email": "Ada@Example.com", "password": "secret1"})
		if res.Status != 200 {
			t.Fatalf("login = %d %s", res.Status, res.Body)
		}
		cookie := res.Header.Get("Set-Cookie")
		for _, want := range []string{"watchwin_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
			if !strings.Contains(cookie, want) {
				t.Errorf("Set-Cookie %q lacks %q", cookie, want)
			}
		}

		var after sessionBody
		c.Do("GET", "/api/auth/session", nil).JSON(t, &after)
		if after.User == nil || after.Profile == nil {
			t.Fatal("session after login has no user")
		}
		p := after.Profile
		if p.Email != "ada@example.com" || p.Role != "user" || p.FirstName != "Ada" || p.LastName != "Lovelace" || p.PhoneNumber != "630-555-0101" {
			t.Errorf("profile = %+v", *p)
		}

		// The database keeps only a hash of the token.
		token := strings.TrimPrefix(strings.Split(cookie, ";")[0], "watchwin_session=")
		var stored int
		_ = d.QueryRow(`SELECT count(*) FROM sessions WHERE token_hash = $1`, token).Scan(&stored)
		if stored != 0 {
			t.Error("the raw session token is stored in the database")
		}

		if res := c.Do("POST", "/api/auth/logout", nil); res.Status != 204 {
			t.Fatalf("logout = %d", res.Status)
		}
		c.Do("GET", "/api/auth/session", nil).JSON(t, &after)
		if after.User != nil {
			t.Error("still signed in after logout")
		}
		var sessions int
		_ = d.QueryRow(`SELECT count(*) FROM sessions`).Scan(&sessions)
		if sessions != 0 {
			t.Errorf("sessions after logout = %d, want 0", sessions)
		}

		// A replayed cookie from before logout is worthless.
		replay := s.Client()
		req, _ := http.NewRequest("GET", "/api/auth/session", nil)
		req.Header.Set("Cookie", "watchwin_session="+token)
		replay.Send(req).JSON(t, &after)
		if after.User != nil {
			t.Error("old session token still works after logout")
		}
	})
}

func TestLoginErrors(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	s.CreateUser("known@example.com", "secret1", "user")
	tests := []struct {
		name   string
		body   any
		status int
		code   string
		field  string
	}{
		{"bad email", map[string]string{"email": "x", "password": "secret1"}, 400, "validation_failed", "email"},
		{"short password", map[string]string{"email": "known@example.com", "password": "123"}, 400, "validation_failed", "password"},
		{"unknown account", map[string]string{"email": "nobody@example.com", "password": "secret1"}, 401, "invalid_credentials", ""},
		{"wrong password", map[string]string{"email": "known@example.com", "password": "wrong-one"}, 401, "invalid_credentials", ""},
		{"unknown field", map[string]any{"email": "known@example.com", "password": "secret1", "remember": true}, 400, "unknown_field", "remember"},
		{"array body", `[]`, 400, "bad_request", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := s.Client().Do("POST", "/api/auth/login", tt.body)
			if res.Status != tt.status || res.ErrorCode() != tt.code || res.ErrorField() != tt.field {
				t.Errorf("got %d %q %q, want %d %q %q (%s)", res.Status, res.ErrorCode(), res.ErrorField(), tt.status, tt.code, tt.field, res.Body)
			}
		})
	}
	// Unknown account and wrong password read the same.
	a := s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "nobody@example.com", "password": "secret1"})
	b := s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "known@example.com", "password": "secret9"})
	if a.ErrorMessage() != b.ErrorMessage() {
		t.Errorf("messages differ: %q vs %q: they reveal which accounts exist", a.ErrorMessage(), b.ErrorMessage())
	}
}

func TestLoginThrottling(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("target@example.com", "secret1", "user")
		c := s.Client()
		wrong := map[string]string{"email": "target@example.com", "password": "guess-123"}
		for i := 1; i <= 4; i++ {
			if res := c.Do("POST", "/api/auth/login", wrong); res.Status != 401 {
				t.Fatalf("attempt %d = %d, want 401", i, res.Status)
			}
		}
		res := c.Do("POST", "/api/auth/login", wrong)
		if res.Status != 429 || res.ErrorCode() != "too_many_attempts" {
			t.Fatalf("5th failure = %d %s, want 429", res.Status, res.Body)
		}
		if !strings.Contains(res.ErrorMessage(), "Please try again in 15 minutes") {
			t.Errorf("message %q does not say when to retry", res.ErrorMessage())
		}
		// Even the right password is refused while the account is throttled,
		// from a browser where it has not signed in before (the owner's own
		// browser is not: TestOwnerNotLockedOutByStrangers).
		res = c.Do("POST", "/api/auth/login", map[string]string{"email": "target@example.com", "password": "secret1"})
		if res.Status != 429 {
			t.Fatalf("right password while locked = %d, want 429", res.Status)
		}
		// Other accounts are not locked by it.
		s.CreateUser("other@example.com", "secret1", "user")
		if res := c.Do("POST", "/api/auth/login", map[string]string{"email": "other@example.com", "password": "secret1"}); res.Status != 200 {
			t.Fatalf("other account = %d, want 200", res.Status)
		}
	})
}

func TestLoginThrottlingPerAddress(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	var last int
	for i := 0; i < 20; i++ {
		// A different account each time: only the address limit can trip.
		last = c.Do("POST", "/api/auth/login", map[string]string{"email": "spray" + string(rune('a'+i)) + "@example.com", "password": "guess-123"}).Status
	}
	if last != 429 {
		t.Fatalf("20th failure from one address = %d, want 429", last)
	}
}

func TestCrossOriginWritesRefused(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	req, _ := http.NewRequest("POST", "/api/auth/signup", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res := c.Send(req)
	if res.Status != 403 || res.ErrorCode() != "forbidden" {
		t.Fatalf("cross-site POST = %d %s, want 403 forbidden", res.Status, res.Body)
	}
	// Same-origin browser requests pass.
	req, _ = http.NewRequest("POST", "/api/auth/logout", nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if res := c.Send(req); res.Status != 204 {
		t.Fatalf("same-origin POST = %d, want 204", res.Status)
	}
}
