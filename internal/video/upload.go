package video

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	tus "github.com/tus/tusd/v2/pkg/handler"
	expslog "golang.org/x/exp/slog"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
)

// UploadPath is the tus 1.0 endpoint of video uploads (docs/api.md#own-videos):
// POST here creates an upload, {UploadPath}{id} takes its parts (PATCH),
// tells how much arrived (HEAD) and cancels it (DELETE).
const UploadPath = "/api/admin/video-uploads/"

// MaxChunkBytes caps one request's body on UploadPath (the SPA sends parts of
// 50 MB); every other route keeps the app's smaller cap.
const MaxChunkBytes = 64 << 20

// Upload-Metadata keys the creation reads.
const (
	metaWebinar  = "webinar_id"
	metaFilename = "filename"
	metaName     = "name" // what Uppy calls the file's name when filename is absent
)

// maxFilename bounds the file name kept for the admin (characters).
const maxFilename = 255

var (
	errUploadNotFound = apperr.NotFound("This upload does not exist (it may have been cancelled or removed after a day without progress). Start it again.")
	errUploadDone     = apperr.Conflict("upload_complete", "This upload is already complete.")
	errNoLength       = apperr.BadRequest("The upload must say the file's size (Upload-Length).")
	errEmptyFile      = apperr.Invalid("file", "This file is empty.")
	errNoWebinar      = apperr.Invalid(metaWebinar, "The upload must name its webinar (webinar_id).")
)

// newTUS is the tusd handler on the upload store, each upload locked by
// locker while a request writes it (any instance may take any request,
// docs/operations.md#the-stores-own-videos). Downloads, concatenation and
// CORS are off: only the admin's page on this site uploads.
func (s *Service) newTUS(baseURL string, locker tus.Locker) *tus.Handler {
	composer := tus.NewStoreComposer()
	composer.UseCore(s.uploads)
	composer.UseTerminater(s.uploads)
	composer.UseLocker(locker)
	h, err := tus.NewHandler(tus.Config{
		StoreComposer:              composer,
		BasePath:                   strings.TrimSuffix(baseURL, "/") + UploadPath,
		MaxSize:                    s.maxBytes,
		DisableDownload:            true,
		DisableConcatenation:       true,
		Cors:                       &tus.CorsConfig{Disable: true},
		PreUploadCreateCallback:    s.uploadCreated,
		PreFinishResponseCallback:  s.uploadFinished,
		PreUploadTerminateCallback: s.uploadCancelled,
		Logger:                     expslog.New(tusLog{}),
	})
	if err != nil {
		panic(err) // constant options: only a programming error gets here
	}
	return h
}

// ServeUpload is the tus endpoint, behind the route table's admin guard. It
// refuses what tusd would accept but the store does not (a creation without
// ffmpeg, a webinar or a size within the cap; a request for an upload no
// video names) with the API's JSON errors, then hands the request to tusd
// under UploadPath.
func (s *Service) ServeUpload(w http.ResponseWriter, r *http.Request) error {
	r.Header.Del("X-HTTP-Method-Override") // the method is the method, for the guard as for tusd
	id := strings.Trim(strings.TrimPrefix(r.URL.Path, UploadPath), "/")
	switch {
	case id == "" && r.Method == http.MethodPost:
		if err := s.checkCreation(r); err != nil {
			return err
		}
	case id != "":
		if err := s.checkUpload(r.Context(), id, r.Method); err != nil {
			return err
		}
	}
	http.StripPrefix(strings.TrimSuffix(UploadPath, "/"), s.tus).ServeHTTP(w, r)
	return nil
}

// checkCreation applies the store's rules to a new upload, before tusd
// creates anything: ffmpeg present, a known length within the cap, a
// webinar that exists.
func (s *Service) checkCreation(r *http.Request) error {
	if err := s.tr.Available(); err != nil {
		return apperr.Conflict("ffmpeg_missing", UserMessage(err))
	}
	if r.Header.Get("Upload-Concat") != "" || r.Header.Get("Upload-Defer-Length") != "" {
		return errNoLength
	}
	size, err := strconv.ParseInt(r.Header.Get("Upload-Length"), 10, 64)
	switch {
	case err != nil || size < 0:
		return errNoLength
	case size == 0:
		return errEmptyFile
	case size > s.maxBytes:
		return apperr.TooLarge(fmt.Sprintf("This file is larger than the %s limit.", formatBytes(s.maxBytes)))
	}
	meta := tus.ParseMetadataHeader(r.Header.Get("Upload-Metadata"))
	if meta[metaWebinar] == "" {
		return errNoWebinar
	}
	_, err = s.webinars.Get(r.Context(), meta[metaWebinar])
	return err
}

