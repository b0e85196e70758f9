package setting

import (
	"net/http"

	"watchwin/internal/httpx"
)

// Handler serves the settings endpoints of docs/api.md: public reads for
// every page, admin reads and saves.
type Handler struct{ svc *Service }

// NewHandler returns the settings handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) Announcement(w http.ResponseWriter, r *http.Request) error {
	a, err := h.svc.Announcement(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, a)
	return nil
}

func (h *Handler) Site(w http.ResponseWriter, r *http.Request) error {
	s, err := h.svc.Site(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, s)
	return nil
}

func (h *Handler) Backgrounds(w http.ResponseWriter, r *http.Request) error {
	b, err := h.svc.Backgrounds(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"backgrounds": b})
	return nil
}

func (h *Handler) All(w http.ResponseWriter, r *http.Request) error {
	v, err := h.svc.All(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"settings": v})
	return nil
}

func (h *Handler) SaveGeneral(w http.ResponseWriter, r *http.Request) error {
	var in Site
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	s, err := h.svc.SaveGeneral(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, s)
	return nil
}

func (h *Handler) SaveAnnouncement(w http.ResponseWriter, r *http.Request) error {
	var in Announcement
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	a, err := h.svc.SaveAnnouncement(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, a)
	return nil
}

// setBackground answers 404 for an unknown page before reading the body.
func (h *Handler) SetBackground(w http.ResponseWriter, r *http.Request) error {
	if err := checkPage(r.PathValue("page")); err != nil {
		return err
	}
	var in BackgroundInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	b, err := h.svc.SetBackground(r.Context(), r.PathValue("page"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, b)
	return nil
}

func (h *Handler) SaveReminders(w http.ResponseWriter, r *http.Request) error {
	var in Reminders
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	saved, err := h.svc.SaveReminders(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, saved)
	return nil
}

func (h *Handler) CouponPolicy(w http.ResponseWriter, r *http.Request) error {
	p, err := h.svc.CouponPolicy(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

func (h *Handler) SaveCouponPolicy(w http.ResponseWriter, r *http.Request) error {
	var in CouponPolicy
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.SaveCouponPolicy(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

func (h *Handler) Books(w http.ResponseWriter, r *http.Request) error {
	b, err := h.svc.Books(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, b)
	return nil
}

func (h *Handler) SaveBooks(w http.ResponseWriter, r *http.Request) error {
	var in Books
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	b, err := h.svc.SaveBooks(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, b)
	return nil
}
