package app_test

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/web"
)

func TestServing(t *testing.T) {
	requireBuiltSPA(t)
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	tests := []struct {
		name, path  string
		status      int
		contentType string
		body        string
	}{
		{"health", "/healthz", 200, "text/plain", "ok"},
		{"ready", "/readyz", 200, "text/plain", "ready"},
		{"config", "/api/config", 200, "application/json", `"timezone":"America/Chicago"`},
		{"unknown api path is a JSON 404", "/api/nope", 404, "application/json", `"code":"not_found"`},
		{"home is the built index", "/", 200, "text/html", `src="/assets/`},
		{"client route gets the SPA", "/webinar/123/watch", 200, "text/html", `<div id="root">`},
		{"unknown page gets the SPA (its 404 page)", "/no/such/page", 200, "text/html", `<div id="root">`},
		{"missing asset is a real 404", "/assets/missing-abc123.js", 404, "text/plain", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := c.Do("GET", tt.path, nil)
			if res.Status != tt.status {
				t.Fatalf("status = %d, want %d", res.Status, tt.status)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, tt.contentType) {
				t.Errorf("Content-Type = %q, want %s", ct, tt.contentType)
			}
			if !strings.Contains(string(res.Body), tt.body) {
				t.Errorf("body %q lacks %q", res.Body, tt.body)
			}
			h := res.Header
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "https://www.youtube.com") || !strings.Contains(csp, "https://js.stripe.com") {
				t.Errorf("Content-Security-Policy = %q", csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
				t.Errorf("security headers missing: %v", h)
			}
		})
	}
}

func TestWrongMethodOnSPA(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	req, _ := http.NewRequest("DELETE", "/", nil)
	if res := s.Client().Send(req); res.Status != http.StatusMethodNotAllowed {
		t.Fatalf("DELETE / = %d, want 405", res.Status)
	}
}

func TestSeedDemoOnlyOnEmptyDatabase(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	var out strings.Builder
	if err := s.App.SeedDemo(t.Context(), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "admin@watchwin.local") || !strings.Contains(out.String(), "password:") {
		t.Fatalf("demo output %q does not show the admin credentials", out.String())
	}
	out.Reset()
	if err := s.App.SeedDemo(t.Context(), &out); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 {
		t.Errorf("second seed printed %q; it must leave a non-empty database alone", out.String())
	}
}

// requireBuiltSPA stops a test that needs the real SPA in the binary:
// `make test` builds it first; a bare `go test` on a fresh clone skips
// (fails under CI, where a missing build is a broken pipeline).
func requireBuiltSPA(t *testing.T) {
	t.Helper()
	if _, err := fs.Stat(web.Dist(), "index.html"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("web/dist has no index.html: the SPA was not built before the Go tests")
		}
		t.Skip("web/dist has no index.html: run `make web` (make test does) to test SPA serving")
	}
}

// /api/config names the payment provider the server really uses: the test
// provider without Stripe keys, Stripe (with its publishable key) with all
// three; a half-configured Stripe is refused at start.
func TestConfigPaymentMode(t *testing.T) {
	var cfg struct{ PaymentMode, StripePublishableKey string }
	testutil.NewServer(t, db.SQLite).Client().Do("GET", "/api/config", nil).JSON(t, &cfg)
	if cfg.PaymentMode != "test" || cfg.StripePublishableKey != "" {
		t.Errorf("without keys: %+v, want the test provider", cfg)
	}

	t.Setenv("STRIPE_SECRET_KEY", "sk_test_only_a_key")
	if _, err := config.Defaults(); err == nil {
		t.Error("a Stripe secret key without its publishable key was accepted")
	}
	t.Setenv("STRIPE_PUBLISHABLE_KEY", "pk_test_key")
	if _, err := config.Defaults(); err == nil {
		t.Error("Stripe keys without a webhook secret were accepted")
	}
	t.Setenv("STRIPE_WEBHOOK_SECRET", "whsec_test")
	testutil.NewServer(t, db.SQLite).Client().Do("GET", "/api/config", nil).JSON(t, &cfg)
	if cfg.PaymentMode != "stripe" || cfg.StripePublishableKey != "pk_test_key" {
		t.Errorf("with Stripe keys: %+v", cfg)
	}
}

// /readyz reports the image storage as well as the database: a storage
// folder that cannot be written takes the instance out of the load
// balancer's rotation.
func TestReadyReportsStorage(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	if res := c.Do("GET", "/readyz", nil); res.Status != 200 || string(res.Body) != "ready\n" {
		t.Fatalf("ready: %d %q", res.Status, res.Body)
	}
	storage := filepath.Join(s.App.Config.DataDir, "storage")
	if err := os.RemoveAll(storage); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(storage, []byte("a file where the folder should be"), 0o600); err != nil {
		t.Fatal(err)
	}
	if res := c.Do("GET", "/readyz", nil); res.Status != http.StatusServiceUnavailable || string(res.Body) != "storage unreachable\n" {
		t.Fatalf("storage broken: %d %q, want 503 storage unreachable", res.Status, res.Body)
	}
}

// Only the counter page's document may use the camera and compile
// WebAssembly (docs/api.md#counter); every other response keeps the
// strict policies.
func TestCounterPagePolicies(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	for path, counter := range map[string]bool{
		"/counter":                               true,
		"/counter?code=LW-7K3M-Q9PX-4TRW":        true,
		"/counter/":                              true,
		"/":                                      false,
		"/counterfeit":                           false,
		"/counter/x":                             false,
		"/admin/coupons":                         false,
		"/api/counter/coupons/LW-7K3M-Q9PX-4TRW": false,
		"/api/config":                            false,
	} {
		h := c.Do("GET", path, nil).Header
		csp, pp := h.Get("Content-Security-Policy"), h.Get("Permissions-Policy")
		wasm, camera := strings.Contains(csp, "'wasm-unsafe-eval'"), strings.Contains(pp, "camera=(self)")
		if wasm != counter || camera != counter || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("%s: Content-Security-Policy %q, Permissions-Policy %q; counter policies wanted: %v", path, csp, pp, counter)
		}
		if !counter && !strings.Contains(pp, "camera=()") {
			t.Errorf("%s: Permissions-Policy %q lets the camera in", path, pp)
		}
	}
}
