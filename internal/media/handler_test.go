package media_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/testutil"
)

type uploaded struct {
	Bucket      string `json:"bucket"`
	Path        string `json:"path"`
	URL         string `json:"url"`
	Size        int64  `json:"size"`
	ContentType string `json:"content_type"`
}

type listed struct {
	Files []struct {
		Name      string `json:"name"`
		Path      string `json:"path"`
		URL       string `json:"url"`
		Size      int64  `json:"size"`
		UpdatedAt string `json:"updated_at"`
	} `json:"files"`
}

func setup(t *testing.T, engine db.Engine) (*testutil.Server, testutil.Actors) {
	s := testutil.NewServer(t, engine)
	return s, s.Actors()
}

// rawUpload posts a body with any content type to the upload route.
func rawUpload(c *testutil.Client, bucket, contentType string, body []byte) testutil.Response {
	req, _ := http.NewRequest("POST", "/api/admin/media/"+bucket, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	return c.Send(req)
}

func TestMediaUploadAPI(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s, c := setup(t, engine)
			png, jpg, gif, webp := testutil.PNG(t), testutil.JPEG(t), testutil.GIF(t), testutil.WebP()
			svg := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>`)
			tooBig := append(append([]byte{}, png...), make([]byte, 10<<20)...)

			tests := []struct {
				name, who, bucket, field, filename string
				data                               []byte
				status                             int
				code, errField, message            string
				path, ctype                        string // regexp of the stored path, content type
			}{
				{name: "anon", who: "anon", bucket: "site_images", filename: "a.png", data: png, status: 401, code: "unauthenticated"},
				{name: "user", who: "user", bucket: "site_images", filename: "a.png", data: png, status: 403, code: "forbidden"},
				{name: "user thumbnail", who: "user", bucket: "webinar_assets", filename: "a.png", data: png, status: 403, code: "forbidden"},
				{name: "png thumbnail", who: "admin", bucket: "webinar_assets", filename: "Pistol Basics.png", data: png, status: 201, path: `^webinar_thumbnails/pistol_basics_\d{10}\.png$`, ctype: "image/png"},
				{name: "jpeg thumbnail", who: "admin", bucket: "webinar_assets", filename: "photo.JPEG", data: jpg, status: 201, path: `^webinar_thumbnails/photo_\d{10}\.jpg$`, ctype: "image/jpeg"},
				{name: "gif thumbnail", who: "admin", bucket: "webinar_assets", filename: "anim.gif", data: gif, status: 201, path: `^webinar_thumbnails/anim_\d{10}\.gif$`, ctype: "image/gif"},
				{name: "webp thumbnail", who: "admin", bucket: "webinar_assets", filename: "small.webp", data: webp, status: 201, path: `^webinar_thumbnails/small_\d{10}\.webp$`, ctype: "image/webp"},
				{name: "name field wins", who: "admin", bucket: "site_images", field: "Hero Background.jpg", filename: "IMG_0001.JPG", data: jpg, status: 201, path: `^hero_background\.jpg$`, ctype: "image/jpeg"},
				{name: "png named jpg", who: "admin", bucket: "site_images", filename: "logo.jpg", data: png, status: 201, path: `^logo\.png$`, ctype: "image/png"},
				{name: "traversal name", who: "admin", bucket: "site_images", field: "../../watchwin.db", filename: "x.png", data: png, status: 201, path: `^______watchwin\.png$`, ctype: "image/png"},
				{name: "backslash name", who: "admin", bucket: "site_images", filename: `..\..\evil.gif`, data: gif, status: 201, path: `^______evil\.gif$`, ctype: "image/gif"},
				{name: "text file", who: "admin", bucket: "site_images", filename: "notes.png", data: []byte("hello, this is text"), status: 415, code: "unsupported_media_type", errField: "file", message: "Only JPEG, PNG, WebP and GIF images can be uploaded."},
				{name: "svg", who: "admin", bucket: "site_images", filename: "logo.svg", data: svg, status: 415, code: "unsupported_media_type", errField: "file"},
				{name: "html as thumbnail", who: "admin", bucket: "webinar_assets", filename: "x.gif", data: []byte("<html><script>alert(1)</script>"), status: 415, code: "unsupported_media_type"},
				{name: "too large", who: "admin", bucket: "webinar_assets", filename: "big.png", data: tooBig, status: 413, code: "body_too_large", message: "Images must be 10 MB or smaller."},
				{name: "empty file", who: "admin", bucket: "site_images", filename: "a.png", data: []byte{}, status: 400, code: "validation_failed", errField: "file", message: "Please select an image to upload."},
				{name: "unknown bucket", who: "admin", bucket: "secrets", filename: "a.png", data: png, status: 404, code: "not_found"},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					res := c.As(tt.who).Upload(tt.bucket, tt.field, tt.filename, tt.data)
					res.Check(t, testutil.Want{Status: tt.status, Code: tt.code, Field: tt.errField, Message: tt.message})
					if tt.status != 201 {
						return
					}
					var u uploaded
					res.JSON(t, &u)
					if !regexp.MustCompile(tt.path).MatchString(u.Path) || u.ContentType != tt.ctype || u.Bucket != tt.bucket ||
						u.URL != "/media/"+tt.bucket+"/"+u.Path || u.Size != int64(len(tt.data)) {
						t.Fatalf("uploaded %+v, want path %s type %s", u, tt.path, tt.ctype)
					}
					got := c.Anon.Do("GET", u.URL, nil)
					if got.Status != 200 || !bytes.Equal(got.Body, tt.data) || got.Header.Get("Content-Type") != tt.ctype {
						t.Fatalf("GET %s: %d %s, %d bytes", u.URL, got.Status, got.Header.Get("Content-Type"), len(got.Body))
					}
				})
			}

			// Refused uploads left nothing behind; every stored file is inside the storage folder.
			storage := filepath.Join(s.App.Config.DataDir, "storage")
			_ = filepath.Walk(s.App.Config.DataDir, func(p string, info os.FileInfo, err error) error {
				if err == nil && !info.IsDir() && strings.HasSuffix(p, ".png") && !strings.HasPrefix(p, storage) {
					t.Errorf("file outside storage: %s", p)
				}
				if err == nil && !info.IsDir() && strings.Contains(p, "big") {
					t.Errorf("oversized upload stored: %s", p)
				}
				return nil
			})
		})
	}
}

func TestMediaUploadForms(t *testing.T) {
	_, c := setup(t, db.SQLite)
	// Not multipart at all.
	res := c.Admin.Do("POST", "/api/admin/media/site_images", map[string]string{"file": "x"})
	if res.Status != 400 || res.ErrorField() != "file" || res.ErrorMessage() != "Please select an image to upload." {
		t.Errorf("JSON body: %d %s", res.Status, res.Body)
	}
	// Multipart without a file field.
	var body bytes.Buffer
	body.WriteString("--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nhero.jpg\r\n--XYZ--\r\n")
	res = rawUpload(c.Admin, "site_images", "multipart/form-data; boundary=XYZ", body.Bytes())
	if res.Status != 400 || res.ErrorField() != "file" || res.ErrorCode() != "validation_failed" {
		t.Errorf("no file: %d %s", res.Status, res.Body)
	}
	// Broken multipart.
	res = rawUpload(c.Admin, "site_images", "multipart/form-data; boundary=XYZ", []byte("--XYZ\r\nnonsense"))
	if res.Status != 400 {
		t.Errorf("broken multipart: %d %s", res.Status, res.Body)
	}
	// Name after the file works too (browsers keep the FormData order).
	body.Reset()
	body.WriteString("--XYZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n")
	body.Write(testutil.PNG(t))
	body.WriteString("\r\n--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nhero_background.jpg\r\n--XYZ--\r\n")
	res = rawUpload(c.Admin, "site_images", "multipart/form-data; boundary=XYZ", body.Bytes())
	var u uploaded
	res.JSON(t, &u)
	if res.Status != 201 || u.Path != "hero_background.jpg" || u.ContentType != "image/jpeg" {
		t.Errorf("name after file: %d %s", res.Status, res.Body)
	}
	// A body far over the limit is cut off with 413.
	huge := bytes.Repeat([]byte("x"), 12<<20)
	res = rawUpload(c.Admin, "site_images", "multipart/form-data; boundary=XYZ", append([]byte("--XYZ\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\n"), huge...))
	if res.Status != 413 || res.ErrorMessage() != "Images must be 10 MB or smaller." {
		t.Errorf("huge body: %d %.200s", res.Status, res.Body)
	}
}

func TestMediaSiteImagesOverwriteAndThumbnailsDoNot(t *testing.T) {
	_, c := setup(t, db.SQLite)
	first := testutil.JPEG(t)
	second := append(testutil.JPEG(t), 1, 2, 3) // another JPEG

	var a, b uploaded
	c.Admin.Upload("site_images", "hero_background.jpg", "x.jpg", first).JSON(t, &a)
	c.Admin.Upload("site_images", "hero_background.jpg", "y.jpg", second).JSON(t, &b)
	if a.Path != "hero_background.jpg" || b.Path != a.Path {
		t.Fatalf("site image paths %q then %q", a.Path, b.Path)
	}
	if got := c.Anon.Do("GET", b.URL, nil); !bytes.Equal(got.Body, second) {
		t.Error("site image was not replaced")
	}
	var l listed
	c.Admin.Do("GET", "/api/admin/media/site_images", nil).JSON(t, &l)
	if len(l.Files) != 1 {
		t.Errorf("site_images holds %d files, want 1", len(l.Files))
	}

	paths := map[string]bool{}
	for i := 0; i < 3; i++ {
		var u uploaded
		c.Admin.Upload("webinar_assets", "", "same name.jpg", first).JSON(t, &u)
		if paths[u.Path] {
			t.Fatalf("thumbnail path reused: %s", u.Path)
		}
		paths[u.Path] = true
	}
	c.Admin.Do("GET", "/api/admin/media/webinar_assets", nil).JSON(t, &l)
	if len(l.Files) != 3 {
		t.Errorf("webinar_assets holds %d files, want 3", len(l.Files))
	}
}

// The home page reads /media/site_images/hero_background.jpg (docs/product.md#admin-screens), so
// a hero upload of any accepted type ends up there as a JPEG.
func TestMediaHeroUpload(t *testing.T) {
	_, c := setup(t, db.SQLite)
	const heroURL = "/media/site_images/hero_background.jpg"
	tests := []struct {
		name, field, filename string
		data                  []byte
		w, h                  int
	}{
		{name: "png", field: "hero_background.jpg", filename: "beach.png", data: testutil.PNG(t), w: 16, h: 9},
		{name: "webp", field: "hero_background.jpg", filename: "beach.webp", data: media.SolidWebP(40, 30, color.NRGBA{0, 0, 255, 100}), w: 40, h: 30},
		{name: "gif", field: "hero_background.jpg", filename: "beach.gif", data: testutil.GIF(t), w: 16, h: 9},
		{name: "file name only", filename: "hero_background.png", data: testutil.PNG(t), w: 16, h: 9},
		{name: "jpeg", field: "hero_background.jpg", filename: "beach.jpg", data: testutil.JPEG(t), w: 16, h: 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := c.Admin.Upload("site_images", tt.field, tt.filename, tt.data)
			res.Check(t, testutil.Want{Status: 201})
			var u uploaded
			res.JSON(t, &u)
			if u.Path != "hero_background.jpg" || u.URL != heroURL || u.ContentType != "image/jpeg" {
				t.Fatalf("uploaded %+v, want %s as image/jpeg", u, heroURL)
			}
			got := c.Anon.Do("GET", heroURL, nil)
			if got.Status != 200 || got.Header.Get("Content-Type") != "image/jpeg" || int64(len(got.Body)) != u.Size {
				t.Fatalf("GET %s: %d %s, %d bytes", heroURL, got.Status, got.Header.Get("Content-Type"), len(got.Body))
			}
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(got.Body))
			if err != nil || cfg.Width != tt.w || cfg.Height != tt.h {
				t.Errorf("hero is %dx%d (%v), want a %dx%d JPEG", cfg.Width, cfg.Height, err, tt.w, tt.h)
			}
		})
	}
	var l listed
	c.Admin.Do("GET", "/api/admin/media/site_images", nil).JSON(t, &l)
	if len(l.Files) != 1 || l.Files[0].Path != "hero_background.jpg" {
		t.Errorf("site_images holds %+v, want only hero_background.jpg", l.Files)
	}

	// An image too large to decode safely is refused before decoding.
	var wide bytes.Buffer
	if err := png.Encode(&wide, image.NewGray(image.Rect(0, 0, 8001, 1))); err != nil {
		t.Fatal(err)
	}
	c.Admin.Upload("site_images", "hero_background.jpg", "wide.png", wide.Bytes()).Check(t, testutil.Want{
		Status: 400, Code: "validation_failed", Field: "file",
		Message: "Images must be at most 8000 × 8000 pixels and 40 megapixels in all.",
	})
}

func TestMediaPublicGet(t *testing.T) {
	_, c := setup(t, db.SQLite)
	img := testutil.PNG(t)
	var u uploaded
	c.Admin.Upload("webinar_assets", "", "thumb.png", img).JSON(t, &u)

	res := c.Anon.Do("GET", u.URL, nil)
	etag := res.Header.Get("ETag")
	if res.Status != 200 || !bytes.Equal(res.Body, img) || res.Header.Get("Content-Type") != "image/png" ||
		res.Header.Get("Cache-Control") != "public, max-age=3600" || etag == "" ||
		res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Last-Modified") == "" {
		t.Fatalf("GET: %d %v", res.Status, res.Header)
	}
	req, _ := http.NewRequest("GET", u.URL, nil)
	req.Header.Set("If-None-Match", etag)
	if res := c.Anon.Send(req); res.Status != http.StatusNotModified || len(res.Body) != 0 {
		t.Errorf("If-None-Match: %d", res.Status)
	}
	req, _ = http.NewRequest("GET", u.URL, nil)
	req.Header.Set("If-None-Match", `"something-else"`)
	if res := c.Anon.Send(req); res.Status != 200 {
		t.Errorf("stale If-None-Match: %d", res.Status)
	}
	if res := c.Anon.Do("HEAD", u.URL, nil); res.Status != 200 || len(res.Body) != 0 || res.Header.Get("ETag") != etag {
		t.Errorf("HEAD: %d", res.Status)
	}
	// Replacing a site image changes its ETag.
	var h1, h2 uploaded
	c.Admin.Upload("site_images", "hero_background.jpg", "a.jpg", testutil.JPEG(t)).JSON(t, &h1)
	e1 := c.Anon.Do("GET", h1.URL, nil).Header.Get("ETag")
	c.Admin.Upload("site_images", "hero_background.jpg", "b.jpg", append(testutil.JPEG(t), 0)).JSON(t, &h2)
	if e2 := c.Anon.Do("GET", h2.URL, nil).Header.Get("ETag"); e1 == e2 {
		t.Errorf("ETag unchanged after a replace: %s", e1)
	}

	for _, path := range []string{
		"/media/webinar_assets/webinar_thumbnails/missing_1.png",
		"/media/secrets/thumb.png",
		"/media/webinar_assets/..%2f..%2fwatchwin.db",
		"/media/webinar_assets/%2e%2e/%2e%2e/watchwin.db",
		"/media/webinar_assets/..%5c..%5cwatchwin.db",
		"/media/webinar_assets/webinar_thumbnails",
		"/media/webinar_assets/" + strings.ToUpper(u.Path),
		"/media/webinar_assets/" + u.Path + "%00.png",
		"/media/webinar_assets/",
		"/media/",
	} {
		if res := c.Anon.Do("GET", path, nil); res.Status != 404 {
			t.Errorf("GET %s: %d, want 404", path, res.Status)
		}
	}
	if res := c.Admin.Do("POST", u.URL, "x"); res.Status != 404 && res.Status != 405 {
		t.Errorf("POST to a media URL: %d", res.Status)
	}
}

func TestMediaListAPI(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			_, c := setup(t, engine)
			for _, n := range []string{"c.png", "a.png", "e.png", "b.png", "d.png"} {
				if res := c.Admin.Upload("site_images", n, "x.png", testutil.PNG(t)); res.Status != 201 {
					t.Fatalf("upload %s: %d %s", n, res.Status, res.Body)
				}
			}
			tests := []struct {
				name, who, path string
				status          int
				code, field     string
				want            string
			}{
				{name: "anon", who: "anon", path: "/api/admin/media/site_images", status: 401, code: "unauthenticated"},
				{name: "user", who: "user", path: "/api/admin/media/site_images", status: 403, code: "forbidden"},
				{name: "all", who: "admin", path: "/api/admin/media/site_images", status: 200, want: "a.png,b.png,c.png,d.png,e.png"},
				{name: "limit", who: "admin", path: "/api/admin/media/site_images?limit=2", status: 200, want: "a.png,b.png"},
				{name: "limit offset", who: "admin", path: "/api/admin/media/site_images?limit=2&offset=2", status: 200, want: "c.png,d.png"},
				{name: "offset", who: "admin", path: "/api/admin/media/site_images?offset=4", status: 200, want: "e.png"},
				{name: "past the end", who: "admin", path: "/api/admin/media/site_images?offset=50", status: 200, want: ""},
				{name: "max limit", who: "admin", path: "/api/admin/media/site_images?limit=1000", status: 200, want: "a.png,b.png,c.png,d.png,e.png"},
				{name: "empty bucket", who: "admin", path: "/api/admin/media/webinar_assets", status: 200, want: ""},
				{name: "limit 0", who: "admin", path: "/api/admin/media/site_images?limit=0", status: 400, code: "validation_failed", field: "limit"},
				{name: "limit over", who: "admin", path: "/api/admin/media/site_images?limit=1001", status: 400, code: "validation_failed", field: "limit"},
				{name: "limit text", who: "admin", path: "/api/admin/media/site_images?limit=ten", status: 400, code: "validation_failed", field: "limit"},
				{name: "negative offset", who: "admin", path: "/api/admin/media/site_images?offset=-1", status: 400, code: "validation_failed", field: "offset"},
				{name: "unknown bucket", who: "admin", path: "/api/admin/media/secrets", status: 404, code: "not_found"},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					res := c.As(tt.who).Do("GET", tt.path, nil)
					res.Check(t, testutil.Want{Status: tt.status, Code: tt.code, Field: tt.field})
					if tt.status != 200 {
						return
					}
					var l listed
					res.JSON(t, &l)
					if l.Files == nil {
						t.Fatalf("files is null: %s", res.Body)
					}
					var names []string
					for _, f := range l.Files {
						names = append(names, f.Name)
						if f.Path != f.Name || f.URL != fmt.Sprintf("/media/site_images/%s", f.Path) || f.Size == 0 || f.UpdatedAt == "" {
							t.Errorf("file entry %+v", f)
						}
					}
					if got := strings.Join(names, ","); got != tt.want {
						t.Errorf("files %s, want %s", got, tt.want)
					}
				})
			}
			// Thumbnails list with their folder in path and the file in name.
			var u uploaded
			c.Admin.Upload("webinar_assets", "", "t.png", testutil.PNG(t)).JSON(t, &u)
			var l listed
			c.Admin.Do("GET", "/api/admin/media/webinar_assets", nil).JSON(t, &l)
			if len(l.Files) != 1 || l.Files[0].Path != u.Path || "webinar_thumbnails/"+l.Files[0].Name != u.Path {
				t.Errorf("thumbnail listing %+v", l.Files)
			}
		})
	}
}
