package auth_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"watchwin/internal/testutil"
)

// trustLoopback makes the test server trust 127.0.0.1 as a proxy, so each
// request can name its client address in X-Forwarded-For.
func trustLoopback(t *testing.T) {
	t.Setenv("WATCHWIN_TRUSTED_PROXIES", "127.0.0.1")
}

// loginFrom posts a login as a client at address xff ("" sends no header).
func loginFrom(c *testutil.Client, xff, email, password string) testutil.Response {
	req, _ := http.NewRequest("POST", "/api/auth/login", strings.NewReader(fmt.Sprintf(`{"email":%q,"password":%q}`, email, password)))
	req.Header.Set("Content-Type", "application/json")
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	return c.Send(req)
}

// rawResult is one answer of a request sent from a helper goroutine (where a
// test must not call Fatal).
type rawResult struct {
	status     int
	retryAfter string
	code       string
	err        error
}

// burst sends n requests at once, body(i) to path from address xff(i), and
// returns every answer.
func burst(s *testutil.Server, n int, path string, body func(i int) any, xff func(i int) string) []rawResult {
	out := make([]rawResult, n)
	client := &http.Client{Timeout: 60 * time.Second}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			b, _ := json.Marshal(body(i))
			req, _ := http.NewRequest("POST", s.URL+path, bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			if a := xff(i); a != "" {
				req.Header.Set("X-Forwarded-For", a)
			}
			<-start
			res, err := client.Do(req)
			if err != nil {
				out[i].err = err
				return
			}
			defer res.Body.Close()
			var e struct {
				Error struct{ Code string } `json:"error"`
			}
			_ = json.NewDecoder(res.Body).Decode(&e)
			out[i] = rawResult{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After"), code: e.Error.Code}
		})
	}
	close(start)
	wg.Wait()
	return out
}

// checkRetryAfter fails unless h is a whole number of seconds in (0, max].
func checkRetryAfter(t *testing.T, h string, max time.Duration) {
	t.Helper()
	n, err := strconv.Atoi(h)
	if err != nil || n < 1 || time.Duration(n)*time.Second > max {
		t.Errorf("Retry-After %q, want whole seconds in 1..%d", h, int(max.Seconds()))
	}
}
