package auth_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// t0 is where the factor tests set the fake clock: 10 s into a 30-second
// TOTP step, so a test's own few seconds stay in that step.
var t0 = time.Date(2027, 3, 1, 15, 0, 10, 0, time.UTC)

// codeAt is the authenticator app's code for secret at moment at.
func codeAt(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrolled is an account with its second factor on.
type enrolled struct {
	client   *testutil.Client
	email    string
	password string
	secret   string
	recovery []string
	id       string
}

// enrol signs in a new account of role and turns its second factor on
// through the API, at the clock's current moment.
func enrol(t *testing.T, s *testutil.Server, role string) enrolled {
	t.Helper()
	c, p := s.Login(role)
	var setup struct{ Secret, URI string }
	c.Do("POST", "/api/account/second-factor/setup", nil).JSON(t, &setup)
	if setup.Secret == "" || !strings.HasPrefix(setup.URI, "otpauth://totp/") || !strings.Contains(setup.URI, "secret="+setup.Secret) {
		t.Fatalf("setup = %+v", setup)
	}
	res := c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": codeAt(t, setup.Secret, s.Clock.Now())})
	res.Check(t, testutil.Want{Status: http.StatusOK})
	var body struct {
		RecoveryCodes []string `json:"recovery_codes"`
	}
	res.JSON(t, &body)
	return enrolled{client: c, email: p.Email, password: "password1", secret: setup.Secret, recovery: body.RecoveryCodes, id: p.ID}
}

// passwordStep posts the password from c and expects the second step.
func passwordStep(t *testing.T, c *testutil.Client, e enrolled) {
	t.Helper()
	res := c.Do("POST", "/api/auth/login", map[string]string{"email": e.email, "password": e.password})
	res.Check(t, testutil.Want{Status: http.StatusAccepted})
	if !strings.Contains(string(res.Body), `"second_factor_required":true`) {
		t.Fatalf("password step = %s", res.Body)
	}
}

func secondStep(c *testutil.Client, code string) testutil.Response {
	return c.Do("POST", "/api/auth/login/second-factor", map[string]string{"code": code})
}

func auditCount(t *testing.T, d *db.DB, action, target string) int {
	t.Helper()
	return testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = $1 AND target_id = $2`, action, target)
}

// Enrolment: a key (QR URI and secret), a wrong first code refused, the
// right one turns the factor on with 10 distinct recovery codes shown once,
// a notice e-mail and an audit entry by the account itself.
func TestSecondFactorEnrolment(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		c, p := s.Login(auth.RoleUser)
		var st struct {
			Enabled bool `json:"enabled"`
			Left    int  `json:"recovery_codes_left"`
		}
		c.Do("GET", "/api/account/second-factor", nil).JSON(t, &st)
		if st.Enabled {
			t.Fatal("a new account has a second factor")
		}
		c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": "123456"}).
			Check(t, testutil.Want{Status: http.StatusConflict, Code: "second_factor_not_started"})

		var setup struct{ Secret, URI string }
		c.Do("POST", "/api/account/second-factor/setup", nil).JSON(t, &setup)
		if !regexp.MustCompile(`^[A-Z2-7]{32}$`).MatchString(setup.Secret) {
			t.Errorf("secret %q, want 32 base32 characters (160 bits)", setup.Secret)
		}
		if !strings.HasPrefix(setup.URI, "otpauth://totp/") || !strings.Contains(setup.URI, "issuer=") {
			t.Errorf("uri %q", setup.URI)
		}
		wrong := "000000"
		if codeAt(t, setup.Secret, s.Clock.Now()) == wrong {
			wrong = "000001"
		}
		c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": wrong}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_code", Field: "code"})
		c.Do("GET", "/api/account/second-factor", nil).JSON(t, &st)
		if st.Enabled {
			t.Fatal("a wrong first code turned the factor on")
		}

		res := c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": codeAt(t, setup.Secret, s.Clock.Now())})
		res.Check(t, testutil.Want{Status: http.StatusOK})
		var body struct {
			RecoveryCodes []string `json:"recovery_codes"`
		}
		res.JSON(t, &body)
		seen := map[string]bool{}
		for _, code := range body.RecoveryCodes {
			if !regexp.MustCompile(`^[a-z2-9]{5}-[a-z2-9]{5}$`).MatchString(code) || seen[code] {
				t.Errorf("recovery code %q malformed or repeated", code)
			}
			seen[code] = true
		}
		if len(body.RecoveryCodes) != auth.RecoveryCodeCount {
			t.Errorf("%d recovery codes, want %d", len(body.RecoveryCodes), auth.RecoveryCodeCount)
		}
		var stored int
		if err := d.QueryRow(`SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND code_hash = $2`, p.ID,
			strings.ReplaceAll(body.RecoveryCodes[0], "-", "")).Scan(&stored); err != nil || stored != 0 {
			t.Errorf("a recovery code is stored in the clear (%d, %v)", stored, err)
		}
		c.Do("GET", "/api/account/second-factor", nil).JSON(t, &st)
		if !st.Enabled || st.Left != 10 {
			t.Errorf("status after enabling = %+v, want on with 10 codes", st)
		}
		c.Do("POST", "/api/account/second-factor/setup", nil).Check(t, testutil.Want{Status: http.StatusConflict, Code: "second_factor_enabled"})
		if !signedIn(t, c) {
			t.Error("enabling the factor ended the session it was enabled from")
		}
		mails := s.Mails(p.Email)
		if last := mails[len(mails)-1]; !strings.Contains(last.Subject, "Two-factor authentication is on") ||
			!strings.Contains(last.Text, "/dashboard?tab=security") {
			t.Errorf("notice %q:\n%s", last.Subject, last.Text)
		}
		var actor string
		if err := d.QueryRow(`SELECT actor_id FROM audit_log WHERE action = 'account.second_factor_enable' AND target_id = $1`, p.ID).
			Scan(&actor); err != nil || actor != p.ID {
			t.Errorf("audit entry actor %q (%v), want the account", actor, err)
		}
	})
}

// Login takes two steps once the factor is on: the password opens no
// session (202), the code does; without the challenge cookie, or after
// ChallengeTTL, the code alone is refused.
func TestLoginWithSecondStep(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleAdmin)
		s.Clock.Advance(2 * time.Minute)

		c := s.Client()
		passwordStep(t, c, e)
		if signedIn(t, c) {
			t.Fatal("the password alone opened a session")
		}
		c.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: http.StatusUnauthorized})
		// Another browser without the challenge cookie cannot finish it.
		secondStep(s.Client(), codeAt(t, e.secret, s.Clock.Now())).
			Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "login_expired"})
		res := secondStep(c, codeAt(t, e.secret, s.Clock.Now()))
		res.Check(t, testutil.Want{Status: http.StatusOK})
		if !strings.Contains(string(res.Body), e.email) || !signedIn(t, c) {
			t.Fatalf("second step = %s", res.Body)
		}
		c.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: http.StatusOK})
		// The challenge is spent with the login.
		secondStep(c, codeAt(t, e.secret, s.Clock.Now().Add(30*time.Second))).
			Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "login_expired"})

		late := s.Client()
		passwordStep(t, late, e)
		s.Clock.Advance(auth.ChallengeTTL + time.Second)
		secondStep(late, codeAt(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "login_expired"})
		if signedIn(t, late) {
			t.Error("an expired challenge opened a session")
		}
	})
}

// A code is never accepted twice: not the enrolment's code at login, not
// a login's code at the next login, even from another browser.
func TestReplayedCodeRefused(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		enrolCode := codeAt(t, e.secret, s.Clock.Now())

		c := s.Client()
		passwordStep(t, c, e)
		secondStep(c, enrolCode).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})

		s.Clock.Advance(30 * time.Second)
		code := codeAt(t, e.secret, s.Clock.Now())
		secondStep(c, code).Check(t, testutil.Want{Status: http.StatusOK})

		other := s.Client()
		passwordStep(t, other, e)
		secondStep(other, code).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})
		if signedIn(t, other) {
			t.Error("a replayed code opened a session")
		}
	})
}

// Clock drift: a code one step (30 s) either side of the server's time is
// accepted, two steps either side is refused.
func TestCodeDrift(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		s.Clock.Set(t0.Add(10 * time.Minute))
		now := s.Clock.Now()

		c := s.Client()
		passwordStep(t, c, e)
		for _, off := range []time.Duration{-60 * time.Second, 60 * time.Second} {
			secondStep(c, codeAt(t, e.secret, now.Add(off))).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})
		}
		secondStep(c, codeAt(t, e.secret, now.Add(-30*time.Second))).Check(t, testutil.Want{Status: http.StatusOK})

		c2 := s.Client()
		passwordStep(t, c2, e)
		secondStep(c2, codeAt(t, e.secret, now.Add(30*time.Second))).Check(t, testutil.Want{Status: http.StatusOK})
	})
}

// A recovery code signs in once (any case, with or without its hyphen),
// mails a notice and is audited; used again it is refused.
func TestRecoveryCodeWorksOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleStaff)

		c := s.Client()
		passwordStep(t, c, e)
		secondStep(c, strings.ToUpper(strings.ReplaceAll(e.recovery[3], "-", " "))).Check(t, testutil.Want{Status: http.StatusOK})
		mails := s.Mails(e.email)
		if last := mails[len(mails)-1]; !strings.Contains(last.Subject, "A recovery code was used") || !strings.Contains(last.Text, "you have 9 left") {
			t.Errorf("notice %q:\n%s", last.Subject, last.Text)
		}
		if n := auditCount(t, d, "account.recovery_code_use", e.id); n != 1 {
			t.Errorf("%d audit entries for the recovery code, want 1", n)
		}

		again := s.Client()
		passwordStep(t, again, e)
		secondStep(again, e.recovery[3]).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})
		secondStep(again, e.recovery[4]).Check(t, testutil.Want{Status: http.StatusOK})

		// New codes spend the old ones (the enrolment's code is spent: the next step's).
		s.Clock.Advance(30 * time.Second)
		res := again.Do("POST", "/api/account/second-factor/recovery-codes", map[string]string{"code": codeAt(t, e.secret, s.Clock.Now())})
		res.Check(t, testutil.Want{Status: http.StatusOK})
		var fresh struct {
			RecoveryCodes []string `json:"recovery_codes"`
		}
		res.JSON(t, &fresh)
		third := s.Client()
		passwordStep(t, third, e)
		secondStep(third, e.recovery[5]).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})
		secondStep(third, fresh.RecoveryCodes[0]).Check(t, testutil.Want{Status: http.StatusOK})
	})
}

// Wrong codes are throttled like passwords and share their limits: the
// fifth wrong code answers 429 with Retry-After, the right code is then
// refused too, and so is the account's password from that browser, until
// the window closes.
func TestWrongCodesThrottled(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		s.Clock.Advance(time.Minute)
		right := codeAt(t, e.secret, s.Clock.Now())
		wrong := "000000"
		if right == wrong {
			wrong = "000001"
		}

		c := e.client // the browser the account signed in on
		c.Do("POST", "/api/auth/logout", nil)
		passwordStep(t, c, e)
		for i := 1; i <= 4; i++ {
			secondStep(c, wrong).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})
		}
		res := secondStep(c, wrong)
		res.Check(t, testutil.Want{Status: http.StatusTooManyRequests, Code: "too_many_attempts"})
		checkRetryAfter(t, res.Header.Get("Retry-After"), 15*time.Minute)
		secondStep(c, right).Check(t, testutil.Want{Status: http.StatusTooManyRequests})
		c.Do("POST", "/api/auth/login", map[string]string{"email": e.email, "password": e.password}).
			Check(t, testutil.Want{Status: http.StatusTooManyRequests})
		if signedIn(t, c) {
			t.Fatal("signed in past the limit")
		}

		s.Clock.Advance(16 * time.Minute)
		passwordStep(t, c, e)
		secondStep(c, codeAt(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusOK})
	})
}

// Turning the factor off needs the password and a current code; then the
// password alone signs in again. A notice is mailed and audited.
func TestDisableSecondFactor(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		s.Clock.Advance(time.Minute)
		code := codeAt(t, e.secret, s.Clock.Now())
		e.client.Do("POST", "/api/account/second-factor/disable", map[string]string{"password": "wrong-password", "code": code}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_password", Field: "password"})
		e.client.Do("POST", "/api/account/second-factor/disable", map[string]string{"password": e.password}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_code", Field: "code"})
		e.client.Do("POST", "/api/account/second-factor/disable", map[string]string{"password": e.password, "code": code}).
			Check(t, testutil.Want{Status: http.StatusNoContent})
		mails := s.Mails(e.email)
		if last := mails[len(mails)-1]; !strings.Contains(last.Subject, "Two-factor authentication is off") {
			t.Errorf("notice %q", last.Subject)
		}
		if n := auditCount(t, d, "account.second_factor_disable", e.id); n != 1 {
			t.Errorf("%d audit entries for turning it off, want 1", n)
		}
		c := s.Client()
		c.Do("POST", "/api/auth/login", map[string]string{"email": e.email, "password": e.password}).Check(t, testutil.Want{Status: http.StatusOK})
	})
}

// The break-glass (watchwin user reset-2fa) removes the factor, ends the
// account's sessions, mails the owner and is audited without an actor.
func TestResetFactor(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleAdmin)
		if _, err := s.App.Auth.ResetFactor(t.Context(), strings.ToUpper(e.email)); err != nil {
			t.Fatal(err)
		}
		if signedIn(t, e.client) {
			t.Error("the account's session survived the reset")
		}
		var actor *string
		if err := d.QueryRow(`SELECT actor_id FROM audit_log WHERE action = 'account.second_factor_reset' AND target_id = $1`, e.id).
			Scan(&actor); err != nil || actor != nil {
			t.Errorf("audit entry actor %v (%v), want none", actor, err)
		}
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": e.email, "password": e.password}).
			Check(t, testutil.Want{Status: http.StatusOK})
		if _, err := s.App.Auth.ResetFactor(t.Context(), e.email); err == nil {
			t.Error("a second reset succeeded without a factor")
		}
	})
}
