package registration_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
	"watchwin/internal/video"
)

// readyVideo is the store's videos with one ready upload, or none.
type readyVideo struct {
	p  video.Playable
	ok bool
}

func (v readyVideo) Playable(context.Context, string) (video.Playable, bool, error) {
	return v.p, v.ok, nil
}

// withVideos is the registration service of s with videos as its uploads.
func withVideos(s *testutil.Server, videos registration.Videos) (*registration.Service, *video.Tokens) {
	tokens := video.NewTokens(s.App.DB, s.Clock.Now)
	return registration.NewService(s.App.DB, registration.Deps{Webinars: s.App.Webinars, Seats: s.App.Seats,
		Mailer: registration.Mailer{Outbox: s.App.Outbox, Templates: s.App.MailTemplates, TimeZone: s.App.Config.Timezone},
		Videos: videos, Streams: tokens}, s.Clock.Now), tokens
}

// uploadWebinar makes a webinar of spec play an uploaded video.
func uploadWebinar(t *testing.T, s *testutil.Server, spec testutil.WebinarSpec) string {
	t.Helper()
	w := s.CreateWebinar(spec)
	if _, err := s.App.DB.ExecContext(context.Background(), `UPDATE webinars SET video_source = 'upload' WHERE id = $1`, w.ID); err != nil {
		t.Fatal(err)
	}
	return w.ID
}

// TestVideoAnswerOfAnUpload: the video answer of an uploaded video carries
// stream URLs signed for the caller's registration (an admin not
// registered: a preview), none while no upload is ready; a YouTube
// webinar's answer is as before.
func TestVideoAnswerOfAnUpload(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		ready := readyVideo{ok: true, p: video.Playable{VideoID: "vid1", DurationSeconds: 600, Renditions: []string{"360p", "720p"},
			Captions: []video.CaptionTrack{{Language: "en", Label: "English"}, {Language: "es", Label: "Español"}}}}
		svc, tokens := withVideos(s, ready)
		_, user := s.Login(auth.RoleUser)
		_, stranger := s.Login(auth.RoleUser)
		_, admin := s.Login(auth.RoleAdmin)

		yt := s.CreateWebinar(testutil.WebinarSpec{Length: 600})
		up := uploadWebinar(t, s, testutil.WebinarSpec{Length: 600, NoSeeking: true})
		var reg string
		for _, id := range []string{yt.ID, up} {
			r, _, err := svc.Register(ctx, user, id, registration.Input{Name: "Sam Carter", Email: "sam@example.com"})
			if err != nil {
				t.Fatal(err)
			}
			reg = r.ID
		}

		v, err := svc.Video(ctx, user, yt.ID)
		if err != nil || v.Source != "youtube" || v.YouTubeVideoID != "dQw4w9WgXcQ" || v.Stream != nil || v.PosterURL != nil || v.Captions == nil || len(v.Captions) != 0 {
			t.Fatalf("a YouTube webinar: %+v, %v", v, err)
		}
		if _, err := svc.Stream(ctx, user, yt.ID); !isCode(err, "video_not_ready") {
			t.Fatalf("a stream of a YouTube webinar: %v; want video_not_ready", err)
		}

		v, err = svc.Video(ctx, user, up)
		if err != nil || v.Source != "upload" || v.Stream == nil || v.PosterURL == nil || len(v.Captions) != 2 || v.AllowSeeking {
			t.Fatalf("an uploaded video: %+v, %v", v, err)
		}
		token, ok := strings.CutSuffix(strings.TrimPrefix(v.Stream.MasterURL, video.StreamPrefix), "/master.m3u8")
		if !ok || *v.PosterURL != video.StreamPrefix+token+"/poster.jpg" ||
			v.Captions[1] != (registration.Caption{Language: "es", Label: "Español", URL: video.StreamPrefix + token + "/captions/es.vtt"}) ||
			v.Stream.RefreshAfterSeconds != 300 {
			t.Fatalf("stream URLs: %+v %q %+v", v.Stream, *v.PosterURL, v.Captions)
		}
		g, err := tokens.Verify(ctx, token)
		if err != nil || g.VideoID != "vid1" || g.Viewer != reg || !g.Expires.Equal(v.Stream.ExpiresAt) {
			t.Fatalf("the answer's token: %+v, %v; want video vid1 for registration %s", g, err, reg)
		}
		if left := time.Until(v.Stream.ExpiresAt) - time.Since(s.Clock.Now()); left > 10*time.Minute || left < 9*time.Minute {
			t.Fatalf("expires in %v; want 10 minutes", left)
		}

		// A fresh stream, later: a new token, a later expiry.
		s.Clock.Advance(5 * time.Minute)
		st, err := svc.Stream(ctx, user, up)
		if err != nil || st.MasterURL == v.Stream.MasterURL || !st.ExpiresAt.After(v.Stream.ExpiresAt) {
			t.Fatalf("a fresh stream: %+v, %v", st, err)
		}

		// An admin not registered previews: the token names no registration.
		v, err = svc.Video(ctx, admin, up)
		if err != nil || v.Stream == nil {
			t.Fatalf("an admin's preview: %+v, %v", v, err)
		}
		preview, _ := strings.CutSuffix(strings.TrimPrefix(v.Stream.MasterURL, video.StreamPrefix), "/master.m3u8")
		if g, err := tokens.Verify(ctx, preview); err != nil || g.Viewer != video.AdminViewer+admin.ID {
			t.Fatalf("an admin's preview token: %+v, %v", g, err)
		}

		for name, call := range map[string]func() error{
			"video":  func() error { _, err := svc.Video(ctx, stranger, up); return err },
			"stream": func() error { _, err := svc.Stream(ctx, stranger, up); return err },
		} {
			if err := call(); !isCode(err, "registration_required") {
				t.Errorf("%s for a user not registered: %v; want registration_required", name, err)
			}
		}

		// While no upload is ready: no stream.
		notYet, _ := withVideos(s, readyVideo{})
		v, err = notYet.Video(ctx, user, up)
		if err != nil || v.Source != "upload" || v.Stream != nil || v.PosterURL != nil || len(v.Captions) != 0 {
			t.Fatalf("no upload ready: %+v, %v", v, err)
		}
		if _, err := notYet.Stream(ctx, user, up); !isCode(err, "video_not_ready") {
			t.Fatalf("a stream while no upload is ready: %v; want video_not_ready", err)
		}
	})
}

