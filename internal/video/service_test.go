package video_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/s3server"
	"watchwin/internal/video"
)

// needTools skips a test that transcodes on a machine without ffmpeg.
func needTools(t *testing.T) {
	t.Helper()
	if err := (video.Transcoder{}).Available(); err != nil {
		t.Skip("ffmpeg and ffprobe are not installed (apt-get install -y ffmpeg): skipping the transcode tests")
	}
}

// fast transcodes with x264's quickest preset.
func fast(c *config.Config) { c.VideoPreset = "ultrafast" }

// anyFFmpeg makes the server believe ffmpeg is there (for tests that never transcode).
func anyFFmpeg(c *config.Config) { c.FFmpeg, c.FFprobe = "true", "true" }

// recording generates a 640×360 test pattern with a tone, seconds long.
func recording(t *testing.T, seconds int) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "in.mp4")
	p := video.Pattern{Size: "640x360", Rate: 15, Length: time.Duration(seconds) * time.Second}
	if err := (video.Transcoder{}).TestPattern(context.Background(), out, p); err != nil {
		t.Fatalf("%v: %s", err, video.Detail(err))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// cutAndResume sends data to the upload at from with the connection cut
// halfway (a laptop closed), asks at to (the same URL, or another
// instance's) what arrived, and sends the rest there, as Uppy resumes.
func cutAndResume(t *testing.T, admin *testutil.Client, from, to string, data []byte) {
	t.Helper()
	if res := admin.TusPatchCut(from, 0, data, len(data)/2); res.Status/100 == 2 {
		t.Fatalf("the cut PATCH succeeded: %d", res.Status)
	}
	head := admin.TusHead(to)
	var offset int
	if _, err := fmt.Sscan(head.Header.Get("Upload-Offset"), &offset); err != nil || head.Status != http.StatusOK ||
		offset <= 0 || offset > len(data)/2 {
		t.Fatalf("HEAD after the cut: %d offset %q (sent %d)", head.Status, head.Header.Get("Upload-Offset"), len(data)/2)
	}
	if res := admin.TusPatch(to, offset, data[offset:]); res.Status != http.StatusNoContent ||
		res.Header.Get("Upload-Offset") != fmt.Sprint(len(data)) {
		t.Fatalf("resumed PATCH: %d %v %s", res.Status, res.Header, res.Body)
	}
}

// videosOf is GET /api/admin/webinars/{id}/video.
func videosOf(t *testing.T, c *testutil.Client, webinarID string) video.WebinarVideos {
	t.Helper()
	res := c.Do("GET", "/api/admin/webinars/"+webinarID+"/video", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET video: %d %s", res.Status, res.Body)
	}
	var out video.WebinarVideos
	res.JSON(t, &out)
	return out
}

// transcodeNow runs the jobs once and waits for the transcode they started.
func transcodeNow(t *testing.T, s *testutil.Server) {
	t.Helper()
	if ran := s.App.RunJobs(t.Context()); !slices.Contains(ran, "video.transcode") {
		t.Fatalf("video.transcode did not run: %v", ran)
	}
	s.App.Videos.Wait()
}

// stored reads one of a video's stored files ("" when it is not there).
func stored(t *testing.T, s *testutil.Server, videoID, name string) string {
	t.Helper()
	f, _, err := s.App.Videos.Open(t.Context(), videoID, name)
	if errors.Is(err, media.ErrNotFound) {
		return ""
	}
	if err != nil {
		t.Fatalf("open %s/%s: %v", videoID, name, err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkReady checks a ready video of 15 s at 360p and its files in storage.
func checkReady(t *testing.T, s *testutil.Server, v *video.View, seconds int) {
	t.Helper()
	if v == nil || v.Status != video.StatusReady || v.Percent != 100 || v.Error != nil || v.DurationSeconds == nil ||
		*v.DurationSeconds != seconds || !slices.Equal(v.Renditions, []string{"360p"}) {
		t.Fatalf("ready video: %+v", v)
	}
	master := stored(t, s, v.ID, video.MasterPlaylist)
	if !strings.Contains(master, "360p/index.m3u8") {
		t.Fatalf("master playlist: %q", master)
	}
	segs, err := video.SegmentIndex([]byte(stored(t, s, v.ID, "360p/index.m3u8")))
	if err != nil || len(segs) == 0 {
		t.Fatalf("360p playlist: %v, %v", segs, err)
	}
	last := segs[len(segs)-1]
	if total := (last.Start + last.Duration).Round(time.Second); total != time.Duration(seconds)*time.Second {
		t.Errorf("segments cover %v, want %d s", total, seconds)
	}
	if stored(t, s, v.ID, segs[0].URI) == "" && stored(t, s, v.ID, "360p/"+segs[0].URI) == "" {
		t.Errorf("first segment %s not stored", segs[0].URI)
	}
	if stored(t, s, v.ID, video.PosterFile) == "" {
		t.Error("no poster")
	}
}

// An admin's upload survives a cut connection: the next PATCH starts where
// the server says the file stopped. Once whole, the job turns it into HLS in
// storage, the webinar gets its length from the file, and the upload goes.
func TestUploadResumesAndTranscodes(t *testing.T) {
	needTools(t)
	data := recording(t, 15)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, fast)
		admin := s.Actors().Admin
		w := s.CreateWebinar(testutil.WebinarSpec{})

		res := admin.TusCreate(w.ID, "Range Day.mp4", len(data))
		url := res.Header.Get("Location")
		if res.Status != http.StatusCreated || res.Header.Get("Tus-Resumable") != "1.0.0" ||
			!strings.HasPrefix(url, s.URL+video.UploadPath) {
			t.Fatalf("create: %d %v %s", res.Status, res.Header, res.Body)
		}
		got := videosOf(t, admin, w.ID)
		if !got.FFmpeg || got.MaxBytes != 8<<30 || got.Current != nil || got.Latest == nil ||
			got.Latest.Status != video.StatusUploading || got.Latest.Filename != "Range Day.mp4" ||
			got.Latest.SizeBytes != int64(len(data)) || got.Latest.DurationSeconds != nil {
			t.Fatalf("after create: %+v %+v", got, got.Latest)
		}

		cutAndResume(t, admin, url, url, data)
		if got := videosOf(t, admin, w.ID); got.Latest.Status != video.StatusQueued {
			t.Fatalf("after the last byte: %+v", got.Latest)
		}
		if res := admin.TusPatch(url, len(data), []byte("x")); res.Status != http.StatusConflict {
			t.Errorf("PATCH after completion: %d %s", res.Status, res.Body)
		}

		transcodeNow(t, s)
		got = videosOf(t, admin, w.ID)
		checkReady(t, s, got.Current, 15)
		if got.Latest == nil || got.Latest.ID != got.Current.ID || path.Base(url) != got.Current.ID {
			t.Errorf("latest %+v, current %+v", got.Latest, got.Current)
		}
		if wb, err := s.App.Webinars.Get(t.Context(), w.ID); err != nil || wb.VideoLengthSeconds != 15 {
			t.Errorf("webinar length %d (%v), want 15 from the file", wb.VideoLengthSeconds, err)
		}
		if res := admin.TusHead(url); res.Status != http.StatusNotFound {
			t.Errorf("HEAD once transcoded: %d", res.Status)
		}
		if entries, _ := os.ReadDir(filepath.Join(s.App.Config.DataDir, "uploads")); len(entries) != 0 {
			t.Errorf("uploads left: %v", entries)
		}

		// Serving reads the files through Open: local files are *os.File
		// (the kernel sends them), and nothing outside the video's folder opens.
		f, fi, err := s.App.Videos.Open(t.Context(), got.Current.ID, video.PosterFile)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := f.(*os.File); !ok || fi.ContentType != "image/jpeg" {
			t.Errorf("Open gave %T, %q", f, fi.ContentType)
		}
		f.Close()
		for _, name := range []string{"../" + got.Current.ID + "/poster.jpg", "/etc/passwd", "360p/../../x"} {
			if _, _, err := s.App.Videos.Open(t.Context(), got.Current.ID, name); !errors.Is(err, media.ErrInvalidPath) {
				t.Errorf("Open(%q): %v", name, err)
			}
		}
		p, ok, err := s.App.Videos.Playable(t.Context(), w.ID)
		if err != nil || !ok || p.VideoID != got.Current.ID || p.DurationSeconds != 15 || !slices.Equal(p.Renditions, []string{"360p"}) {
			t.Errorf("Playable: %+v %v %v", p, ok, err)
		}
	})
}

// A webinar playing uploads: a file that is not a video fails with one line
// and leaves the current video as it was; a new recording replaces it (the
// old files go) and sets the length again; deleting the webinar removes
// the files. The admin's list warns while the playing video has no captions.
func TestReplacingAndDeletingVideos(t *testing.T) {
	needTools(t)
	first, second := recording(t, 15), recording(t, 12)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, fast)
		admin := s.Actors().Admin
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 600})
		form := map[string]any{"title": w.Title, "description": w.Description, "event_datetime": w.EventDatetime.Format(time.RFC3339),
			"display_price": 40, "total_seats": 20, "video_length_seconds": 600, "video_source": "upload", "youtube_video_id": ""}
		if res := admin.Do("PUT", "/api/admin/webinars/"+w.ID, form); res.Status != http.StatusOK {
			t.Fatalf("to upload: %d %s", res.Status, res.Body)
		}
		captionsMissing := func() bool {
			var list struct {
				Webinars []struct {
					ID              string
					CaptionsMissing bool `json:"captions_missing"`
				}
			}
			admin.Do("GET", "/api/admin/webinars", nil).JSON(t, &list)
			return list.Webinars[0].CaptionsMissing
		}

		admin.TusUpload(w.ID, "first.mp4", first)
		transcodeNow(t, s)
		old := videosOf(t, admin, w.ID).Current
		checkReady(t, s, old, 15)
		if wb, _ := s.App.Webinars.Get(t.Context(), w.ID); wb.VideoLengthSeconds != 15 {
			t.Errorf("length %d, want 15: an upload webinar takes its video's", wb.VideoLengthSeconds)
		}
		if !captionsMissing() {
			t.Error("published upload without captions: no warning")
		}
		if res := admin.Do("PUT", "/api/admin/videos/"+old.ID+"/captions/en", map[string]string{"label": "English",
			"text": "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome.\n"}); res.Status != http.StatusOK {
			t.Fatalf("captions: %d %s", res.Status, res.Body)
		}
		if captionsMissing() {
			t.Error("warning with captions")
		}

		junk := admin.TusUpload(w.ID, "notes.mp4", []byte(strings.Repeat("These are my notes, not a video.\n", 2000)))
		transcodeNow(t, s)
		got := videosOf(t, admin, w.ID)
		if got.Latest == nil || got.Latest.Status != video.StatusFailed || got.Latest.Error == nil ||
			*got.Latest.Error != video.ErrNotVideo.Msg {
			t.Fatalf("not a video: %+v", got.Latest)
		}
		if got.Current == nil || got.Current.ID != old.ID || stored(t, s, old.ID, video.MasterPlaylist) == "" {
			t.Fatalf("the playing video changed: %+v", got.Current)
		}
		if res := admin.TusHead(junk); res.Status != http.StatusNotFound {
			t.Errorf("failed upload kept: HEAD %d", res.Status)
		}

		admin.TusUpload(w.ID, "second.mp4", second)
		transcodeNow(t, s)
		got = videosOf(t, admin, w.ID)
		checkReady(t, s, got.Current, 12)
		if got.Latest.ID != got.Current.ID || got.Current.ID == old.ID {
			t.Fatalf("after the second: latest %+v current %+v", got.Latest, got.Current)
		}
		if stored(t, s, old.ID, video.MasterPlaylist) != "" || stored(t, s, old.ID, video.PosterFile) != "" {
			t.Error("the replaced video's files are still stored")
		}
		var rows int
		if err := d.QueryRow(`SELECT count(*) FROM videos WHERE webinar_id = $1`, w.ID).Scan(&rows); err != nil || rows != 1 {
			t.Errorf("%d video rows (%v), want the new one only", rows, err)
		}
		if wb, _ := s.App.Webinars.Get(t.Context(), w.ID); wb.VideoLengthSeconds != 12 {
			t.Errorf("length %d, want 12 from the new video", wb.VideoLengthSeconds)
		}
		if !captionsMissing() {
			t.Error("the new video has no captions: no warning")
		}

		if res := admin.Do("DELETE", "/api/admin/webinars/"+w.ID, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if stored(t, s, got.Current.ID, video.MasterPlaylist) != "" || stored(t, s, got.Current.ID, "360p/index.m3u8") != "" {
			t.Error("the deleted webinar's video files are still stored")
		}
	})
}

