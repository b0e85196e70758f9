package httpx_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"watchwin/internal/httpx"
)

func send(h http.Handler, method string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "/x", nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Text answers are gzipped for clients that accept it; images are not.
func TestCompress(t *testing.T) {
	body := bytes.Repeat([]byte(`{"title":"Concealed Carry Holster Fundamentals"},`), 100)
	serve := func(contentType string) http.Handler {
		return httpx.Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", contentType)
			_, _ = w.Write(body)
		}))
	}
	for _, ct := range []string{"application/json; charset=utf-8", "text/html; charset=utf-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8", "image/svg+xml", "application/wasm"} {
		rec := send(serve(ct), "GET", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
		if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: Content-Encoding %q, Vary %q", ct, rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"))
			continue
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := io.ReadAll(zr); !bytes.Equal(got, body) || rec.Body.Len() >= len(body) {
			t.Errorf("%s: gzip body does not round-trip or is not smaller", ct)
		}
	}
	for _, ct := range []string{"image/png", "image/jpeg", "image/webp", "application/octet-stream"} {
		if rec := send(serve(ct), "GET", map[string]string{"Accept-Encoding": "gzip"}); rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), body) {
			t.Errorf("%s compressed: %q", ct, rec.Header().Get("Content-Encoding"))
		}
	}
	if rec := send(serve("application/json"), "GET", nil); rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), body) {
		t.Errorf("compressed for a client that did not ask")
	}
}

// ServeBytes answers If-None-Match with 304 when it names the tag, by weak
// comparison, and HEAD without a body.
func TestServeBytes(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.ServeBytes(w, r, "application/json", `W/"abc"`, []byte(`{"ok":true}`))
	})
	rec := send(h, "GET", nil)
	if rec.Code != 200 || rec.Body.String() != `{"ok":true}` || rec.Header().Get("ETag") != `W/"abc"` ||
		rec.Header().Get("Content-Length") != "11" || rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("GET: %d %q %v", rec.Code, rec.Body, rec.Header())
	}
	for _, inm := range []string{`W/"abc"`, `"abc"`, `"x", W/"abc"`, `*`} {
		if rec := send(h, "GET", map[string]string{"If-None-Match": inm}); rec.Code != 304 || rec.Body.Len() != 0 || rec.Header().Get("ETag") != `W/"abc"` {
			t.Errorf("If-None-Match %s: %d %q", inm, rec.Code, rec.Body)
		}
	}
	for _, inm := range []string{`"abcd"`, `W/"ab"`, `abc`} {
		if rec := send(h, "GET", map[string]string{"If-None-Match": inm}); rec.Code != 200 {
			t.Errorf("If-None-Match %s: %d, want 200", inm, rec.Code)
		}
	}
	if rec := send(h, "HEAD", nil); rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") != "11" {
		t.Errorf("HEAD: %d %q", rec.Code, rec.Body)
	}
}

// NoStore marks answers no-store unless the handler says otherwise.
func TestNoStore(t *testing.T) {
	status := httpx.NoStore(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	if cc := send(status, "POST", nil).Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("204: Cache-Control %q", cc)
	}
	own := httpx.NoStore(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.WriteHeader(http.StatusOK)
	}))
	if cc := send(own, "GET", nil).Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("handler's own: Cache-Control %q", cc)
	}
}
