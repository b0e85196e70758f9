package setting

import (
	"context"
	"maps"
	"regexp"
	"slices"

	"watchwin/internal/db"
)

// Service reads and writes site settings.
type Service struct {
	store store
	now   db.Clock
}

// NewService returns the settings service on d.
func NewService(d *db.DB, now db.Clock) *Service { return &Service{store: store{d}, now: now} }

// Values returns the stored values of keys (keys never saved are absent).
func (s *Service) Values(ctx context.Context, keys ...string) (map[string]string, error) {
	return s.store.get(ctx, keys)
}

// Save stores the pairs in one transaction. Callers validate first.
func (s *Service) Save(ctx context.Context, values map[string]string) error {
	return s.store.put(ctx, values, s.now())
}

// Announcement returns the banner with every unset or unusable value
// replaced by its default. Values land in the page's CSS, so only plain
// colours, sizes, font names and borders pass; anything else (say a url())
// falls back to the default rather than reaching the browser.
func (s *Service) Announcement(ctx context.Context) (Announcement, error) {
	stored, err := s.store.get(ctx, slices.Collect(maps.Keys(announcementDefaults)))
	if err != nil {
		return Announcement{}, err
	}
	v := func(key string, ok *regexp.Regexp) string {
		if val, found := stored[key]; found && (ok == nil || ok.MatchString(val)) {
			return val
		}
		return announcementDefaults[key]
	}
	return Announcement{
		Text:        v(KeyAnnouncementText, nil),
		Enabled:     v(KeyAnnouncementEnabled, nil) == "true",
		Color:       v(KeyAnnouncementColor, cssColor),
		TextColor:   v(KeyAnnouncementTextColor, cssColor),
		FontSize:    v(KeyAnnouncementFontSize, cssSize),
		FontFamily:  v(KeyAnnouncementFontFamily, cssFontFamily),
		Border:      v(KeyAnnouncementBorder, cssBorder),
		Dismissible: v(KeyAnnouncementDismissible, nil) == "true",
	}, nil
}

var (
	cssColor      = regexp.MustCompile(`^(#[0-9A-Fa-f]{3,8}|[a-zA-Z]{3,20})$`)
	cssSize       = regexp.MustCompile(`^\d{1,3}(\.\d{1,3})?(px|rem|em)$`)
	cssFontFamily = regexp.MustCompile(`^[A-Za-z0-9 ,'"-]{1,100}$`)
	cssBorder     = regexp.MustCompile(`^(none|\d{1,2}px (solid|dashed|dotted|double) (#[0-9A-Fa-f]{3,8}|[a-zA-Z]{3,20}))$`)
)
