package app_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"watchwin/internal/app"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// Every limited route of the served API answers 429 too_many_attempts with
// a Retry-After once a signed-in account has used its limit (whatever the
// answers before were), and another account is not affected.
func TestRouteLimitsPerAccount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		admin, _ := s.Login("admin")
		other, _ := s.Login("admin")
		limits := app.RouteLimits(s.App)
		patterns := make([]string, 0, len(limits))
		for p := range limits {
			patterns = append(patterns, p)
		}
		slices.Sort(patterns)
		used := map[string]int{} // requests counted per rule name (shared counts)
		for _, pattern := range patterns {
			rule := limits[pattern]
			if rule.PerAccount < 1 || rule.PerAccount >= rule.PerAddress {
				t.Errorf("%s: per-account limit %d should be below the per-address %d", pattern, rule.PerAccount, rule.PerAddress)
				continue
			}
			method, path, ok := strings.Cut(pattern, " ")
			if !ok { // a pattern for every method: the tus endpoint
				method, path = http.MethodGet, pattern
			}
			path = strings.ReplaceAll(path, "{id}", w.ID)
			var body any
			if method == "POST" {
				body = map[string]string{}
			}
			allowed := 0
			for {
				res := admin.Do(method, path, body)
				if res.Status == http.StatusTooManyRequests {
					if res.ErrorCode() != "too_many_attempts" || !strings.HasPrefix(res.ErrorMessage(), "Too many requests. Please try again in ") {
						t.Errorf("%s: 429 %s", pattern, res.Body)
					}
					if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 || s > int(rule.Window.Seconds()) {
						t.Errorf("%s: Retry-After %q", pattern, res.Header.Get("Retry-After"))
					}
					break
				}
				if res.Status >= 500 {
					t.Fatalf("%s: %d %s", pattern, res.Status, res.Body)
				}
				allowed++
				if allowed > rule.PerAccount {
					t.Fatalf("%s: more than %d requests allowed", pattern, rule.PerAccount)
				}
			}
			if want := rule.PerAccount - used[rule.Name]; allowed != want {
				t.Errorf("%s: %d requests allowed, want %d", pattern, allowed, want)
			}
			used[rule.Name] = rule.PerAccount
			if res := other.Do(method, path, body); res.Status == http.StatusTooManyRequests {
				t.Errorf("%s: another account refused: %s", pattern, res.Body)
			}
		}
	})
}

// A body over the server's cap is refused with 413 body_too_large even on a
// route that never reads one, before it is taken in.
func TestBodiesCappedOnEveryRoute(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c, _ := s.Login("admin")
	huge := strings.Repeat("x", 21<<20)
	for _, path := range []string{"/api/auth/logout", "/api/webinars/x/registration/watched", "/api/admin/media/site_images"} {
		res := c.Do("POST", path, huge)
		if res.Status != http.StatusRequestEntityTooLarge || res.ErrorCode() != "body_too_large" {
			t.Errorf("POST %s with 21 MB: %d %.200s", path, res.Status, res.Body)
		}
	}
}
