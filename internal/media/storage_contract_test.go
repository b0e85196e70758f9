package media

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"watchwin/internal/apperr"
)

// storageContract is what every Storage backend promises, and what the
// Service and the public route built on it do with it. Each backend's test
// runs all of it on a fresh, empty store (see runStorageContract).
var storageContract = []struct {
	name string
	run  func(t *testing.T, st Storage)
}{
	{"PutOpenStatDelete", contractPutOpenStatDelete},
	{"RefusesBadBucketsAndPaths", contractRefusesBadBucketsAndPaths},
	{"NoOverwriteRace", contractNoOverwriteRace},
	{"List", contractList},
	{"Ready", contractReady},
	{"ThumbnailsNeverOverwrite", contractThumbnailsNeverOverwrite},
	{"SiteImagesOverwrite", contractSiteImagesOverwrite},
	{"UploadRules", contractUploadRules},
	{"Exists", contractExists},
	{"PublicGet", contractPublicGet},
}

// runStorageContract runs the whole contract, each case on a new store.
func runStorageContract(t *testing.T, newStore func(t *testing.T) Storage) {
	for _, c := range storageContract {
		t.Run(c.name, func(t *testing.T) { c.run(t, newStore(t)) })
	}
}

func put(t *testing.T, st Storage, bucket, p, content string, overwrite bool) (FileInfo, error) {
	t.Helper()
	return st.Put(context.Background(), bucket, p, strings.NewReader(content), "image/png", overwrite)
}

func read(t *testing.T, st Storage, bucket, p string) string {
	t.Helper()
	f, _, err := st.Open(context.Background(), bucket, p)
	if err != nil {
		t.Fatalf("open %s: %v", p, err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func contractPutOpenStatDelete(t *testing.T, st Storage) {
	ctx := context.Background()
	const p = "webinar_thumbnails/a_1.png"
	fi, err := put(t, st, BucketWebinarAssets, p, "first", false)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size != 5 || fi.Path != p || fi.ContentType != "image/png" || fi.Bucket != BucketWebinarAssets || fi.ModTime.IsZero() {
		t.Errorf("Put info: %+v", fi)
	}
	if got := read(t, st, BucketWebinarAssets, p); got != "first" {
		t.Errorf("content %q", got)
	}
	if got, err := st.Stat(ctx, BucketWebinarAssets, p); err != nil || got.Size != 5 || got.Path != p {
		t.Errorf("Stat: %+v, %v", got, err)
	}
	// The other bucket is another namespace.
	if _, err := st.Stat(ctx, BucketSiteImages, p); !errors.Is(err, ErrNotFound) {
		t.Errorf("Stat in the other bucket: %v, want ErrNotFound", err)
	}
	// No overwrite keeps the first file.
	if _, err := put(t, st, BucketWebinarAssets, p, "second", false); !errors.Is(err, ErrExists) {
		t.Errorf("Put without overwrite on a taken path: %v, want ErrExists", err)
	}
	if got := read(t, st, BucketWebinarAssets, p); got != "first" {
		t.Errorf("content after refused Put %q", got)
	}
	// Overwrite replaces it.
	if fi, err := put(t, st, BucketWebinarAssets, p, "third!", true); err != nil || fi.Size != 6 {
		t.Fatalf("overwrite: %+v, %v", fi, err)
	}
	if got := read(t, st, BucketWebinarAssets, p); got != "third!" {
		t.Errorf("content after overwrite %q", got)
	}
	// Folders are not files.
	for _, folder := range []string{"webinar_thumbnails", "webinar_thumbnails/"} {
		if _, _, err := st.Open(ctx, BucketWebinarAssets, folder); !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Open(%q) = %v, want ErrNotFound", folder, err)
		}
	}
	if _, _, err := st.Open(ctx, BucketWebinarAssets, "webinar_thumbnails/missing.png"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(missing) = %v, want ErrNotFound", err)
	}
	if err := st.Delete(ctx, BucketWebinarAssets, p); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Stat(ctx, BucketWebinarAssets, p); !errors.Is(err, ErrNotFound) {
		t.Errorf("Stat after Delete: %v", err)
	}
	if err := st.Delete(ctx, BucketWebinarAssets, p); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete: %v", err)
	}
	if files, err := st.List(ctx, BucketWebinarAssets, "", 100, 0); err != nil || len(files) != 0 {
		t.Errorf("List after Delete: %+v, %v", files, err)
	}
}

func contractRefusesBadBucketsAndPaths(t *testing.T, st Storage) {
	ctx := context.Background()
	if _, err := put(t, st, "other_bucket", "a.png", "x", true); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown bucket Put: %v", err)
	}
	if _, _, err := st.Open(ctx, "../storage", "a.png"); !errors.Is(err, ErrNotFound) {
		t.Errorf("bucket traversal Open: %v", err)
	}
	if _, err := st.List(ctx, "nope", "", 10, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("List(unknown bucket) = %v", err)
	}
	for _, p := range []string{"../secret.png", "../../secret.png", "../site_images/a.png", "/etc/passwd", `..\secret.png`, "a\x00.png", "", ".", "..", "ünï.png", "A.png"} {
		if _, err := put(t, st, BucketWebinarAssets, p, "x", true); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Put(%q) = %v, want ErrInvalidPath", p, err)
		}
		if _, _, err := st.Open(ctx, BucketWebinarAssets, p); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Open(%q) = %v, want ErrInvalidPath", p, err)
		}
		if _, err := st.Stat(ctx, BucketWebinarAssets, p); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Stat(%q) = %v, want ErrInvalidPath", p, err)
		}
		if err := st.Delete(ctx, BucketWebinarAssets, p); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Delete(%q) = %v, want ErrInvalidPath", p, err)
		}
	}
	if files, err := st.List(ctx, BucketSiteImages, "", 100, 0); err != nil || len(files) != 0 {
		t.Errorf("a refused Put stored something: %+v, %v", files, err)
	}
}

