package video

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/tus/tusd/v2/pkg/filestore"
	tus "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"

	"watchwin/internal/media"
)

// uploadStore keeps the tus uploads under way, each under its video's id:
// tusd's store for the handler, and what the jobs need of it.
type uploadStore interface {
	tus.DataStore
	tus.TerminaterDataStore
	// local returns the finished upload as a file on this machine, for
	// ffmpeg, and what removes the copy it made of it in dir (if any),
	// calling alive as a copy's bytes arrive.
	local(ctx context.Context, id, dir string, alive func()) (path string, done func(), err error)
	// stale lists by id the uploads last written before before (as
	// closely as the store tells).
	stale(ctx context.Context, before time.Time) ([]string, error)
}

// newUploadStore keeps the uploads beside the streams: in the shared
// bucket when there is one (S3 storage) (any instance may take an upload's next part,
// docs/operations.md#the-stores-own-videos), else in {dataDir}/uploads.
func newUploadStore(bucket *media.S3Options, dataDir string) uploadStore {
	dir := filepath.Join(dataDir, "uploads")
	if bucket != nil {
		return newBucketUploads(*bucket, dir)
	}
	folder := filestore.New(dir)
	folder.DirModePerm, folder.FileModePerm = 0o750, 0o640
	return folderUploads{folder}
}

// folderUploads keeps each upload in a folder of this machine: its bytes in
// {id} and tusd's record of it in {id}.info.
type folderUploads struct{ filestore.FileStore }

func (u folderUploads) local(ctx context.Context, id, _ string, _ func()) (string, func(), error) {
	up, err := u.GetUpload(ctx, id)
	if errors.Is(err, tus.ErrNotFound) {
		return "", nil, errUploadMissing
	}
	if err != nil {
		return "", nil, err
	}
	info, err := up.GetInfo(ctx)
	if err != nil {
		return "", nil, err
	}
	return info.Storage[filestore.StorageKeyPath], func() {}, nil
}

// stale lists the uploads in the folder whose bytes (or, before any, whose
// record) were last written before before.
func (u folderUploads) stale(_ context.Context, before time.Time) ([]string, error) {
	infos, err := filepath.Glob(filepath.Join(u.Path, "*.info"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range infos {
		id := strings.TrimSuffix(filepath.Base(p), ".info")
		st, err := os.Stat(filepath.Join(u.Path, id))
		if errors.Is(err, fs.ErrNotExist) {
			st, err = os.Stat(p)
		}
		if err == nil && st.ModTime().Before(before) {
			out = append(out, id)
		}
	}
	return out, nil
}

// uploadsPrefix is where the uploads under way live in the S3 bucket, after
// the storage's own prefix: {prefix}uploads/{id} (the whole file, once
// complete), {id}.info (tusd's record) and {id}.part (the tail of what
// arrived, shorter than a multipart part).
const uploadsPrefix = "uploads/"

// bucketUploads keeps the uploads in the S3 bucket of the streams with
// tusd's s3store, so every instance sees every upload. s3store names an
// upload "{id}+{S3 multipart upload id}"; this store keeps the video's id
// as the tus id (the URL, the videos row) and finds the multipart id in
// the upload's .info object.
type bucketUploads struct {
	store  s3store.S3Store
	client *s3.Client
	bucket string
	prefix string // the storage's prefix + uploadsPrefix
	tmp    string // where s3store buffers a part before sending it
}

// newBucketUploads returns the uploads in the bucket o names, through the
// AWS SDK's client (which tusd's s3store needs), set as media.NewS3 sets
// minio's: same endpoint, addressing, region and keys.
func newBucketUploads(o media.S3Options, tmp string) *bucketUploads {
	scheme := "http"
	if o.Secure {
		scheme = "https"
	}
	keys := aws.Credentials{AccessKeyID: o.AccessKey, SecretAccessKey: o.SecretKey, SessionToken: o.SessionToken,
		Source: "WATCHWIN_STORAGE_URL"}
	client := s3.New(s3.Options{
		BaseEndpoint: aws.String(scheme + "://" + o.Endpoint),
		Region:       o.Region,
		UsePathStyle: o.PathStyle,
		Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
			return keys, nil
		}),
		// Checksums only where S3 requires them: S3-compatible stores do
		// not all take the SDK's newer checksum trailers.
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
	})
	st := s3store.New(o.Bucket, client)
	st.ObjectPrefix = o.Prefix + uploadsPrefix
	st.TemporaryDirectory = tmp
	return &bucketUploads{store: st, client: client, bucket: o.Bucket, prefix: st.ObjectPrefix, tmp: tmp}
}

