package auth_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// A burst of parallel wrong guesses for one account gets no more password
// checks than the limit allows: the attempt is counted before the hash.
func TestLoginThrottleHoldsUnderBurst(t *testing.T) {
	trustLoopback(t)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		for _, tt := range []struct {
			name string
			xff  func(i int) string
		}{
			{"one address", func(int) string { return "198.51.100.7" }},
			{"fifty addresses", func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }},
		} {
			t.Run(tt.name, func(t *testing.T) {
				email := "burst-" + strings.ReplaceAll(tt.name, " ", "-") + "@example.com"
				s.CreateUser(email, "secret1", "user")
				before := auth.HashCount(s.App.Auth)
				results := burst(s, 50, "/api/auth/login", func(i int) any {
					return map[string]string{"email": email, "password": fmt.Sprintf("guess-%d", i)}
				}, tt.xff)
				hashed := auth.HashCount(s.App.Auth) - before
				if hashed < 1 || hashed > 5 {
					t.Errorf("%d guesses reached the password hash, want 1..5", hashed)
				}
				var refused int
				for i, r := range results {
					switch {
					case r.err != nil:
						t.Fatalf("request %d: %v", i, r.err)
					case r.status == http.StatusTooManyRequests:
						refused++
						if r.code != "too_many_attempts" {
							t.Errorf("429 code %q", r.code)
						}
						checkRetryAfter(t, r.retryAfter, 15*time.Minute)
					case r.status != http.StatusUnauthorized:
						t.Errorf("request %d = %d, want 401 or 429", i, r.status)
					}
				}
				if refused < 50-int(hashed) {
					t.Errorf("%d refused with 429, want at least %d (every guess that was not checked)", refused, 50-hashed)
				}
			})
		}
	})
}

// The throttle's window passes: after it the account may be tried again.
func TestLoginThrottleWindowResets(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("window@example.com", "secret1", "user")
		c := s.Client()
		for i := 1; i <= 5; i++ {
			loginFrom(c, "", "window@example.com", "guess-123")
		}
		res := loginFrom(c, "", "window@example.com", "secret1")
		res.Check(t, testutil.Want{Status: 429, Code: "too_many_attempts"})
		checkRetryAfter(t, res.Header.Get("Retry-After"), 15*time.Minute)

		s.Clock.Advance(14 * time.Minute)
		res = loginFrom(c, "", "window@example.com", "secret1")
		res.Check(t, testutil.Want{Status: 429, Message: "Too many failed login attempts. Please try again in 1 minute."})
		checkRetryAfter(t, res.Header.Get("Retry-After"), time.Minute)

		s.Clock.Advance(time.Minute)
		loginFrom(c, "", "window@example.com", "guess-123").Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})
		loginFrom(c, "", "window@example.com", "secret1").Check(t, testutil.Want{Status: 200})
	})
}