// Many uploads racing for one path without overwrite: exactly one wins and
// the file holds its content, whole.
func contractNoOverwriteRace(t *testing.T, st Storage) {
	const n = 24
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			content := bytes.Repeat([]byte{byte('a' + i)}, 64<<10)
			_, errs[i] = st.Put(context.Background(), BucketWebinarAssets, "webinar_thumbnails/race_1.png", bytes.NewReader(content), "image/png", false)
		})
	}
	wg.Wait()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("two Puts won: %d and %d", winner, i)
		case err == nil:
			winner = i
		case !errors.Is(err, ErrExists):
			t.Fatalf("Put %d: %v", i, err)
		}
	}
	if winner < 0 {
		t.Fatal("no Put won")
	}
	got := read(t, st, BucketWebinarAssets, "webinar_thumbnails/race_1.png")
	if want := strings.Repeat(string(rune('a'+winner)), 64<<10); got != want {
		t.Fatalf("file holds %d bytes not all from the winner", len(got))
	}
}

func contractList(t *testing.T, st Storage) {
	ctx := context.Background()
	if files, err := st.List(ctx, BucketSiteImages, "", 100, 0); err != nil || len(files) != 0 {
		t.Fatalf("empty bucket: %v, %v", files, err)
	}
	for _, p := range []string{"c.png", "a.png", "b.png", "webinar_x/z.png", "d.gif", "a0.png", "a_b.png"} {
		if _, err := put(t, st, BucketSiteImages, p, p, true); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := put(t, st, BucketWebinarAssets, "other.png", "x", true); err != nil {
		t.Fatal(err)
	}
	paths := func(fs []FileInfo) string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Path)
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		prefix        string
		limit, offset int
		want          string
	}{
		{"", 100, 0, "a.png,a0.png,a_b.png,b.png,c.png,d.gif,webinar_x/z.png"},
		{"", 2, 0, "a.png,a0.png"},
		{"", 2, 2, "a_b.png,b.png"},
		{"", 3, 4, "c.png,d.gif,webinar_x/z.png"},
		{"", 2, 7, ""},
		{"", 100, 99, ""},
		{"webinar_x/", 100, 0, "webinar_x/z.png"},
		{"b", 100, 0, "b.png"},
	}
	for _, tt := range tests {
		files, err := st.List(ctx, BucketSiteImages, tt.prefix, tt.limit, tt.offset)
		if err != nil {
			t.Fatal(err)
		}
		if got := paths(files); got != tt.want {
			t.Errorf("List(%q, %d, %d) = %s, want %s", tt.prefix, tt.limit, tt.offset, got, tt.want)
		}
	}
	files, _ := st.List(ctx, BucketSiteImages, "d", 1, 0)
	if len(files) != 1 || files[0].Size != int64(len("d.gif")) || files[0].ContentType != "image/gif" || files[0].Bucket != BucketSiteImages || files[0].ModTime.IsZero() {
		t.Errorf("listed file info: %+v", files)
	}
}

