package reminder

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the reminder endpoints of docs/api.md#reminders.
type Handler struct {
	svc          *Service
	secureCookie bool // the site is served over HTTPS (the form post's flash cookie)
}

// NewHandler returns the reminder handler.
func NewHandler(svc *Service, secureCookie bool) *Handler {
	return &Handler{svc: svc, secureCookie: secureCookie}
}

// Unsubscribe takes the token from the query string, where both the
// List-Unsubscribe URL and the unsubscribe page put it. A mailbox provider's
// one-click POST carries the form body "List-Unsubscribe=One-Click"
// (RFC 8058), the page none: the body is not read, so either works.
func (h *Handler) Unsubscribe(w http.ResponseWriter, r *http.Request) error {
	out, err := h.svc.Unsubscribe(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (h *Handler) Preferences(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	p, err := h.svc.Preferences(r.Context(), user)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

func (h *Handler) SetPreferences(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	var in PreferencesInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.SetPreferences(r.Context(), user, in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

func (h *Handler) Stats(w http.ResponseWriter, r *http.Request) error {
	st, err := h.svc.Stats(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, st)
	return nil
}

// Subscribe takes the "Tell me about new webinars" box's address and
// answers 202 with SubscribeMessage whatever became of it (no enumeration);
// only what is not an address at all is refused.
func (h *Handler) Subscribe(w http.ResponseWriter, r *http.Request) error {
	if httpx.IsFormPost(r) {
		h.subscribeForm(w, r)
		return nil
	}
	var in SubscribeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.Subscribe(r.Context(), in); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]string{"message": SubscribeMessage})
	return nil
}

// subscribeForm is the "Tell me about new webinars" box posted by the
// browser before the SPA has started (docs/api.md#forms-without-javascript):
// 303 back to the page that posted it, whose box (named by the form's "box"
// field) shows the answer, or the error with the address.
func (h *Handler) subscribeForm(w http.ResponseWriter, r *http.Request) {
	values, err := httpx.ReadForm(w, r)
	if err == nil {
		err = h.svc.Subscribe(r.Context(), SubscribeInput{Email: values.Get("email")})
	}
	f := httpx.NewFlash("webinar_alerts", "subscribed")
	if err == nil {
		f.Set("message", SubscribeMessage)
	} else {
		if !f.Failed(r, err) {
			w.WriteHeader(httpx.StatusClientClosed)
			return
		}
		f.Set("email", httpx.Clip(values.Get("email"), auth.MaxEmail))
	}
	f.Set("box", httpx.Clip(values.Get("box"), maxBoxField))
	httpx.AnswerForm(w, r, f, httpx.RefererPath(r, "/webinars"), h.secureCookie)
}

// maxBoxField is the longest box name (in characters) a form's flash carries
// back (a cookie holds about 4 KB); the address is clipped at auth.MaxEmail.
const maxBoxField = 32

// Confirm spends a confirmation link's token (the body's "token").
func (h *Handler) Confirm(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.Confirm(r.Context(), in.Token)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
