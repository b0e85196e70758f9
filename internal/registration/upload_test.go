package registration_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

// storedVideo seeds a ready upload of webinarID in the app's storage, as the
// transcode job leaves one: a 360p rendition of segments 6 s long covering
// seconds, a poster, and English captions. It returns the video's id.
func storedVideo(t *testing.T, s *testutil.Server, webinarID string, seconds int) string {
	t.Helper()
	ctx := context.Background()
	id := strings.ToLower(rand.Text())
	store := media.NewLocal(filepath.Join(s.App.Config.DataDir, "storage"))
	put := func(name string, body []byte) {
		t.Helper()
		if _, err := store.Put(ctx, media.BucketWebinarVideos, id+"/"+name, bytes.NewReader(body), "", true); err != nil {
			t.Fatal(err)
		}
	}
	put("master.m3u8", []byte("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=640x360\n360p/index.m3u8\n"))
	var pl strings.Builder
	pl.WriteString("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n")
	seg := make([]byte, 32<<10)
	for i := 0; i*6 < seconds; i++ {
		fmt.Fprintf(&pl, "#EXTINF:%d.000000,\nseg_%05d.ts\n", min(6, seconds-i*6), i)
		put(fmt.Sprintf("360p/seg_%05d.ts", i), seg)
	}
	pl.WriteString("#EXT-X-ENDLIST\n")
	put("360p/index.m3u8", []byte(pl.String()))
	put("poster.jpg", testutil.JPEG(t))
	now := s.Clock.Now()
	if _, err := s.App.DB.ExecContext(ctx, `UPDATE webinars SET video_source = 'upload' WHERE id = $1`, webinarID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.App.DB.ExecContext(ctx, `INSERT INTO videos (id, webinar_id, status, percent, filename, size_bytes,
		duration_seconds, height, renditions, created_at, updated_at) VALUES ($1, $2, 'ready', 100, 'talk.mp4', 1000, $3, 360, '360p', $4, $4)`,
		id, webinarID, seconds, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.App.DB.ExecContext(ctx, `INSERT INTO video_captions (video_id, language, label, vtt, updated_at)
		VALUES ($1, 'en', 'English', $2, $3)`, id, "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome.\n", now); err != nil {
		t.Fatal(err)
	}
	return id
}

type videoAnswer struct {
	Source string `json:"source"`
	Stream *struct {
		MasterURL           string    `json:"master_url"`
		ExpiresAt           time.Time `json:"expires_at"`
		RefreshAfterSeconds int       `json:"refresh_after_seconds"`
	} `json:"stream"`
	PosterURL *string `json:"poster_url"`
	Captions  []struct {
		Language, Label, URL string
	} `json:"captions"`
}

// base is the stream URL prefix of an answer: "/video/{token}".
func (v videoAnswer) base(t *testing.T) string {
	t.Helper()
	if v.Stream == nil {
		t.Fatalf("no stream in %+v", v)
	}
	b, ok := strings.CutSuffix(v.Stream.MasterURL, "/master.m3u8")
	if !ok {
		t.Fatalf("master_url %q", v.Stream.MasterURL)
	}
	return b
}

func segment(i int) string { return fmt.Sprintf("/360p/seg_%05d.ts", i) }

// TestWatchingAnUploadedVideo walks an uploaded video as the watch page and
// its player do, through the app's handler: the video answer's signed URLs
// open the files with no session, each segment served is what a report may
// be credited, with seeking off a segment far ahead is refused, a token
// expires, and an admin's preview records nothing.
func TestWatchingAnUploadedVideo(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 120, NoSeeking: true})
		storedVideo(t, s, w.ID, 120)
		viewer, p := s.Login(auth.RoleUser)
		viewer.Do("POST", "/api/webinars/"+w.ID+"/registrations", form()).Check(t, testutil.Want{Status: http.StatusCreated})
		reg := s.RegistrationID(w.ID, p.ID)
		player := s.Client() // the player's requests carry no session

		var v videoAnswer
		res := viewer.Do("GET", "/api/webinars/"+w.ID+"/video", nil)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &v)
		base := v.base(t)
		if v.Source != "upload" || v.Stream.RefreshAfterSeconds != 300 || *v.PosterURL != base+"/poster.jpg" ||
			len(v.Captions) != 1 || v.Captions[0].URL != base+"/captions/en.vtt" || v.Captions[0].Label != "English" {
			t.Fatalf("video answer: %s", res.Body)
		}
		for path, ctype := range map[string]string{
			v.Stream.MasterURL: "application/vnd.apple.mpegurl", base + "/360p/index.m3u8": "application/vnd.apple.mpegurl",
			*v.PosterURL: "image/jpeg", v.Captions[0].URL: "text/vtt; charset=utf-8",
		} {
			if res := player.Do("GET", path, nil); res.Status != 200 || res.Header.Get("Content-Type") != ctype {
				t.Fatalf("%s: %d %s", path, res.Status, res.Header.Get("Content-Type"))
			}
		}

		// Five segments played: seconds 0–30 served.
		for i := range 5 {
			if res := player.Do("GET", base+segment(i), nil); res.Status != 200 || len(res.Body) != 32<<10 ||
				res.Header.Get("Cache-Control") != "private, max-age=31536000, immutable" || res.Header.Get("Content-Encoding") != "" {
				t.Fatalf("segment %d: %d %v", i, res.Status, res.Header)
			}
		}
		report := func(intervals ...[]float64) registration.Progress {
			t.Helper()
			var got struct{ Progress registration.Progress }
			res := viewer.Do("POST", "/api/webinars/"+w.ID+"/registration/progress", map[string]any{"intervals": intervals})
			res.Check(t, testutil.Want{Status: 200})
			res.JSON(t, &got)
			return got.Progress
		}
		report()
		s.Clock.Advance(20 * time.Second)
		if got := report(iv(0, 40)); got.WatchedSeconds != 30 || got.FurthestSeconds != 30 {
			t.Fatalf("40 s reported, 30 s served: %+v; want 30", got)
		}
		// Seeking off: up to 60 s past the furthest credited second.
		if res := player.Do("GET", base+segment(15), nil); res.Status != 200 {
			t.Fatalf("the segment at 90 s, 30 s credited: %d", res.Status)
		}
		if res := player.Do("GET", base+segment(16), nil); res.Status != http.StatusForbidden ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("the segment at 96 s, 30 s credited: %d %s; want 403", res.Status, res.Body)
		}
		var served string
		if err := d.QueryRowContext(ctx, `SELECT served_intervals FROM webinar_registrations WHERE id = $1`, reg).Scan(&served); err != nil {
			t.Fatal(err)
		}
		if served != "0-30,90-96" {
			t.Fatalf("served %q; want 0-30,90-96", served)
		}

		// A copied link: another user holds no registration, so gets no
		// token; an altered token opens nothing.
		stranger, _ := s.Login(auth.RoleUser)
		stranger.Do("GET", "/api/webinars/"+w.ID+"/video", nil).Check(t, testutil.Want{Status: 403, Code: "registration_required"})
		stranger.Do("GET", "/api/webinars/"+w.ID+"/video/stream", nil).Check(t, testutil.Want{Status: 403, Code: "registration_required"})
		if res := player.Do("GET", base+"x"+segment(0), nil); res.Status != http.StatusForbidden {
			t.Fatalf("an altered token: %d; want 403", res.Status)
		}

		// Ten minutes on, the token is spent; the page's fresh one works.
		s.Clock.Advance(10 * time.Minute)
		if res := player.Do("GET", base+segment(0), nil); res.Status != http.StatusForbidden {
			t.Fatalf("an expired token: %d; want 403", res.Status)
		}
		var fresh struct {
			Stream struct {
				MasterURL string `json:"master_url"`
			}
		}
		res = viewer.Do("GET", "/api/webinars/"+w.ID+"/video/stream", nil)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &fresh)
		if res := player.Do("GET", strings.TrimSuffix(fresh.Stream.MasterURL, "/master.m3u8")+segment(5), nil); res.Status != 200 {
			t.Fatalf("a fresh token: %d", res.Status)
		}

		// An admin not registered previews: it plays, nothing is recorded.
		admin, _ := s.Login(auth.RoleAdmin)
		var preview videoAnswer
		admin.Do("GET", "/api/webinars/"+w.ID+"/video", nil).JSON(t, &preview)
		if res := player.Do("GET", preview.base(t)+segment(19), nil); res.Status != 200 {
			t.Fatalf("an admin's preview of the last segment: %d", res.Status)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE served_intervals <> '' AND id <> $1`, reg); n != 0 {
			t.Fatalf("%d other registrations have served seconds after an admin's preview", n)
		}
	})
}

// sendfileWriter is the connection's writer as net/http has it: a
// ReaderFrom, which sends an *os.File with sendfile.
type sendfileWriter struct {
	*httptest.ResponseRecorder
	fromFile bool
}

func (w *sendfileWriter) ReadFrom(r io.Reader) (int64, error) {
	if lr, ok := r.(*io.LimitedReader); ok {
		r = lr.R
	}
	_, w.fromFile = r.(*os.File)
	return io.Copy(w.ResponseRecorder, r)
}

// TestSegmentsGoOutBySendfile: through every middleware of the app's
// handler, a segment on local storage reaches the connection's ReadFrom as
// the *os.File itself, which the kernel sends.
func TestSegmentsGoOutBySendfile(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	w := s.CreateWebinar(testutil.WebinarSpec{Length: 60})
	storedVideo(t, s, w.ID, 60)
	admin, _ := s.Login(auth.RoleAdmin)
	var v videoAnswer
	admin.Do("GET", "/api/webinars/"+w.ID+"/video", nil).JSON(t, &v)
	rec := &sendfileWriter{ResponseRecorder: httptest.NewRecorder()}
	req := httptest.NewRequest(http.MethodGet, v.base(t)+segment(0), nil)
	req.Header.Set("Accept-Encoding", "gzip")
	s.App.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || !rec.fromFile || rec.Body.Len() != 32<<10 {
		t.Fatalf("segment: %d, sent from the file: %v, %d bytes", rec.Code, rec.fromFile, rec.Body.Len())
	}
}

// A segment fetched again is not read from the database each time, yet an
// admin turning seeking off reaches it within a minute: a segment far past
// the furthest point is refused then, though it was served before.
func TestSeekingTurnedOffReachesSegmentsServedBefore(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 120})
		storedVideo(t, s, w.ID, 120)
		viewer, _ := s.Login(auth.RoleUser)
		viewer.Do("POST", "/api/webinars/"+w.ID+"/registrations", form()).Check(t, testutil.Want{Status: http.StatusCreated})
		player := s.Client()
		var v videoAnswer
		viewer.Do("GET", "/api/webinars/"+w.ID+"/video", nil).JSON(t, &v)
		base := v.base(t)
		for range 3 { // seeking on: the jump plays, and plays again
			if res := player.Do("GET", base+segment(18), nil); res.Status != 200 {
				t.Fatalf("the segment at 108 s, seeking on: %d", res.Status)
			}
		}
		if _, err := d.ExecContext(context.Background(), `UPDATE webinars SET allow_seeking = FALSE WHERE id = $1`, w.ID); err != nil {
			t.Fatal(err)
		}
		s.Clock.Advance(time.Minute)
		viewer.Do("GET", "/api/webinars/"+w.ID+"/video/stream", nil).JSON(t, &v) // the page's fresh token
		if res := player.Do("GET", v.base(t)+segment(18), nil); res.Status != http.StatusForbidden {
			t.Fatalf("the segment at 108 s a minute after seeking was turned off, nothing watched: %d; want 403", res.Status)
		}
	})
}
