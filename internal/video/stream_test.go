package video_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/testutil"
	"watchwin/internal/video"
)

// folder is a video's files in a local folder, as media.Local opens them
// (an *os.File), and its captions.
type folder struct {
	id  string
	dir string
}

func (f folder) Open(_ context.Context, videoID, name string) (io.ReadSeekCloser, media.FileInfo, error) {
	if videoID != f.id || strings.Contains(name, "..") {
		return nil, media.FileInfo{}, media.ErrNotFound
	}
	file, err := os.Open(filepath.Join(f.dir, filepath.FromSlash(name)))
	if err != nil {
		return nil, media.FileInfo{}, media.ErrNotFound
	}
	st, err := file.Stat()
	if err != nil {
		_ = file.Close()
		return nil, media.FileInfo{}, err
	}
	return file, media.FileInfo{Path: name, Size: st.Size(), ModTime: st.ModTime().UTC()}, nil
}

func (f folder) CaptionVTT(_ context.Context, videoID, language string) (string, error) {
	if videoID != f.id || language != "en" {
		return "", apperr.NotFound("No captions in this language.")
	}
	return "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello.\n", nil
}

// viewers records the segments served and refuses any starting at or past refuseFrom.
type viewers struct {
	mu         sync.Mutex
	served     []string
	refuseFrom int
}

func (v *viewers) Served(_ context.Context, reg string, start, end int) error {
	if start >= v.refuseFrom {
		return apperr.Forbidden("Skipping ahead is off for this webinar.")
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.served = append(v.served, reg+" "+strconv.Itoa(start)+"-"+strconv.Itoa(end))
	return nil
}

func (v *viewers) got() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return slices.Clone(v.served)
}

const master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=640x360\n360p/index.m3u8\n"

const rendition = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n" +
	"#EXTINF:6.000000,\nseg_00000.ts\n#EXTINF:6.000000,\nseg_00001.ts\n#EXTINF:4.480000,\nseg_00002.ts\n#EXT-X-ENDLIST\n"

// streamSetup is a stream handler over a video of three segments (6 s, 6 s,
// 4.48 s) of 64 KB each.
type streamSetup struct {
	mux     *http.ServeMux
	tokens  *video.Tokens
	clock   *testutil.Clock
	viewers *viewers
	segment []byte
}

func newStream(t *testing.T, d *db.DB) *streamSetup {
	t.Helper()
	dir := t.TempDir()
	seg := make([]byte, 64<<10)
	_, _ = rand.Read(seg)
	for name, body := range map[string][]byte{
		"master.m3u8": []byte(master), "360p/index.m3u8": []byte(rendition), "poster.jpg": testutil.JPEG(t),
		"360p/seg_00000.ts": seg, "360p/seg_00001.ts": seg, "360p/seg_00002.ts": seg,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, body, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	clk := &testutil.Clock{}
	st := &streamSetup{mux: http.NewServeMux(), tokens: video.NewTokens(d, clk.Now), clock: clk,
		viewers: &viewers{refuseFrom: 1 << 30}, segment: seg}
	video.NewStreamHandler(folder{id: "vid1", dir: dir}, st.tokens, st.viewers).Routes(st.mux)
	return st
}

func (st *streamSetup) token(t *testing.T, videoID, viewer string) string {
	t.Helper()
	tok, _, err := st.tokens.Sign(context.Background(), videoID, viewer)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (st *streamSetup) get(path string, header ...string) *httptest.ResponseRecorder {
	return st.do(http.MethodGet, path, header...)
}

func (st *streamSetup) do(method, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	st.mux.ServeHTTP(rec, req)
	return rec
}

// TestStreamServing: what the player gets for each of a video's files.
func TestStreamServing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		st := newStream(t, d)
		tok := st.token(t, "vid1", "reg-a")
		base := video.StreamPrefix + tok

		res := st.get(video.MasterURL(tok))
		if res.Code != 200 || res.Body.String() != master || res.Header().Get("Cache-Control") != "no-store" ||
			res.Header().Get("Content-Type") != "application/vnd.apple.mpegurl" {
			t.Fatalf("master playlist: %d %v %q", res.Code, res.Header(), res.Body)
		}
		res = st.get(base + "/360p/index.m3u8")
		if res.Code != 200 || res.Body.String() != rendition || res.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("rendition playlist: %d %v", res.Code, res.Header())
		}

		res = st.get(base + "/360p/seg_00001.ts")
		h := res.Header()
		if res.Code != 200 || !bytes.Equal(res.Body.Bytes(), st.segment) || h.Get("Content-Type") != "video/mp2t" ||
			h.Get("Cache-Control") != "private, max-age=31536000, immutable" || h.Get("ETag") == "" || h.Get("Accept-Ranges") != "bytes" {
			t.Fatalf("segment: %d %v", res.Code, h)
		}
		etag := h.Get("ETag")
		st.get(base+"/360p/seg_00002.ts", "Range", "bytes=100-199")
		if res := st.get(base+"/360p/seg_00000.ts", "Range", "bytes=100-199"); res.Code != http.StatusPartialContent ||
			!bytes.Equal(res.Body.Bytes(), st.segment[100:200]) {
			t.Fatalf("a range of a segment: %d, %d bytes", res.Code, res.Body.Len())
		}
		if res := st.get(base+"/360p/seg_00001.ts", "If-None-Match", etag); res.Code != http.StatusNotModified {
			t.Fatalf("a segment the player holds: %d; want 304", res.Code)
		}
		// A HEAD sends nothing, so records nothing.
		if res := st.do(http.MethodHead, base+"/360p/seg_00002.ts"); res.Code != 200 {
			t.Fatalf("HEAD of a segment: %d", res.Code)
		}
		// Each segment's seconds, rounded outwards: 6–12, then 12–17 (4.48 s), 0–6, 6–12.
		if got, want := st.viewers.got(), []string{"reg-a 6-12", "reg-a 12-17", "reg-a 0-6", "reg-a 6-12"}; !slices.Equal(got, want) {
			t.Fatalf("served %v; want %v", got, want)
		}

		res = st.get(video.PosterURL(tok))
		if res.Code != 200 || res.Header().Get("Content-Type") != "image/jpeg" ||
			res.Header().Get("Cache-Control") != "private, max-age=31536000, immutable" {
			t.Fatalf("poster: %d %v", res.Code, res.Header())
		}
		res = st.get(video.CaptionURL(tok, "en"))
		if res.Code != 200 || res.Header().Get("Content-Type") != "text/vtt; charset=utf-8" || !strings.HasPrefix(res.Body.String(), "WEBVTT") {
			t.Fatalf("captions: %d %v %q", res.Code, res.Header(), res.Body)
		}

		for _, path := range []string{
			video.CaptionURL(tok, "fr"), base + "/360p/seg_00009.ts", base + "/720p/index.m3u8",
			base + "/other.txt", base + "/captions/en.srt", base + "/a/b/c",
		} {
			if res := st.get(path); res.Code != http.StatusNotFound {
				t.Errorf("%s: %d; want 404", path, res.Code)
			}
		}
		if got := len(st.viewers.got()); got != 4 {
			t.Fatalf("%d segments recorded after the 404s; want 4 still", got)
		}
	})
}

