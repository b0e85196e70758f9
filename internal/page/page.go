// Package page serves the SPA's pages (docs/api.md#pages): the built
// index.html with a head, the data the SPA starts from, and, on the public
// pages, the first screen React's build rendered (web/scripts/paint.mjs),
// filled in; plus robots.txt and sitemap.xml.
package page

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/media"
	"watchwin/internal/setting"
	"watchwin/internal/webinar"
)

// pageTemplates are the parts of a served page the server fills in.
//
//go:embed page.html
var pageTemplates string

// Deps are what the pages read: the settings and webinars they embed, the
// hero image, and the server's configuration the SPA is told.
type Deps struct {
	Settings *setting.Service
	Webinars *webinar.Service
	Media    *media.Service
	// PaymentMode is the payment provider's name ("test", "stripe", "authorizenet").
	PaymentMode              func() string
	Timezone                 *time.Location
	BaseURL                  string
	StoreURL                 string
	StripePublishableKey     string
	AuthorizeNet             *AuthorizeNet
	RequireEmailConfirmation bool
	Wallets                  Wallets
}

// Pages serves the SPA's pages, robots.txt and sitemap.xml.
type Pages struct {
	Deps
	site siteCache
}

// New returns the pages of d.
func New(d Deps) *Pages { return &Pages{Deps: d} }

// pageData is what page.html fills in for one request (docs/api.md#pages).
type pageData struct {
	Title       string
	Description string
	URL         string // canonical, absolute
	Image       string // og:image, absolute
	SiteName    string
	Type        string // og:type
	JSONLD      any    // schema.org data of the page, or nil
	Data        initialData
	Paint       *paint   // the page's first screen, when the server paints it (paint.go)
	Preload     []string // the painted page's main images: its largest paint
}

// pageTemplate is the page template and the built assets it names.
type pageTemplate struct {
	t *template.Template
	// rules decide the paint's variants (paint.go); nil when the build has
	// no paint, and nothing is painted.
	rules *paintRules
	// heroFallback and webinarFallback are the hero's built-in background
	// and a webinar's built-in picture (web/src/assets), by their hashed
	// names.
	heroFallback, webinarFallback string
}

// initialData is the JSON a page embeds so the SPA's first render needs no
// API round trip: each field is the body of the API answer named beside it,
// and web/src/app/initial-data.ts puts it in the query cache under that
// answer's key.
type initialData struct {
	Config       ClientConfig         `json:"config"`             // GET /api/config
	Site         setting.Site         `json:"site"`               // GET /api/settings/site
	Announcement setting.Announcement `json:"announcement"`       // GET /api/settings/announcement
	Backgrounds  map[string]*string   `json:"backgrounds"`        // GET /api/settings/backgrounds's backgrounds
	Webinars     json.RawMessage      `json:"webinars,omitempty"` // GET /api/webinars
	Webinar      json.RawMessage      `json:"webinar,omitempty"`  // GET /api/webinars/{id}
	Session      json.RawMessage      `json:"session,omitempty"`  // GET /api/auth/session, for a visitor without a session cookie
}

// anonymousSession is GET /api/auth/session's answer to a request without
// a session cookie.
var anonymousSession = json.RawMessage(`{"user":null,"profile":null}`)

// AuthorizeNet is the public half of the Authorize.Net account: the
// Accept.js script of its environment, the API login id and the public
// client key (never the transaction or signature key).
type AuthorizeNet struct {
	AcceptJS   string `json:"acceptJsUrl"`
	APILoginID string `json:"apiLoginId"`
	ClientKey  string `json:"clientKey"`
}

// ClientConfig is GET /api/config: the settings the SPA needs to render.
type ClientConfig struct {
	Timezone             string `json:"timezone"`
	StoreURL             string `json:"storeUrl"`
	PaymentMode          string `json:"paymentMode"`
	StripePublishableKey string `json:"stripePublishableKey"`
	// AuthorizeNet is set when Authorize.Net takes payments: the card
	// step loads Accept.js from its URL with the public keys.
	AuthorizeNet             *AuthorizeNet `json:"authorizeNet,omitempty"`
	RequireEmailConfirmation bool          `json:"require_email_confirmation"`
	// HeroURL is the uploaded hero background, null when none was
	// uploaded: the home page then shows its built-in image and never
	// asks for a file that is not there.
	HeroURL *string `json:"heroUrl"`
	// Wallets says which "Add to … Wallet" buttons the coupon pages show
	// (docs/operations.md#wallet-passes): only the configured ones.
	Wallets Wallets `json:"wallets"`
}

