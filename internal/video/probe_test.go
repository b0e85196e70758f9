package video

import (
	"errors"
	"testing"
	"time"
)

func TestParseProbe(t *testing.T) {
	phone := `{"format":{"duration":"61.4999"},"streams":[
		{"codec_type":"video","width":1920,"height":1080,"avg_frame_rate":"30000/1001","side_data_list":[{"rotation":-90}]},
		{"codec_type":"audio"}]}`
	info, err := parseProbe([]byte(phone))
	if err != nil {
		t.Fatal(err)
	}
	if info != (Info{Duration: 61499 * time.Millisecond, Width: 1080, Height: 1920, FrameRate: 30000.0 / 1001, HasAudio: true}) || info.Seconds() != 61 {
		t.Errorf("phone video: %+v (%d s)", info, info.Seconds())
	}
	dv := `{"format":{"duration":"0.2"},"streams":[{"codec_type":"video","width":720,"height":480,"sample_aspect_ratio":"32:27","r_frame_rate":"25/1","avg_frame_rate":"0/0"}]}`
	if info, err := parseProbe([]byte(dv)); err != nil || info.Width != 853 || info.FrameRate != 25 || info.Seconds() != 1 {
		t.Errorf("anamorphic video: %+v, %v", info, err)
	}
	for name, in := range map[string]string{
		"audio with cover art": `{"format":{"duration":"180"},"streams":[{"codec_type":"audio"},{"codec_type":"video","width":600,"height":600,"disposition":{"attached_pic":1}}]}`,
		"no duration":          `{"format":{},"streams":[{"codec_type":"video","width":600,"height":600}]}`,
		"not json":             `[`,
	} {
		if _, err := parseProbe([]byte(in)); !errors.Is(err, ErrNotVideo) {
			t.Errorf("%s: %v, want ErrNotVideo", name, err)
		}
	}
}
