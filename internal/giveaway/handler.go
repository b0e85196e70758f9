package giveaway

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the giveaway endpoints of docs/api.md; every one is an
// admin route, checked on the server.
type Handler struct{ svc *Service }

// NewHandler returns the giveaway handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	winners, err := h.svc.Winners(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"winners": winners})
	return nil
}

func (h *Handler) Notify(w http.ResponseWriter, r *http.Request) error {
	winner, err := h.svc.Notify(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"winner": winner})
	return nil
}

// draw is 'Pick New Winner'.
func (h *Handler) Draw(w http.ResponseWriter, r *http.Request) error {
	admin, _ := auth.UserFrom(r.Context()) // RequireAdmin let only admins in
	winner, d, err := h.svc.Repick(r.Context(), admin, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"winner": winner, "draw": d})
	return nil
}

func (h *Handler) Draws(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.Draws(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"draws": list})
	return nil
}
