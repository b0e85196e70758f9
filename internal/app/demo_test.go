package app_test

import (
	"bytes"
	"context"
	"database/sql"
	"image"
	_ "image/jpeg"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/testutil"
	"watchwin/internal/video"
	"watchwin/internal/webinar"
)

func TestDemoThumbnails(t *testing.T) {
	files, err := filepath.Glob("demo/*.jpg")
	if err != nil || len(files) != 3 {
		t.Fatalf("demo thumbnails: %v, %v", files, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
		if err != nil || format != "jpeg" || cfg.Width != 1280 || cfg.Height != 720 {
			t.Errorf("%s: %s %dx%d %v; want a 1280x720 JPEG", f, format, cfg.Width, cfg.Height, err)
		}
		if len(b) >= 150<<10 {
			t.Errorf("%s is %d bytes; keep demo thumbnails under 150 KB", f, len(b))
		}
	}
}

func TestSeedDemo(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s := testutil.NewServer(t, engine)
			ctx := context.Background()
			var out strings.Builder
			if err := s.App.SeedDemo(ctx, &out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "admin@watchwin.local") {
				t.Errorf("seed output: %q", out.String())
			}
			list, err := s.App.Webinars.ListPublic(ctx)
			if err != nil || len(list) != demoWebinarCount(s) {
				t.Fatalf("demo webinars: %d, %v; want %d", len(list), err, demoWebinarCount(s))
			}
			free, lowSeats := 0, 0
			for _, w := range list {
				// The holster and own-video webinars aired already, so a new
				// registrant is reminded at once; the others are ahead.
				past := w.Title == "Concealed Carry Holster Fundamentals" || w.Title == ownVideoTitle
				if w.EventDatetime.After(time.Now()) == past {
					t.Errorf("%s: event %v, want it in the past: %v", w.Title, w.EventDatetime, past)
				}
				if w.VideoSource == webinar.SourceUpload {
					continue // TestSeedDemoOwnVideo
				}
				if ok, err := s.App.Media.Exists(ctx, media.BucketWebinarAssets, w.ThumbnailImagePath); !ok || err != nil {
					t.Errorf("%s thumbnail %q missing: %v", w.Title, w.ThumbnailImagePath, err)
				}
				if !strings.HasPrefix(w.ThumbnailImagePath, "webinar_thumbnails/") || len(w.YouTubeVideoID) != 11 {
					t.Errorf("%s: thumbnail %q video %q", w.Title, w.ThumbnailImagePath, w.YouTubeVideoID)
				}
				if w.DisplayPriceCents == 0 {
					free++
				}
				if w.SeatsLeft() < 5 {
					lowSeats++
				}
			}
			if free != 1 || lowSeats != 1 {
				t.Errorf("want one free and one low-seat demo webinar, have %d and %d", free, lowSeats)
			}
			// Thumbnails are served.
			res := s.Client().Do("GET", "/media/webinar_assets/"+list[0].ThumbnailImagePath, nil)
			if res.Status != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
				t.Errorf("demo thumbnail GET: %d %s", res.Status, res.Header.Get("Content-Type"))
			}

			checkSampleCoupon(t, s)

			// The demo admin is in the audit log, made by the command line.
			var actorID sql.NullString
			var role, summary string
			err = s.App.DB.QueryRowContext(ctx, `SELECT a.actor_id, a.actor_role, a.summary FROM audit_log a
				JOIN profiles p ON p.id = a.target_id WHERE a.action = 'user.create' AND p.email = 'admin@watchwin.local'`).
				Scan(&actorID, &role, &summary)
			if err != nil || actorID.Valid || role != "command line" || summary != "account created with role admin, address confirmed" {
				t.Errorf("the demo admin's user.create: by %v %q: %q (%v)", actorID, role, summary, err)
			}

			// A second run changes nothing and prints nothing.
			out.Reset()
			if err := s.App.SeedDemo(ctx, &out); err != nil || out.Len() != 0 {
				t.Fatalf("second seed: %q, %v", out.String(), err)
			}
			if n, _ := s.App.Webinars.Count(ctx); n != demoWebinarCount(s) {
				t.Errorf("%d webinars after a second seed", n)
			}
			checkSampleCoupon(t, s)
		})
	}
}

