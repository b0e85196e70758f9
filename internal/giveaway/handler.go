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

// Routes registers the endpoints.
func (h *Handler) Routes(mux httpx.Router) {
	mux.Handle("GET /api/admin/giveaway-winners", auth.RequireAdmin(h.list))
	mux.Handle("POST /api/admin/giveaway-winners/{id}/notify", auth.RequireAdmin(h.notify))
	mux.Handle("POST /api/admin/webinars/{id}/giveaway/draw", auth.RequireAdmin(h.draw))
	mux.Handle("GET /api/admin/webinars/{id}/giveaway/draws", auth.RequireAdmin(h.draws))
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	winners, err := h.svc.Winners(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"winners": winners})
	return nil
}

func (h *Handler) notify(w http.ResponseWriter, r *http.Request) error {
	winner, err := h.svc.Notify(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"winner": winner})
	return nil
}

// draw is 'Pick New Winner'.
func (h *Handler) draw(w http.ResponseWriter, r *http.Request) error {
	admin, _ := auth.UserFrom(r.Context()) // RequireAdmin let only admins in
	winner, d, err := h.svc.Repick(r.Context(), admin, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"winner": winner, "draw": d})
	return nil
}

func (h *Handler) draws(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.Draws(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"draws": list})
	return nil
}
