package auth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/setting"
	"watchwin/internal/testutil"
)

var (
	resetLink   = regexp.MustCompile(`https?://[^\s"]+/auth/reset-password\?token=([A-Za-z0-9_-]{43})`)
	confirmLink = regexp.MustCompile(`https?://[^\s"]+/auth/confirm-email\?token=([A-Za-z0-9_-]{43})`)
)

// tokensIn returns the tokens of the links matching link in the mails'
// text, oldest mail first, failing unless the HTML part has the same link.
func tokensIn(t *testing.T, mails []mail.Message, link *regexp.Regexp) []string {
	t.Helper()
	var out []string
	for _, m := range mails {
		if got := link.FindStringSubmatch(m.Text); got != nil {
			if !strings.Contains(m.HTML, `href="`+got[0]+`"`) {
				t.Errorf("HTML part of %q lacks the link %s", m.Subject, got[0])
			}
			out = append(out, got[1])
		}
	}
	return out
}

func toJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func signUp(t *testing.T, s *testutil.Server, email, password string) {
	t.Helper()
	s.Client().Do("POST", "/api/auth/signup", map[string]any{
		"email": email, "password": password, "confirmPassword": password, "firstName": "Riley",
		"lastName": "Reader", "phoneNumber": "630-555-0100", "ageConfirmed": true,
	}).Check(t, testutil.Want{Status: http.StatusCreated})
}

func login(c *testutil.Client, email, password string) testutil.Response {
	return c.Do("POST", "/api/auth/login", map[string]string{"email": email, "password": password})
}

// TestPasswordReset: a forgotten password comes back through the mailed
// link, once, within the hour; setting it ends every session and spends
// every other reset link of the account.
func TestPasswordReset(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		const email = "riley@example.com"
		signUp(t, s, email, "old-secret")
		laptop, phone := s.Client(), s.Client()
		login(laptop, email, "old-secret").Check(t, testutil.Want{Status: 200})
		login(phone, email, "old-secret").Check(t, testutil.Want{Status: 200})

		anon := s.Client()
		res := anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": " Riley@Example.com "})
		if res.Status != http.StatusAccepted || string(res.Body) != `{"ok":true}`+"\n" {
			t.Fatalf("forgot: %d %q", res.Status, res.Body)
		}
		s.Clock.Advance(time.Second)
		anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": email}).Check(t, testutil.Want{Status: 202})
		tokens := tokensIn(t, s.Mails(email), resetLink)
		if len(tokens) != 2 || tokens[0] == tokens[1] {
			t.Fatalf("reset tokens %q, want two different ones", tokens)
		}
		first, second := tokens[0], tokens[1]

		reset := func(token, password, confirm string) testutil.Response {
			return anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": password, "confirm_password": confirm})
		}
		const invalid = "This link is invalid or has expired. Please request a new one."
		reset(second, "new-secret", "new-secreT").Check(t, testutil.Want{Status: 400, Field: "confirm_password", Message: "Passwords don't match"})
		reset(second, "short", "short").Check(t, testutil.Want{Status: 400, Field: "password", Message: "Password must be at least 6 characters"})
		reset("not-a-token", "new-secret", "new-secret").Check(t, testutil.Want{Status: 400, Code: "invalid_token", Field: "token", Message: invalid})
		reset("", "new-secret", "new-secret").Check(t, testutil.Want{Status: 400, Code: "invalid_token", Field: "token", Message: invalid})

		res = reset(second, "new-secret", "new-secret")
		if res.Status != 200 || string(res.Body) != `{"ok":true}`+"\n" {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		if signedIn(t, laptop) || signedIn(t, phone) {
			t.Error("a session of the account survived the password reset")
		}
		reset(second, "other-secret", "other-secret").Check(t, testutil.Want{Status: 400, Code: "invalid_token", Message: invalid})
		reset(first, "other-secret", "other-secret").Check(t, testutil.Want{Status: 400, Code: "invalid_token", Message: invalid})
		login(s.Client(), email, "old-secret").Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})
		login(laptop, email, "new-secret").Check(t, testutil.Want{Status: 200})

		// A link lasts an hour.
		anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": email}).Check(t, testutil.Want{Status: 202})
		tokens = tokensIn(t, s.Mails(email), resetLink)
		late := tokens[len(tokens)-1]
		s.Clock.Advance(auth.ResetTokenTTL + time.Second)
		reset(late, "late-secret", "late-secret").Check(t, testutil.Want{Status: 400, Code: "invalid_token"})
		login(s.Client(), email, "new-secret").Check(t, testutil.Want{Status: 200})

		// Malformed addresses are refused; unknown ones get no mail.
		anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "nobody"}).
			Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: "email", Message: "Please enter a valid email address"})
		anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "nobody@example.com"}).Check(t, testutil.Want{Status: 202})
		if m := s.Mails("nobody@example.com"); len(m) != 0 {
			t.Errorf("%d mails to an address without an account", len(m))
		}
	})
}

