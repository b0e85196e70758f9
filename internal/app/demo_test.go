package app_test

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"watchwin/internal/media"
	"watchwin/internal/testutil"
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
			if err != nil || len(list) != 3 {
				t.Fatalf("demo webinars: %d, %v", len(list), err)
			}
			free, lowSeats := 0, 0
			for _, w := range list {
				if !w.EventDatetime.After(time.Now()) {
					t.Errorf("%s is not in the future: %v", w.Title, w.EventDatetime)
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

			// A second run changes nothing and prints nothing.
			out.Reset()
			if err := s.App.SeedDemo(ctx, &out); err != nil || out.Len() != 0 {
				t.Fatalf("second seed: %q, %v", out.String(), err)
			}
			if n, _ := s.App.Webinars.Count(ctx); n != 3 {
				t.Errorf("%d webinars after a second seed", n)
			}
		})
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
	if n, _ := s.App.Webinars.Count(ctx); n != 3 {
		t.Errorf("%d demo webinars after the rerun, want 3", n)
	}
}
