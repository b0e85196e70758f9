package auth

import (
	"net/http"
	"time"

	"watchwin/internal/httpx"
	"watchwin/internal/keyset"
)

// Handler serves the account endpoints of docs/api.md.
type Handler struct {
	svc          *Service
	secureCookie bool // set the Secure flag (the site is served over HTTPS)
}

// NewHandler returns the account handler; secureCookie is true when the
// public URL is https.
func NewHandler(svc *Service, secureCookie bool) *Handler {
	return &Handler{svc: svc, secureCookie: secureCookie}
}

type sessionBody struct {
	User    *User    `json:"user"`
	Profile *Profile `json:"profile"`
	// EnrolmentRequired: this session reaches only the second factor's
	// enrolment until it is set up (WATCHWIN_REQUIRE_2FA_FOR_STAFF).
	EnrolmentRequired bool `json:"enrolment_required,omitempty"`
}

func bodyFor(p Profile) sessionBody {
	return sessionBody{User: &User{ID: p.ID, Email: p.Email}, Profile: &p}
}

// secondStepBody answers a right password of an account with a second
// factor: 202, no session yet (docs/api.md#second-factor-and-sessions).
type secondStepBody struct {
	SecondFactorRequired bool `json:"second_factor_required"`
}

// SignUp is POST /api/auth/signup: JSON, or a browser's form post (signUpForm).
func (h *Handler) SignUp(w http.ResponseWriter, r *http.Request) error {
	if httpx.IsFormPost(r) {
		h.signUpForm(w, r)
		return nil
	}
	var in SignUpInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.SignUp(r.Context(), in, httpx.ClientIP(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, bodyFor(p))
	return nil
}

// Login is POST /api/auth/login: JSON, or a browser's form post (loginForm).
func (h *Handler) Login(w http.ResponseWriter, r *http.Request) error {
	if httpx.IsFormPost(r) {
		h.loginForm(w, r)
		return nil
	}
	var in LoginInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Login(r.Context(), in, clientOf(r))
	if err != nil {
		return err
	}
	if res.Challenge != "" {
		http.SetCookie(w, h.challengeCookie(res.Challenge, ChallengeTTL))
		httpx.WriteJSON(w, http.StatusAccepted, secondStepBody{SecondFactorRequired: true})
		return nil
	}
	h.signedIn(w, res)
	return nil
}

// signedIn answers a completed login: the session and device cookies and
// the session body.
func (h *Handler) signedIn(w http.ResponseWriter, res LoginResult) {
	h.setSession(w, res)
	body := bodyFor(res.Profile)
	body.EnrolmentRequired = res.EnrolmentRequired
	httpx.WriteJSON(w, http.StatusOK, body)
}

// setSession sets the cookies of a completed login: the session and the device.
func (h *Handler) setSession(w http.ResponseWriter, res LoginResult) {
	http.SetCookie(w, h.cookie(res.Token, SessionTTL))
	http.SetCookie(w, h.deviceCookie(res.DeviceToken))
}

// clientOf is where r comes from: address, user agent, device cookie.
func clientOf(r *http.Request) Client {
	c := Client{IP: httpx.ClientIP(r), UserAgent: r.UserAgent()}
	if cookie, err := r.Cookie(DeviceCookieName); err == nil {
		c.DeviceToken = cookie.Value
	}
	return c
}

func (h *Handler) Logout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(SessionCookieName(h.secureCookie)); err == nil {
		if err := h.svc.Logout(r.Context(), c.Value); err != nil {
			return err
		}
	}
	http.SetCookie(w, h.cookie("", -1))
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) Session(w http.ResponseWriter, r *http.Request) error {
	if p, ok := EnrollingFrom(r.Context()); ok {
		body := bodyFor(p)
		body.EnrolmentRequired = true
		httpx.WriteJSON(w, http.StatusOK, body)
		return nil
	}
	p, ok := UserFrom(r.Context())
	if !ok {
		httpx.WriteJSON(w, http.StatusOK, sessionBody{})
		return nil
	}
	httpx.WriteJSON(w, http.StatusOK, bodyFor(p))
	return nil
}

