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
