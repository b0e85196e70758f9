package video

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The files Transcode writes in its output folder, besides each rendition's
// folder (Rendition.Playlist and its segments seg_00000.ts, seg_00001.ts, …).
const (
	MasterPlaylist = "master.m3u8"
	PosterFile     = "poster.jpg"
	// SegmentSeconds: each segment's length (the last may be shorter); the
	// server maps a served segment to these seconds of the video.
	SegmentSeconds = 6
)

// rung is one step of the ladder: a height and its video bitrate cap.
type rung struct {
	height  int
	maxrate int // kbit/s; the variant's BANDWIDTH follows from it
}

// ladder: 360p, 720p and 1080p, capped at the bitrates streaming services
// use for talking heads and slides.
var ladder = []rung{{360, 800}, {720, 2800}, {1080, 5000}}

// Encoding settings shared by every rendition.
const (
	crf          = "23"   // x264's default quality; maxrate caps the busy scenes
	audioBitrate = "128k" // AAC stereo at 48 kHz
)

// Rendition is one stream of the ladder.
type Rendition struct {
	Name     string // "720p": its folder
	Width    int
	Height   int
	Playlist string // "720p/index.m3u8", relative to the output folder
}

// Result is a finished ladder.
type Result struct {
	Info       Info        // the source's length and size
	Renditions []Rendition // lowest first
	Files      []string    // every file written, relative to the output folder, '/'-separated, sorted
}

// plan is the ladder for a source: each rung no larger than the source's
// short side (so a portrait video's 720p is 720 wide), or one rendition at the
// source's own size when it is below the lowest rung.
func plan(info Info) []Rendition {
	short := min(info.Width, info.Height)
	var out []Rendition
	for _, r := range ladder {
		if r.height <= short {
			out = append(out, rendition(info, r.height))
		}
	}
	if len(out) == 0 {
		out = append(out, rendition(info, max(2, short&^1)))
	}
	return out
}

// rendition sizes a rung p keeping the source's displayed aspect, both sides even.
func rendition(info Info, p int) Rendition {
	long := func(a, b int) int { return max(2, 2*int(math.Round(float64(p)*float64(a)/float64(b)/2))) }
	r := Rendition{Name: fmt.Sprintf("%dp", p), Width: long(info.Width, info.Height), Height: p}
	if info.Width < info.Height {
		r.Width, r.Height = p, long(info.Height, info.Width)
	}
	r.Playlist = r.Name + "/index.m3u8"
	return r
}

func maxrate(r Rendition) int {
	for _, g := range ladder {
		if min(r.Width, r.Height) <= g.height {
			return g.maxrate
		}
	}
	return ladder[len(ladder)-1].maxrate
}

// Transcode turns src into an HLS ladder in outDir (which must not exist or be
// empty): H.264/AAC in MPEG-TS segments of SegmentSeconds with keyframes
// aligned across renditions, MasterPlaylist listing each rendition, and
// PosterFile from a tenth of the way in. A source without sound gets a silent
// track, so every rendition is alike. progress (may be nil) gets 0–100, rising,
// on the calling goroutine; 100 only once everything is written. On any
// failure or cancellation nothing is left in outDir; a cancelled ctx returns
// ctx.Err().
func (t Transcoder) Transcode(ctx context.Context, src, outDir string, progress func(percent int)) (Result, error) {
	if progress == nil {
		progress = func(int) {}
	}
	info, err := t.Probe(ctx, src)
	if err != nil {
		return Result{}, err
	}
	if entries, err := os.ReadDir(outDir); len(entries) > 0 || err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Result{}, fmt.Errorf("video: output folder %s must be absent or an empty folder", outDir)
	}
	parent := filepath.Dir(outDir)
	if err := os.MkdirAll(parent, 0o750); err != nil {
		return Result{}, err
	}
	// Work in a hidden sibling and rename it at the end, so outDir appears whole
	// or not at all; a crashed run's sibling is removed by the next run.
	partial := "." + filepath.Base(outDir) + ".partial-"
	stale, _ := filepath.Glob(filepath.Join(parent, partial+"*"))
	for _, p := range stale {
		_ = os.RemoveAll(p)
	}
	work, err := os.MkdirTemp(parent, partial)
	if err != nil {
		return Result{}, err
	}
	done := false
	defer func() {
		if !done {
			_ = os.RemoveAll(work)
		}
	}()

	renditions := plan(info)
	if err := t.poster(ctx, src, work, info, renditions[len(renditions)-1]); err != nil {
		return Result{}, err
	}
	if err := t.ladder(ctx, src, work, info, renditions, progress); err != nil {
		return Result{}, err
	}
	if err := os.Remove(outDir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Result{}, err
	}
	if err := os.Rename(work, outDir); err != nil {
		return Result{}, err
	}
	done = true
	files, err := listFiles(outDir)
	if err != nil {
		return Result{}, err
	}
	progress(100)
	return Result{Info: info, Renditions: renditions, Files: files}, nil
}

