package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/video"
	"watchwin/internal/webinar"
)

// The own-video bench (docs/performance.md#own-videos): a 2-minute 720p test
// pattern transcoded once with the production preset, stored as a webinar's
// ready video in the data folder's local storage, then served by the real
// binary to videoViewers registered viewers, at playback speed and as fast as
// they can, against http.FileServer on the same files. -video-transcode adds
// the transcode of a long 1080p source into the whole ladder.
const (
	videoSourceSize   = "1280x720"
	videoSourceLength = 2 * time.Minute
	videoRendition    = "720p"
	viewerSpread      = 5 * time.Second // the viewers' starts, evenly over it
	transcodeSize     = "1920x1080"
)

// The budgets (issue 44; docs/performance.md#own-videos).
const (
	segmentRatio       = 0.9   // watchwin's segment bytes/s ÷ http.FileServer's
	firstSegmentP99MS  = 100.0 // playlist request → the first segment's last byte
	transcodeMaxFactor = 2.0   // transcode seconds ÷ the video's seconds
)

// videoResult is one engine's own-video measures.
type videoResult struct {
	Engine        string         `json:"engine"`
	Viewers       int            `json:"viewers"`
	VideoSeconds  int            `json:"video_seconds"`
	Rendition     string         `json:"rendition"`
	Segments      int            `json:"segments"`
	SegmentBytes  float64        `json:"segment_bytes_mean"`
	Playback      playbackResult `json:"playback"`
	Fast          fastResult     `json:"as_fast_as_they_can"`
	ServedViewers int            `json:"registrations_with_served_seconds"`
	Checks        []check        `json:"checks"`
}

// playbackResult is the phase where every viewer fetches one segment each
// video.SegmentSeconds, as a player does.
type playbackResult struct {
	Seconds           float64 `json:"seconds"`
	Requests          int     `json:"requests"`
	Errors            int     `json:"errors"`
	FirstSegmentP50MS float64 `json:"first_segment_p50_ms"`
	FirstSegmentP99MS float64 `json:"first_segment_p99_ms"`
	SegmentP99MS      float64 `json:"segment_p99_ms"`
	BytesPerSecond    float64 `json:"bytes_per_second"`
	NeededPerSecond   float64 `json:"needed_bytes_per_second"` // viewers × the rendition's mean segment ÷ its length
}

// fastResult is the phase where every connection fetches segments back to
// back, watchwin and the reference in turn (asFastAsTheyCan).
type fastResult struct {
	Connections    int        `json:"connections"`
	Duration       string     `json:"duration"`
	BytesPerSec    float64    `json:"bytes_per_second"`
	SegmentsSec    float64    `json:"segments_per_second"`
	RefPerSec      float64    `json:"reference_bytes_per_second"`
	RefSegmentsSec float64    `json:"reference_segments_per_second"`
	Ratio          float64    `json:"ratio_to_reference"` // median of the slices' ratios
	Slices         []fastTurn `json:"slices"`
}

// fastTurn is one slice of each.
type fastTurn struct {
	BytesPerSec float64 `json:"bytes_per_second"`
	RefPerSec   float64 `json:"reference_bytes_per_second"`
	Ratio       float64 `json:"ratio"`
}

// transcodeResult is the long source's transcode.
type transcodeResult struct {
	SourceSeconds float64  `json:"source_seconds"`
	SourceSize    string   `json:"source_size"`
	Preset        string   `json:"preset"`
	Renditions    []string `json:"renditions"`
	Seconds       float64  `json:"seconds"`
	Factor        float64  `json:"factor"` // Seconds ÷ SourceSeconds
	Check         check    `json:"check"`
}