// TestEmailConfirmation: with WATCHWIN_REQUIRE_EMAIL_CONFIRMATION a new
// account signs in only after following the link of its sign-up mail (or a
// resent one); a wrong password still gets the usual answer.
func TestEmailConfirmation(t *testing.T) {
	t.Setenv("WATCHWIN_REQUIRE_EMAIL_CONFIRMATION", "true")
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		var cfg struct {
			Require bool `json:"require_email_confirmation"`
		}
		s.Client().Do("GET", "/api/config", nil).JSON(t, &cfg)
		if !cfg.Require {
			t.Error("/api/config: require_email_confirmation is not true")
		}
		const email = "casey@example.com"
		signUp(t, s, email, "casey-secret")
		c := s.Client()
		login(c, email, "wrong-secret").Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})
		login(c, email, "casey-secret").Check(t, testutil.Want{Status: 403, Code: "email_not_confirmed",
			Message: "Please confirm your email address before logging in. We can send the link again."})
		if signedIn(t, c) {
			t.Fatal("an unconfirmed account got a session")
		}

		s.Clock.Advance(time.Second)
		c.Do("POST", "/api/auth/email/resend", map[string]string{"email": email}).Check(t, testutil.Want{Status: 202})
		mails := s.Mails(email)
		tokens := tokensIn(t, mails, confirmLink)
		if len(tokens) != 2 || mails[0].Subject != "Confirm your email address for WatchWin" {
			t.Fatalf("confirmation mails %q (tokens %q), want the sign-up one and the resent one", mails, tokens)
		}
		const invalid = "This confirmation link is invalid or has expired."
		c.Do("POST", "/api/auth/email/confirm", map[string]string{"token": "forged"}).
			Check(t, testutil.Want{Status: 400, Code: "invalid_token", Field: "token", Message: invalid})
		res := c.Do("POST", "/api/auth/email/confirm", map[string]string{"token": tokens[1]})
		if res.Status != 200 || string(res.Body) != `{"ok":true}`+"\n" {
			t.Fatalf("confirm: %d %s", res.Status, res.Body)
		}
		c.Do("POST", "/api/auth/email/confirm", map[string]string{"token": tokens[1]}).Check(t, testutil.Want{Status: 400, Code: "invalid_token", Message: invalid})
		c.Do("POST", "/api/auth/email/confirm", map[string]string{"token": tokens[0]}).Check(t, testutil.Want{Status: 400, Code: "invalid_token"})
		login(c, email, "casey-secret").Check(t, testutil.Want{Status: 200})

		// A confirmed account is sent no more confirmation links.
		c.Do("POST", "/api/auth/email/resend", map[string]string{"email": email}).Check(t, testutil.Want{Status: 202})
		if n := len(s.Mails(email)); n != 2 {
			t.Errorf("%d mails after a resend for a confirmed address, want still 2", n)
		}

		// A link lasts 48 hours.
		const late = "late@example.com"
		signUp(t, s, late, "late-secret")
		tokens = tokensIn(t, s.Mails(late), confirmLink)
		s.Clock.Advance(auth.ConfirmTokenTTL + time.Second)
		c.Do("POST", "/api/auth/email/confirm", map[string]string{"token": tokens[0]}).Check(t, testutil.Want{Status: 400, Code: "invalid_token"})
		login(s.Client(), late, "late-secret").Check(t, testutil.Want{Status: 403, Code: "email_not_confirmed"})

		// Following a reset link proves the address too.
		c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": late}).Check(t, testutil.Want{Status: 202})
		tokens = tokensIn(t, s.Mails(late), resetLink)
		c.Do("POST", "/api/auth/password/reset", map[string]string{"token": tokens[0], "password": "late-secret2", "confirm_password": "late-secret2"}).
			Check(t, testutil.Want{Status: 200})
		login(s.Client(), late, "late-secret2").Check(t, testutil.Want{Status: 200})

		// Accounts made by `watchwin user add` (and the demo) count as confirmed.
		admin := s.CreateUser("boss@example.com", "boss-secret", auth.RoleAdmin)
		login(s.Client(), admin.Email, "boss-secret").Check(t, testutil.Want{Status: 200})
	})
}

