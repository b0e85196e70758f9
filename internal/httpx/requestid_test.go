package httpx_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"watchwin/internal/httpx"
)

// Every request gets an id, echoed in X-Request-Id; a trusted proxy's id is
// kept, anyone else's (or a malformed one) replaced.
func TestRequestIDs(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	generated := regexp.MustCompile(`^[0-9a-f]{16}$`)
	tests := []struct {
		name, peer, header string
		keep               bool
	}{
		{"no header: generated", "10.1.2.3:5000", "", false},
		{"trusted proxy's id kept", "10.1.2.3:5000", "lb-7f3a:0001.x_y", true},
		{"untrusted peer's id replaced", "198.51.100.1:5000", "chosen-by-client", false},
		{"malformed id from a trusted proxy replaced", "10.1.2.3:5000", "bad id\twith spaces", false},
		{"overlong id from a trusted proxy replaced", "10.1.2.3:5000", strings.Repeat("a", 65), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen string
			h := httpx.RequestIDs(proxies)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				seen = httpx.RequestID(r.Context())
			}))
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = tt.peer
			if tt.header != "" {
				req.Header.Set("X-Request-Id", tt.header)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			echoed := rec.Header().Get("X-Request-Id")
			if echoed != seen || seen == "" {
				t.Fatalf("handler saw %q, response says %q", seen, echoed)
			}
			if tt.keep && seen != tt.header {
				t.Fatalf("id %q, want the proxy's %q", seen, tt.header)
			}
			if !tt.keep && !generated.MatchString(seen) {
				t.Fatalf("id %q, want a generated one", seen)
			}
		})
	}
}

// Every line logged with a request's context carries its request id, the
// request log line included, and only once.
func TestLogLinesCarryRequestID(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(httpx.LogHandler(slog.NewJSONHandler(&buf, nil))).With("app", "watchwin"))
	t.Cleanup(func() { slog.SetDefault(old) })

	h := httpx.Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		slog.InfoContext(r.Context(), "inside the handler", "n", 1)
		w.WriteHeader(http.StatusTeapot)
	}), httpx.RequestIDs(nil), httpx.LogRequests)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/thing?email=a@example.com", nil))
	id := rec.Header().Get("X-Request-Id")

	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 log lines, got %q", buf.String())
	}
	for _, line := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		if rec["request_id"] != id || strings.Count(line, `"request_id"`) != 1 {
			t.Errorf("line %q: want request_id %q once", line, id)
		}
		if strings.Contains(line, "example.com") {
			t.Errorf("line %q logs the query", line)
		}
	}
}

// A coupon code in an API path is bearer value: the request log names the
// route, never the code.
func TestLoggedPathHidesCodes(t *testing.T) {
	for path, want := range map[string]string{
		"/api/counter/coupons/LW-7K3M-Q9PX-4TRW":                               "/api/counter/coupons/{code}",
		"/api/counter/coupons/LW-7K3M-Q9PX-4TRW/redeem":                        "/api/counter/coupons/{code}/redeem",
		"/api/counter/coupons/https:%2F%2Fx%2Fcounter%3Fcode=LW-7K3M/unredeem": "/api/counter/coupons/{code}/unredeem",
		"/api/counter/coupons/https://x/counter?code=LW-7K3M-Q9PX-4TRW":        "/api/counter/coupons/{code}",
		"/api/counter/coupons/https://x/counter?code=LW-7K3M/redeem":           "/api/counter/coupons/{code}/redeem",
		"/api/counter/coupons/":                                                "/api/counter/coupons/{code}",
		"/api/admin/coupons/c1/redeem":                                         "/api/admin/coupons/c1/redeem",
		"/counter":                                                             "/counter",
	} {
		if got := httpx.LoggedPath(path); got != want {
			t.Errorf("LoggedPath(%q) = %q, want %q", path, got, want)
		}
	}
}
