package video_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	tus "github.com/tus/tusd/v2/pkg/handler"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/s3server"
	"watchwin/internal/video"
)

// onS3 points the servers the test starts next at a new bucket of srv.
func onS3(t *testing.T, srv *s3server.Server) string {
	t.Helper()
	bucket := srv.NewBucket(t)
	t.Setenv("WATCHWIN_STORAGE_URL", srv.URL(bucket)+"&path_style=true")
	return bucket
}

// objects lists the keys under prefix in the bucket.
func objects(t *testing.T, srv *s3server.Server, bucket, prefix string) []string {
	t.Helper()
	var keys []string
	for o := range srv.Client.ListObjects(context.Background(), bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		keys = append(keys, o.Key)
	}
	return keys
}

// uploaded reads the whole upload id from the bucket.
func uploaded(t *testing.T, srv *s3server.Server, bucket, id string) []byte {
	t.Helper()
	obj, err := srv.Client.GetObject(context.Background(), bucket, "uploads/"+id, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if err != nil {
		t.Fatalf("read the upload %s in the bucket: %v", id, err)
	}
	return b
}

// leftFiles lists the files an instance keeps in its data folder's uploads/
// and transcode/ (the parts in transit, the downloaded sources).
func leftFiles(t *testing.T, s *testutil.Server) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"uploads", "transcode"} {
		root := filepath.Join(s.App.Config.DataDir, dir)
		err := filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				files = append(files, p)
			}
			return err
		})
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return files
}

// With S3 storage an upload's requests may reach any instance: one takes
// the creation and a part cut short, another (with a data folder of its
// own) tells what arrived and takes the rest, and the transcode reads the
// upload from the bucket. Nothing stays behind in either data folder.
func TestUploadAcrossInstances(t *testing.T) {
	needTools(t)
	srv := s3server.Start(t)
	data := recording(t, 15)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		bucket := onS3(t, srv)
		a, b := testutil.NewServerWithDB(t, d, fast), testutil.NewServerWithDB(t, d, fast)
		admin := a.Actors().Admin // one browser; a balancer sends its requests to either instance
		w := a.CreateWebinar(testutil.WebinarSpec{})

		res := admin.TusCreate(w.ID, "Range Day.mp4", len(data))
		onA := res.Header.Get("Location")
		if res.Status != http.StatusCreated || !strings.HasPrefix(onA, a.URL+video.UploadPath) {
			t.Fatalf("create: %d %v %s", res.Status, res.Header, res.Body)
		}
		id := path.Base(onA)
		onB := b.URL + strings.TrimPrefix(onA, a.URL)

		cutAndResume(t, admin, onA, onB, data)
		if got := videosOf(t, admin, w.ID).Latest; got == nil || got.ID != id || got.Status != video.StatusQueued {
			t.Fatalf("after the last byte: %+v", got)
		}
		if whole := uploaded(t, srv, bucket, id); !bytes.Equal(whole, data) {
			t.Fatalf("the upload in the bucket: %d bytes, want the %d sent", len(whole), len(data))
		}

		transcodeNow(t, a)
		got := videosOf(t, admin, w.ID)
		checkReady(t, a, got.Current, 15)
		if got.Current.ID != id {
			t.Errorf("current %s, want the upload %s", got.Current.ID, id)
		}
		if keys := objects(t, srv, bucket, "uploads/"); len(keys) != 0 {
			t.Errorf("upload objects left once transcoded: %v", keys)
		}
		if res := admin.TusHead(onB); res.Status != http.StatusNotFound {
			t.Errorf("HEAD once transcoded: %d", res.Status)
		}
		for _, s := range []*testutil.Server{a, b} {
			if files := leftFiles(t, s); len(files) != 0 {
				t.Errorf("files left in a data folder: %v", files)
			}
		}
	})
}

// needPostgres skips a test of what only PostgreSQL does (fails under CI).
func needPostgres(t *testing.T) {
	t.Helper()
	if os.Getenv(testutil.PostgresURLEnv) == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI", testutil.PostgresURLEnv)
		}
		t.Skipf("%s not set: the lock across instances is PostgreSQL's", testutil.PostgresURLEnv)
	}
}