// Strangers' guesses slow guessing down but do not lock the owner out of a
// browser where the owner has signed in before (the device cookie).
func TestOwnerNotLockedOutByStrangers(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.CreateUser("victim@example.com", "secret1", "user")
		owner, stranger := s.Client(), s.Client()

		res := loginFrom(owner, "", "victim@example.com", "secret1")
		res.Check(t, testutil.Want{Status: 200})
		var device *http.Cookie
		for _, c := range res.Header.Values("Set-Cookie") {
			if strings.HasPrefix(c, auth.DeviceCookieName+"=") {
				device, _ = http.ParseSetCookie(c)
			}
		}
		if device == nil || !device.HttpOnly || device.Path != "/api/auth/login" || device.SameSite != http.SameSiteStrictMode || device.MaxAge <= 0 {
			t.Fatalf("device cookie = %+v, want HttpOnly, SameSite=Strict, Path=/api/auth/login, persistent", device)
		}
		if res := owner.Do("POST", "/api/auth/logout", nil); res.Status != 204 {
			t.Fatalf("logout = %d", res.Status)
		}

		for i := 1; i <= 5; i++ {
			loginFrom(stranger, "", "victim@example.com", "guess-123")
		}
		// The account is throttled for everyone without the owner's browser,
		// even with the right password...
		loginFrom(stranger, "", "victim@example.com", "secret1").Check(t, testutil.Want{Status: 429, Code: "too_many_attempts"})
		loginFrom(s.Client(), "", "victim@example.com", "secret1").Check(t, testutil.Want{Status: 429})
		// ...a forged device cookie does not help...
		forged := s.Client()
		req, _ := http.NewRequest("POST", "/api/auth/login", strings.NewReader(`{"email":"victim@example.com","password":"secret1"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", auth.DeviceCookieName+"=forged-token-value")
		forged.Send(req).Check(t, testutil.Want{Status: 429})
		// ...but the owner's browser still signs in.
		loginFrom(owner, "", "victim@example.com", "secret1").Check(t, testutil.Want{Status: 200})

		// The owner's browser has its own limit: guessing from it is throttled too.
		for i := 1; i <= 4; i++ {
			loginFrom(owner, "", "victim@example.com", "guess-456").Check(t, testutil.Want{Status: 401})
		}
		loginFrom(owner, "", "victim@example.com", "guess-456").Check(t, testutil.Want{Status: 429})
		loginFrom(owner, "", "victim@example.com", "secret1").Check(t, testutil.Want{Status: 429})
		s.Clock.Advance(15 * time.Minute)
		loginFrom(owner, "", "victim@example.com", "secret1").Check(t, testutil.Want{Status: 200})

		// The browser is known to this account only.
		s.CreateUser("other@example.com", "secret1", "user")
		for i := 1; i <= 5; i++ {
			loginFrom(stranger, "", "other@example.com", "guess-123")
		}
		loginFrom(owner, "", "other@example.com", "secret1").Check(t, testutil.Want{Status: 429})
	})
}

// A successful login gives its attempt back: a user who mistypes and then
// gets it right does not carry the failures' count toward the limit twice.
func TestSuccessfulLoginDoesNotCount(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	s.CreateUser("steady@example.com", "secret1", "user")
	for i := 0; i < 30; i++ { // more than the address limit of 20
		loginFrom(s.Client(), "", "steady@example.com", "secret1").Check(t, testutil.Want{Status: 200})
	}
	c := s.Client()
	for i := 1; i <= 4; i++ {
		loginFrom(c, "", "steady@example.com", "typo-123").Check(t, testutil.Want{Status: 401})
	}
	loginFrom(c, "", "steady@example.com", "secret1").Check(t, testutil.Want{Status: 200})
	loginFrom(s.Client(), "", "steady@example.com", "typo-123").Check(t, testutil.Want{Status: 429})
}

// The address limit counts the client behind a trusted proxy, and a spoofed
// X-Forwarded-For from a peer that is not trusted is ignored.
func TestLoginThrottlePerAddressBehindProxy(t *testing.T) {
	spray := func(c *testutil.Client, xff string) testutil.Response {
		var res testutil.Response
		for i := range 20 { // a different account each time: only the address limit can trip
			res = loginFrom(c, xff, fmt.Sprintf("spray-%d@example.com", i), "guess-123")
		}
		return res
	}
	t.Run("trusted proxy", func(t *testing.T) {
		trustLoopback(t)
		s := testutil.NewServer(t, db.SQLite)
		c := s.Client()
		spray(c, "192.0.2.10").Check(t, testutil.Want{Status: 429})
		loginFrom(c, "192.0.2.10", "fresh@example.com", "guess-123").Check(t, testutil.Want{Status: 429})
		// Another client behind the same proxy is not throttled by it.
		loginFrom(c, "192.0.2.11", "fresh@example.com", "guess-123").Check(t, testutil.Want{Status: 401})
		// A client cannot escape by prefixing a forged hop: the proxy's own
		// entry (the right-most untrusted one) is what counts.
		loginFrom(c, "10.9.9.9, 192.0.2.10", "fresh@example.com", "guess-123").Check(t, testutil.Want{Status: 429})
	})
	t.Run("untrusted peer", func(t *testing.T) {
		t.Setenv("WATCHWIN_TRUSTED_PROXIES", "")
		s := testutil.NewServer(t, db.SQLite)
		c := s.Client()
		spray(c, "192.0.2.10").Check(t, testutil.Want{Status: 429})
		// The header is the client's own claim: a new value changes nothing.
		loginFrom(c, "192.0.2.11", "fresh@example.com", "guess-123").Check(t, testutil.Want{Status: 429})
		loginFrom(c, "", "fresh@example.com", "guess-123").Check(t, testutil.Want{Status: 429})
	})
}

func TestSignUpThrottle(t *testing.T) {
	trustLoopback(t)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		signUp := func(xff, email string) testutil.Response {
			b, _ := json.Marshal(validSignUp(email))
			req, _ := http.NewRequest("POST", "/api/auth/signup", bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", xff)
			return s.Client().Send(req)
		}
		signUp("192.0.2.20", "taken@example.com").Check(t, testutil.Want{Status: 201})
		for i := 2; i <= 10; i++ { // probing taken e-mails and creating accounts both count
			if i%2 == 0 {
				signUp("192.0.2.20", "taken@example.com").Check(t, testutil.Want{Status: 409, Code: "email_taken", Field: "email", Message: "An account with this email already exists."})
			} else {
				signUp("192.0.2.20", fmt.Sprintf("new-%d@example.com", i)).Check(t, testutil.Want{Status: 201})
			}
		}
		res := signUp("192.0.2.20", "taken@example.com")
		res.Check(t, testutil.Want{Status: 429, Code: "too_many_attempts", Message: "Too many sign-up attempts. Please try again in 15 minutes."})
		checkRetryAfter(t, res.Header.Get("Retry-After"), 15*time.Minute)
		signUp("192.0.2.20", "brand-new@example.com").Check(t, testutil.Want{Status: 429})
		// Input errors are answered without counting (and without a hash).
		bad := validSignUp("x@example.com")
		bad["confirmPassword"] = "other1"
		s.Client().Do("POST", "/api/auth/signup", bad).Check(t, testutil.Want{Status: 400, Field: "confirmPassword"})
		// Another address is not affected; the window passes.
		signUp("192.0.2.21", "taken@example.com").Check(t, testutil.Want{Status: 409})
		s.Clock.Advance(15 * time.Minute)
		signUp("192.0.2.20", "brand-new@example.com").Check(t, testutil.Want{Status: 201})

		// A parallel burst from one address hashes no more than the limit.
		before := auth.HashCount(s.App.Auth)
		results := burst(s, 30, "/api/auth/signup", func(i int) any { return validSignUp(fmt.Sprintf("b%d@example.com", i)) },
			func(int) string { return "192.0.2.30" })
		if hashed := auth.HashCount(s.App.Auth) - before; hashed > 10 {
			t.Errorf("%d sign-ups of a burst were hashed, want at most 10", hashed)
		}
		var created int
		for _, r := range results {
			switch {
			case r.err != nil:
				t.Fatal(r.err)
			case r.status == 201:
				created++
			case r.status != 429:
				t.Errorf("burst sign-up = %d, want 201 or 429", r.status)
			}
		}
		if created != 10 {
			t.Errorf("%d sign-ups of a burst of 30 created accounts, want 10", created)
		}
	})
}
