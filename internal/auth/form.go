package auth

import (
	"net/http"
	"net/url"
	"strings"

	"watchwin/internal/httpx"
)

// The login and sign-up forms work before the SPA has started
// (docs/api.md#forms-without-javascript): the browser's own POST of a form to
// /api/auth/login or /api/auth/signup is answered 303 with a flash
// (httpx.Flash), never JSON.

// The flash's outcomes (docs/api.md#forms-without-javascript).
const (
	outcomeSignedIn   = "signed_in"
	outcomeSecondStep = "second_step"
	outcomeSignedUp   = "signed_up"
	outcomeError      = httpx.FlashError
)

// flash is the outcome of a login or sign-up form post.
type flash struct{ httpx.Flash }

// newFlash starts the flash of form ("login" or "signup").
func newFlash(form, outcome string) flash { return flash{httpx.NewFlash(form, outcome)} }

// keep puts back what was typed in the fields named, each clipped to the
// length its field accepts, so a failed post loses nothing but the passwords.
func (f flash) keep(values url.Values, names ...string) {
	for _, name := range names {
		n := maxName
		switch name {
		case "email":
			n = MaxEmail
		case "phoneNumber":
			n = maxPhone
		}
		if v := httpx.Clip(values.Get(name), n); v != "" {
			f.Set(name, v)
		}
	}
}

// answerForm ends a form post: the flash cookie and 303 to target.
func (h *Handler) answerForm(w http.ResponseWriter, r *http.Request, f flash, target string) {
	httpx.AnswerForm(w, r, f.Flash, target, h.secureCookie)
}

// loginForm is the login form's native post: signed in, it goes where the
// SPA would go after a login; with a second factor due, or refused, back to
// the auth page, which shows the second step or the error.
func (h *Handler) loginForm(w http.ResponseWriter, r *http.Request) {
	values, err := httpx.ReadForm(w, r)
	back, onward := formTargets(r, "")
	var res LoginResult
	if err == nil {
		res, err = h.svc.Login(r.Context(), LoginInput{Email: values.Get("email"), Password: values.Get("password")}, clientOf(r))
	}
	switch {
	case err != nil:
		f := newFlash("login", outcomeError)
		if !f.Failed(r, err) {
			w.WriteHeader(httpx.StatusClientClosed)
			return
		}
		f.keep(values, "email")
		h.answerForm(w, r, f, back)
	case res.Challenge != "":
		http.SetCookie(w, h.challengeCookie(res.Challenge, ChallengeTTL))
		h.answerForm(w, r, newFlash("login", outcomeSecondStep), back)
	default:
		h.setSession(w, res)
		h.answerForm(w, r, newFlash("login", outcomeSignedIn), onward)
	}
}

// signUpFields are the sign-up form's fields a failed post puts back.
var signUpFields = []string{"firstName", "lastName", "email", "phoneNumber", "ageConfirmed"}

// signUpForm is the sign-up form's native post: back to the auth page's
// login tab, which then holds the new address, or to its sign-up tab, which
// shows the error and what was typed.
func (h *Handler) signUpForm(w http.ResponseWriter, r *http.Request) {
	values, err := httpx.ReadForm(w, r)
	if err == nil {
		var p Profile
		p, err = h.svc.SignUp(r.Context(), SignUpInput{
			Email: values.Get("email"), Password: values.Get("password"), ConfirmPassword: values.Get("confirmPassword"),
			FirstName: values.Get("firstName"), LastName: values.Get("lastName"), PhoneNumber: values.Get("phoneNumber"),
			AgeConfirmed: checked(values.Get("ageConfirmed")),
		}, httpx.ClientIP(r))
		if err == nil {
			f := newFlash("signup", outcomeSignedUp)
			f.Set("email", p.Email)
			back, _ := formTargets(r, "")
			h.answerForm(w, r, f, back)
			return
		}
	}
	f := newFlash("signup", outcomeError)
	if !f.Failed(r, err) {
		w.WriteHeader(httpx.StatusClientClosed)
		return
	}
	f.keep(values, signUpFields...)
	back, _ := formTargets(r, "signup")
	h.answerForm(w, r, f, back)
}

// checked reads a checkbox of a form post: a browser sends "on" when it is
// ticked (and nothing when not); "true" is what a script would send.
func checked(v string) bool { return v == "on" || v == "true" }

// formTargets are where a form post goes: back to the auth page (on tab,
// "" for login), keeping the webinar it was opened for, and onward after a
// login, where the SPA goes (docs/product.md#log-in-and-sign-up-auth): that
// webinar's watch page, else home. The webinar is the webinarId of the page
// that posted (the Referer, same site only: the painted form cannot know
// it). Both targets are paths built here, so a post cannot send the browser
// off the site.
func formTargets(r *http.Request, tab string) (back, onward string) {
	id := refererWebinar(r)
	q := url.Values{}
	if tab != "" {
		q.Set("tab", tab)
	}
	back, onward = "/auth", "/"
	if id != "" {
		q.Set("webinarId", id)
		onward = "/webinar/" + url.PathEscape(id) + "/watch"
	}
	if len(q) > 0 {
		back += "?" + q.Encode()
	}
	return back, onward
}

// refererWebinar is the webinarId of the auth page that posted the form,
// when the Referer is that page on this site.
func refererWebinar(r *http.Request) string {
	ref, err := url.Parse(r.Referer())
	if err != nil || ref.Host != r.Host || (ref.Path != "/auth" && ref.Path != "/login") {
		return ""
	}
	return strings.TrimSpace(ref.Query().Get("webinarId"))
}
