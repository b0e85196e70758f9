package video

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSegmentIndex(t *testing.T) {
	playlist := "#EXTM3U\r\n#EXT-X-VERSION:6\r\n#EXT-X-TARGETDURATION:6\r\n#EXT-X-MEDIA-SEQUENCE:0\r\n#EXT-X-PLAYLIST-TYPE:VOD\r\n" +
		"#EXTINF:6.000000,\r\nseg_00000.ts\r\n#EXTINF:6.006000,\r\nseg_00001.ts\r\n#EXTINF:2.5,title\r\nseg_00002.ts\r\n#EXT-X-ENDLIST\r\n"
	got, err := SegmentIndex([]byte(playlist))
	if err != nil {
		t.Fatal(err)
	}
	want := []Segment{
		{URI: "seg_00000.ts", Start: 0, Duration: 6 * time.Second},
		{URI: "seg_00001.ts", Start: 6 * time.Second, Duration: 6006 * time.Millisecond},
		{URI: "seg_00002.ts", Start: 12006 * time.Millisecond, Duration: 2500 * time.Millisecond},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("segments:\n got %+v\nwant %+v", got, want)
	}

	for in, want := range map[string]string{
		"not a playlist":                                            "line 1: not an M3U8 playlist",
		"#EXTM3U\nseg_00000.ts\n":                                   `line 2: segment "seg_00000.ts" has no EXTINF`,
		"#EXTM3U\n#EXTINF:abc,\nseg.ts\n":                           `line 2: bad EXTINF "abc"`,
		"#EXTM3U\n#EXTINF:NaN,\nseg.ts\n":                           `line 2: bad EXTINF "NaN"`,
		"#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n": "line 2: a master playlist",
	} {
		if _, err := SegmentIndex([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SegmentIndex(%q) = %v, want %q", in, err, want)
		}
	}
}