// TestStreamRefusals: a bad, altered, expired or foreign token gets 403
// and nothing; an admin's preview plays and records nothing; a segment the
// registration may not fetch yet (seeking off) gets 403 and no bytes.
func TestStreamRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		st := newStream(t, d)
		tok := st.token(t, "vid1", "reg-a")
		payload, mac, _ := strings.Cut(tok, ".")
		other := st.token(t, "vid2", "reg-a")
		otherPayload, _, _ := strings.Cut(other, ".")
		for name, bad := range map[string]string{
			"not a token": "nonsense", "altered": otherPayload + "." + mac, "unsigned": payload + ".",
		} {
			for _, file := range []string{"/master.m3u8", "/360p/index.m3u8", "/360p/seg_00000.ts", "/poster.jpg", "/captions/en.vtt"} {
				res := st.get(video.StreamPrefix + bad + file)
				if res.Code != http.StatusForbidden || !strings.HasPrefix(res.Header().Get("Content-Type"), "text/plain") {
					t.Errorf("%s token, %s: %d %q; want 403 plain", name, file, res.Code, res.Body)
				}
			}
		}
		// A token for another video opens nothing of this one.
		if res := st.get(video.StreamPrefix + other + "/360p/seg_00000.ts"); res.Code != http.StatusNotFound {
			t.Errorf("another video's token: %d; want 404", res.Code)
		}

		preview := st.token(t, "vid1", video.AdminViewer+"admin-1")
		if res := st.get(video.StreamPrefix + preview + "/360p/seg_00002.ts"); res.Code != 200 {
			t.Fatalf("an admin's preview: %d", res.Code)
		}

		st.viewers.refuseFrom = 6
		if res := st.get(video.StreamPrefix + tok + "/360p/seg_00000.ts"); res.Code != 200 {
			t.Fatalf("the first segment: %d", res.Code)
		}
		res := st.get(video.StreamPrefix + tok + "/360p/seg_00002.ts")
		if res.Code != http.StatusForbidden || bytes.Contains(res.Body.Bytes(), st.segment[:64]) {
			t.Fatalf("a segment past the allowed point: %d; want 403 without the segment", res.Code)
		}
		if got := st.viewers.got(); !slices.Equal(got, []string{"reg-a 0-6"}) {
			t.Fatalf("served %v; want only the first segment, for the registration", got)
		}

		st.clock.Advance(video.TokenLifetime)
		if res := st.get(video.StreamPrefix + tok + "/360p/seg_00000.ts"); res.Code != http.StatusForbidden {
			t.Fatalf("after %v: %d; want 403", video.TokenLifetime, res.Code)
		}
	})
}
