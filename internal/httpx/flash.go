package httpx

import (
	"net/http"
	"net/url"
	"time"
	"unicode/utf8"
)

// A form the SPA renders can be posted by the browser itself, before the
// SPA has started (docs/api.md#forms-without-javascript): the endpoint
// answers that post 303, never JSON, and a one-time flash cookie tells the
// SPA what the form would have shown where the browser lands
// (web/src/lib/form-flash.ts reads it once and deletes it).

// FlashCookieName is the flash cookie: short-lived, readable by the SPA.
const FlashCookieName = "watchwin_flash"

// flashTTL is how long a flash waits for the page it was meant for.
const flashTTL = time.Minute

// FlashError is the outcome of a refused form post.
const FlashError = "error"

// Flash is the outcome of a form post as the SPA shows it: url-encoded
// fields, never a password.
type Flash url.Values

// NewFlash starts the flash of form (e.g. "login") with its outcome.
func NewFlash(form, outcome string) Flash {
	return Flash{"form": {form}, "outcome": {outcome}}
}

// Set puts one value in the flash.
func (f Flash) Set(name, value string) { f[name] = []string{value} }

// Failed records err as the SPA shows it: the API's code, message and
// field. ok is false when the client went away (nothing to answer: the
// caller writes StatusClientClosed).
func (f Flash) Failed(r *http.Request, err error) (ok bool) {
	_, e, ok := Explain(r, err)
	f.Set("outcome", FlashError)
	f.Set("code", e.Code)
	f.Set("message", e.Message)
	if e.Field != "" {
		f.Set("field", e.Field)
	}
	return ok
}

// Clip cuts what was typed in a field to at most n characters, so the flash
// that carries it back stays within a cookie.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// AnswerForm ends a form post: the flash cookie (Secure when the site is
// served over HTTPS) and 303 to target, a path on this site.
func AnswerForm(w http.ResponseWriter, r *http.Request, f Flash, target string, secure bool) {
	http.SetCookie(w, &http.Cookie{Name: FlashCookieName, Value: url.Values(f).Encode(), Path: "/",
		MaxAge: int(flashTTL.Seconds()), Secure: secure, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// RefererPath is the path and query of the page that posted r, when the
// Referer is a page of this site, else fallback: a form post goes back
// where it came from and never off the site.
func RefererPath(r *http.Request, fallback string) string {
	ref, err := url.Parse(r.Referer())
	if err != nil || ref.Host != r.Host || ref.Path == "" || ref.Path[0] != '/' || (len(ref.Path) > 1 && ref.Path[1] == '/') {
		return fallback
	}
	return (&url.URL{Path: ref.Path, RawQuery: ref.RawQuery}).RequestURI()
}