// Two instances on one database (and one data folder): the job's lease lets
// one of them take the queued video, and a video is claimed once even when
// both ask at the same moment.
func TestTwoInstancesTranscodeOnce(t *testing.T) {
	needTools(t)
	data := recording(t, 15)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		dir := t.TempDir()
		share := func(c *config.Config) { c.DataDir = dir }
		a, b := testutil.NewServerWithDB(t, d, fast, share), testutil.NewServerWithDB(t, d, fast, share)
		w := a.CreateWebinar(testutil.WebinarSpec{})
		admin := a.Actors().Admin

		admin.TusUpload(w.ID, "one.mp4", data)
		ran := make([][]string, 2)
		var wg sync.WaitGroup
		for i, s := range []*testutil.Server{a, b} {
			wg.Go(func() { ran[i] = s.App.RunJobs(t.Context()) })
		}
		wg.Wait()
		a.App.Videos.Wait()
		b.App.Videos.Wait()
		if slices.Contains(ran[0], "video.transcode") == slices.Contains(ran[1], "video.transcode") {
			t.Fatalf("video.transcode ran on both or neither: %v / %v", ran[0], ran[1])
		}
		checkReady(t, a, videosOf(t, admin, w.ID).Current, 15)

		// Without the lease, the claim itself lets one instance have it.
		admin.TusUpload(w.ID, "two.mp4", data)
		started := make([]int, 2)
		for i, s := range []*testutil.Server{a, b} {
			wg.Go(func() {
				n, err := s.App.Videos.Transcode(t.Context())
				if err != nil {
					t.Error(err)
				}
				started[i] = n
			})
		}
		wg.Wait()
		a.App.Videos.Wait()
		b.App.Videos.Wait()
		if started[0]+started[1] != 1 {
			t.Fatalf("transcodes started: %v, want exactly one", started)
		}
		got := videosOf(t, admin, w.ID)
		checkReady(t, a, got.Current, 15)
		if got.Latest.ID != got.Current.ID {
			t.Errorf("the second upload is not playing: %+v", got.Latest)
		}
	})
}

