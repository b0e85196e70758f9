package app_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// BenchmarkPublicListHandler measures one GET /api/webinars through the whole
// handler (every middleware, the cached list) without the network: what
// this server adds to each request beyond net/http's own work.
func BenchmarkPublicListHandler(b *testing.B) {
	s := testutil.NewServer(b, db.SQLite)
	for range 20 {
		s.CreateWebinar(testutil.WebinarSpec{})
	}
	h := s.App.Handler()
	req := httptest.NewRequest(http.MethodGet, "/api/webinars", nil)
	req.RemoteAddr = "127.0.0.1:50000"
	b.ReportAllocs()
	for b.Loop() {
		w := &discard{header: http.Header{}}
		h.ServeHTTP(w, req)
		if w.status != http.StatusOK {
			b.Fatal(w.status)
		}
	}
}

// discard is a ResponseWriter that keeps only the status, as cheap as a
// connection's writer can be, so the benchmark counts the handler's work.
type discard struct {
	header http.Header
	status int
}

func (d *discard) Header() http.Header { return d.header }
func (d *discard) WriteHeader(code int) {
	if d.status == 0 {
		d.status = code
	}
}
func (d *discard) Write(p []byte) (int, error) {
	d.WriteHeader(http.StatusOK)
	return len(p), nil
}
