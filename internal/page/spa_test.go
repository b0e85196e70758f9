package page

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// Vite's hashed assets are cached for a year, immutable; other files for
// an hour; the index (and every client route) is revalidated each time, so
// a new release is picked up at once.
func TestSPACaching(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":              {Data: []byte(`<!doctype html><div id="root"></div><script src="/assets/index-abc123.js"></script>`)},
		"assets/index-abc123.js":  {Data: []byte(`console.log(1)`)},
		"assets/index-abc123.css": {Data: []byte(`body{}`)},
		"favicon.svg":             {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		".vite/manifest.json":     {Data: []byte(`{"index.html":{}}`)},
		".keep":                   {Data: []byte(``)},
	}
	h := spaHandler(dist, nil)
	for path, want := range map[string]string{
		"/assets/index-abc123.js":  "public, max-age=31536000, immutable",
		"/assets/index-abc123.css": "public, max-age=31536000, immutable",
		"/favicon.svg":             "public, max-age=3600",
		"/":                        "no-cache",
		"/webinar/123/watch":       "no-cache",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != want {
			t.Errorf("%s: %d, Cache-Control %q, want %q", path, rec.Code, rec.Header().Get("Cache-Control"), want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/assets/index-old999.js", nil))
	if rec.Code != http.StatusNotFound || rec.Header().Get("Cache-Control") == "public, max-age=31536000, immutable" {
		t.Errorf("missing asset: %d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	// The build's hidden files are not served: those paths are the app's (its 404 page).
	for _, path := range []string{"/.vite/manifest.json", "/.keep"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(rec.Body.String(), `<div id="root">`) {
			t.Errorf("%s: %d, Cache-Control %q, want index.html", path, rec.Code, rec.Header().Get("Cache-Control"))
		}
	}
}

// The counter's QR decoder is WebAssembly: served with its own type (which
// WebAssembly.instantiateStreaming requires) and cached like any asset.
func TestSPAServesWebAssembly(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":                    {Data: []byte(`<!doctype html><div id="root"></div>`)},
		"assets/zxing_reader-ab12.wasm": {Data: []byte("\x00asm\x01\x00\x00\x00")},
	}
	rec := httptest.NewRecorder()
	spaHandler(dist, nil).ServeHTTP(rec, httptest.NewRequest("GET", "/assets/zxing_reader-ab12.wasm", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/wasm" ||
		rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("wasm asset: %d, Content-Type %q, Cache-Control %q", rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
	}
}