// checkUpload lets a request reach an upload only when a video names it:
// its parts while it is uploading, its offset until it is transcoded.
func (s *Service) checkUpload(ctx context.Context, id, method string) error {
	if !idPattern.MatchString(id) {
		return errUploadNotFound
	}
	v, err := s.store.byUpload(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return errUploadNotFound
	}
	if err != nil {
		return err
	}
	switch method {
	case http.MethodPatch:
		if v.Status != StatusUploading {
			return errUploadDone
		}
		return s.store.touch(ctx, v.ID, s.now())
	case http.MethodDelete:
		if v.Status != StatusUploading {
			return errUploadDone
		}
	}
	return nil
}

// uploadCreated (tusd's pre-create hook) inserts the video, status
// uploading, under the id it gives the upload, and records the admin's
// upload in the audit log in the same transaction.
func (s *Service) uploadCreated(hook tus.HookEvent) (tus.HTTPResponse, tus.FileInfoChanges, error) {
	ctx := hook.Context
	p, ok := auth.UserFrom(ctx)
	if !ok || !p.IsAdmin() { // the route's guard let only admins in; this hook never runs for anyone else
		return tus.HTTPResponse{}, tus.FileInfoChanges{}, tus.NewError("ERR_FORBIDDEN", "Only an administrator may upload videos.", http.StatusForbidden)
	}
	meta := hook.Upload.MetaData
	v := Video{ID: newID(), WebinarID: meta[metaWebinar], Status: StatusUploading, Filename: cleanFilename(meta),
		SizeBytes: hook.Upload.Size, CreatedBy: p.ID, CreatedAt: s.now()}
	v.UploadID = v.ID
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.insert(ctx, v); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, v.CreatedAt, audit.Entry{Action: audit.VideoUpload, TargetType: audit.TargetVideo,
			TargetID: v.ID, Summary: fmt.Sprintf("webinar %s: %q, %s", v.WebinarID, v.Filename, formatBytes(v.SizeBytes))})
	})
	if err != nil {
		return tus.HTTPResponse{}, tus.FileInfoChanges{}, hookError(hook, err)
	}
	return tus.HTTPResponse{}, tus.FileInfoChanges{ID: v.UploadID,
		MetaData: tus.MetaData{metaWebinar: v.WebinarID, metaFilename: v.Filename}}, nil
}

// uploadFinished (tusd's hook once the last byte arrived) queues the video
// for the transcode job. Had it failed, the prune job queues it later.
func (s *Service) uploadFinished(hook tus.HookEvent) (tus.HTTPResponse, error) {
	v, err := s.store.byUpload(hook.Context, hook.Upload.ID)
	if err == nil {
		_, err = s.store.setStatus(hook.Context, v.ID, StatusUploading, StatusQueued, s.now())
	}
	if err != nil {
		return tus.HTTPResponse{}, hookError(hook, err)
	}
	return tus.HTTPResponse{}, nil
}

// Import queues the file at path as the webinar's newest video, as a
// finished upload (the --demo seed's generated recording) and returns its
// id: copied into the uploads as a whole tus upload, its row inserted queued
// and audited (in ctx's transaction, if any). The transcode job takes it at
// its next run; parts a rolled-back transaction left go as prune's orphans.
func (s *Service) Import(ctx context.Context, webinarID, path, filename string) (string, error) {
	if err := s.tr.Available(); err != nil {
		return "", err
	}
	if _, err := s.webinars.Get(ctx, webinarID); err != nil {
		return "", err
	}
	f, err := os.Open(path) // #nosec G304: a file of the server's own, named by its caller
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	v := Video{ID: newID(), WebinarID: webinarID, Status: StatusQueued, Filename: cleanFilename(tus.MetaData{metaFilename: filename}),
		SizeBytes: st.Size(), CreatedAt: s.now()}
	v.UploadID = v.ID
	up, err := s.uploads.NewUpload(ctx, tus.FileInfo{ID: v.UploadID, Size: v.SizeBytes,
		MetaData: tus.MetaData{metaWebinar: v.WebinarID, metaFilename: v.Filename}})
	if err != nil {
		return "", err
	}
	if _, err := up.WriteChunk(ctx, 0, f); err != nil {
		s.removeUpload(ctx, v.UploadID)
		return "", err
	}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.insert(ctx, v); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, v.CreatedAt, audit.Entry{Action: audit.VideoUpload, TargetType: audit.TargetVideo,
			TargetID: v.ID, Summary: fmt.Sprintf("webinar %s: %q, %s, imported on the server", v.WebinarID, v.Filename, formatBytes(v.SizeBytes))})
	})
	if err != nil {
		s.removeUpload(ctx, v.UploadID)
		return "", err
	}
	return v.ID, nil
}