// TestConfirmationOptional: by default login does not wait for the
// address, but sign-up still mails the link, signed with the site's title
// and contact e-mail from the settings.
func TestConfirmationOptional(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	if _, err := s.App.Settings.SaveGeneral(context.Background(), setting.Site{SiteTitle: "Naperville Gear",
		ContactEmail: "help@gear.example", StoreAddress: "1 Main St, Naperville, IL", StorePhone: "(630) 555-0199"}); err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	s.Client().Do("GET", "/api/config", nil).JSON(t, &cfg)
	if cfg["require_email_confirmation"] != false {
		t.Errorf("/api/config require_email_confirmation = %v, want false", cfg["require_email_confirmation"])
	}
	signUp(t, s, "dana@example.com", "dana-secret")
	mails := s.Mails("dana@example.com")
	if tokens := tokensIn(t, mails, confirmLink); len(tokens) != 1 {
		t.Fatalf("sign-up queued %d confirmation links, want 1", len(tokens))
	}
	if m := mails[0]; m.Subject != "Confirm your email address for Naperville Gear" ||
		!strings.Contains(m.Text, "Questions? Write to help@gear.example.") || !strings.Contains(m.HTML, "mailto:help@gear.example") {
		t.Errorf("the mail does not carry the site settings: %q\n%s", m.Subject, m.Text)
	}
	login(s.Client(), "dana@example.com", "dana-secret").Check(t, testutil.Want{Status: 200})
}

// TestAccountMailNoEnumeration: forgot-password and resend answer an
// address with an account exactly as one without.
func TestAccountMailNoEnumeration(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	signUp(t, s, "known@example.com", "known-secret")
	for _, path := range []string{"/api/auth/password/forgot", "/api/auth/email/resend"} {
		known := s.Client().Do("POST", path, map[string]string{"email": "known@example.com"})
		unknown := s.Client().Do("POST", path, map[string]string{"email": "unknown@example.com"})
		if known.Status != unknown.Status || !bytes.Equal(known.Body, unknown.Body) {
			t.Errorf("%s: known %d %q, unknown %d %q", path, known.Status, known.Body, unknown.Status, unknown.Body)
		}
		for _, h := range []string{"Content-Type", "Content-Length", "Set-Cookie", "Retry-After"} {
			if known.Header.Get(h) != unknown.Header.Get(h) {
				t.Errorf("%s: header %s %q vs %q", path, h, known.Header.Get(h), unknown.Header.Get(h))
			}
		}
	}
	if n := len(s.Mails("known@example.com")); n != 3 {
		t.Errorf("%d mails to the known address, want sign-up + reset + resend = 3", n)
	}
}

