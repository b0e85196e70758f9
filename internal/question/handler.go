package question

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the endpoints of docs/api.md#questions-to-the-store.
type Handler struct{ svc *Service }

// NewHandler returns the questions' handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Ask answers 201 with the question the caller asked.
func (h *Handler) Ask(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	a, err := h.svc.Ask(r.Context(), user, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, a)
	return nil
}

// Published answers a webinar's published questions and answers.
func (h *Handler) Published(w http.ResponseWriter, r *http.Request) error {
	qs, err := h.svc.Published(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"questions": qs})
	return nil
}

// Inbox answers the staff's list of ?status= (new by default) and the
// count of each status.
func (h *Handler) Inbox(w http.ResponseWriter, r *http.Request, _ auth.Profile) error {
	items, counts, err := h.svc.Inbox(r.Context(), Status(r.URL.Query().Get("status")))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"questions": items, "counts": counts})
	return nil
}

// Answer mails the staff's answer to the asker.
func (h *Handler) Answer(w http.ResponseWriter, r *http.Request, staff auth.Profile) error {
	var in struct {
		Answer string `json:"answer"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	return h.write(w)(h.svc.Answer(r.Context(), staff, r.PathValue("id"), in.Answer))
}

// Publish shows an answered question under its video.
func (h *Handler) Publish(w http.ResponseWriter, r *http.Request, _ auth.Profile) error {
	return h.write(w)(h.svc.Publish(r.Context(), r.PathValue("id")))
}

// Hide takes an abusive question out of sight.
func (h *Handler) Hide(w http.ResponseWriter, r *http.Request, _ auth.Profile) error {
	return h.write(w)(h.svc.Hide(r.Context(), r.PathValue("id")))
}

// write answers 200 with the question as it now stands.
func (h *Handler) write(w http.ResponseWriter) func(Item, error) error {
	return func(it Item, err error) error {
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, it)
		return nil
	}
}
