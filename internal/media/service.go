package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
)

// MaxUploadBytes caps one image (docs/product.md#validation-and-its-messages: at most 10 MB; a
// 1920x1080 hero photo is well under it).
const MaxUploadBytes = 10 << 20

// MaxUploadBody caps an upload request: the image plus room for the
// multipart framing and the name field beside it.
const MaxUploadBody = MaxUploadBytes + 64<<10

// uploadTimeout is how long an upload may take to arrive (10 MB at 150 kB/s).
const uploadTimeout = 10 * time.Minute

// ThumbnailFolder holds webinar thumbnails inside webinar_assets (docs/product.md#records).
const ThumbnailFolder = "webinar_thumbnails"

// List paging: limit 100, offset 0, name ascending.
const (
	DefaultListLimit = 100
	MaxListLimit     = 1000
)

// Messages the API returns; the SPA shows them as they are.
const (
	msgNoFile      = "Please select an image to upload."
	msgNoName      = "No filename provided"
	msgUnsupported = "Only JPEG, PNG, WebP and GIF images can be uploaded."
	msgTooLarge    = "Images must be 10 MB or smaller."
	msgNoBucket    = "No such storage bucket."
	msgNotFound    = "File not found."
)

// errTooLarge is returned for any image over MaxUploadBytes.
var errTooLarge = apperr.TooLarge(msgTooLarge)

// maxNameTries bounds the numeric suffixes tried when a thumbnail name is taken.
const maxNameTries = 100

// Service applies the upload rules on top of a Storage backend. It knows
// nothing of HTTP.
type Service struct {
	store Storage
	now   func() time.Time
	// reencode holds a token while a hero image is decoded and re-encoded,
	// so only one runs at a time (see putHero).
	reencode chan struct{}
	// audit records each upload in the audit log. Storage is not
	// transactional, so the entry is written once the file is stored.
	audit *audit.Recorder
}

// NewService returns the media service on store, recording uploads in
// audit (nil records nothing: storage tests that have no database).
func NewService(store Storage, audit *audit.Recorder) *Service {
	return &Service{store: store, now: time.Now, reencode: make(chan struct{}, 1), audit: audit}
}

// URL is the public address of a stored file, served by the binary under
// /media/ (see Handler.PublicRoutes).
func URL(bucket, p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return "/media/" + url.PathEscape(bucket) + "/" + strings.Join(segs, "/")
}

// Upload stores an image sent by an admin and returns where it went.
//
//   - The content decides: the first 512 bytes must sniff (as
//     http.DetectContentType does) as JPEG, PNG, WebP or GIF, and the stored
//     extension follows that type, whatever the name says, so a file is
//     always served with the type it really has: logo.jpg holding a PNG is
//     stored as logo.png.
//   - The hero is the exception: a site image whose sanitised base name is
//     hero_background (any extension) is always stored as
//     hero_background.jpg, because that is the one path the home page reads.
//     A JPEG is kept as it is; PNG, WebP and GIF are re-encoded to JPEG
//     (see putHero).
//   - site_images: stored as the sanitised name and may replace a file of
//     the same name.
//   - webinar_assets: stored as webinar_thumbnails/{sanitised name}_{unix
//     seconds}.{ext}; never replaces a file, a taken name gets _2, _3, ….
func (s *Service) Upload(ctx context.Context, bucket, name string, r io.Reader) (FileInfo, error) {
	fi, err := s.upload(ctx, bucket, name, r)
	if err != nil || s.audit == nil {
		return fi, err
	}
	return fi, s.audit.Write(ctx, audit.Entry{Action: audit.MediaUpload, TargetType: audit.TargetImage,
		TargetID: bucket + "/" + fi.Path, Summary: fmt.Sprintf("%s, %d bytes", fi.ContentType, fi.Size)})
}

