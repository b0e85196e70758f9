package httpx

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A body over the cap is refused 413 before the handler runs; a path under
// a BodyCap's prefix takes that cap instead, and only that path.
func TestLimitBodiesPerPrefix(t *testing.T) {
	h := LimitBodies(10, BodyCap{Prefix: "/big/", Max: 100})(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	for _, tt := range []struct {
		path string
		size int
		want int
	}{{"/small", 10, 204}, {"/small", 11, 413}, {"/big/x", 100, 204}, {"/big/x", 101, 413}, {"/bigger", 11, 413}} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("PATCH", tt.path, strings.NewReader(strings.Repeat("x", tt.size))))
		if rec.Code != tt.want {
			t.Errorf("%s with %d bytes: %d, want %d", tt.path, tt.size, rec.Code, tt.want)
		}
	}
}
