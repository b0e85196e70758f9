package followup

import (
	"net/http"
	"strconv"

	"watchwin/internal/httpx"
)

// Handler serves the endpoints of docs/api.md#follow-ups.
type Handler struct{ svc *Service }

// NewHandler returns the follow-ups' handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Templates answers the default subject and text of each segment and the
// placeholders a text may use.
func (h *Handler) Templates(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"templates": Templates, "placeholders": Placeholders})
	return nil
}

// Preview answers who a follow-up to ?segment= (&percent=, &days=) would reach.
func (h *Handler) Preview(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	c := Criteria{Segment: Segment(q.Get("segment"))}
	c.Percent, _ = strconv.Atoi(q.Get("percent"))
	c.Days, _ = strconv.Atoi(q.Get("days"))
	p, err := h.svc.Preview(r.Context(), r.PathValue("id"), c)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

// Send queues a follow-up and answers 201 with what was queued and left out.
func (h *Handler) Send(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	sent, err := h.svc.Send(r.Context(), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, sent)
	return nil
}

// History answers a webinar's past follow-ups.
func (h *Handler) History(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.History(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"follow_ups": list})
	return nil
}