// bucketUpload is one of s3store's uploads under its video's id.
type bucketUpload struct {
	tus.Upload
	id  string
	tmp string
}

func (u bucketUpload) GetInfo(ctx context.Context) (tus.FileInfo, error) {
	info, err := u.Upload.GetInfo(ctx)
	info.ID = u.id
	return info, err
}

func (u bucketUpload) Terminate(ctx context.Context) error {
	return u.Upload.(tus.TerminatableUpload).Terminate(ctx)
}

// WriteChunk makes the folder s3store buffers parts in, then writes.
func (u bucketUpload) WriteChunk(ctx context.Context, offset int64, src io.Reader) (int64, error) {
	if err := os.MkdirAll(u.tmp, 0o750); err != nil {
		return 0, err
	}
	return u.Upload.WriteChunk(ctx, offset, src)
}

func (b *bucketUploads) NewUpload(ctx context.Context, info tus.FileInfo) (tus.Upload, error) {
	id := info.ID
	up, err := b.store.NewUpload(ctx, info)
	if err != nil {
		return nil, err
	}
	return bucketUpload{up, id, b.tmp}, nil
}

func (b *bucketUploads) GetUpload(ctx context.Context, id string) (tus.Upload, error) {
	full, err := b.multipartName(ctx, id)
	if err != nil {
		return nil, err
	}
	up, err := b.store.GetUpload(ctx, full)
	if err != nil {
		return nil, err
	}
	return bucketUpload{up, id, b.tmp}, nil
}

func (b *bucketUploads) AsTerminatableUpload(up tus.Upload) tus.TerminatableUpload {
	return up.(bucketUpload)
}

// multipartName is s3store's name of the upload id, read from its record.
func (b *bucketUploads) multipartName(ctx context.Context, id string) (string, error) {
	res, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(b.prefix + id + ".info")})
	var missing *types.NoSuchKey
	if errors.As(err, &missing) {
		return "", tus.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("video: upload record: %w", err)
	}
	defer res.Body.Close()
	var info struct{ ID string }
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&info); err != nil {
		return "", fmt.Errorf("video: upload record %s: %w", id, err)
	}
	if !strings.HasPrefix(info.ID, id+"+") {
		return "", fmt.Errorf("video: upload record %s names %q", id, info.ID)
	}
	return info.ID, nil
}

// local downloads the finished upload into dir.
func (b *bucketUploads) local(ctx context.Context, id, dir string, alive func()) (string, func(), error) {
	up, err := b.GetUpload(ctx, id)
	if err == nil {
		var r io.ReadCloser
		if r, err = up.GetReader(ctx); err == nil {
			defer r.Close()
			return download(aliveReader{r, alive}, dir, id)
		}
	}
	if errors.Is(err, tus.ErrNotFound) {
		return "", nil, errUploadMissing
	}
	return "", nil, err
}

// aliveReader calls alive at each read (a long download shows the
// transcode is not stuck).
type aliveReader struct {
	r     io.Reader
	alive func()
}

func (a aliveReader) Read(p []byte) (int, error) {
	a.alive()
	return a.r.Read(p)
}

// download copies r into a new file of dir and returns its path and what
// removes it.
func download(r io.Reader, dir, id string) (string, func(), error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", nil, err
	}
	f, err := os.CreateTemp(dir, id+"-upload-*")
	if err != nil {
		return "", nil, err
	}
	remove := func() { _ = os.Remove(f.Name()) }
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		remove()
		return "", nil, fmt.Errorf("video: download the upload: %w", err)
	}
	return f.Name(), remove, nil
}

// stale lists the uploads in the bucket created before before (their
// .info is written once, at creation).
func (b *bucketUploads) stale(ctx context.Context, before time.Time) ([]string, error) {
	var out []string
	pages := s3.NewListObjectsV2Paginator(b.client, &s3.ListObjectsV2Input{Bucket: aws.String(b.bucket), Prefix: aws.String(b.prefix)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return out, fmt.Errorf("video: list uploads: %w", err)
		}
		for _, o := range page.Contents {
			name := strings.TrimPrefix(aws.ToString(o.Key), b.prefix)
			id, ok := strings.CutSuffix(name, ".info")
			if ok && !strings.Contains(id, "/") && o.LastModified != nil && o.LastModified.Before(before) {
				out = append(out, id)
			}
		}
	}
	return out, nil
}
