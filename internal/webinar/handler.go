package webinar

import (
	"context"
	"net/http"

	"watchwin/internal/httpx"
)

// Videos is what the admin's webinar answers need of the store's own
// videos (*video.Service, docs/product.md#the-stores-own-videos).
type Videos interface {
	// Uncaptioned is the set of webinars whose current ready video has no captions.
	Uncaptioned(ctx context.Context) (map[string]bool, error)
	// Leftovers reads what the webinar's videos keep outside the database
	// (streams in storage, uploads under way) and returns what removes it.
	Leftovers(ctx context.Context, webinarID string) (remove func(context.Context), err error)
}

// Handler serves the webinar endpoints of docs/api.md.
type Handler struct {
	svc    *Service
	videos Videos
}

// NewHandler returns the webinar handler.
func NewHandler(svc *Service, videos Videos) *Handler { return &Handler{svc: svc, videos: videos} }

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
	out, err := h.adminViews(r.Context(), list...)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"webinars": out})
	return nil
}

// adminViews are the admin's answers for list, each flagged when it is an
// active webinar playing an uploaded video that has no captions.
func (h *Handler) adminViews(ctx context.Context, list ...Webinar) ([]AdminView, error) {
	uncaptioned, err := h.videos.Uncaptioned(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]AdminView, len(list))
	for i, wb := range list {
		out[i] = wb.AdminView()
		out[i].CaptionsMissing = wb.IsActive && wb.VideoSource == SourceUpload && uncaptioned[wb.ID]
	}
	return out, nil
}

// adminView is adminViews for one webinar.
func (h *Handler) adminView(ctx context.Context, wb Webinar) (AdminView, error) {
	out, err := h.adminViews(ctx, wb)
	if err != nil {
		return AdminView{}, err
	}
	return out[0], nil
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
	v, err := h.adminView(r.Context(), wb)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, v)
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
	v, err := h.adminView(r.Context(), wb)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, v)
	return nil
}

// Delete removes the webinar, then its videos' files. Storage is outside
// the database's transaction, so the handler asks for the files first and
// removes them only once the webinar (and, by cascade, its videos' rows) is
// gone: a refused delete keeps every file, and no file outlives its webinar.
func (h *Handler) Delete(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	removeFiles, err := h.videos.Leftovers(ctx, r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := h.svc.Delete(ctx, r.PathValue("id")); err != nil {
		return err
	}
	removeFiles(context.WithoutCancel(ctx)) // a client that hangs up does not leave half the files
	w.WriteHeader(http.StatusNoContent)
	return nil
}