// Wallets are the wallets whose credentials the store configured.
type Wallets struct {
	Apple  bool `json:"apple"`
	Google bool `json:"google"`
}

// siteState is what every page embeds besides webinars: the settings and
// whether a hero image exists.
type siteState struct {
	site         setting.Site
	announcement setting.Announcement
	backgrounds  map[string]*string
	heroURL      *string
}

// siteCache keeps the last siteState for webinar.ListTTL (real time: it
// saves queries, it decides nothing), so a page view costs no settings
// query either. The SPA refetches the settings it shows after it starts
// (web/src/app/initial-data.ts), so an admin's change shows at once.
type siteCache struct {
	mu    sync.Mutex
	at    time.Time
	state *siteState
}

// siteState returns the settings pages embed, at most webinar.ListTTL old.
func (a *Pages) siteState(ctx context.Context) (siteState, error) {
	c := &a.site
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state != nil && time.Since(c.at) < webinar.ListTTL {
		return *c.state, nil
	}
	var (
		st  siteState
		err error
	)
	if st.site, err = a.Settings.Site(ctx); err != nil {
		return siteState{}, err
	}
	if st.announcement, err = a.Settings.Announcement(ctx); err != nil {
		return siteState{}, err
	}
	if st.backgrounds, err = a.Settings.Backgrounds(ctx); err != nil {
		return siteState{}, err
	}
	ok, err := a.Media.Exists(ctx, media.BucketSiteImages, media.HeroName)
	if err != nil {
		return siteState{}, err
	}
	if ok {
		u := media.URL(media.BucketSiteImages, media.HeroName)
		st.heroURL = &u
	}
	c.state, c.at = &st, time.Now()
	return st, nil
}

// ClientConfig is GET /api/config's answer.
func (a *Pages) ClientConfig(ctx context.Context) (ClientConfig, error) {
	st, err := a.siteState(ctx)
	if err != nil {
		return ClientConfig{}, err
	}
	return ClientConfig{
		Timezone:                 a.Timezone.String(),
		StoreURL:                 a.StoreURL,
		PaymentMode:              a.PaymentMode(),
		StripePublishableKey:     a.StripePublishableKey,
		AuthorizeNet:             a.AuthorizeNet,
		RequireEmailConfirmation: a.RequireEmailConfirmation,
		HeroURL:                  st.heroURL,
		Wallets:                  a.Wallets,
	}, nil
}

// The built index.html's own title and description, which the server's
// head replaces.
var (
	indexTitle       = regexp.MustCompile(`\s*<title>[^<]*</title>`)
	indexDescription = regexp.MustCompile(`\s*<meta name="description"[^>]*>`)
	// modulePreload is a preload of the app's code, which a page the server
	// paints does without: the app downloads after that paint (web/src/main.tsx),
	// so the stylesheet and the hero image have the phone's bandwidth to themselves.
	modulePreload = regexp.MustCompile(`<link rel="modulepreload"[^>]*>`)
)

// parsePage turns the built index.html into the page template: its title
// and description give way to page.html's head, and the data the SPA starts
// from follows its root element, which holds the build's paint of the page
// (dist/.paint, web/scripts/paint.mjs) when there is one. It fails on an
// index without those slots (the placeholder of an unbuilt SPA).
func parsePage(index []byte, dist fs.FS) (*pageTemplate, error) {
	s := string(index)
	if !strings.Contains(s, "</head>") || !strings.Contains(s, `<div id="root"></div>`) {
		return nil, errors.New("index.html has no </head> or root element")
	}
	s = indexTitle.ReplaceAllString(s, "")
	s = indexDescription.ReplaceAllString(s, "")
	s = strings.Replace(s, "</head>", `{{template "head" .}}  </head>`, 1)
	s = strings.Replace(s, `<div id="root"></div>`, `<div id="root">{{template "root" .}}</div>{{template "data" .}}`, 1)
	s = modulePreload.ReplaceAllString(s, `{{if not .Paint}}$0{{end}}`)
	t, err := template.New("parts").Funcs(paintFuncs).Parse(pageTemplates)
	if err != nil {
		return nil, err
	}
	p := &pageTemplate{}
	rules, paint, err := readPaint(dist)
	if err != nil {
		slog.Warn("pages served without their first paint", "err", err)
		paint = `{{define "paint"}}{{end}}`
	}
	if _, err := t.New("paint.html").Parse(paint); err != nil {
		return nil, err
	}
	p.rules = rules
	if p.t, err = t.New("index.html").Parse(s); err != nil {
		return nil, err
	}
	if m, _ := fs.Glob(dist, "assets/hero-fallback-*.svg"); len(m) == 1 {
		p.heroFallback = "/" + m[0]
	}
	if m, _ := fs.Glob(dist, "assets/webinar-fallback-*.svg"); len(m) == 1 {
		p.webinarFallback = "/" + m[0]
	}
	return p, nil
}

