package page_test

import (
	"encoding/json"
	"encoding/xml"
	"html"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// served is what a client without JavaScript (a crawler, a chat app
// building a link preview) reads in a served page.
type served struct {
	status int
	body   string
}

func getPage(t *testing.T, c *testutil.Client, path string) served {
	t.Helper()
	res := c.Do("GET", path, nil)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	return served{res.Status, string(res.Body)}
}

func getPageBody(status int, body string) served { return served{status, body} }

func (p served) title() string {
	m := regexp.MustCompile(`<title>([^<]*)</title>`).FindAllStringSubmatch(p.body, -1)
	if len(m) != 1 {
		return "(" + string(rune('0'+len(m))) + " titles)"
	}
	return html.UnescapeString(m[0][1])
}

// meta is the content of the <meta> named name (name= or property=).
func (p served) meta(name string) string {
	re := regexp.MustCompile(`<meta (?:name|property)="` + regexp.QuoteMeta(name) + `" content="([^"]*)"`)
	m := re.FindStringSubmatch(p.body)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// script is the text of the one <script> of type typ.
func (p served) script(t *testing.T, typ string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="`+regexp.QuoteMeta(typ)+`"[^>]*>(.*?)</script>`).FindAllStringSubmatch(p.body, -1)
	if len(m) != 1 {
		t.Fatalf("%d <script type=%q>, want 1", len(m), typ)
	}
	return m[0][1]
}

// initialData is the part of the embedded data the tests read.
type initialData struct {
	Config struct {
		Timezone string  `json:"timezone"`
		HeroURL  *string `json:"heroUrl"`
	} `json:"config"`
	Site struct {
		SiteTitle string `json:"site_title"`
	} `json:"site"`
	Webinars *struct {
		Webinars []webinar.View `json:"webinars"`
	} `json:"webinars"`
	Webinar *webinar.View   `json:"webinar"`
	Session json.RawMessage `json:"session"`
}

func (p served) data(t *testing.T) initialData {
	t.Helper()
	var d initialData
	if err := json.Unmarshal([]byte(p.script(t, "application/json")), &d); err != nil {
		t.Fatalf("embedded data: %v", err)
	}
	return d
}

// A webinar's detail page carries its title, description, image and Event
// data for clients that run no JavaScript, and the webinar itself for the
// SPA's first render; an inactive or unknown webinar is a 404 that still
// starts the SPA (its 'Webinar Not Found').
func TestWebinarPage(t *testing.T) {
	requireBuiltSPA(t)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c := s.Client()
		at := time.Date(2026, 12, 3, 1, 30, 0, 0, time.UTC) // 7:30 pm in Chicago the day before
		w := s.CreateWebinar(testutil.WebinarSpec{Title: `Night Sights </script><script>alert(1)</script> & "Co"`, Price: "40.5", At: at})
		inactive := s.CreateWebinar(testutil.WebinarSpec{Title: "Hidden", Inactive: true})

		p := getPage(t, c, "/webinar/"+w.ID)
		if p.status != 200 {
			t.Fatalf("status %d, want 200", p.status)
		}
		if strings.Contains(p.body, "<script>alert(1)") {
			t.Fatal("the title reached the page unescaped")
		}
		wantTitle := w.Title + " | WatchWin"
		if p.title() != wantTitle || p.meta("og:title") != wantTitle || p.meta("twitter:title") != wantTitle {
			t.Errorf("title %q, og:title %q, twitter:title %q, want %q", p.title(), p.meta("og:title"), p.meta("twitter:title"), wantTitle)
		}
		if got := p.meta("description"); got != "A webinar seeded by a test." || p.meta("og:description") != got {
			t.Errorf("description %q, og:description %q", got, p.meta("og:description"))
		}
		url := s.URL + "/webinar/" + w.ID
		if p.meta("og:url") != url || !strings.Contains(p.body, `<link rel="canonical" href="`+url+`"`) {
			t.Errorf("og:url %q, want %q and the same canonical link", p.meta("og:url"), url)
		}
		if p.meta("og:image") != s.URL+"/og-image.png" || p.meta("twitter:card") != "summary_large_image" {
			t.Errorf("og:image %q (no thumbnail, no hero: the default), twitter:card %q", p.meta("og:image"), p.meta("twitter:card"))
		}
		if d := p.data(t); d.Webinar == nil || d.Webinar.ID != w.ID || d.Webinar.Title != w.Title || d.Config.Timezone != "America/Chicago" {
			t.Errorf("embedded data %+v, want the webinar and the config", d)
		}

		var ld map[string]any
		if err := json.Unmarshal([]byte(p.script(t, "application/ld+json")), &ld); err != nil {
			t.Fatalf("JSON-LD: %v", err)
		}
		checkSchemaOrg(t, ld)
		offers, _ := ld["offers"].(map[string]any)
		org, _ := ld["organizer"].(map[string]any)
		if ld["@type"] != "Event" || ld["name"] != w.Title || ld["startDate"] != "2026-12-02T19:30:00-06:00" ||
			ld["eventAttendanceMode"] != "https://schema.org/OnlineEventAttendanceMode" ||
			offers["price"] != "40.50" || offers["priceCurrency"] != "USD" || org["name"] != "WatchWin" {
			t.Errorf("JSON-LD %v", ld)
		}

		for _, path := range []string{"/webinar/" + inactive.ID, "/webinar/no-such-webinar"} {
			p := getPage(t, c, path)
			if p.status != 404 || !strings.Contains(p.body, `<div id="root">`) || !strings.Contains(p.body, `src="/assets/`) {
				t.Errorf("%s: %d, want 404 with the SPA", path, p.status)
			}
			if p.title() != "Webinar Not Found | WatchWin" || strings.Contains(p.body, "application/ld+json") || strings.Contains(p.body, "Hidden") {
				t.Errorf("%s: title %q; an unknown webinar has no Event data and shows nothing of it", path, p.title())
			}
		}
	})
}

