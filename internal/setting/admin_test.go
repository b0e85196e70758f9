package setting_test

import (
	"maps"
	"strings"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/setting"
	"watchwin/internal/testutil"
)

// The defaults of GET /api/settings/site are the facts the SPA hard-coded
// before they became settings (web/src/config/store.ts).
var defaultSite = setting.Site{
	SiteTitle: "WatchWin", ContactEmail: "info@watchwin.store",
	StoreAddress: "1847 W Ogden Ave, Naperville, IL 60540", StorePhone: "(630) 555-0147",
}

var defaultAnnouncement = setting.Announcement{Color: "#E53E3E", TextColor: "#ffffff", FontSize: "1.25rem", FontFamily: "inherit", Border: "none"}

func validGeneral() map[string]any {
	return map[string]any{"site_title": "Naperville Gear Webinars", "contact_email": "Help@Example.com",
		"store_address": "100 Main St, Naperville, IL 60540", "store_phone": "+1 (630) 555-0199"}
}

func validAnnouncement() map[string]any {
	return map[string]any{"text": "Range day Saturday: 10% off ammo", "enabled": true, "color": "#1a202c",
		"text_color": "white", "font_size": "18px", "font_family": `"Georgia", serif`, "border": "2px dashed #FFF",
		"dismissible": true}
}

// Every settings route as each kind of caller.
func TestSettingRoutes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		if res := actors.Admin.Upload("site_images", "range_day", "range.png", testutil.PNG(t)); res.Status != 201 {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}

		ok := testutil.Want{Status: 200}
		signedOut := testutil.Want{Status: 401, Code: "unauthenticated", Message: "Please log in to continue."}
		notAdmin := testutil.Want{Status: 403, Code: "forbidden", Message: "You don't have permission to do this. Please log in as an administrator."}
		background := map[string]string{"image_path": "range_day.png"}
		tests := []struct {
			name, method, path string
			body               any
			anon, user, admin  testutil.Want
		}{
			{"announcement", "GET", "/api/settings/announcement", nil, ok, ok, ok},
			{"site", "GET", "/api/settings/site", nil, ok, ok, ok},
			{"backgrounds", "GET", "/api/settings/backgrounds", nil, ok, ok, ok},
			{"admin settings", "GET", "/api/admin/settings", nil, signedOut, notAdmin, ok},
			{"save general", "PUT", "/api/admin/settings/general", validGeneral(), signedOut, notAdmin, ok},
			{"save announcement", "PUT", "/api/admin/settings/announcement", validAnnouncement(), signedOut, notAdmin, ok},
			{"set a background", "PUT", "/api/admin/settings/backgrounds/home", background, signedOut, notAdmin, ok},
			{"set a background of an unknown page", "PUT", "/api/admin/settings/backgrounds/checkout", background, signedOut, notAdmin,
				testutil.Want{Status: 404, Code: "not_found", Message: "Unknown page: backgrounds exist for home, webinars, user_dashboard and admin_dashboard."}},
			{"general with POST", "POST", "/api/admin/settings/general", validGeneral(), testutil.Want{Status: 404}, testutil.Want{Status: 404}, testutil.Want{Status: 404}},
		}
		for _, tt := range tests {
			for _, who := range []string{"anon", "user", "admin"} {
				want := map[string]testutil.Want{"anon": tt.anon, "user": tt.user, "admin": tt.admin}[who]
				t.Run(tt.name+", "+who, func(t *testing.T) {
					actors.As(who).Do(tt.method, tt.path, tt.body).Check(t, want)
				})
			}
		}
		// Nothing a refused caller sent was saved: only the admin's values are there.
		var site setting.Site
		actors.Anon.Do("GET", "/api/settings/site", nil).JSON(t, &site)
		if site.SiteTitle != "Naperville Gear Webinars" {
			t.Errorf("site title %q", site.SiteTitle)
		}
	})
}

