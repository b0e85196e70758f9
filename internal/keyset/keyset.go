// Package keyset encodes the cursors of the admin lists
// (docs/api.md#admin-coupons): a cursor is the last row's sort key, opaque to
// clients, so the next page is an index range read instead of an OFFSET walk.
package keyset

import (
	"encoding/base64"
	"encoding/json"
	"net/http"

	"watchwin/internal/apperr"
)

// Encode returns the cursor of a sort key: its parts as a JSON array in
// unpadded base64url, safe in a query string.
func Encode(parts ...string) string {
	b, _ := json.Marshal(parts) // strings always marshal
	return base64.RawURLEncoding.EncodeToString(b)
}

// errInvalid is what a client gets for a cursor no list of this server made.
var errInvalid = apperr.Invalid("cursor", "cursor is not valid")

// Invalid is the 400 for a cursor whose parts Decode read but the list
// cannot use (a time that does not parse).
func Invalid() error { return errInvalid }

// Decode returns the n parts of a cursor Encode made; anything else is a
// 400 naming the cursor parameter.
func Decode(cursor string, n int) ([]string, error) {
	b, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return nil, errInvalid
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err != nil || len(parts) != n {
		return nil, errInvalid
	}
	return parts, nil
}

// FromQuery reads the cursor query parameter of a paged list; a cursor and
// an offset other than 0 together are a 400: the cursor already says where
// the page starts.
func FromQuery(r *http.Request, offset int) (string, error) {
	c := r.URL.Query().Get("cursor")
	if c != "" && offset != 0 {
		return "", apperr.Invalid("cursor", "Send cursor or offset, not both")
	}
	return c, nil
}