// TestUploadCreditsServedSeconds: of an uploaded video, a report's new
// seconds count only where the server served their segments.
func TestUploadCreditsServedSeconds(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		id := uploadWebinar(t, s, testutil.WebinarSpec{Length: 600})
		_, p := s.Login(auth.RoleUser)
		svc := s.App.Registrations
		if _, _, err := svc.Register(ctx, p, id, registration.Input{Name: "Sam Carter", Email: "sam@example.com"}); err != nil {
			t.Fatal(err)
		}
		v := &viewer{t: t, s: s, p: p, wid: id, svc: svc}
		reg := s.RegistrationID(id, p.ID)
		serve := func(a, b int) {
			t.Helper()
			if err := svc.Served(ctx, reg, a, b); err != nil {
				t.Fatal(err)
			}
		}

		v.report()
		serve(0, 6)
		serve(6, 12)
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(0, 20)); got.WatchedSeconds != 12 || got.FurthestSeconds != 12 {
			t.Fatalf("20 s reported, 12 s served: %+v; want 12", got)
		}
		serve(12, 18)
		serve(18, 24)
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(0, 24)); got.WatchedSeconds != 24 {
			t.Fatalf("24 s reported and served: %+v; want 24", got)
		}
		// A script claiming the whole video, however long it waited, gets
		// nothing it was not served.
		for range 30 {
			s.Clock.Advance(10 * time.Second)
			v.report(iv(0, 600))
		}
		if v.last.WatchedSeconds != 24 || v.last.WatchedFully {
			t.Fatalf("the whole video claimed, 24 s served: %+v; want 24", v.last)
		}
		// Seeking is on here: segments out of order are served and credited.
		serve(300, 306)
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(300, 306)); got.WatchedSeconds != 30 {
			t.Fatalf("a served jump with seeking on: %+v; want 30", got)
		}
	})
}