// Defaults, a save of each form read back by every reader, and the
// booleans stored as docs/product.md#records's strings.
func TestSettingsRoundTrip(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		admin := actors.Admin

		var site setting.Site
		actors.Anon.Do("GET", "/api/settings/site", nil).JSON(t, &site)
		if site != defaultSite {
			t.Fatalf("default site = %+v, want %+v", site, defaultSite)
		}
		var all struct{ Settings map[string]string }
		admin.Do("GET", "/api/admin/settings", nil).JSON(t, &all)
		wantAll := map[string]string{
			"site_title": "WatchWin", "contact_email": "info@watchwin.store",
			"store_address": "1847 W Ogden Ave, Naperville, IL 60540", "store_phone": "(630) 555-0147",
			"announcement_text": "", "announcement_enabled": "false", "announcement_color": "#E53E3E",
			"announcement_text_color": "#ffffff", "announcement_font_size": "1.25rem",
			"announcement_font_family": "inherit", "announcement_border": "none", "announcement_dismissible": "false",
			"reminder_ready_enabled": "true", "reminder_unfinished_enabled": "true", "reminder_offer_enabled": "true",
		}
		if !maps.Equal(all.Settings, wantAll) {
			t.Fatalf("default settings = %v, want %v", all.Settings, wantAll)
		}

		// General info: spaces trimmed, the e-mail kept as typed.
		in := validGeneral()
		in["site_title"] = "  Naperville Gear Webinars "
		res := admin.Do("PUT", "/api/admin/settings/general", in)
		res.Check(t, testutil.Want{Status: 200})
		want := setting.Site{SiteTitle: "Naperville Gear Webinars", ContactEmail: "Help@Example.com",
			StoreAddress: "100 Main St, Naperville, IL 60540", StorePhone: "+1 (630) 555-0199"}
		res.JSON(t, &site)
		if site != want {
			t.Errorf("PUT general answered %+v, want %+v", site, want)
		}
		actors.User.Do("GET", "/api/settings/site", nil).JSON(t, &site)
		if site != want {
			t.Errorf("site after save = %+v, want %+v", site, want)
		}

		// The banner: every field, on every reader.
		res = admin.Do("PUT", "/api/admin/settings/announcement", validAnnouncement())
		res.Check(t, testutil.Want{Status: 200})
		wantA := setting.Announcement{Text: "Range day Saturday: 10% off ammo", Enabled: true, Color: "#1a202c",
			TextColor: "white", FontSize: "18px", FontFamily: `"Georgia", serif`, Border: "2px dashed #FFF", Dismissible: true}
		var a setting.Announcement
		res.JSON(t, &a)
		if a != wantA {
			t.Errorf("PUT announcement answered %+v, want %+v", a, wantA)
		}
		actors.Anon.Do("GET", "/api/settings/announcement", nil).JSON(t, &a)
		if a != wantA {
			t.Errorf("announcement after save = %+v, want %+v", a, wantA)
		}
		stored, err := s.App.Settings.Values(t.Context(), setting.KeyAnnouncementEnabled, setting.KeyAnnouncementDismissible)
		if err != nil || stored[setting.KeyAnnouncementEnabled] != "true" || stored[setting.KeyAnnouncementDismissible] != "true" {
			t.Errorf("stored booleans = %v, %v; want the strings 'true'", stored, err)
		}

		// Switching off stores 'false'; the default size round-trips.
		off := validAnnouncement()
		off["enabled"], off["dismissible"], off["font_size"] = false, false, "1.25rem"
		admin.Do("PUT", "/api/admin/settings/announcement", off).Check(t, testutil.Want{Status: 200})
		stored, _ = s.App.Settings.Values(t.Context(), setting.KeyAnnouncementEnabled, setting.KeyAnnouncementDismissible, setting.KeyAnnouncementFontSize)
		if stored[setting.KeyAnnouncementEnabled] != "false" || stored[setting.KeyAnnouncementDismissible] != "false" ||
			stored[setting.KeyAnnouncementFontSize] != "1.25rem" {
			t.Errorf("stored after switching off = %v", stored)
		}

		admin.Do("GET", "/api/admin/settings", nil).JSON(t, &all)
		if all.Settings["site_title"] != "Naperville Gear Webinars" || all.Settings["announcement_enabled"] != "false" ||
			all.Settings["announcement_text"] != "Range day Saturday: 10% off ammo" || len(all.Settings) != len(wantAll) {
			t.Errorf("settings after saves = %v", all.Settings)
		}
	})
}

