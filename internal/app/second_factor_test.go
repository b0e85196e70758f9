package app_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// With WATCHWIN_REQUIRE_2FA_FOR_STAFF an admin or staff account without a
// second factor, once its password is right, reaches its enrolment, its
// session and logout, and nothing else: the walk covers every route of the
// table (a route needing an account answers 403
// second_factor_enrolment_required; a public one answers as to a
// signed-out visitor). Once enrolled (through the mailed enrolment link),
// the same session reaches the counter.
// A customer's account is not held back.
func TestRequireSecondFactorForStaff(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.RequireSecondFactorForStaff = true })
		s.Clock.Set(time.Date(2027, 3, 1, 15, 0, 10, 0, time.UTC))
		anon := s.Client()
		customer, _ := s.Login(auth.RoleUser)
		customer.Do("GET", "/api/registrations", nil).Check(t, testutil.Want{Status: http.StatusOK})

		for _, role := range []string{auth.RoleStaff, auth.RoleAdmin} {
			t.Run(role, func(t *testing.T) {
				c, p := s.Login(role)
				var sess struct {
					Profile           *struct{ Role string } `json:"profile"`
					EnrolmentRequired bool                   `json:"enrolment_required"`
				}
				c.Do("GET", "/api/auth/session", nil).JSON(t, &sess)
				if sess.Profile == nil || sess.Profile.Role != role || !sess.EnrolmentRequired {
					t.Fatalf("session = %+v, want %s with enrolment required", sess, role)
				}
				wildcard := regexp.MustCompile(`\{[^}]*\}`)
				allowed := 0
				for _, r := range s.App.Routes() {
					method, path := methodOf(r.Pattern), r.Pattern
					if _, p, ok := strings.Cut(r.Pattern, " "); ok {
						path = p
					}
					path = wildcard.ReplaceAllString(path, "x")
					if path == "/api/" {
						path = "/api/no-such-endpoint"
					}
					var body any
					if method != http.MethodGet && method != http.MethodDelete {
						body = map[string]any{}
					}
					if r.Enrolment {
						allowed++
						continue // exercised below
					}
					res := c.Do(method, path, body)
					if r.Access != app.Anyone {
						if res.Status != http.StatusForbidden || res.ErrorCode() != "second_factor_enrolment_required" {
							t.Errorf("%s: %d %.200s, want 403 second_factor_enrolment_required", r.Pattern, res.Status, res.Body)
						}
						continue
					}
					if want := anon.Do(method, path, body); res.Status != want.Status {
						t.Errorf("%s: %d, want %d as for a signed-out visitor", r.Pattern, res.Status, want.Status)
					}
				}
				if allowed != 10 {
					t.Errorf("%d routes open to an enrolling session, want 10 (session, logout, the factor's status, setup, enable, "+
						"the enrolment link mailed and opened, the passkeys' list, begin and add)", allowed)
				}

				c.Do("POST", "/api/account/second-factor/setup", nil).
					Check(t, testutil.Want{Status: http.StatusForbidden, Code: "enrolment_link_required"})
				c.Do("POST", "/api/account/second-factor/enrolment-link", nil).Check(t, testutil.Want{Status: http.StatusAccepted})
				link := regexp.MustCompile(`/auth/enrol-second-factor\?token=([A-Za-z0-9_-]+)`)
				mails := s.Mails(p.Email)
				m := link.FindStringSubmatch(mails[len(mails)-1].Text)
				if m == nil {
					t.Fatalf("no enrolment link mailed: %+v", mails)
				}
				c.Do("POST", "/api/account/second-factor/enrolment-link/open", map[string]string{"token": m[1]}).
					Check(t, testutil.Want{Status: http.StatusOK})
				var setup struct{ Secret string }
				c.Do("POST", "/api/account/second-factor/setup", nil).JSON(t, &setup)
				code, err := totp.GenerateCodeCustom(setup.Secret, s.Clock.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
				if err != nil {
					t.Fatal(err)
				}
				c.Do("POST", "/api/account/second-factor/enable", map[string]string{"code": code}).Check(t, testutil.Want{Status: http.StatusOK})
				c.Do("GET", "/api/counter/coupons/LW-AAAA-BBBB-CCCC", nil).Check(t, testutil.Want{Status: http.StatusNotFound})
				sess.EnrolmentRequired = false
				c.Do("GET", "/api/auth/session", nil).JSON(t, &sess)
				if sess.EnrolmentRequired {
					t.Error("still sent to enrolment after enrolling")
				}
				c.Do("POST", "/api/auth/logout", nil).Check(t, testutil.Want{Status: http.StatusNoContent})
			})
		}
	})
}
