package coupon

import (
	"errors"
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
)

// Handler serves the coupon endpoints of docs/api.md: a user reads only
// their own coupons.
type Handler struct{ svc *Service }

// NewHandler returns the coupon handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the endpoints.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/coupons", auth.RequireUser(h.list, ""))
	mux.Handle("GET /api/webinars/{id}/coupon", auth.RequireUser(h.mine, ""))
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	list, err := h.svc.ListMine(r.Context(), user.ID)
	if err != nil {
		return err
	}
	now := h.svc.now()
	out := make([]View, len(list))
	for i, c := range list {
		out[i] = c.View(now)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupons": out})
	return nil
}

// mine answers {coupon: null} when there is none yet: the coupon page shows
// its 'refresh' message then, it is not an error.
func (h *Handler) mine(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	c, err := h.svc.Mine(r.Context(), user.ID, r.PathValue("id"))
	if errors.Is(err, db.ErrNotFound) {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": nil})
		return nil
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": c.View(h.svc.now())})
	return nil
}
