package app_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// The first screen of the public pages is in the HTML for a visitor who is
// not signed in (docs/api.md "Pages"), with the values React writes; a
// signed-in visitor's pages are React's alone. e2e/tests/seo.spec.ts
// compares the pixels with React's.
func TestPagePaint(t *testing.T) {
	requireBuiltSPA(t)
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	at := time.Date(2026, 12, 3, 0, 30, 0, 0, time.UTC) // December 2, 2026 at 6:30 PM CST
	w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster & Draw", Price: "1250.50", Seats: 4, At: at})

	painted := map[string][]string{
		"/webinars": {`href="/webinar/` + w.ID + `">Holster &amp; Draw</a>`, "December 2, 2026 at 6:30 PM CST",
			"4/4 seats left", "$1,250.50", "Only 4 seats left", "Store Credit", "Get a $1,500.60 store-credit coupon"},
		"/webinar/" + w.ID: {`lg:text-5xl">Holster &amp; Draw</h1>`, "December 2, 2026 at 6:30 PM CST", "$1,250.50",
			`<span class="font-semibold text-ink">4</span> of 4 seats available`, "width: 0%",
			"Redeem your $1,500.60 coupon in person at our Naperville store on a purchase of at least $3,001.20."},
		"/how-it-works": {"Five simple steps from watching a webinar to saving in store."},
		"/auth":         {`<form novalidate="" method="post" class="grid gap-5" aria-label="Login">`, `id="login-email"`},
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

	// /auth with parameters (a webinar to return to, a tab) is React's.
	if p := getPage(t, c, "/auth?webinarId="+w.ID); strings.Contains(p.body, `id="login-email"`) {
		t.Error("/auth?webinarId: painted the plain login form")
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
	if err := json.Unmarshal([]byte(page{res.Status, body}.script(t, "application/json")), &d); err != nil || d.Webinars == nil {
		t.Errorf("/webinars with a session cookie: embedded data %v", err)
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
		got, ok := app.EventDate(tc.at, tc.tz)
		if got != tc.want || ok != tc.ok {
			t.Errorf("EventDate(%v, %v) = %q, %v; want %q, %v", tc.at, tc.tz, got, ok, tc.want, tc.ok)
		}
	}
}
