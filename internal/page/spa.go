package page

import (
	"bytes"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"

	"watchwin/internal/httpx"
)

// Handler serves the built SPA in dist with the pages filled in (spaHandler).
func (a *Pages) Handler(dist fs.FS) http.Handler { return spaHandler(dist, a.servePage) }

// pageWriter writes index.html for a client route through the page
// template (App.servePage), or the bare index when it fails.
type pageWriter func(w http.ResponseWriter, r *http.Request, t *pageTemplate, index []byte)

// spaHandler serves the built SPA: files that exist are served as they are
// (hashed assets cached for a year), every other path gets index.html so
// the client router can show the page, or its 404 page; with pages, the
// index goes out with the page's head and data filled in (page.go). Hidden
// files of the build (Vite's .vite/manifest.json, .keep) are not served.
func spaHandler(dist fs.FS, pages pageWriter) http.Handler {
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		index = []byte("<!doctype html><title>WatchWin</title><p>The web app is not built. Run <code>make build</code>.</p>")
	}
	var tmpl *pageTemplate
	if pages != nil && err == nil {
		if tmpl, err = parsePage(index, dist); err != nil {
			slog.Warn("index.html served without page heads", "err", err)
		}
	}
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" && !hidden(name) {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					// Vite puts a content hash in every asset name.
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r) // a stale asset must not become a page
				return
			}
		}
		if cleanPath(r.URL.Path) == counterPage {
			httpx.CounterPolicies(w.Header())
		}
		if tmpl != nil {
			pages(w, r, tmpl, index)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}

// counterPage is the counter's client route, the one document that may use
// the camera and WebAssembly (httpx.CounterPolicies).
const counterPage = "/counter"

// hidden reports whether a path inside the build names a dot file or
// folder.
func hidden(name string) bool {
	return strings.HasPrefix(name, ".") || strings.Contains(name, "/.")
}

// cleanPath is a request path as page.go matches it: cleaned, without a
// trailing slash except for the root.
func cleanPath(p string) string {
	return path.Clean("/" + p)
}
