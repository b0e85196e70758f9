package httpx

import (
	"fmt"
	"net/http"
	"strings"

	"watchwin/internal/apperr"
)

// BodyCap lets the requests under one path prefix carry bodies up to Max
// instead of LimitBodies' max (a video upload's chunks).
type BodyCap struct {
	Prefix string
	Max    int64
}

// LimitBodies caps every request body at max bytes, whatever route it is
// for (or at the Max of the first cap whose Prefix the path starts with): a
// declared Content-Length over it is answered 413 body_too_large at
// once, and a longer body sent without one fails when read. Handlers cap
// their own bodies lower (JSON at MaxJSONBody, an image upload at its size).
func LimitBodies(max int64, caps ...BodyCap) Middleware {
	return func(next http.Handler) http.Handler {
		return HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
			max := max
			for _, c := range caps {
				if strings.HasPrefix(r.URL.Path, c.Prefix) {
					max = c.Max
					break
				}
			}
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
