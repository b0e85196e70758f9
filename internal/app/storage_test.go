package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/minio/minio-go/v7"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/s3server"
)

// With WATCHWIN_STORAGE_URL the app keeps uploads in the S3 bucket, and
// every instance on that bucket serves them from its own /media/ URLs with
// the same caching headers; /readyz reports a bucket it cannot reach.
func TestStorageOnS3(t *testing.T) {
	srv := s3server.Start(t)
	bucket := srv.NewBucket(t)
	t.Setenv("WATCHWIN_STORAGE_URL", srv.URL(bucket)+"&path_style=true")

	one := testutil.NewServer(t, db.SQLite)
	c := one.Actors()
	img := testutil.PNG(t)
	res := c.Admin.Upload("webinar_assets", "", "Range Day.png", img)
	var up struct{ Path, URL string }
	if res.Status != http.StatusCreated {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &up)
	oi, err := srv.Client.StatObject(context.Background(), bucket, "webinar_assets/"+up.Path, minio.StatObjectOptions{})
	if err != nil || oi.Size != int64(len(img)) || oi.ContentType != "image/png" {
		t.Fatalf("object in the bucket: %+v, %v", oi, err)
	}

	// Another instance (here on another database) serves the same file.
	two := testutil.NewServer(t, db.SQLite)
	for i, s := range []*testutil.Server{one, two} {
		anon := s.Client()
		got := anon.Do("GET", up.URL, nil)
		if got.Status != 200 || !bytes.Equal(got.Body, img) || got.Header.Get("Content-Type") != "image/png" ||
			got.Header.Get("Cache-Control") != "public, max-age=3600" || got.Header.Get("ETag") == "" {
			t.Fatalf("instance %d GET %s: %d %v", i+1, up.URL, got.Status, got.Header)
		}
		req, _ := http.NewRequest("GET", up.URL, nil)
		req.Header.Set("If-None-Match", got.Header.Get("ETag"))
		if res := anon.Send(req); res.Status != http.StatusNotModified {
			t.Errorf("instance %d If-None-Match: %d", i+1, res.Status)
		}
		if res := anon.Do("GET", "/readyz", nil); res.Status != 200 {
			t.Errorf("instance %d /readyz: %d %s", i+1, res.Status, res.Body)
		}
	}
	var list struct{ Files []struct{ Path string } }
	if err := json.Unmarshal(two.Actors().Admin.Do("GET", "/api/admin/media/webinar_assets", nil).Body, &list); err != nil ||
		len(list.Files) != 1 || list.Files[0].Path != up.Path {
		t.Errorf("the other instance's admin list: %+v, %v", list, err)
	}
	// The same name uploaded on the other instance gets a new path.
	var again struct{ Path string }
	two.Actors().Admin.Upload("webinar_assets", "", "Range Day.png", img).JSON(t, &again)
	if again.Path == "" || again.Path == up.Path {
		t.Errorf("second upload of the same name stored at %q (first %q)", again.Path, up.Path)
	}

	t.Setenv("WATCHWIN_STORAGE_URL", srv.URL("watchwin-no-such-bucket"))
	missing := testutil.NewServer(t, db.SQLite)
	if res := missing.Client().Do("GET", "/readyz", nil); res.Status != http.StatusServiceUnavailable || string(res.Body) != "storage unreachable\n" {
		t.Errorf("/readyz without the bucket: %d %q", res.Status, res.Body)
	}
}
