package auth_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// wrongCode is a code other than the app's current one for secret.
func wrongCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	if codeAt(t, secret, at) == "000000" {
		return "000001"
	}
	return "000000"
}

// mailedLink is the token of the newest link to path in the mails to "to".
func mailedLink(t *testing.T, s *testutil.Server, to, path string) string {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(path) + `\?token=([A-Za-z0-9_-]+)`)
	mails := s.Mails(to)
	for i := len(mails) - 1; i >= 0; i-- {
		if m := re.FindStringSubmatch(mails[i].Text); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no mail to %s links to %s", to, path)
	return ""
}

// countSubject counts the mails to "to" whose subject holds subject.
func countSubject(s *testutil.Server, to, subject string) int {
	n := 0
	for _, m := range s.Mails(to) {
		if strings.Contains(m.Subject, subject) {
			n++
		}
	}
	return n
}

// A session alone cannot change the second factor: setting it up, turning
// it on, turning it off and new recovery codes need the current password,
// unless this session checked it in the last 5 minutes (its login, or the
// password typed for an earlier change).
func TestFactorChangesNeedPassword(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		c, p := s.Login(auth.RoleUser)
		s.Clock.Advance(auth.RecentPassword + time.Second) // a session picked up later

		c.Do("POST", "/api/account/second-factor/setup", nil).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "password_required", Field: "password"})
		c.Do("POST", "/api/account/second-factor/setup", map[string]string{"password": "not-the-password"}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_password", Field: "password"})
		var setup struct{ Secret string }
		res := c.Do("POST", "/api/account/second-factor/setup", map[string]string{"password": "password1"})
		res.Check(t, testutil.Want{Status: http.StatusOK})
		res.JSON(t, &setup)
		// The password just typed counts for the next 5 minutes.
		c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": codeAt(t, setup.Secret, s.Clock.Now())}).
			Check(t, testutil.Want{Status: http.StatusOK})

		s.Clock.Advance(auth.RecentPassword + time.Second)
		code := codeAt(t, setup.Secret, s.Clock.Now())
		for _, path := range []string{"/api/account/second-factor/recovery-codes", "/api/account/second-factor/disable"} {
			c.Do("POST", path, map[string]string{"code": code}).
				Check(t, testutil.Want{Status: http.StatusForbidden, Code: "password_required", Field: "password"})
		}
		c.Do("POST", "/api/account/second-factor/recovery-codes", map[string]string{"code": code, "password": "password1"}).
			Check(t, testutil.Want{Status: http.StatusOK})
		s.Clock.Advance(30 * time.Second)
		c.Do("POST", "/api/account/second-factor/disable", map[string]string{"code": codeAt(t, setup.Secret, s.Clock.Now())}).
			Check(t, testutil.Want{Status: http.StatusNoContent})
		if n := auditCount(t, d, "account.second_factor_disable", p.ID); n != 1 {
			t.Errorf("%d audit entries for turning it off, want 1", n)
		}
	})
}

// Wrong codes are counted per login challenge and per known browser: a
// stranger who knows the password is throttled after 5 wrong codes, and
// after 20 on the account from anywhere, while the owner's known browser
// still signs in.
func TestStrangerCodesDoNotLockOwner(t *testing.T) {
	trustLoopback(t)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		owner := e.client // the browser the account signed in on
		owner.Do("POST", "/api/auth/logout", nil)
		ownerLogin := func() {
			t.Helper()
			s.Clock.Advance(30 * time.Second) // a fresh code: none works twice
			passwordStep(t, owner, e)
			secondStep(owner, codeAt(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusOK})
			owner.Do("POST", "/api/auth/logout", nil)
		}

		for i := range 4 {
			stranger := s.Client()
			stranger.Forwarded = fmt.Sprintf("203.0.113.%d", i+1)
			passwordStep(t, stranger, e)
			wrong := wrongCode(t, e.secret, s.Clock.Now())
			for range 4 {
				secondStep(stranger, wrong).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "invalid_code"})
			}
			secondStep(stranger, wrong).Check(t, testutil.Want{Status: http.StatusTooManyRequests, Code: "too_many_attempts"})
			secondStep(stranger, codeAt(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusTooManyRequests})
			ownerLogin()
		}
		// 20 wrong codes on the account: the ceiling holds for a new stranger
		// even with the right code, not for the owner's known browser.
		stranger := s.Client()
		stranger.Forwarded = "198.51.100.9"
		passwordStep(t, stranger, e)
		s.Clock.Advance(30 * time.Second)
		secondStep(stranger, codeAt(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusTooManyRequests})
		ownerLogin()
	})
}

// Three wrong codes after a right password mail the owner that someone
// knows the password, once per login.
func TestWrongCodesMailOwner(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser)
		const subject = "Someone knows your WatchWin password"
		for login := 1; login <= 2; login++ {
			stranger := s.Client()
			passwordStep(t, stranger, e)
			for i := 1; i <= 4; i++ {
				secondStep(stranger, wrongCode(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusUnauthorized})
				want := login - 1
				if i >= 3 {
					want = login
				}
				if n := countSubject(s, e.email, subject); n != want {
					t.Fatalf("login %d, wrong code %d: %d mails %q, want %d", login, i, n, subject, want)
				}
			}
		}
		mails := s.Mails(e.email)
		if last := mails[len(mails)-1]; !strings.Contains(last.Text, "/auth/forgot-password") {
			t.Errorf("mail without the way to a new password:\n%s", last.Text)
		}
	})
}

