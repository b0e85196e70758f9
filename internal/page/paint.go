package page

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/money"
	"watchwin/internal/setting"
	"watchwin/internal/webinar"
)

// The first screen of a public page, in the HTML before any JavaScript runs
// (docs/api.md#pages). Its markup is React's: the build renders each
// painted page with the app's own components into dist/.paint/paint.html
// (web/scripts/paint.mjs), a template whose data slots this file fills in
// with the values React would write, so React hydrates the page as it is.

// paint is the data of paint.html's "paint": one page's first screen.
type paint struct {
	Page    string // the page's template: "home", "webinars", "webinar", "how-it-works", "auth"
	Header  header
	HeroURL string // "/": the uploaded hero, "" for the built-in one
	Cards   []card // "/" and "/webinars": the list's first cards
	// "/auth": the Sign Up tab (?tab=signup), the webinar to return to (?webinarId).
	SignUp    bool
	WebinarID string
	card      // "/webinar/{id}": the webinar
}

// header is the signed-out header's data (web/src/app/layout/header.tsx).
type header struct {
	DefaultTitle bool // the site title is the brand's own, drawn as Watch + accented Win
	SiteTitle    string
	StoreURL     string // the header's Store link; "" links /contact
}

// card is a webinar as its card and its page draw it (webinar-card.tsx,
// webinar-detail-page.tsx, webinar-badges.tsx), each slot as React writes
// it: dates as lib/format.ts, money as internal/money.
type card struct {
	ID, Title, Description string
	Image                  string // the thumbnail, "" for the built-in picture
	Date                   string
	Price                  string // when Paid
	CouponValue            string
	MinPurchase            string // the coupon's minimum purchase (coupon.MinPurchaseCents)
	SeatsLeft, TotalSeats  int
	TakenPercent           int // the seat bar
	Paid, HasCoupon        bool
	StoreCredit            bool // the coupon's percentage is over the rules' (the card adds: and paid)
	SoldOut, OneSeat       bool
	LowSeats               bool
}

// paintRules are what decides a paint's variants, written by the build from
// the SPA's own constants (web/src/app/server-render.tsx paintRules).
type paintRules struct {
	FirstCards            int      `json:"firstCards"`
	EagerCards            int      `json:"eagerCards"`
	LowSeatsThreshold     int      `json:"lowSeatsThreshold"`
	StoreCreditPercentage int      `json:"storeCreditPercentage"`
	SiteName              string   `json:"siteName"`
	Pages                 []string `json:"pages"`
}

// paintFuncs are the functions paint.html calls: comment writes React's
// markers (<!-- --> between texts, <!--$--> around a Suspense boundary),
// which html/template would otherwise drop.
var paintFuncs = template.FuncMap{
	// #nosec G203: s is a constant of the build's template (a React marker), never data.
	"comment": func(s string) template.HTML { return template.HTML("<!--" + s + "-->") },
}

// readPaint reads the build's paint template and its rules.
func readPaint(dist fs.FS) (*paintRules, string, error) {
	text, err := fs.ReadFile(dist, ".paint/paint.html")
	if err != nil {
		return nil, "", err
	}
	b, err := fs.ReadFile(dist, ".paint/rules.json")
	if err != nil {
		return nil, "", err
	}
	var rules paintRules
	if err := json.Unmarshal(b, &rules); err != nil {
		return nil, "", fmt.Errorf("paint rules: %w", err)
	}
	return &rules, string(text), nil
}

// painter paints one page's first screen, or nothing when it is nil.
type painter struct {
	t     *pageTemplate
	pages *Pages
	st    siteState
	path  string
}

// painter is what paints the page at path; nil (paint nothing) without the
// build's paint, for a signed-in visitor (t is nil), or when an announcement
// banner or the page's background is set: React draws those from settings
// it fetches anew.
func (t *pageTemplate) painter(a *Pages, st siteState, path string) *painter {
	banner := st.announcement.Enabled && strings.TrimSpace(st.announcement.Text) != ""
	background := pageBackground(path)
	if t == nil || t.rules == nil || t.heroFallback == "" || t.webinarFallback == "" || banner ||
		(background != "" && st.backgrounds[background] != nil) {
		return nil
	}
	return &painter{t: t, pages: a, st: st, path: path}
}

// start is a paint of page with the header.
func (pt *painter) start(p *pageData, page string) *paint {
	title := pt.st.site.SiteTitle
	p.Paint = &paint{Page: page, Header: header{DefaultTitle: title == pt.t.rules.SiteName, SiteTitle: title,
		StoreURL: strings.TrimSpace(pt.pages.StoreURL)}}
	return p.Paint
}

