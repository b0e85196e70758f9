package httpx

import (
	"context"
	"net/http"
	"time"
)

type routeKey struct{}

// Measure calls observe once per request, after it is answered, with the
// route pattern that served it ("GET /api/webinars/{id}", as registered on
// a mux wrapped by Routed; "" when none matched), the status and how long
// it took. Labels made of patterns stay few, unlike raw paths.
func Measure(observe func(route string, status int, took time.Duration)) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			route := new(string)
			rec := &statusRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), routeKey{}, route)))
			status := rec.status
			if status == 0 {
				status = http.StatusOK
			}
			observe(*route, status, time.Since(start))
		})
	}
}

// Routed serves mux and tells Measure the pattern that matched, the
// innermost mux's when muxes are nested (a mux sets Request.Pattern on the
// request it is given).
func Routed(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		if route, ok := r.Context().Value(routeKey{}).(*string); ok && *route == "" {
			*route = r.Pattern
		}
	})
}