// checkSampleCoupon: the seed made exactly one coupon, the demo admin's
// sample: value 25, original payment 50, 90 days, no payment, on a paid
// registration of the first demo webinar that leaves its other seats free.
func checkSampleCoupon(t *testing.T, s *testutil.Server) {
	t.Helper()
	ctx := context.Background()
	var n int
	if err := s.App.DB.QueryRowContext(ctx, `SELECT count(*) FROM coupons`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d coupons after the seed (%v), want the one sample", n, err)
	}
	var email, title string
	var value, paid int64
	var payment *string
	var created, expires time.Time
	var purchased bool
	err := s.App.DB.QueryRowContext(ctx, `SELECT p.email, w.title, c.value_cents, c.original_payment_cents, c.payment_id,
			c.created_at, c.expires_at, r.purchased_coupon
		FROM coupons c JOIN profiles p ON p.id = c.user_id JOIN webinars w ON w.id = c.webinar_id
		JOIN webinar_registrations r ON r.id = c.webinar_registration_id AND r.user_id = c.user_id AND r.webinar_id = c.webinar_id`).
		Scan(&email, &title, &value, &paid, &payment, &created, &expires, &purchased)
	if err != nil {
		t.Fatal(err)
	}
	if email != app.DemoAdminEmail || value != 2500 || paid != 5000 || payment != nil || !purchased ||
		!expires.Equal(created.AddDate(0, 0, 90)) || title != "Concealed Carry Holster Fundamentals" {
		t.Errorf("sample coupon: %s %q value %d paid %d payment %v purchased %v, %v → %v",
			email, title, value, paid, payment, purchased, created, expires)
	}
	list, err := s.App.Webinars.ListPublic(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range list {
		if w.Title == title && w.SeatsLeft() != 19 {
			t.Errorf("%s: %d seats left, want 19 (the sample coupon's seat is paid)", title, w.SeatsLeft())
		}
	}
}

// A database that already has webinars (but no accounts) is left alone.
func TestSeedDemoSkipsWhenWebinarsExist(t *testing.T) {
	s := testutil.NewServer(t, "sqlite")
	ctx := context.Background()
	if _, err := s.App.DB.ExecContext(ctx, `INSERT INTO webinars (id, title, description, event_datetime,
		display_price_cents, youtube_video_id, created_at, updated_at) VALUES ('w1', 'Existing webinar', 'Already here.', $1, 0, 'dQw4w9WgXcQ', $1, $1)`,
		time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := s.App.SeedDemo(ctx, &out); err != nil || out.Len() != 0 {
		t.Fatalf("seed: %q, %v", out.String(), err)
	}
	if has, _ := s.App.Auth.HasAccounts(ctx); has {
		t.Error("seed created an admin on a database with webinars")
	}
}

// A seed that fails half-way leaves nothing behind, and a rerun seeds it
// whole (SQLite: a trigger makes the admin's insert fail).
func TestSeedDemoIsAtomic(t *testing.T) {
	s := testutil.NewServer(t, "sqlite")
	ctx := context.Background()
	if _, err := s.App.DB.ExecContext(ctx, `CREATE TRIGGER fail_admin BEFORE INSERT ON credentials
		BEGIN SELECT RAISE(ABORT, 'injected failure'); END`); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := s.App.SeedDemo(ctx, &out); err == nil || out.Len() != 0 {
		t.Fatalf("seed with a failing admin insert: %q, %v; want an error and no output", out.String(), err)
	}
	if n, _ := s.App.Webinars.Count(ctx); n != 0 {
		t.Fatalf("%d demo webinars left after a failed seed", n)
	}
	if _, err := s.App.DB.ExecContext(ctx, `DROP TRIGGER fail_admin`); err != nil {
		t.Fatal(err)
	}
	if err := s.App.SeedDemo(ctx, &out); err != nil || !strings.Contains(out.String(), "admin@watchwin.local") {
		t.Fatalf("rerun: %q, %v", out.String(), err)
	}
	if n, _ := s.App.Webinars.Count(ctx); n != demoWebinarCount(s) {
		t.Errorf("%d demo webinars after the rerun, want %d", n, demoWebinarCount(s))
	}
}

// The sample coupon is part of the seed's transaction: when it cannot be
// written, no webinar and no admin are left either.
func TestSeedDemoSampleCouponIsAtomic(t *testing.T) {
	s := testutil.NewServer(t, "sqlite")
	ctx := context.Background()
	if _, err := s.App.DB.ExecContext(ctx, `CREATE TRIGGER fail_coupon BEFORE INSERT ON coupons
		BEGIN SELECT RAISE(ABORT, 'injected failure'); END`); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := s.App.SeedDemo(ctx, &out); err == nil || out.Len() != 0 {
		t.Fatalf("seed with a failing coupon insert: %q, %v; want an error and no output", out.String(), err)
	}
	if n, _ := s.App.Webinars.Count(ctx); n != 0 {
		t.Errorf("%d demo webinars left after a failed seed", n)
	}
	if has, _ := s.App.Auth.HasAccounts(ctx); has {
		t.Error("the demo admin was left after a failed seed")
	}
	if _, err := s.App.DB.ExecContext(ctx, `DROP TRIGGER fail_coupon`); err != nil {
		t.Fatal(err)
	}
	if err := s.App.SeedDemo(ctx, &out); err != nil {
		t.Fatal(err)
	}
	checkSampleCoupon(t, s)
}

// TestDemoAdminInNoDraw: the demo admin's simulated seat is no giveaway
// entry (docs/product.md#giveaway): past every demo webinar's draw date,
// each deadline draw records no entrants and 'Pick New Winner' has no one.
func TestDemoAdminInNoDraw(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		if err := s.App.SeedDemo(ctx, io.Discard); err != nil {
			t.Fatal(err)
		}
		s.Clock.Advance(100 * 24 * time.Hour)
		if n, err := s.App.Giveaway.DrawDeadlines(ctx); err != nil || n != demoWebinarCount(s) {
			t.Fatalf("deadline draws: %d, %v; want %d", n, err, demoWebinarCount(s))
		}
		draws, err := s.App.Giveaway.AllDraws(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, dr := range draws {
			if dr.UserID != nil || dr.Entrants != 0 {
				t.Errorf("webinar %s: drew user %v among %d entries, want no entrants", dr.WebinarID, dr.UserID, dr.Entrants)
			}
		}
		_, admin := s.Login(auth.RoleAdmin)
		if _, _, err := s.App.Giveaway.Repick(ctx, admin, draws[0].WebinarID, "Checking the demo."); err == nil {
			t.Error("'Pick New Winner' on a demo webinar drew someone; want no entrants")
		}
	})
}

// ownVideoTitle is the demo webinar that plays the store's own video.
const ownVideoTitle = "Range Day Prep: Eye and Ear Protection"

// demoWebinarCount is how many webinars the demo seeds on s: the three
// YouTube ones, and the own-video one where ffmpeg is installed.
func demoWebinarCount(s *testutil.Server) int {
	if (video.Transcoder{FFmpeg: s.App.Config.FFmpeg, FFprobe: s.App.Config.FFprobe}).Available() != nil {
		return 3
	}
	return 4
}

// captureLog sends the default logger's lines to the returned buffer until
// the test ends.
func captureLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return &buf
}

