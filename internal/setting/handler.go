package setting

import (
	"net/http"

	"watchwin/internal/httpx"
)

// Handler serves the public settings endpoints.
type Handler struct{ svc *Service }

// NewHandler returns the settings handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers GET /api/settings/announcement (public: the home page
// banner).
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/settings/announcement", httpx.HandlerFunc(h.announcement))
}

func (h *Handler) announcement(w http.ResponseWriter, r *http.Request) error {
	a, err := h.svc.Announcement(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, a)
	return nil
}
