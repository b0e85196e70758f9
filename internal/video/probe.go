package video

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Info is what Probe reads from a file that has a video stream.
type Info struct {
	Duration  time.Duration // to the millisecond
	Width     int           // as displayed (pixel aspect and a phone's rotation applied)
	Height    int           // as displayed
	FrameRate float64       // frames per second; 0 when the file does not say
	HasAudio  bool
}

// Seconds is the video's length in whole seconds (nearest, at least 1): the
// webinar's video length.
func (i Info) Seconds() int {
	return max(1, int(math.Round(i.Duration.Seconds())))
}

// inputWhitelist: the containers a recording comes in. Anything else (a
// playlist that points at other files, an image, audio only) is not opened at
// all, so an uploaded .m3u8 or concat list cannot make ffmpeg read server files.
const inputWhitelist = "mov,matroska,webm,avi,mpegts,flv,asf,mpeg,mxf,ogg"

// input is how ffmpeg and ffprobe open src: as a local file (never a URL,
// whatever its name) of a whitelisted container.
func input(src string) (opts []string, url string, err error) {
	abs, err := filepath.Abs(src)
	if err != nil {
		return nil, "", err
	}
	return []string{"-format_whitelist", inputWhitelist, "-protocol_whitelist", "file"}, "file:" + abs, nil
}

// Probe reads src's length, size and streams. A file without a video stream,
// or one ffprobe cannot read, is ErrNotVideo; missing tools are ErrUnavailable.
func (t Transcoder) Probe(ctx context.Context, src string) (Info, error) {
	if err := t.Available(); err != nil {
		return Info{}, err
	}
	opts, url, err := input(src)
	if err != nil {
		return Info{}, err
	}
	args := append([]string{"-v", "error", "-show_format", "-show_streams", "-of", "json"}, opts...)
	out, err := t.output(ctx, t.ffprobe(), append(args, url)...)
	if err != nil {
		if ctx.Err() != nil {
			return Info{}, err
		}
		return Info{}, ErrNotVideo.with(err.Error())
	}
	return parseProbe(out)
}

type probeOutput struct {
	Format struct {
		Duration string `json:"duration"`
	} `json:"format"`
	Streams []struct {
		CodecType    string `json:"codec_type"`
		Width        int    `json:"width"`
		Height       int    `json:"height"`
		SampleAspect string `json:"sample_aspect_ratio"`
		AvgFrameRate string `json:"avg_frame_rate"`
		RFrameRate   string `json:"r_frame_rate"`
		Duration     string `json:"duration"`
		Disposition  struct {
			AttachedPic int `json:"attached_pic"`
		} `json:"disposition"`
		Tags struct {
			Rotate string `json:"rotate"`
		} `json:"tags"`
		SideData []struct {
			Rotation float64 `json:"rotation"`
		} `json:"side_data_list"`
	} `json:"streams"`
}

func parseProbe(out []byte) (Info, error) {
	var p probeOutput
	if err := json.Unmarshal(out, &p); err != nil {
		return Info{}, ErrNotVideo.with("ffprobe output: " + err.Error())
	}
	var info Info
	video := -1
	for i, s := range p.Streams {
		switch {
		case s.CodecType == "audio":
			info.HasAudio = true
		case s.CodecType == "video" && s.Disposition.AttachedPic == 0 && s.Width > 0 && s.Height > 0 && video < 0:
			video = i
		}
	}
	if video < 0 {
		return Info{}, ErrNotVideo.with("no video stream")
	}
	s := p.Streams[video]
	info.Width, info.Height = s.Width, s.Height
	if sar := ratio(s.SampleAspect, ":"); sar > 0 && sar != 1 {
		info.Width = max(2, int(math.Round(float64(s.Width)*sar)))
	}
	rotation, _ := strconv.ParseFloat(s.Tags.Rotate, 64)
	for _, sd := range s.SideData {
		if sd.Rotation != 0 {
			rotation = sd.Rotation
		}
	}
	if r := int(math.Abs(rotation)) % 180; r == 90 {
		info.Width, info.Height = info.Height, info.Width
	}
	info.FrameRate = ratio(s.AvgFrameRate, "/")
	if info.FrameRate == 0 {
		info.FrameRate = ratio(s.RFrameRate, "/")
	}
	secs, err := strconv.ParseFloat(p.Format.Duration, 64)
	if err != nil || secs <= 0 {
		secs, err = strconv.ParseFloat(s.Duration, 64)
	}
	if err != nil || secs <= 0 || math.IsInf(secs, 0) || math.IsNaN(secs) {
		return Info{}, ErrNotVideo.with("no duration")
	}
	info.Duration = time.Duration(secs*1000) * time.Millisecond
	return info, nil
}

// ratio reads ffprobe's "num/den" frame rate or "num:den" pixel aspect; 0 when absent or odd.
func ratio(s, sep string) float64 {
	num, den, ok := strings.Cut(s, sep)
	n, err1 := strconv.ParseFloat(num, 64)
	d, err2 := strconv.ParseFloat(den, 64)
	if !ok || err1 != nil || err2 != nil || d == 0 || n <= 0 || n/d > 1000 {
		return 0
	}
	return n / d
}
