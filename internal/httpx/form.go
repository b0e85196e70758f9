package httpx

import (
	"errors"
	"mime"
	"net/http"
	"net/url"

	"watchwin/internal/apperr"
)

// MaxFormBody caps the body of a browser's form post (a login or sign-up
// form is a few hundred bytes).
const MaxFormBody = 64 << 10

// IsFormPost reports whether r carries a browser's native form post
// (application/x-www-form-urlencoded) rather than the API's JSON.
func IsFormPost(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/x-www-form-urlencoded"
}

// ReadForm reads the fields of a form post's body (never the query), refusing
// bodies over MaxFormBody and values that are not valid text, as DecodeJSON
// and RefuseInvalidText refuse them in JSON and in the address.
func ReadForm(w http.ResponseWriter, r *http.Request) (url.Values, error) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxFormBody)
	if err := r.ParseForm(); err != nil {
		if maxErr := (*http.MaxBytesError)(nil); errors.As(err, &maxErr) {
			return nil, apperr.TooLarge("The form is too large.")
		}
		return nil, apperr.BadRequest("The form could not be read.")
	}
	if !validQuery(r.PostForm) {
		return nil, apperr.BadRequest("The form holds characters that are not valid text.")
	}
	return r.PostForm, nil
}