// okBody is the answer of the account e-mail endpoints.
var okBody = map[string]bool{"ok": true}

func (h *Handler) ForgotPassword(w http.ResponseWriter, r *http.Request) error {
	var in EmailInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.ForgotPassword(r.Context(), in, httpx.ClientIP(r)); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, okBody)
	return nil
}

func (h *Handler) ResetPassword(w http.ResponseWriter, r *http.Request) error {
	var in ResetInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.ResetPassword(r.Context(), in, httpx.ClientIP(r)); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, okBody)
	return nil
}

func (h *Handler) ConfirmEmail(w http.ResponseWriter, r *http.Request) error {
	var in TokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.ConfirmEmail(r.Context(), in); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, okBody)
	return nil
}

func (h *Handler) ResendConfirmation(w http.ResponseWriter, r *http.Request) error {
	var in EmailInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.ResendConfirmation(r.Context(), in, httpx.ClientIP(r)); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, okBody)
	return nil
}

// deviceCookie builds the device cookie: it marks the browser as one the
// account has signed in on (see Service.Login). Only the login endpoint
// needs it, so only it receives it; logout leaves it, which is the point.
func (h *Handler) deviceCookie(token string) *http.Cookie {
	return &http.Cookie{
		Name:     DeviceCookieName,
		Value:    token,
		Path:     "/api/auth/login",
		MaxAge:   int(DeviceTTL.Seconds()),
		HttpOnly: true,
		Secure:   h.secureCookie,
		SameSite: http.SameSiteStrictMode,
	}
}

// cookie builds the session cookie; a negative ttl deletes it.
func (h *Handler) cookie(token string, ttl time.Duration) *http.Cookie {
	c := &http.Cookie{
		Name:     SessionCookieName(h.secureCookie),
		Value:    token,
		Path:     "/",
		HttpOnly: true,
		Secure:   h.secureCookie,
		SameSite: http.SameSiteLaxMode,
	}
	if ttl < 0 {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(ttl.Seconds())
	}
	return c
}

func (h *Handler) ListUsers(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Page(r, DefaultUserPage, MaxUserPage)
	if err != nil {
		return err
	}
	c, err := keyset.FromQuery(r, offset)
	if err != nil {
		return err
	}
	var after *UserCursor
	if c != "" {
		if after, err = ParseUserCursor(c); err != nil {
			return err
		}
	}
	users, more, err := h.svc.ListUsers(r.Context(), limit, offset, after)
	if err != nil {
		return err
	}
	// next_cursor starts the following page (docs/api.md#admin-coupons).
	var next *string
	if more {
		c := UserCursorOf(users[len(users)-1]).String()
		next = &c
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"users": users, "has_more": more, "next_cursor": next})
	return nil
}

func (h *Handler) UpdateUser(w http.ResponseWriter, r *http.Request) error {
	actor, _ := UserFrom(r.Context()) // RequireAdmin saw it
	var in UserInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.UpdateUser(r.Context(), actor, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"user": p})
	return nil
}

func (h *Handler) DeleteUser(w http.ResponseWriter, r *http.Request) error {
	actor, _ := UserFrom(r.Context())
	if err := h.svc.DeleteUser(r.Context(), actor, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) ChangePassword(w http.ResponseWriter, r *http.Request) error {
	var in PasswordInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	// An admin changing their own password stays signed in here; their
	// other sessions end like anyone's.
	var keep string
	if c, err := r.Cookie(SessionCookieName(h.secureCookie)); err == nil {
		if actor, _ := UserFrom(r.Context()); actor.ID == r.PathValue("id") {
			keep = c.Value
		}
	}
	if err := h.svc.ChangePassword(r.Context(), r.PathValue("id"), in, keep); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
