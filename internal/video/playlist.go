package video

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Segment is one media segment of a rendition playlist.
type Segment struct {
	URI      string        // as the playlist names it: "seg_00003.ts"
	Start    time.Duration // where it starts in the video (the sum of the EXTINFs before it)
	Duration time.Duration // its EXTINF
}

// SegmentIndex lists a rendition playlist's segments in order, with the
// seconds of the video each one carries, so a served segment maps to a
// stretch of the video. A master playlist or a malformed one is an error.
func SegmentIndex(playlist []byte) ([]Segment, error) {
	text := strings.ReplaceAll(strings.TrimPrefix(string(playlist), "\uFEFF"), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if strings.TrimSpace(lines[0]) != "#EXTM3U" {
		return nil, fmt.Errorf("video: playlist line 1: not an M3U8 playlist")
	}
	var (
		segs    []Segment
		start   time.Duration
		pending = time.Duration(-1)
	)
	for i, line := range lines[1:] {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "#EXT-X-STREAM-INF"):
			return nil, fmt.Errorf("video: playlist line %d: a master playlist, not a rendition's", i+2)
		case strings.HasPrefix(line, "#EXTINF:"):
			v, _, _ := strings.Cut(strings.TrimPrefix(line, "#EXTINF:"), ",")
			secs, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || !(secs >= 0 && secs <= 24*3600) { // also refuses NaN
				return nil, fmt.Errorf("video: playlist line %d: bad EXTINF %q", i+2, v)
			}
			pending = time.Duration(math.Round(secs*1e6)) * time.Microsecond
		case strings.HasPrefix(line, "#"):
		default:
			if pending < 0 {
				return nil, fmt.Errorf("video: playlist line %d: segment %q has no EXTINF", i+2, line)
			}
			segs = append(segs, Segment{URI: line, Start: start, Duration: pending})
			start += pending
			pending = -1
		}
	}
	return segs, nil
}
