package video

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	tus "github.com/tus/tusd/v2/pkg/handler"

	"watchwin/internal/db"
	"watchwin/internal/media"
)

const (
	// progressEvery spaces a transcode's writes of its percent (and of
	// updated_at, which says it is alive) to the database.
	progressEvery = 3 * time.Second
	// staleAfter: a transcode whose row nobody touched for this long was left
	// by an instance that stopped; the job puts it back in the queue.
	staleAfter = 10 * time.Minute
	// abandonedAfter: an upload no part reached for this long is removed.
	abandonedAfter = 24 * time.Hour
	// stopTimeout bounds the writes a stopped transcode makes to re-queue itself.
	stopTimeout = 5 * time.Second
)

var (
	// errUploadMissing: the upload's file is gone from the upload store
	// (removed by hand, or on another instance's disk without S3 storage).
	errUploadMissing = &Error{Msg: "The uploaded file is missing on the server; upload it again."}
	// errNotStored: the streams could not be written to storage or recorded.
	errNotStored = &Error{Msg: "The converted video could not be saved; upload it again."}
)

// notStored is errNotStored with the cause for the log.
func notStored(err error) error { return &Error{Msg: errNotStored.Msg, Detail: err.Error()} }

// Transcode is the "video.transcode" job. Run under the job's lease, so by
// one instance at a time, it re-queues the transcodes a stopped instance
// left behind, then starts the oldest queued video's transcode in the
// background (it takes hours for a long video, and the other jobs keep
// their turns) unless one is under way here; the lease, renewed at each
// run, keeps every other instance from starting one. It returns 1 when it
// started a transcode.
func (s *Service) Transcode(ctx context.Context) (int, error) {
	s.mu.Lock()
	busy := s.running
	s.mu.Unlock()
	if busy || s.bg.Err() != nil {
		return 0, nil
	}
	now := s.now()
	if n, err := s.store.requeueStale(ctx, now.Add(-staleAfter), now); err != nil {
		return 0, err
	} else if n > 0 {
		slog.WarnContext(ctx, "video.transcode: re-queued transcodes a stopped instance left", "videos", n)
	}
	for {
		v, err := s.store.oldestQueued(ctx)
		if errors.Is(err, db.ErrNotFound) {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		ok, err := s.store.setStatus(ctx, v.ID, StatusQueued, StatusTranscoding, s.now())
		if err != nil {
			return 0, err
		}
		if !ok {
			continue // taken or removed meanwhile: the next one
		}
		s.mu.Lock()
		s.running = true
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			defer func() { s.mu.Lock(); s.running = false; s.mu.Unlock() }()
			s.run(v)
		}()
		return 1, nil
	}
}

// run transcodes v and records how it ended: ready; failed with the
// transcoder's one line (the upload is removed, nothing published before
// is touched); or, when the service stops, queued again.
func (s *Service) run(v Video) {
	ctx, cancel := context.WithCancel(s.bg)
	defer cancel()
	err := s.transcode(ctx, cancel, v)
	switch {
	case err == nil:
	case s.bg.Err() != nil:
		rctx, done := context.WithTimeout(context.Background(), stopTimeout)
		defer done()
		if _, err := s.store.setStatus(rctx, v.ID, StatusTranscoding, StatusQueued, s.now()); err != nil {
			slog.ErrorContext(rctx, "video.transcode: re-queue on stop", "video", v.ID, "err", err)
		}
	case ctx.Err() != nil:
		slog.InfoContext(s.bg, "video.transcode: video removed or re-queued while transcoding", "video", v.ID)
	default:
		slog.WarnContext(s.bg, "video.transcode failed", "video", v.ID, "reason", UserMessage(err), "detail", Detail(err))
		if err := s.store.fail(s.bg, v.ID, UserMessage(err), s.now()); err != nil {
			slog.ErrorContext(s.bg, "video.transcode: record failure", "video", v.ID, "err", err)
		}
		s.removeUpload(s.bg, v.UploadID)
	}
}

// transcode turns v's upload into streams in storage and makes v the
// webinar's current video. cancel stops it when the row goes away.
func (s *Service) transcode(ctx context.Context, cancel context.CancelFunc, v Video) error {
	last := s.now()
	alive := func(percent int) {
		if now := s.now(); now.Sub(last) >= progressEvery {
			last = now
			if ok, err := s.store.progress(ctx, v.ID, min(percent, 99), now); err == nil && !ok {
				cancel()
			}
		}
	}
	src, done, err := s.uploads.local(ctx, v.UploadID, s.workDir, func() { alive(0) })
	if err != nil {
		return err
	}
	defer done()
	out := filepath.Join(s.workDir, v.ID)
	defer func() { _ = os.RemoveAll(out) }() // once stored (or failed) the local copy goes
	res, err := s.tr.Transcode(ctx, src, out, alive)
	if err != nil {
		return err
	}
	// The files go to storage first: the row says ready only once they are all there.
	dir, err := os.OpenRoot(out)
	if err != nil {
		return notStored(err)
	}
	defer dir.Close()
	stored := []string{}
	for _, name := range res.Files {
		if err := s.put(ctx, v.ID, dir, name); err != nil {
			s.removeStored(v.ID, stored)
			return notStored(err)
		}
		stored = append(stored, name)
		alive(99)
	}
	v.DurationSeconds, v.Height = res.Info.Seconds(), res.Info.Height
	v.Renditions = make([]string, len(res.Renditions))
	for i, r := range res.Renditions {
		v.Renditions[i] = r.Name
	}
	replaced, err := s.publish(ctx, v)
	if err != nil || replaced == nil {
		s.removeStored(v.ID, stored) // the video went away meanwhile, or could not be recorded
		if err != nil && ctx.Err() == nil {
			return notStored(err)
		}
		return err
	}
	for _, old := range replaced {
		s.removeFiles(s.bg, old)
	}
	s.removeUpload(s.bg, v.UploadID)
	slog.InfoContext(ctx, "video.transcode: ready", "video", v.ID, "webinar", v.WebinarID, "seconds", v.DurationSeconds,
		"renditions", strings.Join(v.Renditions, ","))
	return nil
}

