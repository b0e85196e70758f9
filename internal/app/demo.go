package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/media"
	"watchwin/internal/registration"
	"watchwin/internal/video"
	"watchwin/internal/webinar"
)

// DemoAdminEmail is the admin account --demo creates.
const DemoAdminEmail = "admin@watchwin.local"

// demoThumbnails are the bundled thumbnails of the demo webinars (abstract
// 1280x720 artwork made for this project, no third-party images).
//
//go:embed demo/*.jpg
var demoThumbnails embed.FS

// demoWebinar is one sample webinar; the event is daysAhead days from today
// at 6:30 pm store time. The first aired two days ago (the recording is
// there to watch), so a new registrant gets its "It's ready to watch"
// reminder at once (docs/api.md#reminders).
type demoWebinar struct {
	title, description string
	daysAhead          int
	price              string // dollars, as the admin form sends them
	percentage, seats  string
	videoID            string // Blender Foundation open movies: harmless, embeddable; "" plays an upload
	length             int    // the video's length in seconds, as its preview reads it; 0 for an upload
	thumbnail          string // file in demo/; "" for none
}

var demoWebinars = []demoWebinar{
	{
		title: "Concealed Carry Holster Fundamentals",
		description: "Inside or outside the waistband, appendix or strong side: our counter staff walk through " +
			"how to choose a holster that covers the trigger guard, holds your pistol securely and stays " +
			"comfortable all day, plus belt selection and a safe draw-and-reholster routine you can practice " +
			"with an unloaded firearm. Bring your questions about carrying in Illinois.",
		daysAhead: -2, price: "40", percentage: "120", seats: "20",
		videoID: "aqz-KE-bpKQ", length: 634, thumbnail: "holster_fundamentals.jpg",
	},
	{
		title: "Optics 101: Red Dots for Defensive Pistols",
		description: "What a red dot adds to a defensive pistol and what it asks of you: footprints and mounting " +
			"plates, dot size in MOA, battery life, co-witnessing with iron sights, and a simple zeroing " +
			"routine for the range. Small group, hands-on demonstrations with the optics we carry in store.",
		daysAhead: 17, price: "25", percentage: "130", seats: "4",
		videoID: "eRsGyueVLvQ", length: 888, thumbnail: "optics_red_dots.jpg",
	},
	{
		title: "Safe Storage at Home: Safes, Lockboxes and Illinois Law",
		description: "Keeping firearms away from children and unauthorized hands: quick-access lockboxes, full " +
			"gun safes, cable and trigger locks, where to place them at home, and what Illinois law expects " +
			"of gun owners. A free community session from our Naperville store.",
		daysAhead: 24, price: "0", percentage: "120", seats: "30",
		videoID: "R6MlUcmOul8", length: 734, thumbnail: "safe_storage.jpg",
	},
}

// The demo admin's sample coupon (docs/product.md#coupons: worth 25, an original
// payment of 50, and it lasts 90 days).
const (
	sampleCouponCents     = 2500
	sampleCouponPaidCents = 5000
	sampleCouponDays      = 90
)

// SeedDemo fills an empty database with sample webinars (thumbnails copied
// into the webinar_assets bucket), an admin whose random password is
// written to out once (and never logged), and the admin's sample coupon
// (the original product's migration tool made one; here it exists only in --demo). The
// webinars, the admin and the coupon are written in one transaction, so a failure leaves the database empty and a
// rerun seeds it whole. A database that already has accounts or webinars is
// left alone, so running with --demo again changes nothing.
func (a *App) SeedDemo(ctx context.Context, out io.Writer) error {
	ctx = audit.WithSource(ctx, audit.CommandLine) // its entries (the demo admin's user.create) are the command line's
	if empty, err := a.emptyDatabase(ctx); err != nil || !empty {
		return err
	}
	// Files are not in the database: store them first. A failed seed leaves
	// at most unused thumbnails behind.
	inputs, err := a.demoWebinarInputs(ctx)
	if err != nil {
		return err
	}
	recording := a.demoRecording(ctx)
	if recording != "" {
		defer func() { _ = os.RemoveAll(filepath.Dir(recording)) }() // Import copied it
	}
	password := rand.Text()[:16]
	err = a.DB.InTx(ctx, func(ctx context.Context) error {
		// Checked again under the transaction: two instances started with
		// --demo at once seed once.
		if empty, err := a.emptyDatabase(ctx); err != nil || !empty {
			if err == nil {
				password = ""
			}
			return err
		}
		var first webinar.Webinar
		for i, in := range inputs {
			w, err := a.Webinars.Create(ctx, in)
			if err != nil {
				return fmt.Errorf("create demo webinar %q: %w", in.Title, err)
			}
			if i == 0 {
				first = w
			}
		}
		admin, err := a.Auth.CreateUser(ctx, DemoAdminEmail, password, auth.RoleAdmin, "Demo", "Admin")
		if err != nil {
			return fmt.Errorf("create demo admin: %w", err)
		}
		if err := a.seedSampleCoupon(ctx, admin, first); err != nil {
			return fmt.Errorf("create demo sample coupon: %w", err)
		}
		if err := a.seedDemoViewers(ctx, first); err != nil {
			return fmt.Errorf("create demo viewers: %w", err)
		}
		if recording != "" {
			if err := a.seedOwnVideo(ctx, recording); err != nil {
				return fmt.Errorf("create the demo's own-video webinar: %w", err)
			}
		}
		return nil
	})
	if err != nil || password == "" {
		return err
	}
	fmt.Fprintf(out, "\nDemo content created. Admin login (shown only this once):\n  email:    %s\n  password: %s\n\n", DemoAdminEmail, password)
	return nil
}

