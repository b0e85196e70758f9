package media

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// newTestService is the Service on a local folder, with a fixed clock. The
// upload rules every backend shares are in storage_contract_test.go.
func newTestService(t *testing.T) *Service { return newTestServiceOn(NewLocal(t.TempDir())) }

func TestURL(t *testing.T) {
	if got := URL(BucketWebinarAssets, "webinar_thumbnails/a_1.jpg"); got != "/media/webinar_assets/webinar_thumbnails/a_1.jpg" {
		t.Errorf("URL = %s", got)
	}
}

// The videos' bucket is storage the Service never touches: its files are
// handed out only by internal/video (signed stream URLs), so the public
// route, the admin's image list and the image upload all refuse it.
func TestServiceRefusesTheVideoBucket(t *testing.T) {
	st := NewLocal(t.TempDir())
	s := newTestServiceOn(st)
	ctx := t.Context()
	if _, err := st.Put(ctx, BucketWebinarVideos, "v1/master.m3u8", bytes.NewReader([]byte("#EXTM3U\n")), "", false); err != nil {
		t.Fatalf("storage Put in %s: %v", BucketWebinarVideos, err)
	}
	if f, _, err := s.Open(ctx, BucketWebinarVideos, "v1/master.m3u8"); err == nil {
		f.Close()
		t.Error("Open served a video's file")
	}
	if ok, err := s.Exists(ctx, BucketWebinarVideos, "v1/master.m3u8"); ok || err != nil {
		t.Errorf("Exists = %v, %v", ok, err)
	}
	if _, err := s.List(ctx, BucketWebinarVideos, 10, 0); err == nil {
		t.Error("List listed the videos' bucket")
	}
	if _, err := s.Upload(ctx, BucketWebinarVideos, "a.png", bytes.NewReader(pngBytes(t))); err == nil {
		t.Error("Upload stored an image in the videos' bucket")
	}
	if ct := ContentTypeOf("v1/720p/seg_00001.ts"); ct != "video/mp2t" {
		t.Errorf("segment type %q", ct)
	}
}
