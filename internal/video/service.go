package video

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	tus "github.com/tus/tusd/v2/pkg/handler"

	"watchwin/internal/apperr"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/webinar"
)

// Webinars is what the videos need of the webinars they belong to
// (*webinar.Service).
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
	// FillVideoLength sets the webinar's length from its transcoded video
	// (the webinar's rule decides when), inside ctx's transaction.
	FillVideoLength(ctx context.Context, id string, seconds int) error
}

// Deps are the video service's collaborators and settings, all required.
type Deps struct {
	// Storage keeps the streams (bucket webinar_videos), as it keeps images.
	Storage media.Storage
	// UploadBucket, set with S3 storage, is the bucket that keeps the
	// uploads under way, so any instance may take an upload's next part
	// (docs/operations.md#the-stores-own-videos); nil keeps them in
	// {DataDir}/uploads.
	UploadBucket *media.S3Options
	Webinars     Webinars
	// Transcoder runs ffmpeg (WATCHWIN_FFMPEG, WATCHWIN_FFPROBE).
	Transcoder Transcoder
	// DataDir holds the uploads under way ({DataDir}/uploads; with S3
	// storage only the parts in transit, the uploads being in the bucket)
	// and each transcode's output until it is stored ({DataDir}/transcode).
	DataDir string
	// MaxBytes caps one upload (WATCHWIN_VIDEO_MAX_BYTES).
	MaxBytes int64
	// BaseURL is the site's public address: the uploads' URLs start with it.
	BaseURL string
}

// Service owns the store's uploaded videos (docs/product.md#the-stores-own-videos):
// the tus uploads, the transcode job, the streams in storage, and the
// captions. It knows nothing of registrations: serving (stream.go) asks it
// for a webinar's playable video and opens its files through it.
type Service struct {
	store    store
	storage  media.Storage
	webinars Webinars
	tr       Transcoder
	now      clock.Func
	maxBytes int64
	workDir  string
	uploads  uploadStore
	tus      *tus.Handler

	// The transcode under way in this process (at most one: the job's lease
	// makes this instance the only one that transcodes).
	mu      sync.Mutex
	running bool
	stop    context.CancelFunc // ends the service's background work (Stop)
	bg      context.Context
	wg      sync.WaitGroup
}

// NewService returns the video service on d; now tells the time.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	bg, stop := context.WithCancel(context.Background())
	s := &Service{store: store{d}, storage: deps.Storage, webinars: deps.Webinars, tr: deps.Transcoder, now: now,
		maxBytes: deps.MaxBytes, workDir: filepath.Join(deps.DataDir, "transcode"), bg: bg, stop: stop}
	s.uploads = newUploadStore(deps.UploadBucket, deps.DataDir)
	s.tus = s.newTUS(deps.BaseURL, newLocker(d))
	return s
}

// newID is a video's id, also its storage folder and its upload's id: 26
// lower-case base32 characters, a name media.ValidPath accepts.
func newID() string { return strings.ToLower(rand.Text()) }

var idPattern = regexp.MustCompile(`^[a-z2-7]{26}$`)

// Playable is what the watch page needs of a webinar's current video.
type Playable struct {
	VideoID         string
	DurationSeconds int
	Renditions      []string // lowest first: "360p", "720p"
	Captions        []CaptionTrack
}

// CaptionTrack is one language of a video's captions.
type CaptionTrack struct {
	Language, Label string
}

// Playable returns the webinar's current video: its newest ready one; false
// when none is ready.
func (s *Service) Playable(ctx context.Context, webinarID string) (Playable, bool, error) {
	v, err := s.store.current(ctx, webinarID)
	if errors.Is(err, db.ErrNotFound) {
		return Playable{}, false, nil
	}
	if err != nil {
		return Playable{}, false, err
	}
	rows, err := s.store.captions(ctx, v.ID)
	if err != nil {
		return Playable{}, false, err
	}
	p := Playable{VideoID: v.ID, DurationSeconds: v.DurationSeconds, Renditions: v.Renditions,
		Captions: make([]CaptionTrack, len(rows))}
	for i, c := range rows {
		p.Captions[i] = CaptionTrack{Language: c.Language, Label: c.Label}
	}
	return p, true, nil
}

// errNoCaptions: the video has no captions in that language.
var errNoCaptions = apperr.NotFound("These captions do not exist.")

// CaptionVTT returns the video's captions in language as a WebVTT file.
func (s *Service) CaptionVTT(ctx context.Context, videoID, language string) (string, error) {
	c, err := s.store.caption(ctx, videoID, language)
	if errors.Is(err, db.ErrNotFound) {
		return "", errNoCaptions
	}
	return c.VTT, err
}

// Open returns one of the video's stored files by its name in the video's
// folder ("master.m3u8", "720p/seg_00001.ts", "poster.jpg"). A name that
// could reach outside the folder is media.ErrInvalidPath, a missing file
// media.ErrNotFound. On local storage the file is an *os.File, which
// http.ServeContent hands to the kernel.
func (s *Service) Open(ctx context.Context, videoID, name string) (io.ReadSeekCloser, media.FileInfo, error) {
	if !idPattern.MatchString(videoID) || !media.ValidPath(name) {
		return nil, media.FileInfo{}, media.ErrInvalidPath
	}
	return s.storage.Open(ctx, media.BucketWebinarVideos, videoID+"/"+name)
}

// Uncaptioned is the set of webinars whose current video has no captions
// (the admin's list warns when such a webinar is published).
func (s *Service) Uncaptioned(ctx context.Context) (map[string]bool, error) {
	return s.store.uncaptioned(ctx)
}

// Leftovers reads what the webinar's videos keep outside the database (their
// streams, the uploads under way) and returns what removes it, for the
// webinar's deletion to run once the rows are gone.
func (s *Service) Leftovers(ctx context.Context, webinarID string) (func(context.Context), error) {
	vs, err := s.store.ofWebinar(ctx, webinarID)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) {
		for _, v := range vs {
			s.removeFiles(ctx, v)
		}
	}, nil
}

// removeFiles removes a video's streams and its upload, logging what could
// not be removed (the video's row is gone or going: nothing links to them).
func (s *Service) removeFiles(ctx context.Context, v Video) {
	if err := s.removeStream(ctx, v.ID); err != nil {
		slog.ErrorContext(ctx, "video: remove stored files", "video", v.ID, "err", err)
	}
	if v.UploadID != "" {
		s.removeUpload(ctx, v.UploadID)
	}
}

// removeStream deletes every stored file of the video.
func (s *Service) removeStream(ctx context.Context, videoID string) error {
	files, err := s.storage.List(ctx, media.BucketWebinarVideos, videoID+"/", -1, 0)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := s.storage.Delete(ctx, media.BucketWebinarVideos, f.Path); err != nil && !errors.Is(err, media.ErrNotFound) {
			return err
		}
	}
	return nil
}

// Stop ends the transcode under way, which goes back to the queue for the
// next run of the job (on this instance or another), and waits for it.
func (s *Service) Stop() {
	s.stop()
	s.wg.Wait()
}

// Wait waits for the transcode under way, if any, to end (tests).
func (s *Service) Wait() { s.wg.Wait() }
