package wallet

import (
	"log/slog"
	"net/http"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the wallet endpoints of docs/api.md#wallet-passes: the
// owner's pass and save link, and Apple's web service for pass updates.
type Handler struct{ svc *Service }

// NewHandler returns the wallet handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// PKPassType is the media type of an Apple Wallet pass.
const PKPassType = "application/vnd.apple.pkpass"

// ApplePass downloads the caller's own pass (nothing audited: it is their own coupon).
func (h *Handler) ApplePass(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	b, err := h.svc.ApplePass(r.Context(), user.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="coupon.pkpass"`)
	writePass(w, b)
	return nil
}

func writePass(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", PKPassType)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

// GoogleSave answers the caller's own "Add to Google Wallet" link.
func (h *Handler) GoogleSave(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	u, err := h.svc.GoogleSaveURL(r.Context(), user.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"url": u})
	return nil
}

// Register is Apple's "register a pass for update notifications": 201 new,
// 200 already registered, 401 without the pass's token.
func (h *Handler) Register(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		PushToken string `json:"pushToken"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	created, err := h.svc.Register(r.Context(), r.PathValue("device"), r.PathValue("passType"), r.PathValue("serial"),
		r.Header.Get("Authorization"), body.PushToken)
	if err != nil {
		return err
	}
	if created {
		w.WriteHeader(http.StatusCreated)
	} else {
		w.WriteHeader(http.StatusOK)
	}
	return nil
}

// Unregister is Apple's "unregister a pass for update notifications".
func (h *Handler) Unregister(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Unregister(r.Context(), r.PathValue("device"), r.PathValue("passType"), r.PathValue("serial"),
		r.Header.Get("Authorization")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

// Updated is Apple's "get the list of updatable passes": 204 when none
// changed after passesUpdatedSince.
func (h *Handler) Updated(w http.ResponseWriter, r *http.Request) error {
	serials, tag, err := h.svc.Updated(r.Context(), r.PathValue("device"), r.PathValue("passType"),
		r.URL.Query().Get("passesUpdatedSince"))
	if err != nil {
		return err
	}
	if len(serials) == 0 {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"serialNumbers": serials, "lastUpdated": tag})
	return nil
}

// LatestPass is Apple's "send an updated pass": 304 when it has not
// changed since If-Modified-Since.
func (h *Handler) LatestPass(w http.ResponseWriter, r *http.Request) error {
	b, modified, err := h.svc.LatestPass(r.Context(), r.PathValue("passType"), r.PathValue("serial"),
		r.Header.Get("Authorization"))
	if err != nil {
		return err
	}
	modified = modified.Truncate(time.Second)
	if since, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil && !modified.After(since) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	w.Header().Set("Last-Modified", modified.UTC().Format(http.TimeFormat))
	writePass(w, b)
	return nil
}

// Log is Apple's "log a message": the device's own errors with this web
// service, kept in the server's log (the messages name URLs and errors,
// nothing of the customer).
func (h *Handler) Log(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Logs []string `json:"logs"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	for i, m := range body.Logs {
		if i == 20 {
			break
		}
		if len(m) > 300 {
			m = m[:300]
		}
		slog.WarnContext(r.Context(), "apple wallet device", "message", m)
	}
	w.WriteHeader(http.StatusOK)
	return nil
}