// publish marks v ready and returns the videos it replaces, whose rows it
// deleted: the webinar's older ready and failed ones (or v itself, when a
// newer upload became ready first). It fills the webinar's video length.
// nil, nil: v is no longer transcoding (its webinar was deleted).
func (s *Service) publish(ctx context.Context, v Video) ([]Video, error) {
	var replaced []Video
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.ready(ctx, v, s.now())
		if err != nil || !ok {
			return err
		}
		all, err := s.store.ofWebinar(ctx, v.WebinarID)
		if err != nil {
			return err
		}
		replaced = []Video{}
		older := false // all is newest first: the ones after v are older
		for _, o := range all {
			if o.ID == v.ID {
				older = true
				continue
			}
			if older && (o.Status == StatusReady || o.Status == StatusFailed) {
				replaced = append(replaced, o)
			}
		}
		if cur, err := s.store.current(ctx, v.WebinarID); err != nil {
			return err
		} else if cur.ID != v.ID {
			replaced = []Video{v} // a newer upload is already playing
			return s.store.delete(ctx, v.ID)
		}
		for _, o := range replaced {
			if err := s.store.delete(ctx, o.ID); err != nil {
				return err
			}
		}
		return s.webinars.FillVideoLength(ctx, v.WebinarID, v.DurationSeconds)
	})
	if err != nil {
		return nil, err
	}
	return replaced, nil
}

// put stores one file of the transcode's output at {videoID}/{name}.
func (s *Service) put(ctx context.Context, videoID string, dir *os.Root, name string) error {
	f, err := dir.Open(filepath.FromSlash(name))
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = s.storage.Put(ctx, media.BucketWebinarVideos, videoID+"/"+name, f, media.ContentTypeOf(name), true)
	return err
}

// removeStored deletes the files a transcode stored before it failed.
func (s *Service) removeStored(videoID string, names []string) {
	for _, name := range names {
		if err := s.storage.Delete(s.bg, media.BucketWebinarVideos, videoID+"/"+name); err != nil && !errors.Is(err, media.ErrNotFound) {
			slog.ErrorContext(s.bg, "video.transcode: remove a stored file", "video", videoID, "file", name, "err", err)
		}
	}
}

// removeUpload deletes a tus upload's parts and its info file.
func (s *Service) removeUpload(ctx context.Context, uploadID string) {
	if uploadID == "" {
		return
	}
	up, err := s.uploads.GetUpload(ctx, uploadID)
	if err == nil {
		err = s.uploads.AsTerminatableUpload(up).Terminate(ctx)
	}
	if err != nil && !errors.Is(err, tus.ErrNotFound) {
		slog.ErrorContext(ctx, "video: remove upload", "upload", uploadID, "err", err)
	}
}

// PruneUploads is the "video.uploads-prune" job: an upload no part reached
// for a day is removed with its row; a whole upload whose completion was
// not recorded is queued; and parts no row names (their webinar was deleted
// while they arrived) are removed after a day. It returns how many uploads
// it removed or queued.
func (s *Service) PruneUploads(ctx context.Context) (int, error) {
	now := s.now()
	vs, err := s.store.uploading(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, v := range vs {
		if up, err := s.uploads.GetUpload(ctx, v.UploadID); err == nil {
			if info, err := up.GetInfo(ctx); err == nil && info.Size > 0 && info.Offset == info.Size {
				if ok, err := s.store.setStatus(ctx, v.ID, StatusUploading, StatusQueued, now); err != nil {
					return n, err
				} else if ok {
					n++
				}
				continue
			}
		}
		if v.UpdatedAt.After(now.Add(-abandonedAfter)) {
			continue
		}
		if ok, err := s.store.deleteUploading(ctx, v.ID); err != nil {
			return n, err
		} else if ok {
			s.removeUpload(ctx, v.UploadID)
			n++
		}
	}
	orphans, err := s.orphanUploads(ctx, now.Add(-abandonedAfter))
	for _, id := range orphans {
		s.removeUpload(ctx, id)
	}
	return n + len(orphans), err
}

// orphanUploads lists the uploads in the store that no video names, last
// written before before.
func (s *Service) orphanUploads(ctx context.Context, before time.Time) ([]string, error) {
	stale, err := s.uploads.stale(ctx, before)
	if err != nil || len(stale) == 0 {
		return nil, err
	}
	named, err := s.store.uploadIDs(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, id := range stale {
		if !named[id] && idPattern.MatchString(id) {
			out = append(out, id)
		}
	}
	return out, nil
}