// list paints "/" or "/webinars": the first cards of the list, the home
// page's hero; nothing when a webinar cannot be drawn.
func (pt *painter) list(p *pageData, views []webinar.View) {
	if pt == nil {
		return
	}
	views = views[:min(len(views), pt.t.rules.FirstCards)]
	cards := make([]card, len(views))
	for i, v := range views {
		c, ok := pt.card(v)
		if !ok {
			return
		}
		cards[i] = c
	}
	if pt.path == "/" {
		pt.start(p, "home").Cards = cards
		p.Preload = []string{pt.t.heroFallback}
		if u := pt.st.heroURL; u != nil {
			p.Paint.HeroURL, p.Preload = *u, []string{*u}
		}
		return
	}
	pt.start(p, "webinars").Cards = cards
	for _, c := range cards[:min(len(cards), pt.t.rules.EagerCards)] {
		p.Preload = append(p.Preload, pt.image(c))
	}
}

// static paints a page without data ("/how-it-works").
func (pt *painter) static(p *pageData) {
	if pt != nil {
		pt.start(p, strings.TrimPrefix(pt.path, "/"))
	}
}

// auth paints /auth with its tab and the webinar to return to, when the
// query holds nothing else.
func (pt *painter) auth(p *pageData, q url.Values) {
	if pt == nil {
		return
	}
	for k, v := range q {
		ok := len(v) == 1 && (k == "webinarId" && v[0] != "" || k == "tab" && (v[0] == "login" || v[0] == "signup"))
		if !ok {
			return
		}
	}
	pp := pt.start(p, "auth")
	pp.SignUp, pp.WebinarID = q.Get("tab") == "signup", q.Get("webinarId")
}

// webinar paints a webinar's page.
func (pt *painter) webinar(p *pageData, v webinar.View) {
	if pt == nil {
		return
	}
	c, ok := pt.card(v)
	if !ok {
		return
	}
	pt.start(p, "webinar").card = c
	p.Preload = []string{pt.image(c)}
}

// image is the picture a card shows.
func (pt *painter) image(c card) string {
	if c.Image != "" {
		return c.Image
	}
	return pt.t.webinarFallback
}

// card is v as its card and page draw it; ok is false when React would
// write it otherwise than the paint can: a date in a zone Intl names by
// its offset ("GMT+1"), seats below zero.
func (pt *painter) card(v webinar.View) (c card, ok bool) {
	date, ok := eventDate(v.EventDatetime, pt.pages.Timezone)
	if !ok || v.SeatsLeft < 0 {
		return card{}, false
	}
	r := pt.t.rules
	c = card{ID: v.ID, Title: v.Title, Description: v.Description, Date: date,
		Price: money.Format(v.DisplayPriceCents), CouponValue: money.Format(v.CouponValueCents),
		MinPurchase: money.Format(v.MinPurchaseCents),
		SeatsLeft:   v.SeatsLeft, TotalSeats: v.TotalSeats, TakenPercent: 100,
		Paid: v.DisplayPriceCents > 0, HasCoupon: v.CouponValueCents > 0,
		StoreCredit: v.CouponPercentage > r.StoreCreditPercentage,
		SoldOut:     v.SeatsLeft == 0, OneSeat: v.SeatsLeft == 1, LowSeats: v.SeatsLeft < r.LowSeatsThreshold}
	if v.ThumbnailURL != nil {
		c.Image = *v.ThumbnailURL
	}
	if v.TotalSeats > 0 {
		c.TakenPercent = min(100, int(math.Round(float64(v.TotalSeats-v.SeatsLeft)/float64(v.TotalSeats)*100)))
	}
	return c, true
}

// intlZones are the zone abbreviations Go and the browser's Intl (en-US)
// both write; Intl names any other zone by its offset ("GMT+1").
var intlZones = map[string]bool{"UTC": true, "GMT": true, "EST": true, "EDT": true, "CST": true, "CDT": true,
	"MST": true, "MDT": true, "PST": true, "PDT": true, "AKST": true, "AKDT": true, "HST": true, "HDT": true}

// eventDate is t as the SPA writes an event time (web/src/lib/format.ts
// formatEventDate): 'December 3, 2026 at 6:30 PM CST' in the store's zone;
// ok is false for a zone Intl would spell otherwise.
func eventDate(t time.Time, tz *time.Location) (string, bool) {
	s := t.In(tz).Format("January 2, 2006 at 3:04 PM MST")
	return s, intlZones[s[strings.LastIndexByte(s, ' ')+1:]]
}

// pageBackground is the page a background image setting applies to at
// path ("" when none does): web/src/app/layout/layout.tsx backgroundPages.
func pageBackground(path string) string {
	switch path {
	case "/":
		return setting.PageHome
	case "/webinars":
		return setting.PageWebinars
	}
	return ""
}

// signedIn reports whether r carries a session cookie (valid or not: a
// stale one only costs the visitor the server's paint).
func signedIn(r *http.Request) bool {
	for _, name := range []string{auth.CookieName, auth.SecureCookieName} {
		if _, err := r.Cookie(name); err == nil {
			return true
		}
	}
	return false
}