// runVideo runs the own-video bench on each engine (o.video), then the
// long transcode (o.videoTranscode > 0), last, so it has the cores alone.
func runVideo(ctx context.Context, o options, engines []string, rep *report) error {
	tr, err := newTranscoder()
	if err != nil {
		return err
	}
	if o.video {
		dir, err := os.MkdirTemp("", "watchwin-bench-source-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		fx, err := prepareVideo(ctx, tr, dir)
		if err != nil {
			return err
		}
		for _, url := range engines {
			res, err := benchVideo(ctx, o, url, fx)
			if err != nil {
				return err
			}
			rep.Video = append(rep.Video, res)
		}
	}
	if o.videoTranscode > 0 {
		t, err := benchTranscode(ctx, tr, o.videoTranscode)
		if err != nil {
			return err
		}
		rep.Transcode = &t
	}
	return nil
}

// checkVideoOptions refuses, before any work, what the own-video bench
// cannot do.
func checkVideoOptions(o options) error {
	if o.videoViewers < 1 {
		return errors.New("-video-viewers must be at least 1")
	}
	if o.videoPlay > video.TokenLifetime/2 {
		return fmt.Errorf("-video-play is at most %s: the viewers' stream tokens would expire", video.TokenLifetime/2)
	}
	_, err := newTranscoder()
	return err
}

// videoFixture is the transcoded test video every engine serves.
type videoFixture struct {
	dir        string // the transcode's output folder
	files      []string
	seconds    int
	height     int
	renditions []string
}

// newTranscoder is the transcoder as the server builds it: ffmpeg from
// WATCHWIN_FFMPEG / WATCHWIN_FFPROBE or PATH, the production preset.
func newTranscoder() (video.Transcoder, error) {
	tr := video.Transcoder{FFmpeg: os.Getenv("WATCHWIN_FFMPEG"), FFprobe: os.Getenv("WATCHWIN_FFPROBE")}
	if err := tr.Available(); err != nil {
		return tr, errors.New("ffmpeg is not installed: apt-get install -y ffmpeg (or -video=false -video-transcode=0)")
	}
	return tr, nil
}

// generateSource writes a test pattern with a tone of the given size and
// length to path (x264 ultrafast: quick to write, a real H.264 file to read).
func generateSource(ctx context.Context, tr video.Transcoder, path, size string, length time.Duration) error {
	if err := tr.TestPattern(ctx, path, video.Pattern{Size: size, Length: length}); err != nil {
		return fmt.Errorf("ffmpeg (generate the source): %s", video.Detail(err))
	}
	return nil
}

// prepareVideo generates the 2-minute source and transcodes it once into dir/out.
func prepareVideo(ctx context.Context, tr video.Transcoder, dir string) (videoFixture, error) {
	src := filepath.Join(dir, "source.mp4")
	fmt.Fprintf(os.Stderr, "== video: generating a %s %s source, transcoding it (preset %s)\n",
		videoSourceLength, videoSourceSize, video.DefaultPreset)
	if err := generateSource(ctx, tr, src, videoSourceSize, videoSourceLength); err != nil {
		return videoFixture{}, err
	}
	out := filepath.Join(dir, "out")
	res, err := tr.Transcode(ctx, src, out, nil)
	if err != nil {
		return videoFixture{}, transcodeError(err)
	}
	f := videoFixture{dir: out, files: res.Files, seconds: res.Info.Seconds(), height: res.Info.Height}
	for _, r := range res.Renditions {
		f.renditions = append(f.renditions, r.Name)
	}
	if !slices.Contains(f.renditions, videoRendition) {
		return f, fmt.Errorf("transcode gave %v, no %s", f.renditions, videoRendition)
	}
	return f, nil
}

// transcodeError adds ffmpeg's own words, which the admin never sees, to a
// failed transcode.
func transcodeError(err error) error {
	var e *video.Error
	if errors.As(err, &e) {
		return fmt.Errorf("transcode: %s %s", e.Msg, e.Detail)
	}
	return fmt.Errorf("transcode: %w", err)
}

// videoSeeded is what the serving phases need of the seeded store.
type videoSeeded struct {
	videoID string
	tokens  []string // one per registration
	folder  string   // the video's folder in local storage
}

// seedVideo creates an upload webinar of seats for viewers with fx as its
// ready video, stored where the server reads it, viewers registrations, and
// a stream token for each.
func seedVideo(ctx context.Context, dataDir, databaseURL string, fx videoFixture, viewers int) (videoSeeded, error) {
	var out videoSeeded
	a, err := openApp(ctx, dataDir, databaseURL, clock.Now)
	if err != nil {
		return out, err
	}
	defer a.Close()
	if a.Config.Storage != nil {
		return out, errors.New("the own-video bench serves from local storage: unset WATCHWIN_STORAGE_URL")
	}
	active, seeking := true, true
	w, err := a.Webinars.Create(ctx, webinar.Input{
		Title:            "Bench own video",
		Description:      "Concealed carry basics, holsters and the range day checklist.",
		EventDatetime:    time.Now().UTC().AddDate(0, 0, -1).Truncate(time.Hour).Format(time.RFC3339),
		DisplayPrice:     "25",
		CouponPercentage: "120",
		TotalSeats:       webinar.Number(strconv.Itoa(viewers)),
		VideoSource:      webinar.SourceUpload,
		IsActive:         &active,
		AllowSeeking:     &seeking, // the seeking rule is not what is measured
	})
	if err != nil {
		return out, err
	}

	// The files, as the transcode job stores them (a video id is 26
	// lower-case base32 characters, its folder in the bucket).
	out.videoID = strings.ToLower(rand.Text())
	storage := media.NewLocal(filepath.Join(dataDir, "storage"))
	var size int64
	for _, name := range fx.files {
		n, err := putFile(ctx, storage, out.videoID, fx.dir, name)
		if err != nil {
			return out, err
		}
		size += n
	}
	out.folder = filepath.Join(dataDir, "storage", media.BucketWebinarVideos, out.videoID)
	now := clock.Now()
	err = a.DB.InTx(ctx, func(ctx context.Context) error {
		if _, err := a.DB.Q(ctx).ExecContext(ctx, `INSERT INTO videos (id, webinar_id, status, percent, filename,
			size_bytes, duration_seconds, height, renditions, created_at, updated_at)
			VALUES ($1, $2, 'ready', 100, 'bench.mp4', $3, $4, $5, $6, $7, $7)`,
			out.videoID, w.ID, size, fx.seconds, fx.height, strings.Join(fx.renditions, ","), now); err != nil {
			return err
		}
		return a.Webinars.FillVideoLength(ctx, w.ID, fx.seconds)
	})
	if err != nil {
		return out, err
	}

	users, err := addUsers(ctx, a.DB, viewers, "bench-viewer")
	if err != nil {
		return out, err
	}
	regs := make([]string, len(users))
	err = a.DB.InTx(ctx, func(ctx context.Context) error {
		for i, u := range users {
			regs[i] = uuid.NewString()
			if _, err := a.DB.Q(ctx).ExecContext(ctx, `INSERT INTO webinar_registrations
				(id, webinar_id, user_id, user_name_for_registration, user_email_for_registration,
				 registration_time, watched_video_fully, purchased_coupon)
				VALUES ($1, $2, $3, 'Bench Viewer', $4, $5, FALSE, FALSE)`, regs[i], w.ID, u.ID, u.Email, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	for _, reg := range regs {
		tok, _, err := a.StreamTokens.Sign(ctx, out.videoID, reg)
		if err != nil {
			return out, err
		}
		out.tokens = append(out.tokens, tok)
	}
	return out, nil
}

// putFile stores the transcode's file name as the video's, where the
// server's local storage reads it.
func putFile(ctx context.Context, st *media.Local, videoID, dir, name string) (int64, error) {
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	fi, err := st.Put(ctx, media.BucketWebinarVideos, videoID+"/"+name, f, media.ContentTypeOf(name), true)
	return fi.Size, err
}

// benchVideo seeds a store with the fixture's video on one engine and
// measures its segments served by the real binary.
func benchVideo(ctx context.Context, o options, databaseURL string, fx videoFixture) (videoResult, error) {
	res := videoResult{Engine: string(db.SQLite), Viewers: o.videoViewers, VideoSeconds: fx.seconds, Rendition: videoRendition}
	dir, err := os.MkdirTemp("", "watchwin-bench-video-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	if databaseURL != "" {
		res.Engine = string(db.Postgres)
		u, drop, err := db.NewSchema(ctx, databaseURL, "bench_video_")
		if err != nil {
			return res, err
		}
		defer drop()
		databaseURL = u
	}
	fmt.Fprintf(os.Stderr, "== %s video: seeding %d viewers\n", res.Engine, o.videoViewers)
	seeded, err := seedVideo(ctx, dir, databaseURL, fx, o.videoViewers)
	if err != nil {
		return res, fmt.Errorf("seed: %w", err)
	}
	playlist, err := os.ReadFile(filepath.Join(seeded.folder, videoRendition, "index.m3u8"))
	if err != nil {
		return res, err
	}
	segs, err := video.SegmentIndex(playlist)
	if err != nil {
		return res, err
	}
	res.Segments = len(segs)
	var total int64
	for _, s := range segs {
		fi, err := os.Stat(filepath.Join(seeded.folder, videoRendition, s.URI))
		if err != nil {
			return res, err
		}
		total += fi.Size()
	}
	res.SegmentBytes = float64(total) / float64(len(segs))

	srv, err := startServer(ctx, o.bin, dir, databaseURL)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	ref, err := startFileServer(ctx, seeded.folder)
	if err != nil {
		return res, err
	}
	defer ref.stop()

	fmt.Fprintf(os.Stderr, "== %s video: %d viewers at playback speed for %s\n", res.Engine, o.videoViewers, o.videoPlay)
	res.Playback = playback(ctx, srv.url(video.StreamPrefix), seeded.tokens, o.videoPlay)
	res.Playback.NeededPerSecond = float64(o.videoViewers) * res.SegmentBytes / video.SegmentSeconds

	fmt.Fprintf(os.Stderr, "== %s video: %d connections as fast as they can, and http.FileServer in turn\n", res.Engine, o.videoViewers)
	watchwinURLs := make([][]string, len(seeded.tokens))
	refURLs := make([][]string, len(seeded.tokens))
	for i, tok := range seeded.tokens {
		for _, s := range segs {
			watchwinURLs[i] = append(watchwinURLs[i], srv.url(video.StreamPrefix+tok+"/"+videoRendition+"/"+s.URI))
			refURLs[i] = append(refURLs[i], ref.url+"/"+videoRendition+"/"+s.URI)
		}
	}
	if res.Fast, err = asFastAsTheyCan(ctx, o, watchwinURLs, refURLs); err != nil {
		return res, err
	}
	if err := srv.stop(); err != nil {
		return res, err
	}
	if res.ServedViewers, err = servedViewers(ctx, dir, databaseURL); err != nil {
		return res, err
	}
	res.Checks = videoBudgets(res)
	return res, nil
}

// servedViewers counts the registrations the server recorded served seconds for.
func servedViewers(ctx context.Context, dataDir, databaseURL string) (int, error) {
	d, err := db.Open(ctx, databaseURL, dataDir)
	if err != nil {
		return 0, err
	}
	defer d.Close()
	var n int
	err = d.QueryRowContext(ctx, `SELECT COUNT(*) FROM webinar_registrations WHERE served_intervals <> ''`).Scan(&n)
	return n, err
}

// viewerClient is one viewer's browser: its own connection.
func viewerClient() *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConnsPerHost: 2, DisableCompression: true, IdleConnTimeout: time.Minute}}
}

// viewerGet GETs url and copies its body to body; the duration runs from
// the request to the body's last byte.
func viewerGet(ctx context.Context, c *http.Client, url string, body io.Writer) (int64, time.Duration, error) {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, 0, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(body, resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return n, time.Since(start), err
}

// playback runs one viewer per token, their starts spread over
// viewerSpread: each fetches the rendition's playlist, then its segments one
// per video.SegmentSeconds (as a player keeps its buffer) for length.
func playback(ctx context.Context, base string, tokens []string, length time.Duration) playbackResult {
	var (
		mu     sync.Mutex
		res    playbackResult
		firsts []time.Duration
		all    []time.Duration
		bytes  int64
		wg     sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if res.Errors == 0 {
			fmt.Fprintln(os.Stderr, "   first failure:", err)
		}
		res.Errors++
	}
	began := time.Now()
	for i, tok := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := viewerClient()
			defer c.CloseIdleConnections()
			if !sleepUntil(ctx, began.Add(viewerSpread*time.Duration(i)/time.Duration(len(tokens)))) {
				return
			}
			t0 := time.Now()
			var pl strings.Builder
			_, _, err := viewerGet(ctx, c, base+tok+"/"+videoRendition+"/index.m3u8", &pl)
			if err != nil {
				fail(err)
				return
			}
			segs, err := video.SegmentIndex([]byte(pl.String()))
			if err != nil {
				fail(err)
				return
			}
			for k, s := range segs {
				at := t0.Add(time.Duration(k) * video.SegmentSeconds * time.Second)
				if at.Sub(t0) >= length || !sleepUntil(ctx, at) {
					return
				}
				n, d, err := viewerGet(ctx, c, base+tok+"/"+videoRendition+"/"+s.URI, io.Discard)
				if err != nil {
					fail(err)
					return
				}
				mu.Lock()
				res.Requests++
				bytes += n
				all = append(all, d)
				if k == 0 {
					firsts = append(firsts, time.Since(t0))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(began)
	res.Seconds = elapsed.Seconds()
	res.BytesPerSecond = float64(bytes) / elapsed.Seconds()
	res.FirstSegmentP50MS, res.FirstSegmentP99MS = ms(percentile(firsts, 50)), ms(percentile(firsts, 99))
	res.SegmentP99MS = ms(percentile(all, 99))
	if len(firsts) < len(tokens) && res.Errors == 0 {
		res.Errors = len(tokens) - len(firsts) // cancelled before their first segment
	}
	return res
}

func sleepUntil(ctx context.Context, t time.Time) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(time.Until(t)):
		return true
	}
}

// percentile is the p-th percentile of ds (nearest rank); 0 when empty.
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (len(s)*p + 99) / 100
	return s[min(len(s), max(1, i))-1]
}

// fastSlice is one turn of the as-fast-as-they-can phase: watchwin and
// the reference alternate in slices this short, so a burst of other work on
// the machine falls on both alike.
const fastSlice = 2 * time.Second

// asFastAsTheyCan loads watchwin and the reference in turn: a warm-up of
// each, then o.runs × o.duration of each in alternating slices of
// fastSlice, every connection kept open throughout. Bytes/s are over all
// slices; the ratio is the median of the slices' ratios.
func asFastAsTheyCan(ctx context.Context, o options, watchwin, reference [][]string) (fastResult, error) {
	turns := max(1, int((time.Duration(o.runs)*o.duration+fastSlice-1)/fastSlice))
	res := fastResult{Connections: len(watchwin),
		Duration: fmt.Sprintf("%s each in %d alternating slices", time.Duration(turns)*fastSlice, turns)}
	w, r := newLoadClient(len(watchwin)), newLoadClient(len(reference))
	defer w.CloseIdleConnections()
	defer r.CloseIdleConnections()
	if _, _, err := loadSegments(ctx, w, watchwin, o.warmup); err != nil {
		return res, fmt.Errorf("warm-up: %w", err)
	}
	if _, _, err := loadSegments(ctx, r, reference, o.warmup); err != nil {
		return res, fmt.Errorf("reference warm-up: %w", err)
	}
	var wb, wn, rb, rn float64
	var ratios []float64
	for range turns {
		b, n, err := loadSegments(ctx, w, watchwin, fastSlice)
		if err != nil {
			return res, err
		}
		c, m, err := loadSegments(ctx, r, reference, fastSlice)
		if err != nil {
			return res, fmt.Errorf("reference: %w", err)
		}
		res.Slices = append(res.Slices, fastTurn{BytesPerSec: b, RefPerSec: c, Ratio: b / c})
		wb, wn, rb, rn = wb+b, wn+n, rb+c, rn+m
		ratios = append(ratios, b/c)
	}
	k := float64(turns)
	res.BytesPerSec, res.SegmentsSec, res.RefPerSec, res.RefSegmentsSec = wb/k, wn/k, rb/k, rn/k
	res.Ratio = medianF(ratios)
	return res, nil
}

// newLoadClient keeps a connection per loading goroutine.
func newLoadClient(conns int) *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns,
		DisableCompression: true, IdleConnTimeout: time.Minute}}
}