// Each field of both forms is checked on save with its own message, and a
// refused save writes nothing, not even the valid fields beside the bad one.
func TestSettingsValidation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login("admin")
		const (
			msgTitle    = "Site title is required"
			msgPhone    = "Phone number must be 7 to 30 characters: digits, spaces and + ( ) - ."
			msgColor    = "Color must be a hex color such as #E53E3E or a color name such as white"
			msgFontSize = "Font size must be from 12 to 48 px, such as 20px"
			msgFamily   = "Font family must be 1 to 100 letters, digits, spaces, commas, quotes or hyphens, such as Georgia, serif"
			msgBorder   = "Border must be none or a width, style and color, such as 2px solid #ffffff"
		)
		general := []struct {
			name, field string
			value       any
			message     string // "" = accepted
		}{
			{"title missing", "site_title", "", msgTitle},
			{"title only spaces", "site_title", "   ", msgTitle},
			{"title of 100", "site_title", strings.Repeat("t", 100), ""},
			{"title of 101", "site_title", strings.Repeat("t", 101), "Site title must be at most 100 characters"},
			{"title with a line break", "site_title", "Watch\nWin", "Site title must be one line without control characters"},
			{"title not a string", "site_title", 7, "site_title must be a string."},
			{"e-mail missing", "contact_email", "", "Please enter a valid email address"},
			{"e-mail without domain", "contact_email", "info@", "Please enter a valid email address"},
			{"e-mail with a name", "contact_email", "Store <info@watchwin.store>", "Please enter a valid email address"},
			{"address empty", "store_address", "", ""},
			{"address of 200", "store_address", strings.Repeat("a", 200), ""},
			{"address of 201", "store_address", strings.Repeat("a", 201), "Store address must be at most 200 characters"},
			{"address on two lines", "store_address", "1847 W Ogden Ave\nNaperville", "Store address must be one line without control characters"},
			{"phone missing", "store_phone", "", msgPhone},
			{"phone of 6 digits", "store_phone", "555-014", msgPhone},
			{"phone of 7 digits", "store_phone", "555-0147", ""},
			{"phone of 31", "store_phone", "+1 (630) 555-0147 000 000 00000", msgPhone},
			{"phone with letters", "store_phone", "630-555-CALL", msgPhone},
			{"phone of punctuation", "store_phone", "(((-)))", msgPhone},
			{"unknown field", "store_fax", "630", "Unknown field \"store_fax\"."},
		}
		for _, tt := range general {
			t.Run("general, "+tt.name, func(t *testing.T) {
				body := validGeneral()
				body["site_title"] = "Changed by " + tt.name
				body[tt.field] = tt.value
				res := admin.Do("PUT", "/api/admin/settings/general", body)
				if tt.message == "" {
					res.Check(t, testutil.Want{Status: 200})
					return
				}
				res.Check(t, testutil.Want{Status: 400, Field: tt.field, Message: tt.message})
				site, err := s.App.Settings.Site(t.Context())
				if err != nil || site.SiteTitle == "Changed by "+tt.name {
					t.Errorf("a refused save wrote the title: %+v, %v", site, err)
				}
			})
		}

		banner := []struct {
			name, field string
			value       any
			message     string
		}{
			{"text empty", "text", "", ""},
			{"text of 500", "text", strings.Repeat("é", 500), ""},
			{"text of 501", "text", strings.Repeat("é", 501), "Announcement text must be at most 500 characters"},
			{"text with a line break", "text", "Sale\nnow", "Announcement text must be one line without control characters"},
			// (A NUL never gets here: the JSON decoder refuses it in any body.)
			{"text with a bell", "text", "Sale\x07", "Announcement text must be one line without control characters"},
			{"enabled as a string", "enabled", "true", "enabled must be a boolean."},
			{"dismissible as a number", "dismissible", 1, "dismissible must be a boolean."},
			{"colour of 3 digits", "color", "#fff", ""},
			{"colour of 8 digits", "color", "#FF000080", ""},
			{"colour name", "color", "rebeccapurple", ""},
			{"colour name in capitals", "color", "DarkRed", ""},
			{"transparent", "color", "transparent", ""},
			{"colour name CSS does not know", "color", "blurple", msgColor},
			{"colour of 5 digits", "color", "#fffff", msgColor},
			{"colour empty", "color", "", msgColor},
			{"colour with another property", "color", "red; background: url(https://evil.example/x)", msgColor},
			{"colour function", "color", "rgb(0,0,0)", msgColor},
			{"text colour", "text_color", "url(x)", msgColor},
			{"font size 12px", "font_size", "12px", ""},
			{"font size 48px", "font_size", "48px", ""},
			{"font size 1.25rem (the default)", "font_size", "1.25rem", ""},
			{"font size 3rem", "font_size", "3rem", ""},
			{"font size 11px", "font_size", "11px", msgFontSize},
			{"font size 49px", "font_size", "49px", msgFontSize},
			{"font size 0.5rem", "font_size", "0.5rem", msgFontSize},
			{"font size in em", "font_size", "2em", msgFontSize},
			{"font size without a unit", "font_size", "20", msgFontSize},
			{"font size with an expression", "font_size", "calc(20px)", msgFontSize},
			{"font family", "font_family", "Arial, Helvetica, sans-serif", ""},
			{"font family empty", "font_family", "", msgFamily},
			{"font family with a semicolon", "font_family", "x; behavior: url(a.htc)", msgFamily},
			{"font family of 101", "font_family", strings.Repeat("f", 101), msgFamily},
			{"border none", "border", "none", ""},
			{"border", "border", "3px double red", ""},
			{"border with a bad style", "border", "2px groove #fff", msgBorder},
			{"border with a bad colour", "border", "2px solid #ff", msgBorder},
			{"border with an unknown colour name", "border", "2px solid blurple", msgBorder},
			{"border with an image", "border", "2px solid url(x)", msgBorder},
		}
		for _, tt := range banner {
			t.Run("announcement, "+tt.name, func(t *testing.T) {
				body := validAnnouncement()
				body["text"] = "Changed by " + tt.name
				body[tt.field] = tt.value
				res := admin.Do("PUT", "/api/admin/settings/announcement", body)
				if tt.message == "" {
					res.Check(t, testutil.Want{Status: 200})
					return
				}
				res.Check(t, testutil.Want{Status: 400, Field: tt.field, Message: tt.message})
				a, err := s.App.Settings.Announcement(t.Context())
				if err != nil || a.Text == "Changed by "+tt.name {
					t.Errorf("a refused save wrote the text: %+v, %v", a, err)
				}
			})
		}
	})
}

