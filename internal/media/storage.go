// Package media stores the site's files in three buckets (docs/product.md#records):
// site_images (the hero background and other site pictures),
// webinar_assets (webinar thumbnails) and webinar_videos (the streams
// internal/video makes of uploaded recordings). Storage is an interface with two
// backends: a local folder (Local) and an S3-compatible object store (S3)
// that several server instances can share; the Service
// on top of it owns the image rules: admins only, images only (judged by
// content), at most 10 MB, names the server sanitises; it never reads or
// writes webinar_videos, whose files only internal/video hands out.
package media

import (
	"context"
	"errors"
	"io"
	"time"
)

// The buckets of docs/product.md#records; no others exist.
const (
	BucketSiteImages    = "site_images"
	BucketWebinarAssets = "webinar_assets"
	// BucketWebinarVideos holds each uploaded video's HLS files under its
	// video id ({id}/master.m3u8, {id}/720p/…, {id}/poster.jpg).
	BucketWebinarVideos = "webinar_videos"
)

// KnownBucket reports whether b names a bucket.
func KnownBucket(b string) bool { return imageBucket(b) || b == BucketWebinarVideos }

// imageBucket reports whether b holds images, the buckets the Service
// uploads to, lists and serves publicly.
func imageBucket(b string) bool { return b == BucketSiteImages || b == BucketWebinarAssets }

var (
	// ErrNotFound: no such file (or no such bucket).
	ErrNotFound = errors.New("media: not found")
	// ErrExists: Put without overwrite found the path taken.
	ErrExists = errors.New("media: file exists")
	// ErrInvalidPath: the path is not one this package would ever store
	// (see ValidPath); callers treat it like ErrNotFound when reading.
	ErrInvalidPath = errors.New("media: invalid path")
)

// FileInfo describes a stored file. Path is relative to its bucket, with
// '/' between folders.
type FileInfo struct {
	Bucket      string
	Path        string
	Size        int64
	ModTime     time.Time
	ContentType string
	// ETag is the store's entity tag for the content, when it keeps one
	// (S3 does; the local folder does not).
	ETag string
}

// Storage keeps files in buckets. Every method refuses unknown buckets
// (ErrNotFound) and paths that fail ValidPath (ErrInvalidPath), so no
// caller can reach outside a bucket whatever it passes.
type Storage interface {
	// Put stores r at path. The file appears whole or not at all. Without
	// overwrite an existing file is never replaced: Put returns ErrExists,
	// also when two Puts race for the same path.
	Put(ctx context.Context, bucket, path string, r io.Reader, contentType string, overwrite bool) (FileInfo, error)
	// Open returns the file's content; the caller closes it.
	Open(ctx context.Context, bucket, path string) (io.ReadSeekCloser, FileInfo, error)
	// Stat describes one file.
	Stat(ctx context.Context, bucket, path string) (FileInfo, error)
	// List returns the files whose path starts with prefix ("" for all),
	// sorted by path ascending, skipping offset files and returning at most
	// limit.
	List(ctx context.Context, bucket, prefix string, limit, offset int) ([]FileInfo, error)
	// Delete removes a file; a missing file is ErrNotFound.
	Delete(ctx context.Context, bucket, path string) error
	// Ready reports whether files can be stored now (for /readyz).
	Ready(ctx context.Context) error
}