func (s *Service) upload(ctx context.Context, bucket, name string, r io.Reader) (FileInfo, error) {
	if !imageBucket(bucket) {
		return FileInfo{}, apperr.NotFound(msgNoBucket)
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return FileInfo{}, fmt.Errorf("media: read upload: %w", err)
	}
	head = head[:n]
	if n == 0 {
		return FileInfo{}, apperr.Invalid("file", msgNoFile)
	}
	ctype := http.DetectContentType(head)
	ext, ok := imageTypes[ctype]
	if !ok {
		return FileInfo{}, apperr.Unsupported("file", msgUnsupported)
	}
	body := &capReader{r: io.MultiReader(bytes.NewReader(head), r), left: MaxUploadBytes}

	name = strings.TrimSpace(name)
	if name == "" && bucket == BucketSiteImages {
		return FileInfo{}, apperr.Invalid("name", msgNoName)
	}
	base, _ := splitName(name)

	if bucket == BucketSiteImages && base == heroBase {
		return s.putHero(ctx, ctype, body)
	}
	if bucket == BucketSiteImages {
		fi, err := s.store.Put(ctx, bucket, base+"."+ext, body, ctype, true)
		return fi, s.uploadError(err)
	}
	// A retry with a suffix needs the bytes again, so keep them: thumbnails
	// are capped at MaxUploadBytes and uploads are admin-only.
	data, err := io.ReadAll(body)
	if err != nil {
		return FileInfo{}, s.uploadError(err)
	}
	stem := ThumbnailFolder + "/" + base + "_" + strconv.FormatInt(s.now().Unix(), 10)
	for i := 1; i <= maxNameTries; i++ {
		p := stem + "." + ext
		if i > 1 {
			p = stem + "_" + strconv.Itoa(i) + "." + ext
		}
		fi, err := s.store.Put(ctx, bucket, p, bytes.NewReader(data), ctype, false)
		if errors.Is(err, ErrExists) {
			continue
		}
		return fi, s.uploadError(err)
	}
	return FileInfo{}, fmt.Errorf("media: no free name for %s after %d tries", stem, maxNameTries)
}

func (s *Service) uploadError(err error) error {
	if errors.Is(err, errCapExceeded) {
		return errTooLarge
	}
	return err
}

var errCapExceeded = errors.New("media: upload over the size limit")

// capReader fails once more than left bytes have been read, so an oversized
// upload never reaches its final name.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, errCapExceeded
	}
	return n, err
}

// List returns a page of a bucket's files sorted by path ascending. limit
// must be 1–MaxListLimit and offset ≥ 0 (the handler checks the query).
func (s *Service) List(ctx context.Context, bucket string, limit, offset int) ([]FileInfo, error) {
	if !imageBucket(bucket) {
		return nil, apperr.NotFound(msgNoBucket)
	}
	if limit < 1 || limit > MaxListLimit {
		return nil, apperr.Invalid("limit", fmt.Sprintf("limit must be between 1 and %d", MaxListLimit))
	}
	if offset < 0 {
		return nil, apperr.Invalid("offset", "offset must be 0 or greater")
	}
	return s.store.List(ctx, bucket, "", limit, offset)
}

// Open returns a stored image for the public media route; anything that is
// not a stored image (a video's file, unknown bucket, invalid path,
// missing) is not found.
func (s *Service) Open(ctx context.Context, bucket, p string) (io.ReadSeekCloser, FileInfo, error) {
	if !imageBucket(bucket) {
		return nil, FileInfo{}, apperr.NotFound(msgNotFound)
	}
	f, fi, err := s.store.Open(ctx, bucket, p)
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrInvalidPath) {
		return nil, FileInfo{}, apperr.NotFound(msgNotFound)
	}
	return f, fi, err
}

// Exists reports whether bucket holds a file at p. Invalid paths and
// unknown buckets simply do not exist. The webinar service uses it to
// accept only thumbnails that were really uploaded.
func (s *Service) Exists(ctx context.Context, bucket, p string) (bool, error) {
	if !imageBucket(bucket) {
		return false, nil
	}
	_, err := s.store.Stat(ctx, bucket, p)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrInvalidPath):
		return false, nil
	}
	return false, err
}

// Ready reports whether the storage backend can store files now; /readyz
// asks it.
func (s *Service) Ready(ctx context.Context) error { return s.store.Ready(ctx) }
