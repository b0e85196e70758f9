package webinar

import (
	"net/http"

	"watchwin/internal/httpx"
)

// Handler serves the webinar endpoints of docs/api.md.
type Handler struct{ svc *Service }

// NewHandler returns the webinar handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// listPublic answers from the encoded list (Service.PublicList) with its
// ETag: a client that sends it back in If-None-Match gets 304 Not Modified
// while nothing changed. no-cache: browsers may keep it but must ask.
func (h *Handler) ListPublic(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.PublicList(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.ServeBytes(w, r, "application/json; charset=utf-8", list.ETag, list.JSON)
	return nil
}

// getPublic answers from the public list when it holds the webinar (with
// an ETag and no-cache, like the list), else from the database.
func (h *Handler) GetPublic(w http.ResponseWriter, r *http.Request) error {
	body, etag, ok, err := h.svc.PublicDetail(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if ok {
		w.Header().Set("Cache-Control", "no-cache")
		httpx.ServeBytes(w, r, "application/json; charset=utf-8", etag, body)
		return nil
	}
	wb, err := h.svc.GetPublic(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, wb.PublicView())
	return nil
}

func (h *Handler) ListAdmin(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.ListAll(r.Context())
	if err != nil {
		return err
	}
	out := make([]AdminView, len(list))
	for i, wb := range list {
		out[i] = wb.AdminView()
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"webinars": out})
	return nil
}

func (h *Handler) Create(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	wb, err := h.svc.Create(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, wb.AdminView())
	return nil
}

func (h *Handler) Update(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	wb, err := h.svc.Update(r.Context(), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, wb.AdminView())
	return nil
}

func (h *Handler) Delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
