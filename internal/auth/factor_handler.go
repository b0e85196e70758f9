package auth

import (
	"net/http"
	"time"

	"watchwin/internal/audit"
	"watchwin/internal/httpx"
)

// ChallengeCookieName holds a login's challenge between the password and
// the code: sent only to the login endpoints, for ChallengeTTL.
const ChallengeCookieName = "watchwin_login_challenge"

// challengeCookie builds the challenge cookie; a negative ttl deletes it.
func (h *Handler) challengeCookie(token string, ttl time.Duration) *http.Cookie {
	c := &http.Cookie{Name: ChallengeCookieName, Value: token, Path: "/api/auth/login", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteStrictMode, MaxAge: int(ttl.Seconds())}
	if ttl < 0 {
		c.MaxAge = -1
	}
	return c
}

// selfAudit gives a request by an account about itself the audit Source
// its entries are recorded with: the account, the request id and the
// client's network.
func selfAudit(r *http.Request, p Profile) *http.Request {
	src := audit.Source{ActorID: p.ID, ActorRole: p.Role, RequestID: httpx.RequestID(r.Context()),
		Network: audit.Network(httpx.ClientIP(r))}
	return r.WithContext(audit.WithSource(r.Context(), src))
}

// currentToken is the request's session token ("" when none).
func (h *Handler) currentToken(r *http.Request) string {
	if c, err := r.Cookie(SessionCookieName(h.secureCookie)); err == nil {
		return c.Value
	}
	return ""
}

// SecondStep is POST /api/auth/login/second-factor: the code that finishes
// a login whose password was right.
func (h *Handler) SecondStep(w http.ResponseWriter, r *http.Request) error {
	var in CodeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	var challenge string
	if c, err := r.Cookie(ChallengeCookieName); err == nil {
		challenge = c.Value
	}
	// Entries of this step (a recovery code used) carry the request and
	// the network; the account is filled in once known.
	ctx := audit.WithSource(r.Context(), audit.Source{RequestID: httpx.RequestID(r.Context()),
		Network: audit.Network(httpx.ClientIP(r))})
	res, err := h.svc.SecondStep(ctx, challenge, in, clientOf(r))
	if err != nil {
		return err
	}
	http.SetCookie(w, h.challengeCookie("", -1))
	h.signedIn(w, res)
	return nil
}

func (h *Handler) Factor(w http.ResponseWriter, r *http.Request, p Profile) error {
	st, err := h.svc.Factor(r.Context(), p, h.currentToken(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, st)
	return nil
}

// SetupFactor takes {password}, or no body at all when this session
// checked the password in the last RecentPassword.
func (h *Handler) SetupFactor(w http.ResponseWriter, r *http.Request, p Profile) error {
	in, err := optionalFactorInput(w, r)
	if err != nil {
		return err
	}
	setup, err := h.svc.SetupFactor(r.Context(), p, h.currentToken(r), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, setup)
	return nil
}

// recoveryCodesBody carries recovery codes: shown once, never again.
type recoveryCodesBody struct {
	RecoveryCodes []string `json:"recovery_codes"`
}

func (h *Handler) EnableFactor(w http.ResponseWriter, r *http.Request, p Profile) error {
	var in FactorInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	codes, err := h.svc.EnableFactor(selfAudit(r, p).Context(), p, h.currentToken(r), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, recoveryCodesBody{RecoveryCodes: codes})
	return nil
}

func (h *Handler) DisableFactor(w http.ResponseWriter, r *http.Request, p Profile) error {
	var in FactorInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.DisableFactor(selfAudit(r, p).Context(), p, h.currentToken(r), in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) RegenerateRecoveryCodes(w http.ResponseWriter, r *http.Request, p Profile) error {
	var in FactorInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	codes, err := h.svc.RegenerateRecoveryCodes(selfAudit(r, p).Context(), p, h.currentToken(r), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, recoveryCodesBody{RecoveryCodes: codes})
	return nil
}

func (h *Handler) Sessions(w http.ResponseWriter, r *http.Request, p Profile) error {
	list, err := h.svc.Sessions(r.Context(), p.ID, h.currentToken(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"sessions": list})
	return nil
}

// EndSession ends one of the caller's sessions; ending the current one is
// a logout (its cookie goes too).
func (h *Handler) EndSession(w http.ResponseWriter, r *http.Request, p Profile) error {
	current, err := h.svc.EndSession(r.Context(), p.ID, r.PathValue("id"), h.currentToken(r))
	if err != nil {
		return err
	}
	if current {
		http.SetCookie(w, h.cookie("", -1))
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) EndOtherSessions(w http.ResponseWriter, r *http.Request, p Profile) error {
	n, err := h.svc.EndOtherSessions(r.Context(), p.ID, h.currentToken(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]int{"ended": n})
	return nil
}

// EndUserSessions is the admin's "End all sessions" of the users screen.
func (h *Handler) EndUserSessions(w http.ResponseWriter, r *http.Request) error {
	actor, _ := UserFrom(r.Context())
	n, err := h.svc.EndUserSessions(r.Context(), actor, r.PathValue("id"), h.currentToken(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]int{"ended": n})
	return nil
}

// NotMine is POST /api/auth/second-factor/not-mine: the "this wasn't me"
// link of the notice that a factor was turned on; the link is the proof.
func (h *Handler) NotMine(w http.ResponseWriter, r *http.Request) error {
	var in TokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := audit.WithSource(r.Context(), audit.Source{RequestID: httpx.RequestID(r.Context()),
		Network: audit.Network(httpx.ClientIP(r))})
	removed, err := h.svc.NotMine(ctx, in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]bool{"factor_removed": removed})
	return nil
}

// MailEnrolLink mails an enrolling staff or admin account its enrolment link.
func (h *Handler) MailEnrolLink(w http.ResponseWriter, r *http.Request, p Profile) error {
	if err := h.svc.MailEnrolLink(r.Context(), p); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, okBody)
	return nil
}

// OpenEnrolLink proves the mailed enrolment link on this session.
func (h *Handler) OpenEnrolLink(w http.ResponseWriter, r *http.Request, p Profile) error {
	var in TokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.OpenEnrolLink(r.Context(), p, h.currentToken(r), in); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, okBody)
	return nil
}
