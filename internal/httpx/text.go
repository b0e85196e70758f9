package httpx

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"watchwin/internal/apperr"
)

var (
	// errBadPath: such a path names nothing here.
	errBadPath = apperr.NotFound("Not found.")
	// errBadText answers a query that is not valid text.
	errBadText = apperr.BadRequest("The address holds characters that are not valid text.")
)

// RefuseInvalidText answers a request whose path (404) or query (400) holds
// invalid UTF-8 or a NUL character before any handler reads them: every
// path value and query parameter a handler sees is then text that both
// database engines store and compare (PostgreSQL refuses both as text).
func RefuseInvalidText(next http.Handler) http.Handler {
	return HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if !validText(r.URL.Path) {
			return errBadPath
		}
		if r.URL.RawQuery != "" && !validQuery(r.URL.Query()) {
			return errBadText
		}
		next.ServeHTTP(w, r)
		return nil
	})
}

func validQuery(q url.Values) bool {
	for k, vs := range q {
		if !validText(k) {
			return false
		}
		for _, v := range vs {
			if !validText(v) {
				return false
			}
		}
	}
	return true
}

func validText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
