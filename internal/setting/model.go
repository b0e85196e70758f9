// Package setting owns the site settings of docs/product.md#records: key/value strings
// (booleans are 'true'/'false') for the site's facts (title, contact e-mail,
// the store's address and phone) and the announcement banner, and the
// background image of each page. Values are checked by one set of rules
// (validate.go) when an admin saves them and again when they are read.
package setting

// Keys of the general settings (docs/product.md#records). The footer and the
// Contact page show the store's address and phone.
const (
	KeySiteTitle    = "site_title"
	KeyContactEmail = "contact_email"
	KeyStoreAddress = "store_address"
	KeyStorePhone   = "store_phone"
)

// Keys of the announcement banner (docs/product.md#records).
const (
	KeyAnnouncementText        = "announcement_text"
	KeyAnnouncementEnabled     = "announcement_enabled"
	KeyAnnouncementColor       = "announcement_color"
	KeyAnnouncementTextColor   = "announcement_text_color"
	KeyAnnouncementFontSize    = "announcement_font_size"
	KeyAnnouncementFontFamily  = "announcement_font_family"
	KeyAnnouncementBorder      = "announcement_border"
	KeyAnnouncementDismissible = "announcement_dismissible"
)

// generalKeys and announcementKeys are in the order their forms show the
// fields, which is the order a save checks them in.
var (
	generalKeys      = []string{KeySiteTitle, KeyContactEmail, KeyStoreAddress, KeyStorePhone}
	announcementKeys = []string{KeyAnnouncementText, KeyAnnouncementEnabled, KeyAnnouncementColor,
		KeyAnnouncementTextColor, KeyAnnouncementFontSize, KeyAnnouncementFontFamily,
		KeyAnnouncementBorder, KeyAnnouncementDismissible}
)

// defaults: the general ones are the facts web/src/config/store.ts showed
// before they became settings (the store in Naperville, Illinois); the
// banner's are those of docs/product.md#records.
var defaults = map[string]string{
	KeySiteTitle:    "WatchWin",
	KeyContactEmail: "info@watchwin.store",
	KeyStoreAddress: "1847 W Ogden Ave, Naperville, IL 60540",
	KeyStorePhone:   "(630) 555-0147",

	KeyAnnouncementText:        "",
	KeyAnnouncementEnabled:     "false",
	KeyAnnouncementColor:       "#E53E3E",
	KeyAnnouncementTextColor:   "#ffffff",
	KeyAnnouncementFontSize:    "1.25rem",
	KeyAnnouncementFontFamily:  "inherit",
	KeyAnnouncementBorder:      "none",
	KeyAnnouncementDismissible: "false",

	KeyReminderReady:      "true",
	KeyReminderUnfinished: "true",
	KeyReminderOffer:      "true",
}

// Site is the general information the header, footer and Contact page show,
// and the admin's General Info form.
type Site struct {
	SiteTitle    string `json:"site_title"`
	ContactEmail string `json:"contact_email"`
	StoreAddress string `json:"store_address"`
	StorePhone   string `json:"store_phone"`
}

func (s Site) values() map[string]string {
	return map[string]string{KeySiteTitle: s.SiteTitle, KeyContactEmail: s.ContactEmail,
		KeyStoreAddress: s.StoreAddress, KeyStorePhone: s.StorePhone}
}

func siteOf(v map[string]string) Site {
	return Site{SiteTitle: v[KeySiteTitle], ContactEmail: v[KeyContactEmail],
		StoreAddress: v[KeyStoreAddress], StorePhone: v[KeyStorePhone]}
}

// Announcement is the banner as every public page shows it, and the
// admin's Announcements form.
type Announcement struct {
	Text        string `json:"text"`
	Enabled     bool   `json:"enabled"`
	Color       string `json:"color"`
	TextColor   string `json:"text_color"`
	FontSize    string `json:"font_size"`
	FontFamily  string `json:"font_family"`
	Border      string `json:"border"`
	Dismissible bool   `json:"dismissible"`
}

func (a Announcement) values() map[string]string {
	return map[string]string{
		KeyAnnouncementText: a.Text, KeyAnnouncementEnabled: boolString(a.Enabled),
		KeyAnnouncementColor: a.Color, KeyAnnouncementTextColor: a.TextColor,
		KeyAnnouncementFontSize: a.FontSize, KeyAnnouncementFontFamily: a.FontFamily,
		KeyAnnouncementBorder: a.Border, KeyAnnouncementDismissible: boolString(a.Dismissible),
	}
}

func announcementOf(v map[string]string) Announcement {
	return Announcement{
		Text: v[KeyAnnouncementText], Enabled: v[KeyAnnouncementEnabled] == "true",
		Color: v[KeyAnnouncementColor], TextColor: v[KeyAnnouncementTextColor],
		FontSize: v[KeyAnnouncementFontSize], FontFamily: v[KeyAnnouncementFontFamily],
		Border: v[KeyAnnouncementBorder], Dismissible: v[KeyAnnouncementDismissible] == "true",
	}
}

// boolString stores a boolean as docs/product.md#records does: 'true' or 'false'.
func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// Pages that can have a background image (docs/product.md#records background_images).
const (
	PageHome           = "home"
	PageWebinars       = "webinars"
	PageUserDashboard  = "user_dashboard"
	PageAdminDashboard = "admin_dashboard"
)

// Pages lists them in the order the admin screen shows them.
var Pages = []string{PageHome, PageWebinars, PageUserDashboard, PageAdminDashboard}

// Background is one page's background image: a file of the site_images
// bucket and its public URL.
type Background struct {
	Page      string `json:"page"`
	ImagePath string `json:"image_path"`
	URL       string `json:"url"`
}

// BackgroundInput is the admin's choice of image for a page.
type BackgroundInput struct {
	ImagePath string `json:"image_path"`
}

// Keys of the reminder e-mails (docs/api.md#reminders): each kind can be
// turned off for the whole site (Feature Toggles); all are on by default.
const (
	KeyReminderReady      = "reminder_ready_enabled"
	KeyReminderUnfinished = "reminder_unfinished_enabled"
	KeyReminderOffer      = "reminder_offer_enabled"
)

// reminderKeys are in the order of the admin's switches.
var reminderKeys = []string{KeyReminderReady, KeyReminderUnfinished, KeyReminderOffer}

// Reminders says which reminder kinds the site sends.
type Reminders struct {
	Ready      bool `json:"ready"`
	Unfinished bool `json:"unfinished"`
	Offer      bool `json:"offer"`
}

func (r Reminders) values() map[string]string {
	return map[string]string{KeyReminderReady: boolString(r.Ready),
		KeyReminderUnfinished: boolString(r.Unfinished), KeyReminderOffer: boolString(r.Offer)}
}

func remindersOf(v map[string]string) Reminders {
	return Reminders{Ready: v[KeyReminderReady] == "true", Unfinished: v[KeyReminderUnfinished] == "true",
		Offer: v[KeyReminderOffer] == "true"}
}