// With ffmpeg, the demo adds a webinar playing an uploaded video: its
// generated recording is queued with English captions, and the first run of
// the jobs makes it ready, which fills the webinar's length.
func TestSeedDemoOwnVideo(t *testing.T) {
	if err := (video.Transcoder{}).Available(); err != nil {
		t.Skip("ffmpeg and ffprobe are not installed (apt-get install -y ffmpeg): skipping the demo's own video")
	}
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		t.Setenv("TMPDIR", t.TempDir()) // where the recording is generated
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.VideoPreset = "ultrafast" })
		ctx := context.Background()
		if err := s.App.SeedDemo(ctx, io.Discard); err != nil {
			t.Fatal(err)
		}
		if left, _ := filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "*")); len(left) != 0 {
			t.Errorf("the generated recording was left behind: %v", left)
		}
		list, err := s.App.Webinars.ListPublic(ctx)
		if err != nil || len(list) != 4 {
			t.Fatalf("demo webinars: %d, %v; want 4", len(list), err)
		}
		var w webinar.Webinar
		for _, l := range list {
			if l.VideoSource == webinar.SourceUpload {
				w = l
			}
		}
		if w.Title != ownVideoTitle || !w.IsActive || !w.AllowSeeking || w.DisplayPriceCents != 3000 ||
			w.YouTubeVideoID != "" || w.VideoLengthSeconds != 0 {
			t.Fatalf("own-video webinar: %+v", w)
		}
		admin, _ := s.Login(auth.RoleAdmin)
		videos := func() video.WebinarVideos {
			t.Helper()
			var out video.WebinarVideos
			res := admin.Do("GET", "/api/admin/webinars/"+w.ID+"/video", nil)
			res.JSON(t, &out)
			return out
		}
		english := []video.CaptionSummary{{Language: "en", Label: "English", Cues: 6}}
		got := videos()
		if got.Current != nil || got.Latest == nil || got.Latest.Status != video.StatusQueued ||
			got.Latest.Filename != "range-day-prep.mp4" || !slices.Equal(got.Latest.Captions, english) {
			t.Fatalf("before the jobs: %+v %+v", got, got.Latest)
		}

		if ran := s.App.RunJobs(ctx); !slices.Contains(ran, "video.transcode") {
			t.Fatalf("video.transcode did not run: %v", ran)
		}
		s.App.Videos.Wait()
		got = videos()
		if v := got.Current; v == nil || v.Status != video.StatusReady || v.DurationSeconds == nil || *v.DurationSeconds != 12 ||
			!slices.Equal(v.Renditions, []string{"360p", "720p"}) || !slices.Equal(v.Captions, english) {
			t.Fatalf("after the jobs: %+v", v)
		}
		vtt, err := s.App.Videos.CaptionVTT(ctx, got.Current.ID, "en")
		if err != nil || !strings.Contains(vtt, "00:00:00.200 --> 00:00:01.800\nWelcome to Range Day Prep from our Naperville store.") {
			t.Errorf("captions: %q, %v", vtt, err)
		}
		if w, err := s.App.Webinars.Get(ctx, w.ID); err != nil || w.VideoLengthSeconds != 12 {
			t.Errorf("video length %d (%v), want 12 from the transcode", w.VideoLengthSeconds, err)
		}
	})
}

// Without ffmpeg the demo starts all the same, without the own-video
// webinar, and says so in one log line with how to install it.
func TestSeedDemoWithoutFFmpeg(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.FFmpeg = filepath.Join(t.TempDir(), "ffmpeg") })
		logged := captureLog(t)
		var out strings.Builder
		if err := s.App.SeedDemo(context.Background(), &out); err != nil || !strings.Contains(out.String(), app.DemoAdminEmail) {
			t.Fatalf("seed: %q, %v", out.String(), err)
		}
		lines := strings.Split(strings.TrimSpace(logged.String()), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], "ffmpeg is not installed (apt-get install -y ffmpeg)") {
			t.Errorf("log: %q; want one line saying ffmpeg is missing and how to install it", lines)
		}
		list, err := s.App.Webinars.ListPublic(context.Background())
		if err != nil || len(list) != 3 {
			t.Fatalf("demo webinars: %d, %v; want the 3 YouTube ones", len(list), err)
		}
		for _, w := range list {
			if w.VideoSource != webinar.SourceYouTube {
				t.Errorf("%s plays %s", w.Title, w.VideoSource)
			}
		}
	})
}