// The list pages embed the public list the API serves; every public page
// has its own title and description, and the link-preview tags.
func TestPublicPageHeads(t *testing.T) {
	requireBuiltSPA(t)
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Basics"})
	for _, path := range []string{"/", "/webinars"} {
		d := getPage(t, c, path).data(t)
		if d.Webinars == nil || len(d.Webinars.Webinars) != 1 || d.Webinars.Webinars[0].ID != w.ID {
			t.Errorf("%s: embedded list %+v, want the one webinar", path, d.Webinars)
		}
		if d.Config.HeroURL != nil {
			t.Errorf("%s: heroUrl %q, want null: no hero was uploaded", path, *d.Config.HeroURL)
		}
	}
	// The home page's first screen (header and hero) is in the HTML, so it
	// paints before the JavaScript runs (TestPagePaint has the others).
	if home := getPage(t, c, "/").body; !strings.Contains(home, `<h1 id="hero-title"`) || !strings.Contains(home, "Learn how it works") {
		t.Error("/: the hero is not in the served HTML")
	}
	if strings.Contains(getPage(t, c, "/webinars").body, `id="hero-title"`) {
		t.Error("/webinars: served the home page's hero")
	}
	titles := map[string]string{
		"/":             "WatchWin",
		"/webinars":     "Upcoming Webinars | WatchWin",
		"/how-it-works": "How It Works | WatchWin",
		"/about":        "About Us | WatchWin",
		"/contact":      "Contact Us | WatchWin",
		"/privacy":      "Privacy Policy | WatchWin",
		"/terms":        "Terms of Service | WatchWin",
		"/auth":         "Login or Sign Up | WatchWin",
	}
	descriptions := map[string]bool{}
	for path, want := range titles {
		p := getPage(t, c, path+"?utm_source=x")
		if p.status != 200 || p.title() != want || p.meta("og:title") != want {
			t.Errorf("%s: %d, title %q, og:title %q, want %q", path, p.status, p.title(), p.meta("og:title"), want)
		}
		if p.meta("og:url") != s.URL+path || p.meta("og:type") != "website" || p.meta("og:image") == "" {
			t.Errorf("%s: og:url %q, og:type %q, og:image %q", path, p.meta("og:url"), p.meta("og:type"), p.meta("og:image"))
		}
		descriptions[p.meta("description")] = true
		if n := strings.Count(p.body, `<meta name="description"`); n != 1 {
			t.Errorf("%s: %d descriptions, want 1", path, n)
		}
	}
	if len(descriptions) < len(titles)-1 { // home and the default share one
		t.Errorf("descriptions %v: each public page needs its own", descriptions)
	}
}

