package app_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

const metricsToken = "metrics-token-for-tests"

// scrape reads /metrics as Prometheus does, with the bearer token.
func scrape(t *testing.T, s *testutil.Server, token string) testutil.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", "/metrics", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return s.Client().Send(req)
}

// GET /metrics reports requests by route pattern and status, their latency,
// the outbox backlog and the payments by outcome, in the Prometheus text
// format.
func TestMetrics(t *testing.T) {
	t.Setenv("WATCHWIN_METRICS_TOKEN", metricsToken)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		_, buyer := s.Login(auth.RoleUser)
		s.Purchase(buyer, s.CreateWebinar(testutil.WebinarSpec{}).ID) // queues the coupon mail
		c := s.Client()
		for range 2 {
			c.Do("GET", "/api/config", nil)
		}
		c.Do("GET", "/api/no/such/route", nil)
		c.Do("GET", "/api/webinars/not-a-webinar", nil)

		res := scrape(t, s, metricsToken)
		if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("GET /metrics: %d %s", res.Status, res.Header.Get("Content-Type"))
		}
		var unsent int
		if err := d.QueryRow(`SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL`).Scan(&unsent); err != nil || unsent == 0 {
			t.Fatalf("outbox: %d unsent, %v; the purchase should have queued its mail", unsent, err)
		}
		body := string(res.Body)
		for _, want := range []string{
			`watchwin_http_requests_total{route="GET /api/config",status="200"} 2`,
			`watchwin_http_requests_total{route="/api/",status="404"} 1`,
			`watchwin_http_requests_total{route="GET /api/webinars/{id}",status="404"} 1`,
			`watchwin_http_request_duration_seconds_count{route="GET /api/config"} 2`,
			`watchwin_mail_outbox_backlog{state="pending"} ` + strconv.Itoa(unsent),
			`watchwin_mail_outbox_backlog{state="failed"} 0`,
			`watchwin_payments{outcome="succeeded"} 1`,
			`watchwin_payments{outcome="refunded"} 0`,
			`go_goroutines `,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %q", want)
			}
		}
		// Labels are route patterns, never raw paths with ids or queries.
		if regexp.MustCompile(`route="[^"]*not-a-webinar`).MatchString(body) {
			t.Error("a raw path became a label")
		}
	})
}

// Without WATCHWIN_METRICS_TOKEN there is no metrics endpoint.
func TestMetricsOff(t *testing.T) {
	t.Setenv("WATCHWIN_METRICS_TOKEN", "")
	s := testutil.NewServer(t, db.SQLite)
	scrape(t, s, "anything").Check(t, testutil.Want{Status: http.StatusNotFound, Code: "not_found"})
}