// With S3 storage the streams go to the bucket with their content types; a
// transcode left by a stopped instance goes back to the queue once its row
// has not moved for ten minutes.
func TestTranscodeToS3(t *testing.T) {
	needTools(t)
	srv := s3server.Start(t)
	data := recording(t, 15)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		bucket := srv.NewBucket(t)
		t.Setenv("WATCHWIN_STORAGE_URL", srv.URL(bucket)+"&path_style=true")
		s := testutil.NewServerWithDB(t, d, fast)
		admin := s.Actors().Admin
		w := s.CreateWebinar(testutil.WebinarSpec{})
		id := path.Base(admin.TusUpload(w.ID, "s3.mp4", data))

		// An instance took it and stopped (its row still says transcoding).
		if _, err := d.Exec(`UPDATE videos SET status = 'transcoding', updated_at = $2 WHERE id = $1`, id, s.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		s.App.RunJobs(t.Context())
		s.App.Videos.Wait()
		if got := videosOf(t, admin, w.ID).Latest; got.Status != video.StatusTranscoding {
			t.Fatalf("a fresh transcode was taken over: %+v", got)
		}
		s.Clock.Advance(11 * time.Minute)
		transcodeNow(t, s)
		got := videosOf(t, admin, w.ID)
		checkReady(t, s, got.Current, 15)

		for name, ctype := range map[string]string{video.MasterPlaylist: "application/vnd.apple.mpegurl",
			"360p/index.m3u8": "application/vnd.apple.mpegurl", "360p/seg_00000.ts": "video/mp2t", video.PosterFile: "image/jpeg"} {
			oi, err := srv.Client.StatObject(context.Background(), bucket, "webinar_videos/"+id+"/"+name, minio.StatObjectOptions{})
			if err != nil || oi.ContentType != ctype || oi.Size == 0 {
				t.Errorf("%s in the bucket: %+v, %v", name, oi, err)
			}
		}
		if entries, _ := os.ReadDir(filepath.Join(s.App.Config.DataDir, "transcode")); len(entries) != 0 {
			t.Errorf("local transcode output left: %v", entries)
		}
	})
}

