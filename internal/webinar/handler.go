package webinar

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the webinar endpoints of docs/api.md.
type Handler struct{ svc *Service }

// NewHandler returns the webinar handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the public and admin webinar endpoints. Every admin
// route checks the role on the server (auth.RequireAdmin).
func (h *Handler) Routes(mux httpx.Router) {
	mux.Handle("GET /api/webinars", httpx.HandlerFunc(h.listPublic))
	mux.Handle("GET /api/webinars/{id}", httpx.HandlerFunc(h.getPublic))
	mux.Handle("GET /api/admin/webinars", auth.RequireAdmin(h.listAdmin))
	mux.Handle("POST /api/admin/webinars", auth.RequireAdmin(h.create))
	mux.Handle("PUT /api/admin/webinars/{id}", auth.RequireAdmin(h.update))
	mux.Handle("DELETE /api/admin/webinars/{id}", auth.RequireAdmin(h.delete))
}

// listPublic answers from the encoded list (Service.PublicList) with its
// ETag: a client that sends it back in If-None-Match gets 304 Not Modified
// while nothing changed. no-cache: browsers may keep it but must ask.
func (h *Handler) listPublic(w http.ResponseWriter, r *http.Request) error {
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
func (h *Handler) getPublic(w http.ResponseWriter, r *http.Request) error {
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

func (h *Handler) listAdmin(w http.ResponseWriter, r *http.Request) error {
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

func (h *Handler) create(w http.ResponseWriter, r *http.Request) error {
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

func (h *Handler) update(w http.ResponseWriter, r *http.Request) error {
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

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