// countingDiscard counts the bytes written to it.
type countingDiscard struct{ n *atomic.Int64 }

func (c countingDiscard) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return len(p), nil
}

// loadSegments runs one goroutine per urls[i], each fetching its segments
// in a loop for d, and returns the body bytes received per second within d
// and the whole segments per second. Any failed request fails the run: a
// fast error is not a result.
func loadSegments(ctx context.Context, c *http.Client, urls [][]string, d time.Duration) (float64, float64, error) {
	run, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		bytes, done atomic.Int64
		firstErr    error
		errOnce     sync.Once
		wg          sync.WaitGroup
	)
	body := countingDiscard{&bytes}
	start := time.Now()
	for i, list := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 32<<10)
			for k := i; run.Err() == nil; k++ {
				req, err := http.NewRequestWithContext(run, http.MethodGet, list[k%len(list)], nil)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					return
				}
				resp, err := c.Do(req)
				if err == nil {
					_, err = io.CopyBuffer(body, resp.Body, buf)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("GET %s: %s", req.URL.Path, resp.Status)
					}
				}
				if run.Err() != nil {
					return // the slice ended mid-request
				}
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					cancel()
					return
				}
				done.Add(1)
			}
		}()
	}
	sleepUntil(ctx, start.Add(d))
	got, n := bytes.Load(), done.Load()
	cancel()
	wg.Wait()
	if firstErr != nil {
		return 0, 0, firstErr
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	secs := d.Seconds()
	return float64(got) / secs, float64(n) / secs, nil
}