// Who may upload, and the uploads the store refuses, each with a message
// the admin can act on; an admin may cancel an upload under way.
func TestUploadRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, anyFFmpeg)
		c := s.Actors()
		w := s.CreateWebinar(testutil.WebinarSpec{})

		if res := c.Anon.TusCreate(w.ID, "a.mp4", 1000); res.Status != http.StatusUnauthorized {
			t.Errorf("signed out: %d %s", res.Status, res.Body)
		}
		if res := c.User.TusCreate(w.ID, "a.mp4", 1000); res.Status != http.StatusForbidden {
			t.Errorf("a user: %d %s", res.Status, res.Body)
		}
		if res := c.User.Do("GET", "/api/admin/webinars/"+w.ID+"/video", nil); res.Status != http.StatusForbidden {
			t.Errorf("a user's GET video: %d", res.Status)
		}
		for _, tt := range []struct {
			webinar string
			size    int
			status  int
			message string
		}{
			{w.ID, 8<<30 + 1, http.StatusRequestEntityTooLarge, "This file is larger than the 8 GB limit."},
			{w.ID, 0, http.StatusBadRequest, "This file is empty."},
			{"no-such-webinar", 1000, http.StatusNotFound, "Webinar not found"},
			{"", 1000, http.StatusBadRequest, "The upload must name its webinar (webinar_id)."},
		} {
			res := c.Admin.TusCreate(tt.webinar, "a.mp4", tt.size)
			if res.Status != tt.status || res.ErrorMessage() != tt.message {
				t.Errorf("%q, %d bytes: %d %s", tt.webinar, tt.size, res.Status, res.Body)
			}
		}
		for _, p := range []string{"no-such-upload", strings.Repeat("a", 26), "../../etc/passwd"} {
			if res := c.Admin.TusPatch(s.URL+video.UploadPath+p, 0, []byte("x")); res.Status != http.StatusNotFound {
				t.Errorf("PATCH %s: %d %s", p, res.Status, res.Body)
			}
		}

		// A 25 MB part, above the 20 MB every other route takes.
		part := make([]byte, 25<<20)
		res := c.Admin.TusCreate(w.ID, "big.mov", len(part)+1000)
		url := res.Header.Get("Location")
		if res := c.Admin.TusPatch(url, 0, part); res.Status != http.StatusNoContent {
			t.Fatalf("25 MB part: %d %s", res.Status, res.Body)
		}
		// Cancelled: the upload, its row and its parts go, and the log says so.
		req, _ := http.NewRequest(http.MethodDelete, url, nil)
		req.Header.Set("Tus-Resumable", "1.0.0")
		if res := c.Admin.Send(req); res.Status != http.StatusNoContent {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		if got := videosOf(t, c.Admin, w.ID); got.Latest != nil || c.Admin.TusHead(url).Status != http.StatusNotFound {
			t.Errorf("after cancel: %+v", got.Latest)
		}
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM audit_log WHERE action = 'video.upload_cancel' AND target_id = $1`,
			path.Base(url)).Scan(&n); err != nil || n != 1 {
			t.Errorf("cancel entries: %d (%v)", n, err)
		}

		// Without ffmpeg the form says so and no upload starts.
		none := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.FFmpeg = "watchwin-no-such-ffmpeg" })
		admin := none.Actors().Admin
		if got := videosOf(t, admin, w.ID); got.FFmpeg {
			t.Error("ffmpeg: true without it")
		}
		res = admin.TusCreate(w.ID, "a.mp4", 1000)
		if res.Status != http.StatusConflict || res.ErrorCode() != "ffmpeg_missing" || res.ErrorMessage() != video.ErrUnavailable.Msg {
			t.Errorf("without ffmpeg: %d %s", res.Status, res.Body)
		}
	})
}

// The size cap is a setting.
func TestUploadSizeCap(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	small := testutil.NewServerWithDB(t, s.App.DB, anyFFmpeg, func(c *config.Config) { c.VideoMaxBytes = 3 << 29 })
	w := small.CreateWebinar(testutil.WebinarSpec{})
	res := small.Actors().Admin.TusCreate(w.ID, "a.mp4", 3<<29+1)
	if res.Status != http.StatusRequestEntityTooLarge || res.ErrorMessage() != "This file is larger than the 1.5 GB limit." {
		t.Errorf("over 1.5 GB: %d %s", res.Status, res.Body)
	}
	if got := videosOf(t, small.Actors().Admin, w.ID); got.MaxBytes != 3<<29 {
		t.Errorf("max_bytes %d", got.MaxBytes)
	}
}

// Captions: SRT is kept as WebVTT, a fault names its line, one caption's
// text may be edited, a language removed; serving reads the WebVTT.
func TestCaptions(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, anyFFmpeg)
		c := s.Actors()
		w := s.CreateWebinar(testutil.WebinarSpec{})
		id := path.Base(c.Admin.TusCreate(w.ID, "a.mp4", 1000).Header.Get("Location"))
		base := "/api/admin/videos/" + id + "/captions/"
		srt := "1\r\n00:00:01,000 --> 00:00:03,500\r\nWelcome to the range.\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\n<i>Eyes and ears on.</i>\r\n"
		type caption struct {
			Caption video.Caption `json:"caption"`
		}
		var got caption
		res := c.Admin.Do("PUT", base+"en", map[string]string{"label": " English ", "text": srt})
		res.JSON(t, &got)
		want := video.Caption{Language: "en", Label: "English", Cues: []video.CueView{
			{Start: 1, End: 3.5, Text: "Welcome to the range."}, {Start: 4, End: 6, Text: "<i>Eyes and ears on.</i>"}}}
		if res.Status != http.StatusOK || fmt.Sprint(got.Caption) != fmt.Sprint(want) {
			t.Fatalf("PUT SRT: %d %s", res.Status, res.Body)
		}
		vtt, err := s.App.Videos.CaptionVTT(t.Context(), id, "en")
		if err != nil || !strings.HasPrefix(vtt, "WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nWelcome to the range.\n") {
			t.Errorf("CaptionVTT: %q, %v", vtt, err)
		}
		if v := videosOf(t, c.Admin, w.ID).Latest; len(v.Captions) != 1 || v.Captions[0] != (video.CaptionSummary{Language: "en", Label: "English", Cues: 2}) {
			t.Errorf("video captions: %+v", v.Captions)
		}

		bad := "1\n00:00:01,000 --> 00:00:03,500\nWelcome.\n\n2\n00:00:04,000 -> 00:00:06,000\nOops.\n"
		res = c.Admin.Do("PUT", base+"es", map[string]string{"label": "Español", "text": bad})
		if res.Status != http.StatusBadRequest || res.ErrorField() != "text" || !strings.HasPrefix(res.ErrorMessage(), "Line 6: ") {
			t.Errorf("bad SRT: %d %s", res.Status, res.Body)
		}
		for _, tt := range []struct{ lang, label, field string }{{"en_US", "English", "language"}, {"fr", "", "label"}} {
			res := c.Admin.Do("PUT", base+tt.lang, map[string]string{"label": tt.label, "text": srt})
			if res.Status != http.StatusBadRequest || res.ErrorField() != tt.field {
				t.Errorf("%q %q: %d %s", tt.lang, tt.label, res.Status, res.Body)
			}
		}

		res = c.Admin.Do("PATCH", base+"en/cues/1", map[string]string{"text": "Eyes and ears on, please.\r\n"})
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.Caption.Cues[1].Text != "Eyes and ears on, please." || got.Caption.Cues[1].Start != 4 {
			t.Errorf("edit: %d %s", res.Status, res.Body)
		}
		for _, tt := range []struct {
			index, text string
			status      int
		}{{"2", "x", http.StatusNotFound}, {"-1", "x", http.StatusNotFound}, {"one", "x", http.StatusNotFound},
			{"0", "  ", http.StatusBadRequest}, {"0", "a --> b", http.StatusBadRequest}} {
			if res := c.Admin.Do("PATCH", base+"en/cues/"+tt.index, map[string]string{"text": tt.text}); res.Status != tt.status {
				t.Errorf("edit %s %q: %d %s", tt.index, tt.text, res.Status, res.Body)
			}
		}
		res = c.Admin.Do("GET", base+"en", nil)
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.Caption.Cues[1].Text != "Eyes and ears on, please." {
			t.Errorf("GET: %d %s", res.Status, res.Body)
		}
		if res := c.User.Do("GET", base+"en", nil); res.Status != http.StatusForbidden {
			t.Errorf("a user reads captions: %d", res.Status)
		}
		if res := c.Admin.Do("DELETE", base+"en", nil); res.Status != http.StatusNoContent {
			t.Errorf("DELETE: %d %s", res.Status, res.Body)
		}
		if res := c.Admin.Do("GET", base+"en", nil); res.Status != http.StatusNotFound {
			t.Errorf("GET after DELETE: %d", res.Status)
		}
		if _, err := s.App.Videos.CaptionVTT(t.Context(), id, "en"); err == nil {
			t.Error("CaptionVTT after DELETE")
		}
	})
}

// An upload nobody continued for a day is removed; a whole one whose
// completion was not recorded is queued.
func TestAbandonedUploadsArePruned(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, anyFFmpeg)
		admin := s.Actors().Admin
		w := s.CreateWebinar(testutil.WebinarSpec{})
		res := admin.TusCreate(w.ID, "left.mp4", 1000)
		left := res.Header.Get("Location")
		admin.TusPatch(left, 0, make([]byte, 400))
		whole := admin.TusUpload(w.ID, "whole.mp4", make([]byte, 500))
		if _, err := d.Exec(`UPDATE videos SET status = 'uploading' WHERE id = $1`, path.Base(whole)); err != nil {
			t.Fatal(err)
		}

		s.Clock.Advance(23 * time.Hour)
		admin.TusPatch(left, 400, make([]byte, 100)) // still in progress: it counts from here
		s.Clock.Advance(23 * time.Hour)
		s.App.RunJobs(t.Context())
		if res := admin.TusHead(left); res.Status != http.StatusOK {
			t.Fatalf("upload touched 23 h ago: HEAD %d", res.Status)
		}
		var status string
		if err := d.QueryRow(`SELECT status FROM videos WHERE id = $1`, path.Base(whole)).Scan(&status); err != nil || status != video.StatusQueued {
			t.Errorf("whole upload: %q (%v), want queued", status, err)
		}
		s.Clock.Advance(2 * time.Hour)
		s.App.RunJobs(t.Context()) // the leases are this instance's: every job runs
		if res := admin.TusHead(left); res.Status != http.StatusNotFound {
			t.Errorf("abandoned upload: HEAD %d", res.Status)
		}
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM videos WHERE id = $1`, path.Base(left)).Scan(&n); err != nil || n != 0 {
			t.Errorf("abandoned row: %d (%v)", n, err)
		}
		if _, err := os.Stat(filepath.Join(s.App.Config.DataDir, "uploads", path.Base(left))); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("abandoned parts: %v", err)
		}
	})
}