// Two instances on one PostgreSQL database never write one upload at once.
// As tusd specifies, a PATCH for an upload another instance's request holds
// waits while that request is told to stop; the stopped one keeps what it
// stored and answers that it was interrupted, and the later one goes on
// from the offset. A PATCH from an offset the other instance has passed is
// refused. The bytes in the bucket are the file's, in order.
func TestConcurrentPatchesAcrossInstances(t *testing.T) {
	needPostgres(t)
	srv := s3server.Start(t)
	d := testutil.OpenDB(t, db.Postgres)
	bucket := onS3(t, srv)
	a, b := testutil.NewServerWithDB(t, d, anyFFmpeg), testutil.NewServerWithDB(t, d, anyFFmpeg)
	admin := a.Actors().Admin
	w := a.CreateWebinar(testutil.WebinarSpec{})
	data := make([]byte, 300<<10)
	_, _ = rand.Read(data)
	half := len(data) / 2

	res := admin.TusCreate(w.ID, "two.mp4", len(data))
	onA := res.Header.Get("Location")
	onB := b.URL + strings.TrimPrefix(onA, a.URL)
	id := path.Base(onA)
	if res := admin.TusPatch(onA, 0, data[:half]); res.Status != http.StatusNoContent {
		t.Fatalf("first half on A: %d %s", res.Status, res.Body)
	}
	if res := admin.TusPatch(onB, 0, data); res.Status != http.StatusConflict {
		t.Errorf("PATCH on B from 0 after A took half: %d %s", res.Status, res.Body)
	}

	// A's request holds the upload, waiting for the rest.
	answer := admin.TusPatchHeld(onA, half, len(data)-half)
	if res := admin.TusPatch(onB, half, data[half:]); res.Status != http.StatusNoContent ||
		res.Header.Get("Upload-Offset") != fmt.Sprint(len(data)) {
		t.Fatalf("PATCH on B while A's request held the upload: %d %v %s", res.Status, res.Header, res.Body)
	}
	if res := answer(); res.Status != http.StatusBadRequest || !strings.HasPrefix(string(res.Body), "ERR_UPLOAD_INTERRUPTED") {
		t.Errorf("A's request: %d %s", res.Status, res.Body)
	}

	if got := videosOf(t, admin, w.ID).Latest; got == nil || got.Status != video.StatusQueued {
		t.Fatalf("after the last byte: %+v", got)
	}
	if whole := uploaded(t, srv, bucket, id); !bytes.Equal(whole, data) {
		t.Fatalf("the upload in the bucket: %d bytes, want the %d sent, in order", len(whole), len(data))
	}
}

// The upload lock on PostgreSQL, between two instances: a request waiting
// for a held upload asks the holder to let go; one that stops waiting
// leaves nothing held, so the next takes the lock once the holder releases
// it; another upload's lock is independent; every session goes back to
// the pool.
func TestUploadLockOnPostgres(t *testing.T) {
	needPostgres(t)
	d := testutil.OpenDB(t, db.Postgres)
	a, b := video.NewLocker(d), video.NewLocker(d)
	const id = "aaaaaaaaaaaaaaaaaaaaaaaaaa"

	held, _ := a.NewLock(id)
	asked := make(chan struct{}, 1)
	if err := held.Lock(t.Context(), func() { asked <- struct{}{} }); err != nil {
		t.Fatal(err)
	}
	other, _ := b.NewLock("bbbbbbbbbbbbbbbbbbbbbbbbbb")
	if err := other.Lock(t.Context(), func() { t.Error("another upload's lock asked to let go") }); err != nil {
		t.Fatalf("another upload: %v", err)
	}

	waiter, _ := b.NewLock(id)
	ctx, giveUp := context.WithCancel(t.Context())
	waited := make(chan error, 1)
	go func() { waited <- waiter.Lock(ctx, func() {}) }()
	<-asked // the holder was asked to let go
	giveUp()
	if err := <-waited; !errors.Is(err, tus.ErrLockTimeout) {
		t.Fatalf("a wait given up: %v, want ErrLockTimeout", err)
	}

	next, _ := b.NewLock(id)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute) // bounds a failure only
	defer cancel()
	got := make(chan error, 1)
	go func() { got <- next.Lock(ctx, func() {}) }()
	if err := held.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatalf("the lock once released: %v", err)
	}
	for _, l := range []tus.Lock{next, other} {
		if err := l.Unlock(); err != nil {
			t.Fatal(err)
		}
	}
	if n := d.Stats().InUse; n != 0 {
		t.Errorf("%d sessions still out of the pool", n)
	}
}

// In the bucket as in the folder, an upload nobody continued for a day is
// removed with its parts, and so is one no video names any more.
func TestAbandonedUploadsInTheBucketArePruned(t *testing.T) {
	srv := s3server.Start(t)
	bucket := onS3(t, srv)
	s := testutil.NewServerWithDB(t, testutil.OpenDB(t, db.SQLite), anyFFmpeg)
	admin := s.Actors().Admin
	w := s.CreateWebinar(testutil.WebinarSpec{})
	left := admin.TusCreate(w.ID, "left.mp4", 1000).Header.Get("Location")
	if res := admin.TusPatch(left, 0, make([]byte, 400)); res.Status != http.StatusNoContent {
		t.Fatalf("PATCH: %d %s", res.Status, res.Body)
	}
	orphan := admin.TusCreate(w.ID, "orphan.mp4", 1000).Header.Get("Location")
	if _, err := s.App.DB.Exec(`DELETE FROM videos WHERE id = $1`, path.Base(orphan)); err != nil {
		t.Fatal(err)
	}
	if keys := objects(t, srv, bucket, "uploads/"); len(keys) != 3 { // two .info, one .part
		t.Fatalf("objects of two uploads under way: %v", keys)
	}

	s.Clock.Advance(25 * time.Hour)
	s.App.RunJobs(t.Context())
	if res := admin.TusHead(left); res.Status != http.StatusNotFound {
		t.Errorf("abandoned upload: HEAD %d", res.Status)
	}
	if keys := objects(t, srv, bucket, "uploads/"); len(keys) != 0 {
		t.Errorf("objects left: %v", keys)
	}
	for u := range srv.Client.ListIncompleteUploads(context.Background(), bucket, "uploads/", true) {
		t.Errorf("multipart upload left: %+v", u)
	}
}
