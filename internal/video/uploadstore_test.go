package video

import (
	"bytes"
	"context"
	"crypto/rand"
	"os"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	tus "github.com/tus/tusd/v2/pkg/handler"

	"watchwin/internal/media"
	"watchwin/internal/testutil/s3server"
)

// An upload of several multipart parts, cut inside its second part on one
// instance and finished on another (each with its own folder for the parts
// in transit), is whole in the bucket and whole when the transcode takes it.
// Parts are S3's smallest (5 MiB) so the test sends 12 MiB, not 150.
func TestBucketUploadInSeveralParts(t *testing.T) {
	srv := s3server.Start(t)
	o := media.S3Options{Endpoint: srv.Endpoint, Region: s3server.Region, PathStyle: true, Bucket: srv.NewBucket(t),
		AccessKey: s3server.AccessKey, SecretKey: s3server.SecretKey}
	const part = 5 << 20
	instance := func() *bucketUploads {
		b := newBucketUploads(o, t.TempDir())
		b.store.MinPartSize, b.store.PreferredPartSize = part, part
		return b
	}
	data := make([]byte, 2*part+part/3)
	_, _ = rand.Read(data)
	ctx := context.Background()
	const id = "0b9e4c1e-7d1a-4a57-9a43-3c1f3e5b6a70"

	a := instance()
	up, err := a.NewUpload(ctx, tus.FileInfo{ID: id, Size: int64(len(data))})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := up.WriteChunk(ctx, 0, bytes.NewReader(data[:part+part/2])); err != nil || n != part+part/2 {
		t.Fatalf("the first instance's chunk: %d, %v", n, err)
	}

	b := instance()
	up, err = b.GetUpload(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	info, err := up.GetInfo(ctx)
	if err != nil || info.ID != id || info.Offset != part+part/2 {
		t.Fatalf("the other instance sees %+v, %v; want offset %d", info, err, part+part/2)
	}
	if n, err := up.WriteChunk(ctx, info.Offset, bytes.NewReader(data[info.Offset:])); err != nil || n != int64(len(data))-info.Offset {
		t.Fatalf("the rest: %d, %v", n, err)
	}
	if err := up.FinishUpload(ctx); err != nil {
		t.Fatal(err)
	}

	st, err := srv.Client.StatObject(ctx, o.Bucket, uploadsPrefix+id, minio.StatObjectOptions{})
	if err != nil || st.Size != int64(len(data)) || !strings.HasSuffix(st.ETag, "-3") {
		t.Fatalf("the upload in the bucket: %d bytes, ETag %q, %v; want %d bytes in 3 parts", st.Size, st.ETag, err, len(data))
	}
	path, done, err := a.local(ctx, id, t.TempDir(), func() {})
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("the transcode's copy: %d bytes, %v; want the %d sent", len(got), err, len(data))
	}
}