// pageDescription is the description of every page that has none of its own.
const pageDescription = "Watch a short webinar, unlock a store-credit coupon and enter our gear giveaway. Redeem in store in Naperville, Illinois."

// staticPages are the public pages with a fixed title and description, by
// path; the title is the one the SPA sets for the page.
var staticPages = map[string]struct{ title, description string }{
	"/webinars":       {"Upcoming Webinars", "Pick a webinar, reserve your seat, and unlock a store-credit coupon worth more than you pay at our Naperville store."},
	"/how-it-works":   {"How It Works", "Register for a webinar, watch it, buy a store-credit coupon worth more than you pay, enter the gear giveaway and redeem in store."},
	"/about":          {"About Us", "WatchWin is the webinar and store-credit program of a firearms-gear retailer in Naperville, Illinois."},
	"/contact":        {"Contact Us", "Visit, call or e-mail our store in Naperville, Illinois, about webinars, coupons and the gear giveaway."},
	"/privacy":        {"Privacy Policy", "How WatchWin collects, uses and protects your personal information."},
	"/terms":          {"Terms of Service", "The terms for WatchWin webinars, store-credit coupons and the gear giveaway."},
	"/giveaway-rules": {"Official Giveaway Rules", "The official rules of the WatchWin gear giveaway: no purchase necessary, how to enter, odds, prizes, dates and every draw's checkable record."},
	"/auth":           {"Login or Sign Up", "Log in or create a WatchWin account to register for webinars and buy store-credit coupons."},
}

// sitemapPages are the public pages sitemap.xml lists besides the webinars.
var sitemapPages = []string{"/", "/webinars", "/how-it-works", "/giveaway-rules", "/about", "/contact", "/privacy", "/terms"}

// defaultImage is the link-preview image of a page with no picture of its
// own (web/public).
const defaultImage = "/og-image.png"

// page fills in the page for r's path: its head, its initial data and its
// status, 404 for a webinar detail of a webinar that is not active.
func (a *Pages) page(r *http.Request, tmpl *pageTemplate) (pageData, int, error) {
	ctx, path := r.Context(), cleanPath(r.URL.Path)
	// The first screen is painted for a visitor who is not signed in: the
	// header of a signed-in one is theirs, and React draws it.
	visitor := !signedIn(r)
	if !visitor {
		tmpl = nil
	}
	st, err := a.siteState(ctx)
	if err != nil {
		return pageData{}, 0, err
	}
	cfg, err := a.ClientConfig(ctx)
	if err != nil {
		return pageData{}, 0, err
	}
	base := strings.TrimRight(a.BaseURL, "/")
	image := defaultImage
	if st.heroURL != nil {
		image = *st.heroURL
	}
	p := pageData{
		Title: st.site.SiteTitle, Description: pageDescription, URL: base + path,
		SiteName: st.site.SiteTitle, Type: "website",
		Data: initialData{Config: cfg, Site: st.site, Announcement: st.announcement, Backgrounds: st.backgrounds},
	}
	if visitor {
		p.Data.Session = anonymousSession
	}
	status := http.StatusOK
	if s, ok := staticPages[path]; ok {
		p.Title, p.Description = s.title+" | "+st.site.SiteTitle, s.description
	}
	paint := tmpl.painter(a, st, path)
	switch id, detail := webinarPath(path); {
	case path == "/" || path == "/webinars":
		list, err := a.Webinars.PublicList(ctx)
		if err != nil {
			return pageData{}, 0, err
		}
		p.Data.Webinars = list.JSON
		paint.list(&p, list.Views)
	case path == "/how-it-works":
		paint.static(&p)
	case path == "/auth":
		paint.auth(&p, r.URL.Query())
	case detail:
		body, _, ok, err := a.Webinars.PublicDetail(ctx, id)
		if err != nil {
			return pageData{}, 0, err
		}
		if !ok { // not in the list: created a moment ago on another server, or not active
			w, err := a.Webinars.GetPublic(ctx, id)
			if e, isApp := apperr.As(err); isApp && e.Kind == apperr.KindNotFound {
				p.Title = "Webinar Not Found | " + st.site.SiteTitle
				status = http.StatusNotFound // the SPA shows 'Webinar Not Found'
				break
			}
			if err != nil {
				return pageData{}, 0, err
			}
			if body, err = json.Marshal(w.PublicView()); err != nil {
				return pageData{}, 0, err
			}
		}
		var v webinar.View
		if err := json.Unmarshal(body, &v); err != nil {
			return pageData{}, 0, err
		}
		p.Title = v.Title + " | " + st.site.SiteTitle
		p.Description = summary(v.Description, 160)
		if v.ThumbnailURL != nil {
			image = *v.ThumbnailURL
		}
		p.Data.Webinar = body
		p.JSONLD = eventData(v, st.site, a.Timezone, base, base+image, p.URL)
		paint.webinar(&p, v)
	}
	p.Image = base + image
	return p, status, nil
}

