package page

import (
	"encoding/xml"
	"net/http"
	"strings"
	"time"
)

// robots is robots.txt (docs/api.md#pages): crawlers may read the public
// pages, not the signed-in and admin areas or the API; %s is the sitemap's
// absolute URL.
const robots = `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/
Disallow: /dashboard
Disallow: /counter
Disallow: /migration-tool

Sitemap: %s
`

// ServeRobots answers GET /robots.txt.
func (a *Pages) ServeRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(strings.Replace(robots, "%s", a.baseURL()+"/sitemap.xml", 1)))
}

// baseURL is WATCHWIN_BASE_URL without a trailing slash.
func (a *Pages) baseURL() string { return strings.TrimRight(a.BaseURL, "/") }

// sitemap is the sitemaps.org urlset.
type sitemap struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"` // W3C datetime
}

// ServeSitemap answers GET /sitemap.xml: the public pages and every active
// webinar's detail page, with the time it was last changed, as absolute URLs
// under WATCHWIN_BASE_URL. It reads the database (crawlers ask rarely).
func (a *Pages) ServeSitemap(w http.ResponseWriter, r *http.Request) {
	list, err := a.Webinars.ListPublic(r.Context())
	if err != nil {
		http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
		return
	}
	base := a.baseURL()
	sm := sitemap{URLs: make([]sitemapURL, 0, len(sitemapPages)+len(list))}
	for _, p := range sitemapPages {
		sm.URLs = append(sm.URLs, sitemapURL{Loc: base + p})
	}
	for _, wb := range list {
		sm.URLs = append(sm.URLs, sitemapURL{Loc: base + "/webinar/" + wb.ID,
			LastMod: wb.UpdatedAt.UTC().Format(time.RFC3339)})
	}
	out, err := xml.MarshalIndent(sm, "", "  ")
	if err != nil {
		http.Error(w, "sitemap unavailable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write(append([]byte(xml.Header), append(out, '\n')...))
}