// uploadCancelled (tusd's hook before a DELETE removes the parts) removes
// the video, which is still uploading (checkUpload), and records it.
func (s *Service) uploadCancelled(hook tus.HookEvent) (tus.HTTPResponse, error) {
	ctx := hook.Context
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		v, err := s.store.byUpload(ctx, hook.Upload.ID)
		if err != nil {
			return err
		}
		ok, err := s.store.deleteUploading(ctx, v.ID)
		if err != nil {
			return err
		}
		if !ok {
			return errUploadDone
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.VideoUploadCancel, TargetType: audit.TargetVideo,
			TargetID: v.ID, Summary: fmt.Sprintf("webinar %s: %q cancelled at %s of %s", v.WebinarID, v.Filename,
				formatBytes(hook.Upload.Offset), formatBytes(v.SizeBytes))})
	})
	if err != nil {
		return tus.HTTPResponse{}, hookError(hook, err)
	}
	return tus.HTTPResponse{}, nil
}

// hookError is the answer tusd sends for a hook's failure: the API's error
// shape and status, as any other route answers err (httpx.Explain logs an
// unexpected one).
func hookError(hook tus.HookEvent, err error) error {
	r, rerr := http.NewRequestWithContext(hook.Context, hook.HTTPRequest.Method, hook.HTTPRequest.URI, nil)
	if rerr != nil {
		return err
	}
	status, body, _ := httpx.ErrorBody(r, err)
	te := tus.NewError("ERR_WATCHWIN", err.Error(), status)
	te.HTTPResponse.Body = string(body)
	te.HTTPResponse.Header["Content-Type"] = "application/json; charset=utf-8"
	return te
}

// cleanFilename is the upload's file name as the admin's page shows it: one
// line, at most maxFilename characters, "video" when none was sent.
func cleanFilename(meta tus.MetaData) string {
	name := meta[metaFilename]
	if name == "" {
		name = meta[metaName]
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return -1
		}
		return r
	}, strings.TrimSpace(name))
	if name == "" {
		return "video"
	}
	if utf8.RuneCountInString(name) > maxFilename {
		name = string([]rune(name)[:maxFilename])
	}
	return name
}

// formatBytes writes a size as the admin reads it: "8 GB", "1.5 GB", "700 MB".
func formatBytes(n int64) string {
	const mb, gb = 1 << 20, 1 << 30
	switch {
	case n >= gb && n%gb == 0:
		return fmt.Sprintf("%d GB", n/gb)
	case n >= gb:
		return fmt.Sprintf("%.1f GB", float64(n)/gb)
	case n >= mb:
		return fmt.Sprintf("%d MB", (n+mb/2)/mb)
	}
	return fmt.Sprintf("%d bytes", n)
}

// tusLog passes tusd's warnings and errors (a failing upload store) to the
// server's log; its per-request lines are left out (LogRequests has them).
type tusLog struct{ attrs []any }

func (tusLog) Enabled(_ context.Context, l expslog.Level) bool { return l >= expslog.LevelWarn }

func (h tusLog) Handle(ctx context.Context, r expslog.Record) error {
	if r.Message == "BodyReadError" {
		return nil // a client that stopped sending a part (paused, offline): it resumes from the offset
	}
	args := append([]any{}, h.attrs...)
	r.Attrs(func(a expslog.Attr) bool {
		args = append(args, a.Key, a.Value.Any())
		return true
	})
	slog.Log(ctx, slog.Level(r.Level), "tusd: "+r.Message, args...)
	return nil
}

func (h tusLog) WithAttrs(attrs []expslog.Attr) expslog.Handler {
	out := tusLog{attrs: append([]any{}, h.attrs...)}
	for _, a := range attrs {
		out.attrs = append(out.attrs, a.Key, a.Value.Any())
	}
	return out
}

func (h tusLog) WithGroup(string) expslog.Handler { return h }
