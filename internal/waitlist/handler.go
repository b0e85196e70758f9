package waitlist

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the waiting-list endpoints of docs/api.md#waiting-list.
type Handler struct{ svc *Service }

// NewHandler returns the waiting-list handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Mine answers the caller's standing.
func (h *Handler) Mine(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, err := h.svc.Mine(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, st)
	return nil
}

// Join answers 201 with the standing once joined, 200 when already on it.
func (h *Handler) Join(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, created, err := h.svc.Join(r.Context(), user, r.PathValue("id"), httpx.ClientIP(r))
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, st)
	return nil
}

// Leave answers the standing after leaving (or declining).
func (h *Handler) Leave(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, err := h.svc.Leave(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, st)
	return nil
}

// Counts answers, per webinar with a list, how many wait and hold offers.
func (h *Handler) Counts(w http.ResponseWriter, r *http.Request) error {
	c, err := h.svc.Counts(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"webinars": c})
	return nil
}

// List answers a webinar's list, for the admin.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	entries, err := h.svc.List(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"entries": entries})
	return nil
}