// TestAccountMailThrottle: the link requests are limited per e-mail and per
// client address, reset attempts per address (429 with Retry-After).
func TestAccountMailThrottle(t *testing.T) {
	trustLoopback(t)
	s := testutil.NewServer(t, db.SQLite)
	from := func(xff, path string, body any) testutil.Response {
		req, _ := http.NewRequest("POST", path, strings.NewReader(toJSON(t, body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", xff)
		return s.Client().Send(req)
	}
	for _, path := range []string{"/api/auth/password/forgot", "/api/auth/email/resend"} {
		// Per e-mail: 5, from any addresses.
		for i := range 5 {
			from("198.51.100."+strconv.Itoa(i+1), path, map[string]string{"email": "victim@example.com"}).Check(t, testutil.Want{Status: 202})
		}
		res := from("198.51.100.99", path, map[string]string{"email": "victim@example.com"})
		res.Check(t, testutil.Want{Status: 429, Code: "too_many_attempts", Message: "Too many requests. Please try again in 15 minutes."})
		checkRetryAfter(t, res.Header.Get("Retry-After"), 15*time.Minute)
		// Per address: 20, for any e-mails.
		for i := range 20 {
			from("203.0.113.7", path, map[string]string{"email": "user" + strconv.Itoa(i) + "@example.com"}).Check(t, testutil.Want{Status: 202})
		}
		from("203.0.113.7", path, map[string]string{"email": "one-more@example.com"}).Check(t, testutil.Want{Status: 429, Code: "too_many_attempts"})
	}
	for range 20 {
		from("192.0.2.1", "/api/auth/password/reset", map[string]string{"token": "guess", "password": "secret1", "confirm_password": "secret1"}).
			Check(t, testutil.Want{Status: 400, Code: "invalid_token"})
	}
	res := from("192.0.2.1", "/api/auth/password/reset", map[string]string{"token": "guess", "password": "secret1", "confirm_password": "secret1"})
	res.Check(t, testutil.Want{Status: 429, Code: "too_many_attempts"})
	checkRetryAfter(t, res.Header.Get("Retry-After"), 15*time.Minute)
	// The window closes.
	s.Clock.Advance(15*time.Minute + time.Second)
	from("192.0.2.1", "/api/auth/password/reset", map[string]string{"token": "guess", "password": "secret1", "confirm_password": "secret1"}).
		Check(t, testutil.Want{Status: 400, Code: "invalid_token"})
}

// TestResetTokenOnceUnderRace: of several requests sent at once with one
// reset link, exactly one sets the password.
func TestResetTokenOnceUnderRace(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		const email = "racer@example.com"
		signUp(t, s, email, "racer-secret")
		s.Client().Do("POST", "/api/auth/password/forgot", map[string]string{"email": email}).Check(t, testutil.Want{Status: 202})
		token := tokensIn(t, s.Mails(email), resetLink)[0]
		results := burst(s, 8, "/api/auth/password/reset", func(i int) any {
			p := "new-secret-" + strconv.Itoa(i)
			return map[string]string{"token": token, "password": p, "confirm_password": p}
		}, func(int) string { return "" })
		won := -1
		for i, r := range results {
			switch {
			case r.err != nil:
				t.Fatal(r.err)
			case r.status == 200 && won < 0:
				won = i
			case r.status == 400 && r.code == "invalid_token":
			default:
				t.Errorf("request %d: %d %s", i, r.status, r.code)
			}
		}
		if won < 0 {
			t.Fatal("no request set the password")
		}
		login(s.Client(), email, "new-secret-"+strconv.Itoa(won)).Check(t, testutil.Want{Status: 200})
	})
}

// BenchmarkForgotPassword compares the answer time of forgot-password for
// an address with an account and one without: they match within the
// noise, since the lookup and the e-mail happen after the answer and are
// the same work either way (go test -bench Forgot -count 5 ./internal/auth;
// compare the two ns/op).
func BenchmarkForgotPassword(b *testing.B) {
	s := testutil.NewServer(b, db.SQLite)
	s.CreateUser("known@example.com", "known-secret", auth.RoleUser)
	// Warm up (connections, caches), so neither case pays for being first.
	for i := range 20 {
		s.Client().Do("POST", "/api/auth/password/forgot", map[string]string{"email": "warm" + strconv.Itoa(i) + "@example.com"})
	}
	s.App.Auth.Wait()
	s.Clock.Advance(16 * time.Minute)
	for _, email := range []string{"unknown@example.com", "known@example.com"} {
		b.Run(strings.Split(email, "@")[0], func(b *testing.B) {
			c := s.Client()
			body := map[string]string{"email": email}
			n := 0
			for b.Loop() {
				if n++; n%5 == 0 {
					b.StopTimer()
					s.Clock.Advance(16 * time.Minute) // a new throttle window
					b.StartTimer()
				}
				if res := c.Do("POST", "/api/auth/password/forgot", body); res.Status != http.StatusAccepted {
					b.Fatalf("%d %s", res.Status, res.Body)
				}
				b.StopTimer()
				s.App.Auth.Wait() // the work after the answer is not the answer's time
				b.StartTimer()
			}
			b.StopTimer()
			s.App.Auth.Wait()
		})
	}
}