func contractReady(t *testing.T, st Storage) {
	if err := st.Ready(context.Background()); err != nil {
		t.Fatalf("Ready: %v", err)
	}
}

func newTestServiceOn(st Storage) *Service {
	s := NewService(st, nil)
	s.now = func() time.Time { return time.Unix(1764000000, 0) }
	return s
}

func upload(t *testing.T, s *Service, bucket, name string, data []byte) (FileInfo, error) {
	t.Helper()
	return s.Upload(context.Background(), bucket, name, bytes.NewReader(data))
}

// Thumbnails never overwrite: the same name in the same second gets _2, _3.
func contractThumbnailsNeverOverwrite(t *testing.T, st Storage) {
	s := newTestServiceOn(st)
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

func contractSiteImagesOverwrite(t *testing.T, st Storage) {
	s := newTestServiceOn(st)
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

func contractExists(t *testing.T, st Storage) {
	s := newTestServiceOn(st)
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

// contractPublicGet serves a stored image through the public route as the
// binary does: content, type, caching headers, 304 on a matching ETag,
// HEAD, ranges, a new ETag after a replace, 404 for anything else.
func contractPublicGet(t *testing.T, st Storage) {
	s := newTestServiceOn(st)
	mux := http.NewServeMux()
	NewHandler(s).PublicRoutes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	do := func(method, path string, hdr ...string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, b
	}

	img := pngBytes(t)
	fi, err := upload(t, s, BucketWebinarAssets, "thumb.png", img)
	if err != nil {
		t.Fatal(err)
	}
	u := URL(fi.Bucket, fi.Path)
	res, body := do("GET", u)
	etag := res.Header.Get("ETag")
	if res.StatusCode != 200 || !bytes.Equal(body, img) || res.Header.Get("Content-Type") != "image/png" ||
		res.Header.Get("Cache-Control") != CacheControl || etag == "" || res.Header.Get("Last-Modified") == "" {
		t.Fatalf("GET: %d %v", res.StatusCode, res.Header)
	}
	if res, body := do("GET", u, "If-None-Match", etag); res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match: %d", res.StatusCode)
	}
	if res, _ := do("GET", u, "If-None-Match", `"something-else"`); res.StatusCode != 200 {
		t.Errorf("stale If-None-Match: %d", res.StatusCode)
	}
	if res, body := do("HEAD", u); res.StatusCode != 200 || len(body) != 0 || res.Header.Get("ETag") != etag {
		t.Errorf("HEAD: %d", res.StatusCode)
	}
	if res, body := do("GET", u, "Range", "bytes=4-11"); res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, img[4:12]) {
		t.Errorf("Range: %d %q", res.StatusCode, body)
	}
	if res, body := do("GET", u, "Range", "bytes=-5"); res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, img[len(img)-5:]) {
		t.Errorf("suffix Range: %d %q", res.StatusCode, body)
	}
	// Replacing a site image with one of the same size at once still
	// changes its ETag.
	logo, err := upload(t, s, BucketSiteImages, "logo.png", img)
	if err != nil {
		t.Fatal(err)
	}
	res1, _ := do("GET", URL(logo.Bucket, logo.Path))
	other := bytes.Clone(img)
	other[len(other)-1] ^= 0xff // same size, other bytes; still sniffs as PNG
	if _, err := upload(t, s, BucketSiteImages, "logo.png", other); err != nil {
		t.Fatal(err)
	}
	res2, body2 := do("GET", URL(logo.Bucket, logo.Path))
	if !bytes.Equal(body2, other) || res1.Header.Get("ETag") == res2.Header.Get("ETag") {
		t.Errorf("after a replace: ETag %s → %s, new content served: %v", res1.Header.Get("ETag"), res2.Header.Get("ETag"), bytes.Equal(body2, other))
	}
	for _, path := range []string{
		"/media/webinar_assets/webinar_thumbnails/missing_1.png",
		"/media/secrets/thumb.png",
		"/media/webinar_assets/..%2fsite_images%2flogo.png",
		"/media/webinar_assets/webinar_thumbnails",
		"/media/webinar_assets/" + strings.ToUpper(fi.Path),
		"/media/webinar_assets/",
	} {
		if res, _ := do("GET", path); res.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, res.StatusCode)
		}
	}
}

func contractUploadRules(t *testing.T, st Storage) {
	s := newTestServiceOn(st)
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
