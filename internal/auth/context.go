package auth

import (
	"context"
	"errors"
	"net/http"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
)

type ctxKey struct{}

// CookieName is the session cookie of a site served over http; over https
// it is SecureCookieName.
const CookieName = "watchwin_session"

// SecureCookieName is the session cookie of an https site: the __Host-
// prefix makes the browser accept it only with Secure, Path=/ and no
// Domain, so no other host (a sibling subdomain, a plain-http page) can set
// or overwrite the session.
const SecureCookieName = "__Host-" + CookieName

// SessionCookieName is the session cookie's name on a site served over
// https (secure) or http.
func SessionCookieName(secure bool) string {
	if secure {
		return SecureCookieName
	}
	return CookieName
}

// DeviceCookieName is the cookie that marks a browser an account has signed
// in on, so its logins are throttled apart from strangers' guesses.
const DeviceCookieName = "watchwin_device"

// UserFrom returns the signed-in profile of the request, if any.
func UserFrom(ctx context.Context) (Profile, bool) {
	p, ok := ctx.Value(ctxKey{}).(Profile)
	return p, ok
}

// WithUser returns ctx carrying p as the signed-in profile.
func WithUser(ctx context.Context, p Profile) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

type enrollingKey struct{}

// EnrollingFrom returns the profile of a session that reaches only the
// second factor's enrolment (WATCHWIN_REQUIRE_2FA_FOR_STAFF): a staff or
// admin account without a factor. Such a request has no UserFrom: every
// other route treats it as signed out, and the route table refuses it
// those that need an account (docs/api.md#second-factor-and-sessions).
func EnrollingFrom(ctx context.Context) (Profile, bool) {
	p, ok := ctx.Value(enrollingKey{}).(Profile)
	return p, ok
}

// ErrEnrolmentRequired answers an enrolling session on any route but the
// enrolment's, the session's and logout.
var ErrEnrolmentRequired = &apperr.Error{Kind: apperr.KindForbidden, Code: "second_factor_enrolment_required",
	Message: "Set up two-factor authentication to continue: the store requires it for staff and admin accounts."}

// Middleware loads the profile of the session cookie (SessionCookieName of
// secure), when there is a valid one, into the request context. It never
// refuses a request by itself.
func (s *Service) Middleware(secure bool, next http.Handler) http.Handler {
	name := SessionCookieName(secure)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(name)
		if err != nil || c.Value == "" {
			next.ServeHTTP(w, r)
			return
		}
		p, enrolling, err := s.Authenticate(r.Context(), c.Value)
		switch {
		case err == nil && enrolling:
			r = r.WithContext(context.WithValue(r.Context(), enrollingKey{}, p))
		case err == nil:
			r = r.WithContext(WithUser(r.Context(), p))
		case !errors.Is(err, db.ErrNotFound):
			httpx.WriteError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

var errLoginRequired = apperr.Unauthenticated("Please log in to continue.")

// UserHandler is a handler for signed-in requests; it gets the profile.
type UserHandler func(w http.ResponseWriter, r *http.Request, user Profile) error

// RequireUser lets only signed-in requests reach h, handing it their
// profile. Others get 401 with message, or 'Please log in to continue.'
// when message is empty (the original specification words some, such as 'User must be
// authenticated to register').
func RequireUser(h UserHandler, message string) httpx.HandlerFunc {
	errSignedOut := errLoginRequired
	if message != "" {
		errSignedOut = apperr.Unauthenticated(message)
	}
	return func(w http.ResponseWriter, r *http.Request) error {
		user, ok := UserFrom(r.Context())
		if !ok {
			return errSignedOut
		}
		return h(w, r, user)
	}
}

// RequireAccount is RequireUser for the routes an enrolling session may
// use as well (the second factor's own): h gets the account either way.
func RequireAccount(h UserHandler) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if p, ok := EnrollingFrom(r.Context()); ok {
			return h(w, r, p)
		}
		user, ok := UserFrom(r.Context())
		if !ok {
			return errLoginRequired
		}
		return h(w, r, user)
	}
}

// RequireAdmin lets only admins reach h: 401 when signed out, 403 for users.
// Every /api/admin route goes through it; the SPA's guard is only a convenience.
func RequireAdmin(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, ok := UserFrom(r.Context())
		if !ok {
			return errLoginRequired
		}
		if !p.IsAdmin() {
			return apperr.Forbidden("You don't have permission to do this. Please log in as an administrator.")
		}
		return h(w, r)
	}
}

// RequireStaff lets only staff and admins reach h (the counter): 401 when
// signed out, 403 for users, with the profile handed to h.
func RequireStaff(h UserHandler) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, ok := UserFrom(r.Context())
		if !ok {
			return errLoginRequired
		}
		if !p.AtCounter() {
			return apperr.Forbidden("You don't have permission to do this. Please log in as store staff.")
		}
		return h(w, r, p)
	}
}
