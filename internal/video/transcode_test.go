package video

import (
	"context"
	"errors"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// tr is the transcoder under test: ultrafast keeps the package's tests short.
var tr = Transcoder{Preset: "ultrafast"}

func needFFmpeg(t *testing.T) {
	t.Helper()
	if err := tr.Available(); err != nil {
		t.Skip("ffmpeg and ffprobe are not installed (apt-get install -y ffmpeg): skipping the transcoder tests")
	}
}

// source generates a test pattern (and a tone unless silent) of the given
// size and seconds into dir.
func source(t *testing.T, dir, name, size string, seconds int, silent bool) string {
	t.Helper()
	out := filepath.Join(dir, name)
	p := Pattern{Size: size, Length: time.Duration(seconds) * time.Second, Silent: silent}
	if err := tr.TestPattern(context.Background(), out, p); err != nil {
		t.Fatalf("%v: %s", err, Detail(err))
	}
	return out
}

func ffmpeg(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v\n%s", args, err, out)
	}
}

func TestTranscodeLadderNeverAboveTheSource(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	dir := t.TempDir()
	src := source(t, dir, "talk.mp4", "1280x720", 15, false)
	out := filepath.Join(dir, "out")

	var seen []int
	res, err := tr.Transcode(context.Background(), src, out, func(p int) { seen = append(seen, p) })
	if err != nil {
		t.Fatalf("Transcode: %v (%s)", err, Detail(err))
	}

	if got := names(res.Renditions); !slices.Equal(got, []string{"360p", "720p"}) {
		t.Fatalf("renditions = %v, want 360p and 720p (none above the 720p source)", got)
	}
	if res.Info.Seconds() != 15 || !res.Info.HasAudio || res.Info.Width != 1280 || res.Info.Height != 720 {
		t.Errorf("Info = %+v, want 15 s of 1280x720 with audio", res.Info)
	}
	if len(seen) == 0 || seen[len(seen)-1] != 100 || !slices.IsSorted(seen) || len(slices.Compact(slices.Clone(seen))) != len(seen) {
		t.Errorf("progress = %v, want strictly rising to 100", seen)
	}

	master := read(t, filepath.Join(out, MasterPlaylist))
	for _, want := range []string{
		`(?m)^#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n360p/index\.m3u8$`,
		`(?m)^#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=1280x720,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n720p/index\.m3u8$`,
	} {
		if !regexp.MustCompile(want).MatchString(master) {
			t.Errorf("master playlist lacks %s:\n%s", want, master)
		}
	}
	if strings.Contains(master, "1080p") {
		t.Errorf("master lists a rendition above the source:\n%s", master)
	}

	var first []Segment
	for _, r := range res.Renditions {
		playlist := read(t, filepath.Join(out, r.Playlist))
		for _, tag := range []string{"#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-INDEPENDENT-SEGMENTS", "#EXT-X-TARGETDURATION:6", "#EXT-X-ENDLIST"} {
			if !strings.Contains(playlist, tag) {
				t.Errorf("%s lacks %s", r.Playlist, tag)
			}
		}
		segs, err := SegmentIndex([]byte(playlist))
		if err != nil {
			t.Fatal(err)
		}
		last := segs[len(segs)-1]
		if total := last.Start + last.Duration; total < 14*time.Second || total > 16*time.Second {
			t.Errorf("%s lasts %v, want 15 s", r.Playlist, total)
		}
		for _, s := range segs {
			if s.Duration > SegmentSeconds*time.Second+100*time.Millisecond {
				t.Errorf("%s: segment %s lasts %v, over %d s", r.Playlist, s.URI, s.Duration, SegmentSeconds)
			}
			if !slices.Contains(res.Files, r.Name+"/"+s.URI) {
				t.Errorf("segment %s/%s is not in Files %v", r.Name, s.URI, res.Files)
			}
		}
		// Keyframes aligned: every rendition cuts its segments at the same times.
		if first == nil {
			first = segs
		} else if !slices.Equal(first, segs) {
			t.Errorf("segments differ between renditions:\n%v\n%v", first, segs)
		}
	}
	if len(first) != 3 {
		t.Errorf("segments = %v, want 3 (6 + 6 + 3 s)", first)
	}

	f, err := os.Open(filepath.Join(out, PosterFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := jpeg.DecodeConfig(f); err != nil || cfg.Height != 720 {
		t.Errorf("poster: %+v, %v; want a 720-pixel-high JPEG", cfg, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the source's folder holds %d entries, want the source and out only (no partial folder left)", len(entries))
	}
}

func TestTranscodeSmallSourceGetsOneRenditionAtItsOwnSize(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	dir := t.TempDir()
	src := source(t, dir, "small.mkv", "320x240", 4, false)
	crashed := filepath.Join(dir, ".out.partial-123")
	if err := os.Mkdir(crashed, 0o700); err != nil {
		t.Fatal(err)
	}
	res, err := tr.Transcode(context.Background(), src, filepath.Join(dir, "out"), nil)
	if err != nil {
		t.Fatalf("Transcode: %v (%s)", err, Detail(err))
	}
	if _, err := os.Stat(crashed); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a crashed run's partial folder is still there: %v", err)
	}
	if len(res.Renditions) != 1 || res.Renditions[0] != (Rendition{Name: "240p", Width: 320, Height: 240, Playlist: "240p/index.m3u8"}) {
		t.Fatalf("renditions = %+v, want one 320x240 rendition", res.Renditions)
	}
	if master := read(t, filepath.Join(dir, "out", MasterPlaylist)); !strings.Contains(master, "RESOLUTION=320x240") {
		t.Errorf("master:\n%s", master)
	}
}

func TestTranscodeSilentSourceGetsSilentAudio(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	dir := t.TempDir()
	src := source(t, dir, "silent.mp4", "640x360", 4, true)
	out := filepath.Join(dir, "out")
	res, err := tr.Transcode(context.Background(), src, out, nil)
	if err != nil {
		t.Fatalf("Transcode: %v (%s)", err, Detail(err))
	}
	if res.Info.HasAudio {
		t.Fatal("the source has no audio, Info says it has")
	}
	seg, err := tr.Probe(context.Background(), filepath.Join(out, "360p", "seg_00000.ts"))
	if err != nil || !seg.HasAudio {
		t.Errorf("a segment of a silent source: %+v, %v; want video with (silent) audio", seg, err)
	}
	if master := read(t, filepath.Join(out, MasterPlaylist)); !strings.Contains(master, "mp4a.40.2") {
		t.Errorf("master lacks the audio codec:\n%s", master)
	}
}

func TestNotAVideoFailsWithOneLineAndWritesNothing(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.mp4")
	if err := os.WriteFile(text, []byte("Not a video, just some notes.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	audio := filepath.Join(dir, "tone.m4a")
	ffmpeg(t, "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2", "-c:a", "aac", audio)
	image := filepath.Join(dir, "still.png")
	ffmpeg(t, "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", image)
	// A playlist that points at a server file must not be read at all.
	playlist := filepath.Join(dir, "evil.m3u8")
	if err := os.WriteFile(playlist, []byte("#EXTM3U\n#EXTINF:1,\n"+image+"\n#EXT-X-ENDLIST\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	for _, src := range []string{text, audio, image, playlist} {
		t.Run(filepath.Base(src), func(t *testing.T) {
			out := filepath.Join(dir, "out-"+filepath.Base(src))
			_, err := tr.Transcode(context.Background(), src, out, nil)
			if !errors.Is(err, ErrNotVideo) {
				t.Fatalf("Transcode = %v, want ErrNotVideo", err)
			}
			if msg := err.Error(); msg != "This file is not a video ffmpeg can read." || UserMessage(err) != msg {
				t.Errorf("message = %q (UserMessage %q)", msg, UserMessage(err))
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("output folder exists after a failure: %v", err)
			}
		})
	}
}

func TestCancelStopsFFmpegAndLeavesNothing(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	dir := t.TempDir()
	src := source(t, dir, "long.mp4", "640x360", 30, false)
	out := filepath.Join(dir, "out")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// From the first progress report, not from the start: probing and
	// starting ffmpeg take seconds on a busy machine; a kill does not.
	var cancelled time.Time
	_, err := tr.Transcode(ctx, src, out, func(int) {
		if cancelled.IsZero() {
			cancelled = time.Now()
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Transcode = %v, want context.Canceled", err)
	}
	if el := time.Since(cancelled); el > 5*time.Second {
		t.Errorf("Transcode returned %v after cancel: ffmpeg was not stopped", el)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("after cancel the folder holds %v, want the source only", entries)
	}
}

func TestMissingFFmpegIsUnavailable(t *testing.T) {
	missing := Transcoder{FFmpeg: "/nonexistent/ffmpeg", FFprobe: "/nonexistent/ffprobe"}
	err := missing.Available()
	if !errors.Is(err, ErrUnavailable) || strings.Contains(err.Error(), "/nonexistent") {
		t.Fatalf("Available = %v, want ErrUnavailable naming no path", err)
	}
	if _, err := missing.Transcode(context.Background(), "x.mp4", t.TempDir(), nil); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Transcode = %v, want ErrUnavailable", err)
	}
	if got := UserMessage(errors.New("exit status 1: /var/lib/x")); got != ErrFailed.Msg {
		t.Errorf("UserMessage of an unknown error = %q, want %q", got, ErrFailed.Msg)
	}
}

func TestPlanFollowsTheShortSide(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		want []Rendition
	}{
		{1920, 1080, []Rendition{{"360p", 640, 360, "360p/index.m3u8"}, {"720p", 1280, 720, "720p/index.m3u8"}, {"1080p", 1920, 1080, "1080p/index.m3u8"}}},
		{3840, 2160, []Rendition{{"360p", 640, 360, "360p/index.m3u8"}, {"720p", 1280, 720, "720p/index.m3u8"}, {"1080p", 1920, 1080, "1080p/index.m3u8"}}},
		{1440, 1080, []Rendition{{"360p", 480, 360, "360p/index.m3u8"}, {"720p", 960, 720, "720p/index.m3u8"}, {"1080p", 1440, 1080, "1080p/index.m3u8"}}},
		{1280, 1000, []Rendition{{"360p", 460, 360, "360p/index.m3u8"}, {"720p", 922, 720, "720p/index.m3u8"}}},
		{1080, 1920, []Rendition{{"360p", 360, 640, "360p/index.m3u8"}, {"720p", 720, 1280, "720p/index.m3u8"}, {"1080p", 1080, 1920, "1080p/index.m3u8"}}},
		{320, 241, []Rendition{{"240p", 318, 240, "240p/index.m3u8"}}},
	} {
		if got := plan(Info{Width: tc.w, Height: tc.h}); !slices.Equal(got, tc.want) {
			t.Errorf("plan(%dx%d) = %v, want %v", tc.w, tc.h, got, tc.want)
		}
	}
}

func names(rs []Rendition) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Name)
	}
	return out
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
