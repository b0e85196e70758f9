package httpx

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// NoStore marks every response of next "Cache-Control: no-store" unless the
// handler sets its own: API answers carry personal data (a session, a
// coupon) and must never be kept by a browser or a proxy. A public answer
// that may be kept (the webinar list) says so itself.
func NoStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

// Compress gzips text answers (HTML, CSS, JavaScript, JSON, SVG, plain
// text) and WebAssembly (the counter's QR decoder) of at least 1 kB for clients that accept it, with klauspost's
// gzhttp. Images and other media are already compressed and pass through
// untouched, with their strong ETags. ETags of compressed answers are
// weak (W/"…", as ServeBytes writes them), which says the gzip and plain
// forms are the same content, so If-None-Match works for both.
func Compress(next http.Handler) http.Handler { return gzipWrap(next) }

var gzipWrap = func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(gzhttp.ContentTypeFilter(compressible))
	if err != nil {
		panic(err) // constant options: only a programming error gets here
	}
	return wrap
}()

func compressible(contentType string) bool {
	ct := strings.ToLower(strings.TrimSpace(contentType))
	switch {
	case strings.HasPrefix(ct, "text/"), strings.HasPrefix(ct, "application/json"),
		strings.HasPrefix(ct, "application/javascript"), strings.HasPrefix(ct, "application/manifest+json"),
		strings.HasPrefix(ct, "image/svg+xml"), strings.HasPrefix(ct, "application/wasm"):
		return true
	}
	return false
}

// ServeBytes answers a GET or HEAD with body and its entity tag etag (weak,
// W/"…": the same tag serves the gzip and the plain form): 304 Not
// Modified, without a body, when the request's If-None-Match holds the tag.
// Set Cache-Control before calling it.
func ServeBytes(w http.ResponseWriter, r *http.Request, contentType, etag string, body []byte) {
	h := w.Header()
	h.Set("ETag", etag)
	if noneMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// noneMatch reports whether an If-None-Match header value names etag, by
// the weak comparison RFC 9110 section 13.1.2 asks for ("*" names any).
func noneMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}
