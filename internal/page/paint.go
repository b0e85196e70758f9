package app

import (
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strings"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/money"
	"watchwin/internal/setting"
	"watchwin/internal/webinar"
)

// The first screen of a public page, painted from the HTML before the
// JavaScript runs (docs/api.md "Pages"): page.html's "root" fills it in
// with the markup React renders, from the same values React formats, so
// React's first render replaces it with the same pixels.

// paint is what page.html's "root" draws: the header and one page's
// content.
type paint struct {
	Header     headerMarkup
	Hero       *heroMarkup     // "/"
	Webinars   []webinarMarkup // "/webinars"
	Webinar    *webinarMarkup  // "/webinar/{id}", down to its price card
	HowItWorks bool            // "/how-it-works"
	Auth       bool            // "/auth" without parameters: the Login tab
}

// headerMarkup is the signed-out header (web/src/app/layout/header.tsx).
type headerMarkup struct {
	SiteTitle    string
	DefaultTitle bool   // the title shows as Watch + accented Win
	StoreURL     string // the header's Store link; "" links /contact
	Path         string // the page's path, for the current navigation link
}

// Current reports whether the navigation link to path is the page's own
// (react-router's NavLink: "/" only on the home page).
func (h headerMarkup) Current(path string) bool { return h.Path == path }

// heroMarkup is the home page's hero (web/src/features/webinars/components/hero.tsx).
type heroMarkup struct {
	HeroStyle template.CSS
	// HeroImage is the hero's picture (the upload, else the built-in one),
	// preloaded: it is the home page's largest paint.
	HeroImage string
}

// webinarMarkup is a webinar as its card and its page show it
// (web/src/features/webinars/components/webinar-card.tsx, webinar-detail-page.tsx,
// webinar-badges.tsx and lib/format.ts).
type webinarMarkup struct {
	ID, Title, Description string
	Image                  string // the thumbnail, else the built-in picture
	Priority               bool   // a card of the first screen: its image loads at once
	Card                   bool   // the badges sit on the card's image
	Date                   string // formatEventDate
	Price                  string // formatPrice
	Paid                   bool
	CouponLine             string
	CouponValue            string // formatMoney
	MinPurchase            string // twice the coupon's value
	SeatsLeft, TotalSeats  int
	TakenPercent           int
	StoreCredit, LowSeats  bool
	LowSeatsText           string
	SoldOut                bool
}

// The thresholds of the webinar badges (web/src/features/webinars/api/schemas.ts).
const (
	lowSeatsThreshold     = 5
	storeCreditPercentage = 100
)

// paints reports whether t can draw the first screen of a page with the
// given background setting (pageBackground) from HTML: a built SPA, and no
// announcement banner or admin's page background, which React draws from
// settings the page fetches anew.
func (t *pageTemplate) paints(st siteState, background string) bool {
	banner := st.announcement.Enabled && strings.TrimSpace(st.announcement.Text) != ""
	return t != nil && t.heroFallback != "" && t.webinarFallback != "" &&
		!banner && (background == "" || st.backgrounds[background] == nil)
}

// newPaint is the header of a page at path, for a paint of its content.
func (a *App) newPaint(st siteState, path string) *paint {
	return &paint{Header: headerMarkup{SiteTitle: st.site.SiteTitle, DefaultTitle: st.site.SiteTitle == "WatchWin",
		StoreURL: strings.TrimSpace(a.Config.StoreURL), Path: path}}
}

// webinarMarkup is v as its card and page show it; ok is false when its
// date would read otherwise in the browser (a zone Go names by offset,
// which Intl spells "GMT+1"), and React alone draws it then.
func (a *App) webinarMarkup(v webinar.View, fallbackImage string) (m webinarMarkup, ok bool) {
	date, ok := eventDate(v.EventDatetime, a.Config.Timezone)
	if !ok {
		return webinarMarkup{}, false
	}
	m = webinarMarkup{ID: v.ID, Title: v.Title, Description: v.Description, Image: fallbackImage, Date: date,
		Price: "FREE", Paid: v.DisplayPriceCents > 0, CouponLine: "Free seat with a gear giveaway entry",
		CouponValue: money.Format(v.CouponValueCents), MinPurchase: money.Format(2 * v.CouponValueCents),
		SeatsLeft: v.SeatsLeft, TotalSeats: v.TotalSeats, TakenPercent: 100,
		SoldOut: v.SeatsLeft <= 0, LowSeatsText: fmt.Sprintf("Only %d seats left", v.SeatsLeft)}
	if v.ThumbnailURL != nil {
		m.Image = *v.ThumbnailURL
	}
	if m.Paid {
		m.Price = money.Format(v.DisplayPriceCents)
	}
	if m.Paid && v.CouponValueCents > 0 {
		m.CouponLine = "Get a " + m.CouponValue + " store-credit coupon"
	}
	if v.TotalSeats > 0 {
		m.TakenPercent = min(100, int(math.Round(float64(v.TotalSeats-v.SeatsLeft)/float64(v.TotalSeats)*100)))
	}
	m.StoreCredit = m.Paid && v.CouponPercentage > storeCreditPercentage
	m.LowSeats = !m.SoldOut && v.SeatsLeft < lowSeatsThreshold
	if v.SeatsLeft == 1 {
		m.LowSeatsText = "Only 1 seat left"
	}
	return m, true
}

// intlZones are the zone abbreviations Go and the browser's Intl (en-US)
// both write; Intl names any other zone by its offset ("GMT+1").
var intlZones = map[string]bool{"UTC": true, "GMT": true, "EST": true, "EDT": true, "CST": true, "CDT": true,
	"MST": true, "MDT": true, "PST": true, "PDT": true, "AKST": true, "AKDT": true, "HST": true, "HDT": true}

// eventDate is t as the SPA writes an event time: 'December 3, 2026 at
// 6:30 PM CST' in the store's zone (docs/product.md §3.3).
func eventDate(t time.Time, tz *time.Location) (string, bool) {
	s := t.In(tz).Format("January 2, 2006 at 3:04 PM MST")
	return s, intlZones[s[strings.LastIndexByte(s, ' ')+1:]]
}

// firstCards is how many cards the webinar list draws first, and the
// server paints (web/src/features/webinars/components/webinar-list.tsx FIRST_CARDS).
const firstCards = 6

// webinarsPaint is the first cards of /webinars, the first two images
// loaded at once (webinar-list.tsx); nil when a webinar cannot be drawn
// from HTML or there are none (React shows the empty state).
func (a *App) webinarsPaint(views []webinar.View, fallbackImage string) []webinarMarkup {
	if len(views) == 0 {
		return nil
	}
	views = views[:min(len(views), firstCards)]
	out := make([]webinarMarkup, len(views))
	for i, v := range views {
		m, ok := a.webinarMarkup(v, fallbackImage)
		if !ok {
			return nil
		}
		m.Priority, m.Card = i < 2, true
		out[i] = m
	}
	return out
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
