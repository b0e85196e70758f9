package setting

import (
	"context"
	"maps"
	"slices"
	"strings"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/media"
)

// Images is what settings need of the media domain (*media.Service): a
// background must be a file that was really uploaded.
type Images interface {
	Exists(ctx context.Context, bucket, p string) (bool, error)
}

// Service reads and writes site settings and page backgrounds; it knows
// nothing of HTTP.
type Service struct {
	store  store
	images Images
	now    clock.Func
}

// NewService returns the settings service on d; backgrounds are checked
// against images.
func NewService(d *db.DB, images Images, now clock.Func) *Service {
	return &Service{store: store{d}, images: images, now: now}
}

// Messages of the background image routes.
const (
	msgUnknownPage  = "Unknown page: backgrounds exist for home, webinars, user_dashboard and admin_dashboard."
	msgChooseImage  = "Please choose an image."
	msgImageMissing = "This image is not among the site images. Upload it first, then choose it."
)

// Values returns the stored values of keys (keys never saved are absent),
// unchecked.
func (s *Service) Values(ctx context.Context, keys ...string) (map[string]string, error) {
	return s.store.get(ctx, keys)
}

// Save stores the pairs in one transaction, unchecked: callers validate
// first (the admin routes go through SaveGeneral and SaveAnnouncement).
func (s *Service) Save(ctx context.Context, values map[string]string) error {
	return s.store.put(ctx, values, s.now())
}

// effective returns the value of each key as pages see it: the stored value
// when it passes its rule, else the default.
func (s *Service) effective(ctx context.Context, keys []string) (map[string]string, error) {
	stored, err := s.store.get(ctx, keys)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		v, found := stored[k]
		if !found || rules[k].check(v) != "" {
			v = defaults[k]
		}
		out[k] = v
	}
	return out, nil
}

// All returns every setting key with its effective value (booleans as
// 'true'/'false'), for the admin settings screen.
func (s *Service) All(ctx context.Context) (map[string]string, error) {
	return s.effective(ctx, slices.Concat(generalKeys, announcementKeys, reminderKeys))
}

// Site returns the general information, defaults filled in.
func (s *Service) Site(ctx context.Context) (Site, error) {
	v, err := s.effective(ctx, generalKeys)
	if err != nil {
		return Site{}, err
	}
	return siteOf(v), nil
}

// SaveGeneral checks and saves the General Info form, all four values in one
// transaction, and returns what pages will now show. Surrounding spaces are
// trimmed; a bad value is refused (400 naming the field), never replaced.
func (s *Service) SaveGeneral(ctx context.Context, in Site) (Site, error) {
	in = Site{SiteTitle: strings.TrimSpace(in.SiteTitle), ContactEmail: strings.TrimSpace(in.ContactEmail),
		StoreAddress: strings.TrimSpace(in.StoreAddress), StorePhone: strings.TrimSpace(in.StorePhone)}
	values := in.values()
	if err := validate(generalKeys, values); err != nil {
		return Site{}, err
	}
	if err := s.saveAudited(ctx, audit.SettingsGeneral, "general", values); err != nil {
		return Site{}, err
	}
	return in, nil
}

// Announcement returns the banner with every unset or unusable value
// replaced by its default. Values land in the page's CSS, so only plain
// colours, sizes, font names and borders pass; anything else (say a url())
// falls back to the default rather than reaching the browser.
func (s *Service) Announcement(ctx context.Context) (Announcement, error) {
	v, err := s.effective(ctx, announcementKeys)
	if err != nil {
		return Announcement{}, err
	}
	return announcementOf(v), nil
}

