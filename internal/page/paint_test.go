package page_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/page"
	"watchwin/internal/testutil"
	"watchwin/web"
)

// requireBuiltSPA stops a test that needs the real SPA in the binary:
// `make test` builds it first; a bare `go test` on a fresh clone skips
// (fails under CI, where a missing build is a broken pipeline).
func requireBuiltSPA(t *testing.T) {
	t.Helper()
	if _, err := fs.Stat(web.Dist(), ".paint/paint.html"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("web/dist has no index.html or paint: the SPA was not built before the Go tests")
		}
		t.Skip("web/dist has no paint: run `make web` (make test does) to test SPA serving")
	}
}

// The first screen of the public pages is in the HTML for a visitor who is
// not signed in (docs/api.md#pages): the build's render of React's own
// components, filled in with the values React writes. e2e/tests/seo.spec.ts
// checks it against React's render of the same data; here, that the slots
// and variants are filled in.
func TestPagePaint(t *testing.T) {
	requireBuiltSPA(t)
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	at := time.Date(2026, 12, 3, 0, 30, 0, 0, time.UTC) // December 2, 2026 at 6:30 PM CST
	w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster & Draw", Price: "1250.50", Seats: 4, At: at})

	painted := map[string][]string{
		"/webinars": {`href="/webinar/` + w.ID + `"`, ">Holster &amp; Draw</a>", "December 2, 2026 at 6:30 PM CST",
			"4/4 seats left", "$1,250.50", "Only 4 seats left", "Store Credit", "Get a $1,500.60 store-credit coupon",
			`href="/auth?webinarId=` + w.ID + `"`},
		"/webinar/" + w.ID: {">Holster &amp; Draw</h1>", "December 2, 2026 at 6:30 PM CST", "$1,250.50",
			`<span class="font-semibold text-ink">4</span> of <!-- -->4<!-- --> seats available`, "width:0%",
			"Redeem your <!-- -->$1,500.60<!-- --> coupon", "least <!-- -->$3,001.20"},
		"/":                {`id="hero-title"`, `href="#webinars"`, "December 2, 2026 at 6:30 PM CST"},
		"/how-it-works":    {"Five simple steps from watching a webinar to saving in store."},
		"/auth":            {`aria-label="Login"`, `id="login-email"`, `href="/auth?tab=signup"`},
		"/auth?tab=signup": {`aria-label="Sign Up"`, `href="/auth"`},
		"/auth?webinarId=" + w.ID: {"Log in to watch your webinar and unlock your coupon.",
			`href="/auth?webinarId=` + w.ID + `&amp;tab=signup"`},
	}
	anonymous := c.Do("GET", "/api/auth/session", nil)
	for path, want := range painted {
		p := getPage(t, c, path)
		for _, w := range want {
			if !strings.Contains(p.body, w) {
				t.Errorf("%s: the served HTML lacks %q", path, w)
			}
		}
		// Painted pages fetch the app after the paint: no preloads of it.
		if strings.Contains(p.body, `rel="modulepreload"`) {
			t.Errorf("%s: painted, and still preloads the app", path)
		}
		// The visitor is nobody, as GET /api/auth/session says.
		if got := p.data(t).Session; string(got) != strings.TrimSpace(string(anonymous.Body)) {
			t.Errorf("%s: embedded session %s, want the API's %s", path, got, anonymous.Body)
		}
	}

	// /auth with a parameter the paint does not know is React's alone.
	if p := getPage(t, c, "/auth?from=x"); strings.Contains(p.body, `id="login-email"`) {
		t.Error("/auth?from=x: painted")
	}

	// A signed-in visitor: no paint, no embedded session, the preloads.
	req, _ := http.NewRequest("GET", "/webinars", nil)
	req.AddCookie(&http.Cookie{Name: auth.CookieName, Value: "any"})
	res := c.Send(req)
	body := string(res.Body)
	if strings.Contains(body, "Only 4 seats left") || !strings.Contains(body, `rel="modulepreload"`) ||
		strings.Contains(body, `"session"`) {
		t.Error("/webinars with a session cookie: painted, or the app not preloaded, or a session embedded")
	}
	var d struct{ Webinars json.RawMessage }
	if err := json.Unmarshal([]byte(getPageBody(res.Status, body).script(t, "application/json")), &d); err != nil || d.Webinars == nil {
		t.Errorf("/webinars with a session cookie: embedded data %v", err)
	}
}

// The header of the paint is the admin's site title; an announcement
// banner leaves the page to React, which draws it from settings it fetches
// anew (docs/api.md#pages).
func TestPaintSettings(t *testing.T) {
	requireBuiltSPA(t)
	s := testutil.NewServer(t, db.SQLite)
	admin, _ := s.Login("admin")
	general := map[string]string{"site_title": "Gear & Co", "contact_email": "shop@example.com",
		"store_address": "1 Main St, Naperville, IL 60540", "store_phone": "630-555-0100"}
	if res := admin.Do("PUT", "/api/admin/settings/general", general); res.Status != http.StatusOK {
		t.Fatalf("general settings: %d %s", res.Status, res.Body)
	}
	if home := getPage(t, s.Client(), "/how-it-works").body; !strings.Contains(home, `aria-label="Gear &amp; Co home"`) ||
		!strings.Contains(home, `<span class="truncate">Gear &amp; Co</span>`) {
		t.Error("/how-it-works: the header does not show the admin's site title")
	}

	s = testutil.NewServer(t, db.SQLite)
	admin, _ = s.Login("admin")
	banner := map[string]any{"text": "Closed Monday", "enabled": true, "color": "#000000", "text_color": "#ffffff",
		"font_size": "16px", "font_family": "inherit", "border": "none", "dismissible": false}
	if res := admin.Do("PUT", "/api/admin/settings/announcement", banner); res.Status != http.StatusOK {
		t.Fatalf("announcement: %d %s", res.Status, res.Body)
	}
	if home := getPage(t, s.Client(), "/").body; strings.Contains(home, `id="hero-title"`) {
		t.Error("/: painted under an announcement banner, which React alone draws")
	}
}

// Dates as the SPA's lib/format.ts writes them (Intl, en-US); money is
// internal/money's.
func TestPaintFormats(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	paris, _ := time.LoadLocation("Europe/Paris")
	for _, tc := range []struct {
		at   time.Time
		tz   *time.Location
		want string
		ok   bool
	}{
		{time.Date(2026, 12, 3, 0, 30, 0, 0, time.UTC), chicago, "December 2, 2026 at 6:30 PM CST", true},
		{time.Date(2026, 7, 4, 17, 5, 0, 0, time.UTC), chicago, "July 4, 2026 at 12:05 PM CDT", true},
		{time.Date(2026, 7, 4, 0, 5, 0, 0, time.UTC), time.UTC, "July 4, 2026 at 12:05 AM UTC", true},
		// Intl writes "GMT+2" where Go writes "CEST": React alone draws it.
		{time.Date(2026, 7, 4, 0, 5, 0, 0, time.UTC), paris, "July 4, 2026 at 2:05 AM CEST", false},
	} {
		got, ok := page.EventDate(tc.at, tc.tz)
		if got != tc.want || ok != tc.ok {
			t.Errorf("EventDate(%v, %v) = %q, %v; want %q, %v", tc.at, tc.tz, got, ok, tc.want, tc.ok)
		}
	}
}