func medianF(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// fileServer is the reference: http.FileServer from this toolchain in a
// child process (this binary with -serve-files), so it does not share the
// client's scheduler.
type fileServer struct {
	cmd  *exec.Cmd
	url  string
	done chan error
}

func startFileServer(ctx context.Context, dir string) (*fileServer, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, self, "-serve-files", dir)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &fileServer{cmd: cmd, done: make(chan error, 1)}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	go func() { s.done <- cmd.Wait() }()
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("the reference file server did not start: %w", err)
	}
	s.url = "http://" + strings.TrimSpace(line)
	return s, nil
}

func (s *fileServer) stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// serveFiles is the reference's child: http.FileServer on dir on a free
// loopback port, whose address it prints, until SIGTERM.
func serveFiles(ctx context.Context, dir string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	fmt.Println(ln.Addr().String())
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// benchTranscode generates a source of length at transcodeSize and times its
// transcode into the whole ladder with the production preset.
func benchTranscode(ctx context.Context, tr video.Transcoder, length time.Duration) (transcodeResult, error) {
	res := transcodeResult{SourceSize: transcodeSize, Preset: video.DefaultPreset}
	dir, err := os.MkdirTemp("", "watchwin-bench-transcode-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "source.mp4")
	fmt.Fprintf(os.Stderr, "== video: generating a %s %s source\n", length, transcodeSize)
	if err := generateSource(ctx, tr, src, transcodeSize, length); err != nil {
		return res, err
	}
	fmt.Fprintf(os.Stderr, "== video: transcoding it into the ladder (preset %s)\n", res.Preset)
	began := time.Now()
	out, err := tr.Transcode(ctx, src, filepath.Join(dir, "out"), nil)
	if err != nil {
		return res, transcodeError(err)
	}
	res.Seconds = time.Since(began).Seconds()
	res.SourceSeconds = out.Info.Duration.Seconds()
	for _, r := range out.Renditions {
		res.Renditions = append(res.Renditions, r.Name)
	}
	res.Factor = res.Seconds / res.SourceSeconds
	res.Check = check{"transcode ÷ video length", res.Factor, fmt.Sprintf("≤ %.0f", transcodeMaxFactor),
		res.Factor <= transcodeMaxFactor}
	return res, nil
}

func videoBudgets(r videoResult) []check {
	errs := r.Playback.Errors
	return []check{
		{"segment bytes/s ÷ http.FileServer", r.Fast.Ratio, fmt.Sprintf("≥ %.2f", segmentRatio), r.Fast.Ratio >= segmentRatio},
		{"first segment p99 (ms)", r.Playback.FirstSegmentP99MS, fmt.Sprintf("≤ %.0f", firstSegmentP99MS),
			r.Playback.FirstSegmentP99MS <= firstSegmentP99MS},
		{"failed requests at playback speed", float64(errs), "= 0", errs == 0},
		{"viewers with served seconds recorded", float64(r.ServedViewers), fmt.Sprintf("= %d", r.Viewers), r.ServedViewers == r.Viewers},
	}
}

func videoPassed(rs []videoResult, t *transcodeResult) bool {
	for _, r := range rs {
		for _, c := range r.Checks {
			if !c.Passed {
				return false
			}
		}
	}
	return t == nil || t.Check.Passed
}

func mb(bytesPerSecond float64) float64 { return bytesPerSecond / 1e6 }

func printVideo(out io.Writer, rs []videoResult, t *transcodeResult) {
	for _, r := range rs {
		fmt.Fprintf(out, "\nown video, %s: a %d-second %s video (%d segments of %d s, %.2f MB on average)\n",
			r.Engine, r.VideoSeconds, r.Rendition, r.Segments, video.SegmentSeconds, r.SegmentBytes/1e6)
		p, f := r.Playback, r.Fast
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%d viewers at playback speed, %.0f s\tvalue\t\n", r.Viewers, p.Seconds)
		fmt.Fprintf(tw, "delivered MB/s (playing needs %.1f)\t%.1f\t\n", mb(p.NeededPerSecond), mb(p.BytesPerSecond))
		fmt.Fprintf(tw, "segments/s\t%.0f\t\n", float64(p.Requests)/p.Seconds)
		fmt.Fprintf(tw, "first segment p50 ms (playlist request → its last byte)\t%.2f\t\n", p.FirstSegmentP50MS)
		fmt.Fprintf(tw, "first segment p99 ms\t%.2f\t\n", p.FirstSegmentP99MS)
		fmt.Fprintf(tw, "any segment p99 ms\t%.2f\t\n", p.SegmentP99MS)
		tw.Flush()
		tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%d connections as fast as they can, %s\tMB/s\tsegments/s\t× reference\t\n",
			f.Connections, f.Duration)
		fmt.Fprintf(tw, "reference: http.FileServer on the same files\t%.0f\t%.0f\t1.00\t\n", mb(f.RefPerSec), f.RefSegmentsSec)
		fmt.Fprintf(tw, "GET /video/{token}/%s/{segment}\t%.0f\t%.0f\t%.2f\t\n",
			r.Rendition, mb(f.BytesPerSec), f.SegmentsSec, f.Ratio)
		tw.Flush()
		printChecks(out, r.Checks)
	}
	if t != nil {
		fmt.Fprintf(out, "\ntranscode: a %.0f-minute %s source into %s, preset %s: %.0f s (%.2f × its length)\n",
			t.SourceSeconds/60, t.SourceSize, strings.Join(t.Renditions, ", "), t.Preset, t.Seconds, t.Factor)
		printChecks(out, []check{t.Check})
	}
}