// SaveAnnouncement checks and saves the banner, all eight keys in one
// transaction, and returns it as pages will show it. Surrounding spaces are
// trimmed; a value the read path would not show is refused (400 naming the
// field), so a bad value is never saved and silently replaced.
func (s *Service) SaveAnnouncement(ctx context.Context, in Announcement) (Announcement, error) {
	for _, p := range []*string{&in.Text, &in.Color, &in.TextColor, &in.FontSize, &in.FontFamily, &in.Border} {
		*p = strings.TrimSpace(*p)
	}
	values := in.values()
	if err := validate(announcementKeys, values); err != nil {
		return Announcement{}, err
	}
	if err := s.saveAudited(ctx, audit.SettingsAnnouncement, "announcement", values); err != nil {
		return Announcement{}, err
	}
	return in, nil
}

// Backgrounds returns the public URL of each page's background image, nil
// for a page without one; every page of Pages is present.
func (s *Service) Backgrounds(ctx context.Context) (map[string]*string, error) {
	paths, err := s.store.backgrounds(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*string, len(Pages))
	for _, p := range Pages {
		out[p] = nil
		if path, ok := paths[p]; ok {
			u := media.URL(media.BucketSiteImages, path)
			out[p] = &u
		}
	}
	return out, nil
}

// SetBackground makes a file of the site_images bucket the background of
// page: 404 for a page that has none, 400 (field image_path) when no image
// is named or the file does not exist.
func (s *Service) SetBackground(ctx context.Context, page string, in BackgroundInput) (Background, error) {
	if err := checkPage(page); err != nil {
		return Background{}, err
	}
	p := strings.TrimSpace(in.ImagePath)
	if p == "" {
		return Background{}, apperr.Invalid("image_path", msgChooseImage)
	}
	// Only a file that is there: a page never points at a missing image,
	// nor (the path being checked by media) outside the bucket.
	ok, err := s.images.Exists(ctx, media.BucketSiteImages, p)
	if err != nil {
		return Background{}, err
	}
	if !ok {
		return Background{}, apperr.Invalid("image_path", msgImageMissing)
	}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		before, err := s.store.backgrounds(ctx)
		if err != nil {
			return err
		}
		now := s.now()
		if err := s.store.putBackground(ctx, page, p, now); err != nil {
			return err
		}
		var c audit.Changes
		c.Add("image", before[page], p)
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.SettingsBackground,
			TargetType: audit.TargetSetting, TargetID: "background:" + page, Summary: c.String()})
	})
	if err != nil {
		return Background{}, err
	}
	return Background{Page: page, ImagePath: p, URL: media.URL(media.BucketSiteImages, p)}, nil
}

// checkPage answers 404 for a page that has no background.
func checkPage(page string) error {
	if !slices.Contains(Pages, page) {
		return apperr.NotFound(msgUnknownPage)
	}
	return nil
}

// Reminders returns which reminder kinds the site sends (the reminder job
// reads it at every run, so a switch takes effect within seconds).
func (s *Service) Reminders(ctx context.Context) (Reminders, error) {
	v, err := s.effective(ctx, reminderKeys)
	if err != nil {
		return Reminders{}, err
	}
	return remindersOf(v), nil
}

// SaveReminders saves the three switches in one transaction and returns
// them. A kind turned off sends no more reminders, and those of its
// reminders still waiting in the outbox are withdrawn at the job's next run.
func (s *Service) SaveReminders(ctx context.Context, in Reminders) (Reminders, error) {
	if err := s.saveAudited(ctx, audit.SettingsReminders, "reminders", in.values()); err != nil {
		return Reminders{}, err
	}
	return in, nil
}

// saveAudited saves values (one form: group) and writes the audit entry
// action in the same transaction, with each key's value before (its
// default when unset) and after.
func (s *Service) saveAudited(ctx context.Context, action, group string, values map[string]string) error {
	keys := slices.Sorted(maps.Keys(values))
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		before, err := s.store.get(ctx, keys)
		if err != nil {
			return err
		}
		now := s.now()
		if err := s.store.put(ctx, values, now); err != nil {
			return err
		}
		var c audit.Changes
		for _, k := range keys {
			old, ok := before[k]
			if !ok {
				old = defaults[k]
			}
			c.Add(k, old, values[k])
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: action, TargetType: audit.TargetSetting,
			TargetID: group, Summary: c.String()})
	})
}
