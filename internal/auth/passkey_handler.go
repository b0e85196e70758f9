package auth

import (
	"net/http"

	"watchwin/internal/httpx"
)

// PasskeyCookieName holds a passkey sign-in's ceremony between its begin
// and finish: sent only to those endpoints, for CeremonyTTL.
const PasskeyCookieName = "watchwin_passkey_login"

func (h *Handler) passkeyCookie(token string, ttl int) *http.Cookie {
	return &http.Cookie{Name: PasskeyCookieName, Value: token, Path: "/api/auth/passkey", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteStrictMode, MaxAge: ttl}
}

// optionalFactorInput reads {password}, or no body at all (a password
// checked on this session in the last RecentPassword).
func optionalFactorInput(w http.ResponseWriter, r *http.Request) (FactorInput, error) {
	var in FactorInput
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(w, r, &in); err != nil {
			return in, err
		}
	}
	return in, nil
}

// BeginPasskeyLogin is POST /api/auth/passkey/begin: the request options
// for navigator.credentials.get, and the ceremony's cookie.
func (h *Handler) BeginPasskeyLogin(w http.ResponseWriter, r *http.Request) error {
	options, token, err := h.svc.BeginPasskeyLogin(r.Context())
	if err != nil {
		return err
	}
	http.SetCookie(w, h.passkeyCookie(token, int(CeremonyTTL.Seconds())))
	httpx.WriteJSON(w, http.StatusOK, options)
	return nil
}

// PasskeyLogin is POST /api/auth/passkey/finish: the browser's answer
// signs in (the session body, as a login's).
func (h *Handler) PasskeyLogin(w http.ResponseWriter, r *http.Request) error {
	var in PasskeyLoginInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	var token string
	if c, err := r.Cookie(PasskeyCookieName); err == nil {
		token = c.Value
	}
	res, err := h.svc.PasskeyLogin(r.Context(), token, in, clientOf(r))
	http.SetCookie(w, h.passkeyCookie("", -1)) // the ceremony is spent either way
	if err != nil {
		return err
	}
	h.signedIn(w, res)
	return nil
}

// Passkeys is GET /api/account/passkeys.
func (h *Handler) Passkeys(w http.ResponseWriter, r *http.Request, p Profile) error {
	list, err := h.svc.Passkeys(r.Context(), p)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"passkeys": list})
	return nil
}

// BeginAddPasskey is POST /api/account/passkeys/begin: {password} (or no
// body after a recent one), answered with the creation options.
func (h *Handler) BeginAddPasskey(w http.ResponseWriter, r *http.Request, p Profile) error {
	in, err := optionalFactorInput(w, r)
	if err != nil {
		return err
	}
	options, err := h.svc.BeginAddPasskey(r.Context(), p, h.currentToken(r), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, options)
	return nil
}

// AddPasskey is POST /api/account/passkeys: {name, credential}.
func (h *Handler) AddPasskey(w http.ResponseWriter, r *http.Request, p Profile) error {
	var in AddPasskeyInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	k, err := h.svc.AddPasskey(selfAudit(r, p).Context(), p, h.currentToken(r), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"passkey": k})
	return nil
}

// RenamePasskey is PATCH /api/account/passkeys/{id}: {name}.
func (h *Handler) RenamePasskey(w http.ResponseWriter, r *http.Request, p Profile) error {
	var in NameInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.RenamePasskey(r.Context(), p, r.PathValue("id"), in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// RemovePasskey is POST /api/account/passkeys/{id}/remove: {password}, or no
// body after a recent one.
func (h *Handler) RemovePasskey(w http.ResponseWriter, r *http.Request, p Profile) error {
	in, err := optionalFactorInput(w, r)
	if err != nil {
		return err
	}
	if err := h.svc.RemovePasskey(selfAudit(r, p).Context(), p, h.currentToken(r), r.PathValue("id"), in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