// Values stored before save validation existed (or written straight into
// the database) that break a rule read as their defaults, on every key.
func TestSettingsReadFallsBackOnBadStoredValues(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	err := s.App.Settings.Save(t.Context(), map[string]string{
		setting.KeySiteTitle: "", setting.KeyContactEmail: "not an address", setting.KeyStorePhone: "call us",
		setting.KeyStoreAddress:          "Line one\nline two",
		setting.KeyAnnouncementEnabled:   "yes",
		setting.KeyAnnouncementFontSize:  "200px",
		setting.KeyAnnouncementColor:     "#12345",
		setting.KeyAnnouncementText:      "Bell\a",
		setting.KeyAnnouncementBorder:    "1px solid red; color: blue",
		setting.KeyAnnouncementTextColor: "expression(alert(1))",
	})
	if err != nil {
		t.Fatal(err)
	}
	site, err := s.App.Settings.Site(t.Context())
	if err != nil || site != defaultSite {
		t.Errorf("site = %+v, %v; want the defaults %+v", site, err, defaultSite)
	}
	a, err := s.App.Settings.Announcement(t.Context())
	if err != nil || a != defaultAnnouncement {
		t.Errorf("announcement = %+v, %v; want the defaults %+v", a, err, defaultAnnouncement)
	}
}

