// Package setting owns the site settings of SPEC.md §3: key/value strings
// (booleans are 'true'/'false'). This file holds the announcement banner's
// keys and defaults; the admin screens that edit them build on it.
package setting

// Keys of the announcement banner and their defaults (SPEC.md §3).
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

var announcementDefaults = map[string]string{
	KeyAnnouncementText:        "",
	KeyAnnouncementEnabled:     "false",
	KeyAnnouncementColor:       "#E53E3E",
	KeyAnnouncementTextColor:   "#ffffff",
	KeyAnnouncementFontSize:    "1.25rem",
	KeyAnnouncementFontFamily:  "inherit",
	KeyAnnouncementBorder:      "none",
	KeyAnnouncementDismissible: "false",
}

// Announcement is the banner as the home page shows it.
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