// seedSampleCoupon gives the demo admin one coupon on a real paid seat of
// w (a paid webinar with seats to spare): registered like a visitor, the
// seat taken by the admin's simulated purchase (under the seat lock, like
// any purchase) and the coupon issued by the coupon service. No payment
// backs it, so its payment_id is null, as the schema allows for demo
// coupons only. Runs in SeedDemo's transaction.
func (a *App) seedSampleCoupon(ctx context.Context, admin auth.Profile, w webinar.Webinar) error {
	if _, _, err := a.Registrations.Register(ctx, admin, w.ID, registration.Input{Name: "Demo Admin", Email: admin.Email}); err != nil {
		return err
	}
	reg, err := a.Registrations.SimulatePurchase(ctx, admin, w.ID)
	if err != nil {
		return err
	}
	_, err = a.Coupons.Issue(ctx, coupon.IssueParams{UserID: admin.ID, WebinarID: w.ID, RegistrationID: reg.ID,
		ValueCents: sampleCouponCents, OriginalPaymentCents: sampleCouponPaidCents, ExpiryDays: sampleCouponDays})
	return err
}

// emptyDatabase reports whether there are neither accounts nor webinars.
func (a *App) emptyDatabase(ctx context.Context) (bool, error) {
	has, err := a.Auth.HasAccounts(ctx)
	if err != nil || has {
		return false, err
	}
	n, err := a.Webinars.Count(ctx)
	return n == 0, err
}

// demoWebinarInputs stores the demo thumbnails and returns the webinar forms.
func (a *App) demoWebinarInputs(ctx context.Context) ([]webinar.Input, error) {
	inputs := make([]webinar.Input, 0, len(demoWebinars))
	for _, d := range demoWebinars {
		img, err := demoThumbnails.ReadFile("demo/" + d.thumbnail)
		if err != nil {
			return nil, err
		}
		fi, err := a.Media.Upload(ctx, media.BucketWebinarAssets, d.thumbnail, bytes.NewReader(img))
		if err != nil {
			return nil, fmt.Errorf("store demo thumbnail %s: %w", d.thumbnail, err)
		}
		in := a.demoInput(d)
		in.ThumbnailImagePath = &fi.Path
		inputs = append(inputs, in)
	}
	return inputs, nil
}

// demoInput is d's webinar form, without its thumbnail.
func (a *App) demoInput(d demoWebinar) webinar.Input {
	tz := a.Config.Timezone
	if tz == nil {
		tz = time.UTC
	}
	day := a.now().In(tz).AddDate(0, 0, d.daysAhead)
	event := time.Date(day.Year(), day.Month(), day.Day(), 18, 30, 0, 0, tz)
	active := true
	in := webinar.Input{
		Title:            d.title,
		Description:      d.description,
		EventDatetime:    event.Format(time.RFC3339),
		DisplayPrice:     webinar.Number(d.price),
		CouponPercentage: webinar.Number(d.percentage),
		TotalSeats:       webinar.Number(d.seats),
		YouTubeVideoID:   d.videoID,
		IsActive:         &active,
	}
	if d.videoID == "" {
		in.VideoSource = webinar.SourceUpload // its length comes from the transcode
	} else {
		in.VideoLengthSeconds = webinar.Number(strconv.Itoa(d.length))
	}
	return in
}

// demoOwnVideo is the sample webinar that plays the store's own video
// (docs/product.md#the-stores-own-videos), made when ffmpeg is installed:
// aired yesterday, so its recording is there to watch.
var demoOwnVideo = demoWebinar{
	title: "Range Day Prep: Eye and Ear Protection",
	description: "Everything to pack for eyes and ears before your next range day: shooting glasses that meet " +
		"the ANSI Z87.1 impact standard, which lens tint suits indoor lanes and bright outdoor ranges, and how " +
		"foam plugs, passive muffs and electronic muffs compare. Our Naperville counter staff fit each one. " +
		"This session plays on the store's own video player, with captions and a transcript.",
	daysAhead: -1, price: "30", percentage: "120", seats: "16",
}

// demoVideoLength is the length of the own-video webinar's generated
// recording (the app's tests shorten it: export_test.go).
var demoVideoLength = 2 * time.Minute

// demoCaptions are the own video's English captions, spread evenly over it.
var demoCaptions = []string{
	"Welcome to Range Day Prep from our Naperville store.\n(In this demo, a test pattern stands in for the recording.)",
	"Eyes first: shooting glasses marked Z87+\nmeet the ANSI high-impact standard.",
	"Clear lenses indoors, amber on grey days,\nsmoke in bright sun.",
	"Foam plugs work when rolled tight\nand seated deep in the ear.",
	"Electronic muffs let range commands through\nand cut the report of every shot.",
	"Indoors, wear plugs under your muffs.\nBring both to our counter for a fitting.",
}

