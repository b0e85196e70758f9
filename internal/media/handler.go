package media

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/httpx"
)

// CacheControl is sent with every stored file (docs/product.md#timings-and-constants: an
// hour).
const CacheControl = "public, max-age=3600"

// maxNameField caps the optional name field of an upload.
const maxNameField = 1024

// maxParts bounds the form fields read from one upload.
const maxParts = 16

// Handler serves the stored images: public reads under /media/ and the admin
// upload and listing under /api/admin/media.
type Handler struct{ svc *Service }

// NewHandler returns the media handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// PublicRoutes registers GET /media/{bucket}/{path...} on the root mux. It
// needs no session: stored images are public (docs/api.md#stored-images).
func (h *Handler) PublicRoutes(mux *http.ServeMux) {
	mux.Handle("GET /media/{bucket}/{path...}", httpx.HandlerFunc(h.serve))
	mux.Handle("/media/", httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.NotFound(msgNotFound)
	}))
}

// serve answers with the file, its real content type, an ETag (a replaced
// file gets a new one, see ETag) and one hour of
// caching; http.ServeContent handles If-None-Match (304), HEAD and ranges.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request) error {
	f, fi, err := h.svc.Open(r.Context(), r.PathValue("bucket"), r.PathValue("path"))
	if err != nil {
		return err
	}
	defer f.Close()
	hd := w.Header()
	hd.Set("Content-Type", fi.ContentType)
	hd.Set("Cache-Control", CacheControl)
	hd.Set("ETag", ETag(fi))
	http.ServeContent(w, r, "", fi.ModTime, f)
	return nil
}

// ETag is the entity tag of a stored file: the store's own when it keeps
// one (S3's changes with the content), else one from size and modification
// time.
func ETag(fi FileInfo) string {
	if fi.ETag != "" {
		return `"` + fi.ETag + `"`
	}
	return fmt.Sprintf(`"%x-%x"`, fi.Size, fi.ModTime.UnixNano())
}

type uploadView struct {
	Bucket      string `json:"bucket"`
	Path        string `json:"path"`
	URL         string `json:"url"`
	Size        int64  `json:"size"`
	ContentType string `json:"content_type"`
}

// upload reads a multipart form with a file field and an optional name
// field, in either order. The file is read into memory (at most
// MaxUploadBytes, admins only) because the name may come after it.
func (h *Handler) Upload(w http.ResponseWriter, r *http.Request) error {
	bucket := r.PathValue("bucket")
	if !KnownBucket(bucket) {
		return apperr.NotFound(msgNoBucket)
	}
	// A large image on a slow connection may take longer than the server's
	// read timeout allows other requests; the body stays capped.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(uploadTimeout))
	_ = rc.SetWriteDeadline(time.Now().Add(uploadTimeout + time.Minute))
	r.Body = http.MaxBytesReader(w, r.Body, MaxUploadBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return apperr.Invalid("file", msgNoFile)
	}
	var (
		name, fileName string
		data           []byte
		gotFile        bool
	)
	for i := 0; ; i++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return readError(err)
		}
		if i >= maxParts {
			return apperr.BadRequest("The upload has too many form fields.")
		}
		switch part.FormName() {
		case "file":
			if gotFile {
				return apperr.Invalid("file", "Please upload one image at a time.")
			}
			gotFile = true
			fileName = part.FileName()
			data, err = io.ReadAll(io.LimitReader(part, MaxUploadBytes+1))
			if err != nil {
				return readError(err)
			}
			if len(data) > MaxUploadBytes {
				return errTooLarge
			}
		case "name":
			b, err := io.ReadAll(io.LimitReader(part, maxNameField+1))
			if err != nil {
				return readError(err)
			}
			if len(b) > maxNameField {
				return apperr.Invalid("name", "The file name is too long.")
			}
			name = string(b)
		default:
			if _, err := io.Copy(io.Discard, part); err != nil {
				return readError(err)
			}
		}
	}
	if !gotFile || len(data) == 0 {
		return apperr.Invalid("file", msgNoFile)
	}
	if name == "" {
		name = fileName
	}
	fi, err := h.svc.Upload(r.Context(), bucket, name, bytes.NewReader(data))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, uploadView{
		Bucket: fi.Bucket, Path: fi.Path, URL: URL(fi.Bucket, fi.Path), Size: fi.Size, ContentType: fi.ContentType,
	})
	return nil
}

func readError(err error) error {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return errTooLarge
	}
	return apperr.BadRequest("The upload could not be read. Please try again.")
}

type fileView struct {
	Name      string    `json:"name"`
	Path      string    `json:"path"`
	URL       string    `json:"url"`
	Size      int64     `json:"size"`
	UpdatedAt time.Time `json:"updated_at"`
}

// list answers with a page of a bucket's files, by path ascending.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	bucket := r.PathValue("bucket")
	if !KnownBucket(bucket) {
		return apperr.NotFound(msgNoBucket)
	}
	limit, offset, err := httpx.Page(r, DefaultListLimit, MaxListLimit)
	if err != nil {
		return err
	}
	files, err := h.svc.List(r.Context(), bucket, limit, offset)
	if err != nil {
		return err
	}
	out := make([]fileView, 0, len(files))
	for _, f := range files {
		out = append(out, fileView{Name: path.Base(f.Path), Path: f.Path, URL: URL(f.Bucket, f.Path), Size: f.Size, UpdatedAt: f.ModTime})
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"files": out})
	return nil
}