// Backgrounds: null until chosen, only files that exist in site_images,
// only the four pages, a new choice replaces the old one.
func TestBackgrounds(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		admin := actors.Admin
		type backgrounds struct {
			Backgrounds map[string]*string `json:"backgrounds"`
		}
		read := func() map[string]*string {
			var b backgrounds
			res := actors.Anon.Do("GET", "/api/settings/backgrounds", nil)
			res.Check(t, testutil.Want{Status: 200})
			res.JSON(t, &b)
			return b.Backgrounds
		}
		got := read()
		if len(got) != 4 {
			t.Fatalf("backgrounds = %v, want the four pages", got)
		}
		for _, p := range setting.Pages {
			if v, ok := got[p]; !ok || v != nil {
				t.Errorf("%s = %v (present %v), want null", p, v, ok)
			}
		}

		var up struct{ Path string }
		admin.Upload("site_images", "hero_background", "hero.jpg", testutil.JPEG(t)).JSON(t, &up)
		admin.Upload("site_images", "dashboard", "d.png", testutil.PNG(t)).JSON(t, &up)
		var thumb struct{ Path string }
		admin.Upload("webinar_assets", "", "thumb.png", testutil.PNG(t)).JSON(t, &thumb)

		const missing = "This image is not among the site images. Upload it first, then choose it."
		for _, tt := range []struct {
			name, page string
			body       any
			want       testutil.Want
		}{
			{"a file never uploaded", "home", map[string]string{"image_path": "nothing_here.jpg"},
				testutil.Want{Status: 400, Code: "validation_failed", Field: "image_path", Message: missing}},
			{"a webinar thumbnail (another bucket)", "home", map[string]string{"image_path": thumb.Path},
				testutil.Want{Status: 400, Field: "image_path", Message: missing}},
			{"a path out of the bucket", "home", map[string]string{"image_path": "../webinar_assets/" + thumb.Path},
				testutil.Want{Status: 400, Field: "image_path", Message: missing}},
			{"an absolute path", "home", map[string]string{"image_path": "/etc/passwd"},
				testutil.Want{Status: 400, Field: "image_path", Message: missing}},
			{"a URL", "home", map[string]string{"image_path": "https://evil.example/x.jpg"},
				testutil.Want{Status: 400, Field: "image_path", Message: missing}},
			{"no image", "home", map[string]string{"image_path": " "},
				testutil.Want{Status: 400, Field: "image_path", Message: "Please choose an image."}},
			{"an unknown field", "home", map[string]string{"path": "hero_background.jpg"},
				testutil.Want{Status: 400, Code: "unknown_field", Field: "path"}},
			{"an unknown page", "checkout", map[string]string{"image_path": "hero_background.jpg"},
				testutil.Want{Status: 404, Code: "not_found"}},
			{"an unknown page with a bad body", "about", "{",
				testutil.Want{Status: 404, Code: "not_found"}},
			{"an empty page", "", map[string]string{"image_path": "hero_background.jpg"}, testutil.Want{Status: 404}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				admin.Do("PUT", "/api/admin/settings/backgrounds/"+tt.page, tt.body).Check(t, tt.want)
			})
		}
		for _, v := range read() {
			if v != nil {
				t.Fatalf("a refused choice was saved: %v", read())
			}
		}

		var b setting.Background
		res := admin.Do("PUT", "/api/admin/settings/backgrounds/home", map[string]string{"image_path": "hero_background.jpg"})
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &b)
		if b != (setting.Background{Page: "home", ImagePath: "hero_background.jpg", URL: "/media/site_images/hero_background.jpg"}) {
			t.Errorf("PUT answered %+v", b)
		}
		admin.Do("PUT", "/api/admin/settings/backgrounds/user_dashboard", map[string]string{"image_path": "dashboard.png"}).Check(t, testutil.Want{Status: 200})
		admin.Do("PUT", "/api/admin/settings/backgrounds/home", map[string]string{"image_path": "dashboard.png"}).Check(t, testutil.Want{Status: 200})
		got = read()
		if got["home"] == nil || *got["home"] != "/media/site_images/dashboard.png" ||
			got["user_dashboard"] == nil || *got["user_dashboard"] != "/media/site_images/dashboard.png" ||
			got["webinars"] != nil || got["admin_dashboard"] != nil {
			t.Errorf("backgrounds after saves = home %v, user_dashboard %v, webinars %v, admin_dashboard %v",
				got["home"], got["user_dashboard"], got["webinars"], got["admin_dashboard"])
		}
		if res := actors.Anon.Do("GET", *got["home"], nil); res.Status != 200 {
			t.Errorf("GET %s: %d", *got["home"], res.Status)
		}
	})
}