// demoRecording generates the own-video webinar's recording with ffmpeg
// (WATCHWIN_FFMPEG or PATH) into a new temporary folder: a 720p test
// pattern with a 440 Hz tone, demoVideoLength long, encoded quickly (the
// transcode makes the streams). "" when ffmpeg is missing or fails, logged
// in one line: the demo then goes without that webinar.
func (a *App) demoRecording(ctx context.Context) string {
	tools := video.Transcoder{FFmpeg: a.Config.FFmpeg, FFprobe: a.Config.FFprobe}
	if err := tools.Available(); err != nil {
		slog.InfoContext(ctx, "demo: no own-video webinar: ffmpeg is not installed (apt-get install -y ffmpeg)",
			"missing", video.Detail(err)) // which tool, and why
		return ""
	}
	dir, err := os.MkdirTemp("", "watchwin-demo-")
	if err != nil {
		slog.WarnContext(ctx, "demo: no own-video webinar: temporary folder", "err", err)
		return ""
	}
	out := filepath.Join(dir, "range-day-prep.mp4")
	slog.InfoContext(ctx, "demo: generating the own-video webinar's recording with ffmpeg", "seconds", demoVideoLength.Seconds())
	err = tools.TestPattern(ctx, out, video.Pattern{Size: "1280x720", Length: demoVideoLength, Bitrate: "600k"})
	if err != nil {
		_ = os.RemoveAll(dir)
		slog.WarnContext(ctx, "demo: no own-video webinar: ffmpeg could not generate its recording", "err", err,
			"ffmpeg", video.Detail(err))
		return ""
	}
	return out
}

// seedOwnVideo creates the own-video webinar and hands it the recording as
// an admin's finished upload, with its captions (a queued video takes them
// as a ready one does). Serve's first run of the jobs transcodes it, which
// fills the webinar's video length. Runs in SeedDemo's transaction.
func (a *App) seedOwnVideo(ctx context.Context, recording string) error {
	w, err := a.Webinars.Create(ctx, a.demoInput(demoOwnVideo))
	if err != nil {
		return err
	}
	id, err := a.Videos.Import(ctx, w.ID, recording, filepath.Base(recording))
	if err != nil {
		return err
	}
	slot := demoVideoLength / time.Duration(len(demoCaptions))
	cues := make([]video.Cue, len(demoCaptions))
	for i, text := range demoCaptions {
		start := time.Duration(i) * slot
		cues[i] = video.Cue{Start: start + slot/10, End: start + slot*9/10, Text: text}
	}
	_, err = a.Videos.PutCaptions(ctx, id, "en", video.CaptionInput{Label: "English", Text: string(video.WriteWebVTT(cues))})
	return err
}

// demoViewers are sample registrants of the first demo webinar, so Reports
// show a retention curve and where registrants came from: each with the
// first touch of their visit and how far they watched (percent of the video).
var demoViewers = []struct {
	first   string
	source  registration.Source
	watched int
}{
	{"Alex", registration.Source{Ref: "flyer-nov"}, 100},
	{"Blair", registration.Source{Ref: "flyer-nov"}, 95},
	{"Casey", registration.Source{Ref: "flyer-nov"}, 40},
	{"Drew", registration.Source{UTMSource: "facebook", UTMMedium: "social", UTMCampaign: "range-day"}, 100},
	{"Emery", registration.Source{UTMSource: "facebook", UTMMedium: "social", UTMCampaign: "range-day"}, 20},
	{"Finley", registration.Source{UTMSource: "newsletter", UTMMedium: "email"}, 65},
	{"Gray", registration.Source{}, 10},
	{"Harper", registration.Source{}, 0},
}

// seedDemoViewers creates the demo registrants (accounts with random
// passwords nobody is told: they exist to be counted) and their watching,
// written as progress would have left it. Runs in SeedDemo's transaction.
func (a *App) seedDemoViewers(ctx context.Context, w webinar.Webinar) error {
	for _, v := range demoViewers {
		email := strings.ToLower(v.first) + "@demo.watchwin.local"
		p, err := a.Auth.CreateUser(ctx, email, rand.Text(), auth.RoleUser, v.first, "Demo")
		if err != nil {
			return err
		}
		src := v.source
		reg, _, err := a.Registrations.Register(ctx, p, w.ID, registration.Input{Name: v.first + " Demo", Email: email, Source: &src})
		if err != nil {
			return err
		}
		end := w.VideoLengthSeconds * v.watched / 100
		intervals := ""
		if end > 0 {
			intervals = "0-" + strconv.Itoa(end)
		}
		watched := v.watched >= registration.DefaultCompletePercent
		if _, err := a.DB.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET watch_intervals = $2,
			watched_seconds = $3, progress_at = $4, watched_video_fully = $5 WHERE id = $1`,
			reg.ID, intervals, end, a.now(), watched); err != nil {
			return err
		}
	}
	return nil
}
