package media

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"watchwin/internal/apperr"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func newTestService(t *testing.T) *Service {
	s := NewService(NewLocal(t.TempDir()))
	s.now = func() time.Time { return time.Unix(1764000000, 0) }
	return s
}

func upload(t *testing.T, s *Service, bucket, name string, data []byte) (FileInfo, error) {
	t.Helper()
	return s.Upload(context.Background(), bucket, name, bytes.NewReader(data))
}

// Thumbnails never overwrite: the same name in the same second gets _2, _3.
func TestUploadThumbnailNeverOverwrites(t *testing.T) {
	s := newTestService(t)
	img := pngBytes(t)
	want := []string{
		"webinar_thumbnails/pistol_basics_1764000000.png",
		"webinar_thumbnails/pistol_basics_1764000000_2.png",
		"webinar_thumbnails/pistol_basics_1764000000_3.png",
	}
	for _, w := range want {
		fi, err := upload(t, s, BucketWebinarAssets, "Pistol Basics.JPG", img)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Path != w {
			t.Errorf("path %q, want %q", fi.Path, w)
		}
	}
	files, _ := s.List(context.Background(), BucketWebinarAssets, 100, 0)
	if len(files) != 3 {
		t.Errorf("%d files, want 3", len(files))
	}
}

func TestUploadSiteImageOverwrites(t *testing.T) {
	s := newTestService(t)
	first := pngBytes(t)
	fi, err := upload(t, s, BucketSiteImages, "logo.png", first)
	if err != nil || fi.Path != "logo.png" {
		t.Fatalf("first: %+v, %v", fi, err)
	}
	second := append(pngBytes(t), 0, 0, 0) // a different file of the same type
	fi, err = upload(t, s, BucketSiteImages, "logo.png", second)
	if err != nil || fi.Path != "logo.png" || fi.Size != int64(len(second)) {
		t.Fatalf("second: %+v, %v", fi, err)
	}
	files, _ := s.List(context.Background(), BucketSiteImages, 100, 0)
	if len(files) != 1 {
		t.Errorf("%d files, want 1", len(files))
	}
}

func TestUploadRules(t *testing.T) {
	s := newTestService(t)
	img := pngBytes(t)
	big := append(append([]byte{}, img...), make([]byte, MaxUploadBytes)...)
	tests := []struct {
		name, bucket, filename string
		data                   []byte
		kind                   apperr.Kind
		field, message         string
		path                   string // pattern of the stored path when it succeeds
	}{
		{name: "png", bucket: BucketSiteImages, filename: "Logo.png", data: img, path: `^logo\.png$`},
		{name: "extension follows content", bucket: BucketSiteImages, filename: "logo.jpg", data: img, path: `^logo\.png$`},
		{name: "traversal name", bucket: BucketSiteImages, filename: "../../etc/passwd", data: img, path: `^______etc_passwd\.png$`},
		{name: "absolute name", bucket: BucketWebinarAssets, filename: "/var/lib/x.png", data: img, path: `^webinar_thumbnails/_var_lib_x_1764000000\.png$`},
		{name: "no name thumbnail", bucket: BucketWebinarAssets, filename: "", data: img, path: `^webinar_thumbnails/image_1764000000\.png$`},
		{name: "no name site image", bucket: BucketSiteImages, filename: "  ", data: img, kind: apperr.KindInvalid, field: "name", message: "No filename provided"},
		{name: "empty", bucket: BucketSiteImages, filename: "a.png", data: nil, kind: apperr.KindInvalid, field: "file", message: "Please select an image to upload."},
		{name: "text", bucket: BucketSiteImages, filename: "a.png", data: []byte("just some text, not an image"), kind: apperr.KindUnsupported, field: "file", message: "Only JPEG, PNG, WebP and GIF images can be uploaded."},
		{name: "svg", bucket: BucketSiteImages, filename: "a.svg", data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), kind: apperr.KindUnsupported},
		{name: "html", bucket: BucketSiteImages, filename: "a.png", data: []byte(`<!DOCTYPE html><script>alert(1)</script>`), kind: apperr.KindUnsupported},
		{name: "too large", bucket: BucketWebinarAssets, filename: "a.png", data: big, kind: apperr.KindTooLarge, message: "Images must be 10 MB or smaller."},
		{name: "too large site image", bucket: BucketSiteImages, filename: "big.png", data: big, kind: apperr.KindTooLarge},
		{name: "unknown bucket", bucket: "private", filename: "a.png", data: img, kind: apperr.KindNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fi, err := upload(t, s, tt.bucket, tt.filename, tt.data)
			if tt.kind == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if !regexp.MustCompile(tt.path).MatchString(fi.Path) || fi.ContentType != "image/png" {
					t.Fatalf("stored %+v, want path %s", fi, tt.path)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Kind != tt.kind || (tt.field != "" && e.Field != tt.field) || (tt.message != "" && e.Message != tt.message) {
				t.Fatalf("error %v, want kind %d field %q message %q", err, tt.kind, tt.field, tt.message)
			}
		})
	}
	// The oversized uploads left nothing behind.
	for _, b := range []string{BucketSiteImages, BucketWebinarAssets} {
		files, _ := s.List(context.Background(), b, 1000, 0)
		for _, f := range files {
			if strings.HasPrefix(f.Path, "big") || f.Size > MaxUploadBytes {
				t.Errorf("oversized upload stored: %+v", f)
			}
		}
	}
}

func TestExists(t *testing.T) {
	s := newTestService(t)
	fi, err := upload(t, s, BucketWebinarAssets, "x.png", pngBytes(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tt := range []struct {
		bucket, path string
		want         bool
	}{
		{BucketWebinarAssets, fi.Path, true},
		{BucketSiteImages, fi.Path, false},
		{BucketWebinarAssets, "webinar_thumbnails/other.png", false},
		{BucketWebinarAssets, "../webinar_assets/" + fi.Path, false},
		{BucketWebinarAssets, "webinar_thumbnails", false},
		{"nope", fi.Path, false},
	} {
		if got, err := s.Exists(ctx, tt.bucket, tt.path); err != nil || got != tt.want {
			t.Errorf("Exists(%s, %s) = %v, %v; want %v", tt.bucket, tt.path, got, err, tt.want)
		}
	}
}

func TestURL(t *testing.T) {
	if got := URL(BucketWebinarAssets, "webinar_thumbnails/a_1.jpg"); got != "/media/webinar_assets/webinar_thumbnails/a_1.jpg" {
		t.Errorf("URL = %s", got)
	}
}
