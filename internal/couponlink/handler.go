package couponlink

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// msgLogin is the tool's 'Authentication Required' text (docs/product.md §10).
const msgLogin = "Please log in to access the migration tool."

// Handler serves the Coupon Migration Tool's endpoints (docs/api.md).
type Handler struct{ svc *Service }

// NewHandler returns the migration tool's handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the endpoints; both need a signed-in user.
func (h *Handler) Routes(mux httpx.Router) {
	mux.Handle("GET /api/migration/status", auth.RequireUser(h.status, msgLogin))
	mux.Handle("POST /api/migration/run", auth.RequireUser(h.run, msgLogin))
}

func (h *Handler) status(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, err := h.svc.Status(r.Context(), user)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, st)
	return nil
}

func (h *Handler) run(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	var in RunInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Run(r.Context(), user, in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, res)
	return nil
}
