package httpx

import (
	"fmt"
	"net/http"

	"watchwin/internal/apperr"
)

// LimitBodies caps every request body at max bytes, whatever route it is
// for: a declared Content-Length over max is answered 413 body_too_large at
// once, and a longer body sent without one fails when read. Handlers cap
// their own bodies lower (JSON at MaxJSONBody, an image upload at its size).
func LimitBodies(max int64) Middleware {
	return func(next http.Handler) http.Handler {
		return HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
			if r.ContentLength > max {
				return apperr.TooLarge(fmt.Sprintf("The request body must be at most %d bytes.", max))
			}
			if r.Body != nil && r.Body != http.NoBody { // most GETs have none
				r.Body = http.MaxBytesReader(w, r.Body, max)
			}
			next.ServeHTTP(w, r)
			return nil
		})
	}
}