// The notice that the factor was turned on carries a "this wasn't me"
// link: it removes a factor turned on in the last 7 days and ends every
// session, once; the audit log records it. After 7 days it is dead.
func TestNotMineLink(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		e := enrol(t, s, auth.RoleUser) // a stranger's session enrols their own authenticator
		token := mailedLink(t, s, e.email, "/auth/second-factor-not-mine")
		s.Clock.Advance(time.Minute)
		other := s.Client()
		passwordStep(t, other, e)
		secondStep(other, codeAt(t, e.secret, s.Clock.Now())).Check(t, testutil.Want{Status: http.StatusOK})

		res := s.Client().Do("POST", "/api/auth/second-factor/not-mine", map[string]string{"token": token})
		res.Check(t, testutil.Want{Status: http.StatusOK})
		if !strings.Contains(string(res.Body), `"factor_removed":true`) {
			t.Errorf("answer %s", res.Body)
		}
		if signedIn(t, e.client) || signedIn(t, other) {
			t.Error("a session survived the link")
		}
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": e.email, "password": e.password}).
			Check(t, testutil.Want{Status: http.StatusOK})
		if n := auditCount(t, d, "account.second_factor_not_mine", e.id); n != 1 {
			t.Errorf("%d audit entries, want 1", n)
		}
		s.Client().Do("POST", "/api/auth/second-factor/not-mine", map[string]string{"token": token}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_token", Field: "token"})

		late := enrol(t, s, auth.RoleUser)
		lateToken := mailedLink(t, s, late.email, "/auth/second-factor-not-mine")
		s.Clock.Advance(auth.NotMineTTL + time.Second)
		s.Client().Do("POST", "/api/auth/second-factor/not-mine", map[string]string{"token": lateToken}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_token"})
		passwordStep(t, s.Client(), late) // still on
	})
}

// With WATCHWIN_REQUIRE_2FA_FOR_STAFF a staff account's first factor needs
// the enrolment link mailed to its address, opened on the enrolling
// session; the admins are mailed when it is on.
func TestStaffEnrolmentNeedsMailedLink(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.RequireSecondFactorForStaff = true })
		s.Clock.Set(t0)
		admin := s.CreateUser("owner@example.com", "password1", auth.RoleAdmin)
		c, p := s.Login(auth.RoleStaff)
		var st struct {
			Required bool `json:"enrolment_link_required"`
		}
		c.Do("GET", "/api/account/second-factor", nil).JSON(t, &st)
		if !st.Required {
			t.Error("status does not ask for the enrolment link")
		}
		// The password alone (a thief's) does not enrol.
		c.Do("POST", "/api/account/second-factor/setup", map[string]string{"password": "password1"}).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "enrolment_link_required"})
		c.Do("POST", "/api/account/second-factor/enable", map[string]string{"password": "password1", "code": "123456"}).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "enrolment_link_required"})

		c.Do("POST", "/api/account/second-factor/enrolment-link", nil).Check(t, testutil.Want{Status: http.StatusAccepted})
		token := mailedLink(t, s, p.Email, "/auth/enrol-second-factor")
		c.Do("POST", "/api/account/second-factor/enrolment-link/open", map[string]string{"token": "not-" + token}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_token", Field: "token"})
		// Another enrolling account cannot use it.
		thief, _ := s.Login(auth.RoleStaff)
		thief.Do("POST", "/api/account/second-factor/enrolment-link/open", map[string]string{"token": token}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_token"})
		c.Do("POST", "/api/account/second-factor/enrolment-link/open", map[string]string{"token": token}).
			Check(t, testutil.Want{Status: http.StatusOK})
		c.Do("GET", "/api/account/second-factor", nil).JSON(t, &st)
		if st.Required {
			t.Error("still asks for the link once opened")
		}
		// The link proves this session only.
		elsewhere := s.Client()
		elsewhere.Do("POST", "/api/auth/login", map[string]string{"email": p.Email, "password": "password1"}).
			Check(t, testutil.Want{Status: http.StatusOK})
		elsewhere.Do("POST", "/api/account/second-factor/setup", nil).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "enrolment_link_required"})
		c.Do("POST", "/api/account/second-factor/enrolment-link/open", map[string]string{"token": token}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_token"})

		var setup struct{ Secret string }
		c.Do("POST", "/api/account/second-factor/setup", nil).JSON(t, &setup)
		c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": codeAt(t, setup.Secret, s.Clock.Now())}).
			Check(t, testutil.Want{Status: http.StatusOK})
		c.Do("GET", "/api/counter/coupons/LW-AAAA-BBBB-CCCC", nil).Check(t, testutil.Want{Status: http.StatusNotFound})

		mails := s.Mails(admin.Email)
		if len(mails) != 1 || !strings.Contains(mails[0].Subject, p.Email+" turned on two-factor authentication") {
			t.Fatalf("admin mails %+v, want the staff enrolment notice", mails)
		}
		// A customer needs no link.
		u, _ := s.Login(auth.RoleUser)
		u.Do("POST", "/api/account/second-factor/enrolment-link", nil).
			Check(t, testutil.Want{Status: http.StatusConflict, Code: "enrolment_link_not_needed"})
	})
}