// robots.txt keeps crawlers out of the private areas and names the
// sitemap; the sitemap lists the public pages and the active webinars.
func TestRobotsAndSitemap(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c := s.Client()
	active := s.CreateWebinar(testutil.WebinarSpec{Title: "Listed"})
	inactive := s.CreateWebinar(testutil.WebinarSpec{Title: "Unlisted", Inactive: true})

	res := c.Do("GET", "/robots.txt", nil)
	body := string(res.Body)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	for _, line := range []string{"User-agent: *", "Disallow: /admin", "Disallow: /api/", "Disallow: /dashboard",
		"Disallow: /counter", "Disallow: /migration-tool", "Sitemap: " + s.URL + "/sitemap.xml"} {
		if !slices.Contains(strings.Split(body, "\n"), line) {
			t.Errorf("robots.txt lacks %q:\n%s", line, body)
		}
	}

	res = c.Do("GET", "/sitemap.xml", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap.xml: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	var sm struct {
		XMLName xml.Name
		URLs    []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(res.Body, &sm); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	if sm.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" || sm.XMLName.Local != "urlset" {
		t.Errorf("root element %v", sm.XMLName)
	}
	got := map[string]string{}
	for _, u := range sm.URLs {
		got[u.Loc] = u.LastMod
	}
	for _, p := range []string{"/", "/webinars", "/how-it-works", "/about", "/contact", "/privacy", "/terms"} {
		if _, ok := got[s.URL+p]; !ok {
			t.Errorf("sitemap lacks %s", s.URL+p)
		}
	}
	if lm, ok := got[s.URL+"/webinar/"+active.ID]; !ok {
		t.Error("sitemap lacks the active webinar")
	} else if _, err := time.Parse(time.RFC3339, lm); err != nil {
		t.Errorf("lastmod %q: %v", lm, err)
	}
	if _, ok := got[s.URL+"/webinar/"+inactive.ID]; ok {
		t.Error("sitemap lists an inactive webinar")
	}
}

// vocabulary is testdata/schemaorg-event.json: an excerpt of schema.org.
type vocabulary struct {
	Classes    map[string][]string `json:"classes"`
	Properties map[string]struct {
		Domain []string `json:"domain"`
		Range  []string `json:"range"`
	} `json:"properties"`
	Members map[string]string `json:"members"`
}

func (v vocabulary) is(class, ancestor string) bool {
	if class == ancestor {
		return true
	}
	for _, parent := range v.Classes[class] {
		if v.is(parent, ancestor) {
			return true
		}
	}
	return false
}

// checkSchemaOrg checks JSON-LD node against schema.org: every type is a
// class, every property applies to its node's type, every value has a type
// the property takes.
func checkSchemaOrg(t *testing.T, node map[string]any) {
	t.Helper()
	raw, err := os.ReadFile("testdata/schemaorg-event.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vocabulary
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if node["@context"] != "https://schema.org" {
		t.Errorf("@context %v", node["@context"])
	}
	var check func(path string, node map[string]any)
	check = func(path string, node map[string]any) {
		typ, _ := node["@type"].(string)
		if _, ok := v.Classes[typ]; !ok {
			t.Errorf("%s: @type %q is not a schema.org class", path, typ)
			return
		}
		for key, val := range node {
			if strings.HasPrefix(key, "@") {
				continue
			}
			prop, ok := v.Properties[key]
			if !ok || !slices.ContainsFunc(prop.Domain, func(d string) bool { return v.is(typ, d) }) {
				t.Errorf("%s.%s: not a property of %s", path, key, typ)
				continue
			}
			vals, isList := val.([]any)
			if !isList {
				vals = []any{val}
			}
			for _, x := range vals {
				takes := func(class string) bool {
					return slices.ContainsFunc(prop.Range, func(r string) bool { return v.is(class, r) })
				}
				switch x := x.(type) {
				case map[string]any:
					if typ, _ := x["@type"].(string); !takes(typ) {
						t.Errorf("%s.%s: a %s, want one of %v", path, key, typ, prop.Range)
					}
					check(path+"."+key, x)
				case string:
					if member, ok := v.Members[x]; ok {
						if !takes(member) {
							t.Errorf("%s.%s: %s is a %s, want one of %v", path, key, x, member, prop.Range)
						}
					} else if !takes("Text") && !takes("URL") && !takes("Date") && !takes("DateTime") {
						t.Errorf("%s.%s: text %q, want one of %v", path, key, x, prop.Range)
					}
				default:
					t.Errorf("%s.%s: %T", path, key, x)
				}
			}
		}
	}
	check("Event", node)
}
