package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Options say which S3-compatible store holds the files (see
// config.S3Storage, which the app copies here).
type S3Options struct {
	Endpoint  string // host[:port]
	Secure    bool   // HTTPS
	Region    string
	PathStyle bool   // endpoint/bucket/key rather than bucket.endpoint/key
	Bucket    string // the one S3 bucket that holds both of our buckets
	Prefix    string // before every key: "" or ending in '/'

	AccessKey, SecretKey, SessionToken string
}

// S3 keeps each of our buckets under a key prefix of one S3 bucket:
// {Prefix}{bucket}/{path}. Several instances of the server share it, which
// the local folder cannot do. Paths are checked exactly as by Local, so
// keys are always ones this package would write.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string
}

// NewS3 returns the S3 backend. It sends no request: Ready tells whether
// the bucket is reachable.
func NewS3(o S3Options) (*S3, error) {
	lookup := minio.BucketLookupDNS
	if o.PathStyle {
		lookup = minio.BucketLookupPath
	}
	c, err := minio.New(o.Endpoint, &minio.Options{
		Creds:        credentials.NewStaticV4(o.AccessKey, o.SecretKey, o.SessionToken),
		Secure:       o.Secure,
		Region:       o.Region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("media: S3 client: %w", err)
	}
	return &S3{client: c, bucket: o.Bucket, prefix: o.Prefix}, nil
}

func (s *S3) key(bucket, p string) string { return s.prefix + bucket + "/" + p }

// s3Error maps the store's answers onto this package's errors.
func s3Error(err error) error {
	if err == nil {
		return nil
	}
	resp := minio.ToErrorResponse(err)
	switch {
	case resp.Code == minio.NoSuchKey:
		return ErrNotFound
	case resp.StatusCode == http.StatusPreconditionFailed,
		// AWS answers a conditional write that races another one for the
		// same key with 409; either way the name is being taken.
		resp.Code == "ConditionalRequestConflict":
		return ErrExists
	}
	return fmt.Errorf("media: S3: %w", err)
}

func (s *S3) info(bucket, p string, oi minio.ObjectInfo) FileInfo {
	return FileInfo{Bucket: bucket, Path: p, Size: oi.Size, ModTime: oi.LastModified.UTC(), ContentType: ContentTypeOf(p), ETag: strings.Trim(oi.ETag, `"`)}
}

// Put uploads the file in one request. Without overwrite it sends
// If-None-Match: *, so the store itself refuses a taken key and of two
// racing uploads (from any instance) only one succeeds. The body is read whole first (images
// are capped at MaxUploadBytes) so the request has a length and a
// signature over its content; a read error (such as the size cap) stops
// the upload before anything is sent.
func (s *S3) Put(ctx context.Context, bucket, p string, r io.Reader, contentType string, overwrite bool) (FileInfo, error) {
	if err := check(ctx, bucket, p); err != nil {
		return FileInfo{}, err
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return FileInfo{}, fmt.Errorf("media: read upload: %w", err)
	}
	opts := minio.PutObjectOptions{ContentType: contentType, DisableMultipart: true}
	if !overwrite {
		// Asking first also keeps the rule on a store that ignores
		// If-None-Match (only a race within one request could slip by).
		if _, err := s.Stat(ctx, bucket, p); err == nil {
			return FileInfo{}, ErrExists
		} else if !errors.Is(err, ErrNotFound) {
			return FileInfo{}, err
		}
		opts.SetMatchETagExcept("*")
	}
	if _, err := s.client.PutObject(ctx, s.bucket, s.key(bucket, p), bytes.NewReader(data), int64(len(data)), opts); err != nil {
		return FileInfo{}, s3Error(err)
	}
	return s.Stat(ctx, bucket, p)
}

// Open starts a GET; the returned object reads with ranged GETs after a
// seek, which is what http.ServeContent does for Range requests.
func (s *S3) Open(ctx context.Context, bucket, p string) (io.ReadSeekCloser, FileInfo, error) {
	if err := check(ctx, bucket, p); err != nil {
		return nil, FileInfo{}, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, s.key(bucket, p), minio.GetObjectOptions{})
	if err != nil {
		return nil, FileInfo{}, s3Error(err)
	}
	oi, err := obj.Stat()
	if err != nil {
		_ = obj.Close() // on an error path: the first error is the one returned
		return nil, FileInfo{}, s3Error(err)
	}
	return obj, s.info(bucket, p, oi), nil
}

// Stat asks for the object's metadata (HEAD).
func (s *S3) Stat(ctx context.Context, bucket, p string) (FileInfo, error) {
	if err := check(ctx, bucket, p); err != nil {
		return FileInfo{}, err
	}
	oi, err := s.client.StatObject(ctx, s.bucket, s.key(bucket, p), minio.StatObjectOptions{})
	if err != nil {
		return FileInfo{}, s3Error(err)
	}
	return s.info(bucket, p, oi), nil
}

// List pages through the keys under the bucket's prefix, which S3 returns
// in ascending byte order (the order Local sorts in), skipping keys that
// are not valid paths, such as objects someone put there by hand.
func (s *S3) List(ctx context.Context, bucket, prefix string, limit, offset int) ([]FileInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !KnownBucket(bucket) {
		return nil, ErrNotFound
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing once the page is full
	base := s.key(bucket, "")
	files := []FileInfo{}
	for oi := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: base + prefix, Recursive: true}) {
		if oi.Err != nil {
			return nil, s3Error(oi.Err)
		}
		p, ok := strings.CutPrefix(oi.Key, base)
		if !ok || !ValidPath(p) {
			continue
		}
		if offset > 0 {
			offset--
			continue
		}
		if limit >= 0 && len(files) >= limit {
			break
		}
		files = append(files, s.info(bucket, p, oi))
	}
	return files, nil
}

// Delete removes one object. S3 deletes a missing key without complaint,
// so Delete asks first to report ErrNotFound as Local does.
func (s *S3) Delete(ctx context.Context, bucket, p string) error {
	if _, err := s.Stat(ctx, bucket, p); err != nil {
		return err
	}
	return s3Error(s.client.RemoveObject(ctx, s.bucket, s.key(bucket, p), minio.RemoveObjectOptions{}))
}

// Ready checks that the bucket exists and the keys are accepted.
func (s *S3) Ready(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("media: S3 bucket %q: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("media: S3 bucket %q does not exist", s.bucket)
	}
	return nil
}