// poster writes PosterFile: the frame a tenth of the way in, at the top rendition's size.
func (t Transcoder) poster(ctx context.Context, src, work string, info Info, top Rendition) error {
	opts, url, err := input(src)
	if err != nil {
		return err
	}
	at := strconv.FormatFloat(info.Duration.Seconds()/10, 'f', 3, 64)
	args := []string{"-nostdin", "-hide_banner", "-v", "error", "-ss", at}
	args = append(args, opts...)
	args = append(args, "-i", url, "-frames:v", "1", "-vf", scale(top), "-q:v", "3",
		filepath.Join(work, PosterFile))
	if _, err := t.output(ctx, t.ffmpeg(), args...); err != nil {
		if ctx.Err() != nil {
			return err
		}
		return ErrFailed.with("poster: " + err.Error())
	}
	return nil
}

// ladder runs one ffmpeg for all renditions (the source is decoded once:
// faster than one pass per rendition) with its working folder at work.
func (t Transcoder) ladder(ctx context.Context, src, work string, info Info, rs []Rendition, progress func(int)) error {
	args, err := t.ladderArgs(src, info, rs)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, t.ffmpeg(), args...) // #nosec G204: the configured ffmpeg, with arguments built here (the source only as a file: URL)
	cmd.Dir = work
	cmd.WaitDelay = 5 * time.Second
	var stderr tail
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	total := info.Duration.Microseconds()
	last := -1
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		v, ok := strings.CutPrefix(sc.Text(), "out_time_us=")
		if !ok {
			continue
		}
		us, err := strconv.ParseInt(v, 10, 64)
		if err != nil || total <= 0 {
			continue
		}
		if p := int(min(99, max(0, us*100/total))); p > last {
			last = p
			progress(p)
		}
	}
	err = cmd.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return ErrFailed.with(fmt.Sprintf("%v: %s", err, stderr.String()))
	}
	return nil
}

func (t Transcoder) ladderArgs(src string, info Info, rs []Rendition) ([]string, error) {
	opts, url, err := input(src)
	if err != nil {
		return nil, err
	}
	args := []string{"-nostdin", "-hide_banner", "-v", "error"}
	args = append(args, opts...)
	args = append(args, "-i", url)
	audio := "0:a:0"
	if !info.HasAudio {
		audio = "1:a:0"
		args = append(args, "-f", "lavfi", "-t", strconv.FormatFloat(info.Duration.Seconds(), 'f', 3, 64),
			"-i", "anullsrc=channel_layout=stereo:sample_rate=48000")
	}
	graph := fmt.Sprintf("[0:v:0]split=%d", len(rs))
	for i := range rs {
		graph += fmt.Sprintf("[s%d]", i)
	}
	var streams []string
	for i, r := range rs {
		graph += fmt.Sprintf(";[s%d]%s[v%d]", i, scale(r), i)
		streams = append(streams, fmt.Sprintf("v:%d,a:%d,name:%s", i, i, r.Name))
	}
	args = append(args, "-filter_complex", graph)
	for i := range rs {
		args = append(args, "-map", fmt.Sprintf("[v%d]", i), "-map", audio)
	}
	args = append(args, "-c:v", "libx264", "-preset", t.preset(), "-profile:v", "high", "-pix_fmt", "yuv420p",
		"-crf", crf, "-sc_threshold", "0",
		"-force_key_frames", fmt.Sprintf("expr:gte(t,n_forced*%d)", SegmentSeconds))
	if info.FrameRate > 0 {
		gop := strconv.Itoa(max(1, int(math.Round(info.FrameRate*SegmentSeconds))))
		args = append(args, "-g", gop, "-keyint_min", gop)
	}
	for i, r := range rs {
		rate := maxrate(r)
		args = append(args, fmt.Sprintf("-maxrate:v:%d", i), fmt.Sprintf("%dk", rate),
			fmt.Sprintf("-bufsize:v:%d", i), fmt.Sprintf("%dk", 2*rate))
	}
	args = append(args, "-c:a", "aac", "-b:a", audioBitrate, "-ac", "2", "-ar", "48000",
		"-max_muxing_queue_size", "1024",
		"-f", "hls", "-hls_time", strconv.Itoa(SegmentSeconds), "-hls_playlist_type", "vod",
		"-hls_flags", "independent_segments", "-hls_segment_type", "mpegts",
		"-hls_segment_filename", "%v/seg_%05d.ts", "-master_pl_name", MasterPlaylist,
		"-var_stream_map", strings.Join(streams, " "),
		"-progress", "pipe:1", "%v/index.m3u8")
	return args, nil
}

// scale is the filter that sizes a frame for r, with square pixels.
func scale(r Rendition) string { return fmt.Sprintf("scale=%d:%d,setsar=1", r.Width, r.Height) }

// listFiles lists dir's files relative to it, '/'-separated, sorted.
func listFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		files = append(files, filepath.ToSlash(rel))
		return err
	})
	slices.Sort(files)
	return files, err
}