// Import queues a file of the server's own as the webinar's newest video, as
// a finished upload (the demo's recording): audited as the command line's,
// then transcoded by the job like an admin's upload, its copy in the uploads
// removed. It needs a webinar that exists, and ffmpeg.
func TestImport(t *testing.T) {
	needTools(t)
	data := recording(t, 12)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, fast)
		admin := s.Actors().Admin
		w := s.CreateWebinar(testutil.WebinarSpec{})
		src := filepath.Join(t.TempDir(), "source.mp4")
		if err := os.WriteFile(src, data, 0o600); err != nil {
			t.Fatal(err)
		}
		ctx := audit.WithSource(t.Context(), audit.CommandLine)
		id, err := s.App.Videos.Import(ctx, w.ID, src, "Range Day.mp4")
		if err != nil {
			t.Fatal(err)
		}
		got := videosOf(t, admin, w.ID)
		if got.Latest == nil || got.Latest.ID != id || got.Latest.Status != video.StatusQueued ||
			got.Latest.Filename != "Range Day.mp4" || got.Latest.SizeBytes != int64(len(data)) || got.Current != nil {
			t.Fatalf("imported: %+v %+v", got, got.Latest)
		}
		var role, summary string
		if err := d.QueryRow(`SELECT actor_role, summary FROM audit_log WHERE action = $1 AND target_id = $2`,
			audit.VideoUpload, id).Scan(&role, &summary); err != nil || role != "command line" ||
			!strings.HasPrefix(summary, "webinar "+w.ID+`: "Range Day.mp4", `) || !strings.HasSuffix(summary, ", imported on the server") {
			t.Errorf("audit: %q %q (%v)", role, summary, err)
		}

		transcodeNow(t, s)
		checkReady(t, s, videosOf(t, admin, w.ID).Current, 12)
		if entries, _ := os.ReadDir(filepath.Join(s.App.Config.DataDir, "uploads")); len(entries) != 0 {
			t.Errorf("uploads left: %v", entries)
		}
		if _, err := os.Stat(src); err != nil {
			t.Errorf("the imported file itself: %v; Import copies it", err)
		}

		if _, err := s.App.Videos.Import(ctx, "no-such-webinar", src, "x.mp4"); err == nil {
			t.Error("import for a missing webinar: no error")
		} else if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindNotFound {
			t.Errorf("import for a missing webinar: %v", err)
		}
	})
}

// Without ffmpeg nothing is imported: no video, no copy in the uploads.
func TestImportNeedsFFmpeg(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.FFmpeg = filepath.Join(t.TempDir(), "ffmpeg") })
		w := s.CreateWebinar(testutil.WebinarSpec{})
		src := filepath.Join(t.TempDir(), "source.mp4")
		if err := os.WriteFile(src, []byte("a recording"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Videos.Import(t.Context(), w.ID, src, "source.mp4"); !errors.Is(err, video.ErrUnavailable) {
			t.Errorf("import without ffmpeg: %v, want %v", err, video.ErrUnavailable)
		}
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM videos`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d videos (%v)", n, err)
		}
		if entries, _ := os.ReadDir(filepath.Join(s.App.Config.DataDir, "uploads")); len(entries) != 0 {
			t.Errorf("uploads: %v", entries)
		}
	})
}
