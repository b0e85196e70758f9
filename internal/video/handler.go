package video

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
)

// View is a video as the admin API shows it (docs/api.md#own-videos).
type View struct {
	ID              string           `json:"id"`
	Status          string           `json:"status"`
	Percent         int              `json:"percent"`
	Error           *string          `json:"error"`
	Filename        string           `json:"filename"`
	SizeBytes       int64            `json:"size_bytes"`
	DurationSeconds *int             `json:"duration_seconds"`
	Renditions      []string         `json:"renditions"`
	CreatedAt       time.Time        `json:"created_at"`
	Captions        []CaptionSummary `json:"captions"`
}

// CaptionSummary is one language of a video's captions in a View: cues is
// how many captions it holds.
type CaptionSummary struct {
	Language string `json:"language"`
	Label    string `json:"label"`
	Cues     int    `json:"cues"`
}

// WebinarVideos is the admin's view of a webinar's uploads: whether this
// server can take one, the size cap, the video the webinar plays and the
// last upload (the same one once it is ready).
type WebinarVideos struct {
	FFmpeg   bool  `json:"ffmpeg"`
	MaxBytes int64 `json:"max_bytes"`
	Current  *View `json:"current"`
	Latest   *View `json:"latest"`
}

// ForWebinar returns the webinar's videos for the admin.
func (s *Service) ForWebinar(ctx context.Context, webinarID string) (WebinarVideos, error) {
	if _, err := s.webinars.Get(ctx, webinarID); err != nil {
		return WebinarVideos{}, err
	}
	out := WebinarVideos{FFmpeg: s.tr.Available() == nil, MaxBytes: s.maxBytes}
	vs, err := s.store.ofWebinar(ctx, webinarID)
	if err != nil {
		return WebinarVideos{}, err
	}
	for i, v := range vs {
		if i > 0 && (out.Current != nil || v.Status != StatusReady) {
			continue
		}
		view, err := s.view(ctx, v)
		if err != nil {
			return WebinarVideos{}, err
		}
		if i == 0 {
			out.Latest = &view
		}
		if v.Status == StatusReady && out.Current == nil {
			out.Current = &view
		}
	}
	return out, nil
}

func (s *Service) view(ctx context.Context, v Video) (View, error) {
	out := View{ID: v.ID, Status: v.Status, Percent: v.Percent, Filename: v.Filename, SizeBytes: v.SizeBytes,
		Renditions: v.Renditions, CreatedAt: v.CreatedAt, Captions: []CaptionSummary{}}
	if v.Error != "" {
		out.Error = &v.Error
	}
	if v.Status == StatusReady {
		out.DurationSeconds = &v.DurationSeconds
	}
	rows, err := s.store.captions(ctx, v.ID)
	for _, c := range rows {
		// Stored captions are WriteWebVTT's, where "-->" is only in timing lines.
		out.Captions = append(out.Captions, CaptionSummary{Language: c.Language, Label: c.Label,
			Cues: strings.Count(c.VTT, arrow)})
	}
	return out, err
}

// Handler serves the admin's video routes (docs/api.md#own-videos).
type Handler struct{ svc *Service }

// NewHandler returns the video handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Upload is the tus endpoint under UploadPath (Service.ServeUpload).
func (h *Handler) Upload(w http.ResponseWriter, r *http.Request) error {
	return h.svc.ServeUpload(w, r)
}

// Webinar answers GET /api/admin/webinars/{id}/video.
func (h *Handler) Webinar(w http.ResponseWriter, r *http.Request) error {
	out, err := h.svc.ForWebinar(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// PutCaptions answers PUT /api/admin/videos/{id}/captions/{lang}.
func (h *Handler) PutCaptions(w http.ResponseWriter, r *http.Request) error {
	var in CaptionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.svc.PutCaptions(r.Context(), r.PathValue("id"), r.PathValue("lang"), in)
	return answerCaption(w, c, err)
}

// Captions answers GET /api/admin/videos/{id}/captions/{lang}.
func (h *Handler) Captions(w http.ResponseWriter, r *http.Request) error {
	c, err := h.svc.Captions(r.Context(), r.PathValue("id"), r.PathValue("lang"))
	return answerCaption(w, c, err)
}

// EditCue answers PATCH /api/admin/videos/{id}/captions/{lang}/cues/{index}.
func (h *Handler) EditCue(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Text string `json:"text"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	index, err := strconv.Atoi(r.PathValue("index"))
	if err != nil {
		return errCueIndex
	}
	c, err := h.svc.EditCue(r.Context(), r.PathValue("id"), r.PathValue("lang"), index, in.Text)
	return answerCaption(w, c, err)
}

// DeleteCaptions answers DELETE /api/admin/videos/{id}/captions/{lang}.
func (h *Handler) DeleteCaptions(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.DeleteCaptions(r.Context(), r.PathValue("id"), r.PathValue("lang")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func answerCaption(w http.ResponseWriter, c Caption, err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.NotFound(msgNoVideo)
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]Caption{"caption": c})
	return nil
}