// webinarPath reports whether path is a webinar's detail page,
// /webinar/{id}, and its id.
func webinarPath(path string) (id string, ok bool) {
	id, ok = strings.CutPrefix(path, "/webinar/")
	return id, ok && id != "" && !strings.Contains(id, "/")
}

// summary is s on one line, cut at a word to at most n characters with an
// ellipsis: search results show about 160.
func summary(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	if i := strings.LastIndexByte(string(r), ' '); i > n/2 {
		return string(r)[:i] + "…"
	}
	return string(r) + "…"
}

// schema.org types of a webinar's Event data (https://schema.org/Event).
type (
	schemaEvent struct {
		Context             string         `json:"@context"`
		Type                string         `json:"@type"`
		Name                string         `json:"name"`
		Description         string         `json:"description"`
		StartDate           string         `json:"startDate"`
		EventAttendanceMode string         `json:"eventAttendanceMode"`
		EventStatus         string         `json:"eventStatus"`
		Location            schemaLocation `json:"location"`
		Image               []string       `json:"image"`
		URL                 string         `json:"url"`
		Organizer           schemaOrg      `json:"organizer"`
		Offers              schemaOffer    `json:"offers"`
	}
	schemaLocation struct {
		Type string `json:"@type"`
		URL  string `json:"url"`
	}
	schemaOrg struct {
		Type      string `json:"@type"`
		Name      string `json:"name"`
		URL       string `json:"url"`
		Email     string `json:"email"`
		Telephone string `json:"telephone"`
		Address   string `json:"address"`
	}
	schemaOffer struct {
		Type          string `json:"@type"`
		Price         string `json:"price"`
		PriceCurrency string `json:"priceCurrency"`
		Availability  string `json:"availability"`
		URL           string `json:"url"`
	}
)

// eventData is webinar v as a schema.org Event: an online event organised
// by the store, its start in the store's zone (with offset), its seat
// offered at the display price in US dollars.
func eventData(v webinar.View, site setting.Site, tz *time.Location, base, image, url string) schemaEvent {
	availability := "https://schema.org/InStock"
	if v.SeatsLeft <= 0 {
		availability = "https://schema.org/SoldOut"
	}
	return schemaEvent{
		Context: "https://schema.org", Type: "Event",
		Name: v.Title, Description: v.Description,
		StartDate:           v.EventDatetime.In(tz).Format(time.RFC3339),
		EventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
		EventStatus:         "https://schema.org/EventScheduled",
		Location:            schemaLocation{Type: "VirtualLocation", URL: url},
		Image:               []string{image},
		URL:                 url,
		Organizer: schemaOrg{Type: "Organization", Name: site.SiteTitle, URL: base + "/",
			Email: site.ContactEmail, Telephone: site.StorePhone, Address: site.StoreAddress},
		Offers: schemaOffer{Type: "Offer",
			// Cents as a decimal string: schema.org's price takes a dot and no currency sign.
			Price:         fmt.Sprintf("%d.%02d", v.DisplayPriceCents/100, v.DisplayPriceCents%100),
			PriceCurrency: "USD", Availability: availability, URL: url},
	}
}

// servePage writes the SPA's index for r's path with the page's head and
// data filled in. When they cannot be read (the database is down) it
// writes the bare index, so the SPA still starts and shows its own error.
func (a *Pages) servePage(w http.ResponseWriter, r *http.Request, t *pageTemplate, fallback []byte) {
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	p, status, err := a.page(r, t)
	var buf bytes.Buffer
	if err == nil {
		err = t.t.Execute(&buf, p)
	}
	if err != nil {
		slog.ErrorContext(r.Context(), "render page", "err", err)
		buf.Reset()
		buf.Write(fallback)
		status = http.StatusOK
	}
	w.Header().Set("Content-Length", fmt.Sprint(buf.Len()))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
}
