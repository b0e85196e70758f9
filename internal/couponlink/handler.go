package couponlink

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the Coupon Migration Tool's endpoints (docs/api.md).
type Handler struct{ svc *Service }

// NewHandler returns the migration tool's handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) Status(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, err := h.svc.Status(r.Context(), user)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, st)
	return nil
}

func (h *Handler) Run(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
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
