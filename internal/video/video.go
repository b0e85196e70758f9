// Package video turns an uploaded recording into an HLS ladder with Debian's
// ffmpeg and ffprobe (Transcoder), reads a rendition playlist's segment times
// (SegmentIndex), and parses, checks and writes captions (WebVTT and SRT). It
// knows nothing of webinars, storage or jobs: callers pass local paths.
package video

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"time"
)

// DefaultPreset is x264's speed/size trade-off: veryfast turns a 10-minute
// 1080p source into the whole ladder in about half its length on two cores,
// well inside the budget of 2×, for some more bytes than medium.
const DefaultPreset = "veryfast"

// Transcoder runs ffmpeg and ffprobe. Its zero value looks both up on PATH
// and uses DefaultPreset.
type Transcoder struct {
	FFmpeg  string // path or name of ffmpeg; "" means "ffmpeg"
	FFprobe string // path or name of ffprobe; "" means "ffprobe"
	Preset  string // x264 preset; "" means DefaultPreset (tests pass "ultrafast")
}

// Error is a failure an admin may read: Error() is one line that names no
// path; Detail (ffmpeg's own words) is for the server's log only.
type Error struct {
	Msg    string
	Detail string
}

func (e *Error) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrNotVideo) true for any Error with that message.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Msg == e.Msg
}

func (e *Error) with(detail string) *Error { return &Error{Msg: e.Msg, Detail: detail} }

var (
	// ErrUnavailable: ffmpeg or ffprobe is missing; the admin form shows it.
	ErrUnavailable = &Error{Msg: "Video uploads need ffmpeg on the server; YouTube still works."}
	// ErrNotVideo: the file is not a video ffmpeg can read (text, image, audio only, damaged).
	ErrNotVideo = &Error{Msg: "This file is not a video ffmpeg can read."}
	// ErrFailed: ffmpeg could read the file but not convert it.
	ErrFailed = &Error{Msg: "ffmpeg could not convert this video."}
)

// UserMessage is the one line an admin sees for err: an Error's message, or
// ErrFailed's for anything else (never a path or ffmpeg's output).
func UserMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Msg
	}
	return ErrFailed.Msg
}

// Available reports whether ffmpeg and ffprobe can be run; its error is
// ErrUnavailable with the missing tool in Detail.
func (t Transcoder) Available() error {
	for _, name := range []string{t.ffmpeg(), t.ffprobe()} {
		if _, err := exec.LookPath(name); err != nil {
			return ErrUnavailable.with(fmt.Sprintf("%s: %v", name, err))
		}
	}
	return nil
}

func (t Transcoder) ffmpeg() string  { return or(t.FFmpeg, "ffmpeg") }
func (t Transcoder) ffprobe() string { return or(t.FFprobe, "ffprobe") }
func (t Transcoder) preset() string  { return or(t.Preset, DefaultPreset) }

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// output runs a tool and returns its stdout; a cancelled ctx is ctx.Err().
func (t Transcoder) output(ctx context.Context, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	var stderr tail
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return out, fmt.Errorf("%w: %s", err, stderr.String())
	}
	return out, nil
}

// tail keeps the last 4 KB written to it: enough of ffmpeg's stderr for a log line.
type tail struct{ b []byte }

func (w *tail) Write(p []byte) (int, error) {
	const max = 4 << 10
	w.b = append(w.b, p...)
	if len(w.b) > max {
		w.b = w.b[len(w.b)-max:]
	}
	return len(p), nil
}

func (w *tail) String() string { return string(w.b) }

// Pattern is a generated recording: ffmpeg's testsrc2 picture of Size
// ("1280x720") at Rate frames a second (25 when 0), with a 440 Hz tone
// unless Silent, Length long; Bitrate ("600k") caps the picture's bits.
type Pattern struct {
	Size    string
	Rate    int
	Length  time.Duration
	Silent  bool
	Bitrate string
}

// TestPattern writes p to out as H.264 (x264 ultrafast: quick to write, a
// real file to read) and AAC: the demo's recording, and the tests' and the
// bench's sources.
func (t Transcoder) TestPattern(ctx context.Context, out string, p Pattern) error {
	args := []string{"-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%s:rate=%d", p.Size, cmp.Or(p.Rate, 25))}
	if !p.Silent {
		args = append(args, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000")
	}
	args = append(args, "-t", strconv.FormatFloat(p.Length.Seconds(), 'f', 3, 64),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
	if p.Bitrate != "" {
		args = append(args, "-b:v", p.Bitrate)
	}
	if !p.Silent {
		args = append(args, "-c:a", "aac", "-b:a", "64k", "-shortest")
	}
	if _, err := t.output(ctx, t.ffmpeg(), append(args, out)...); err != nil {
		return ErrFailed.with(err.Error())
	}
	return nil
}

// Detail is what err says for the server's log only: an Error's Detail
// (ffmpeg's own words), or err's text.
func Detail(err error) string {
	if e := (*Error)(nil); errors.As(err, &e) {
		return e.Detail
	}
	return err.Error()
}
