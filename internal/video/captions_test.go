package video

import (
	"errors"
	"slices"
	"testing"
	"time"
)

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

func TestParseCaptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []Cue
	}{
		{"webvtt", "WEBVTT\n\n00:01.000 --> 00:04.500\nHello.\n\nintro\n00:00:05.000 --> 00:00:07.250 align:start line:0\nTwo\nlines\n",
			[]Cue{{Start: ms(1000), End: ms(4500), Text: "Hello."},
				{ID: "intro", Start: ms(5000), End: ms(7250), Settings: "align:start line:0", Text: "Two\nlines"}}},
		{"webvtt with BOM, CRLF, header, note, style and hours", "\uFEFFWEBVTT - talk\r\nKind: captions\r\n\r\nSTYLE\r\n::cue { color: yellow }\r\n\r\nNOTE a comment\r\nover two lines\r\n\r\n01:02:03.004 --> 01:02:05.000\r\n<v Ann>Hi &amp; welcome</v>\r\n",
			[]Cue{{Start: time.Hour + 2*time.Minute + 3*time.Second + ms(4), End: time.Hour + 2*time.Minute + 5*time.Second, Text: "<v Ann>Hi &amp; welcome</v>"}}},
		{"srt", "1\n00:00:01,000 --> 00:00:04,000\nFirst <i>cue</i>\n\n2\n00:00:04,000 --> 00:00:06,100 X1:10 X2:20 Y1:5 Y2:9\nSecond\nline\n",
			[]Cue{{Start: ms(1000), End: ms(4000), Text: "First <i>cue</i>"}, {Start: ms(4000), End: ms(6100), Text: "Second\nline"}}},
		{"srt with BOM, CR line ends, extra blank lines and no final newline", "\uFEFF1\r00:00:01,000 --> 00:00:02,000\rA\r\r\r\r2\r00:00:03.000 --> 00:00:04,000\rB",
			[]Cue{{Start: ms(1000), End: ms(2000), Text: "A"}, {Start: ms(3000), End: ms(4000), Text: "B"}}},
		{"srt without numbers", "00:00:01,000 --> 00:00:02,000\nA\n",
			[]Cue{{Start: ms(1000), End: ms(2000), Text: "A"}}},
		{"cue without text", "WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:02.000 --> 00:03.000\nB\n",
			[]Cue{{Start: ms(1000), End: ms(2000)}, {Start: ms(2000), End: ms(3000), Text: "B"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseCaptions([]byte(tc.in))
			if err != nil {
				t.Fatalf("ParseCaptions: %v", err)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("cues:\n got %+v\nwant %+v", got, tc.want)
			}
			again, err := ParseCaptions(WriteWebVTT(got))
			if err != nil || !slices.Equal(again, got) {
				t.Fatalf("WebVTT written back reads as %+v, %v", again, err)
			}
		})
	}
}

func TestParseCaptionsErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "the file has no captions."},
		{"only a header", "WEBVTT\n", "the file has no captions."},
		{"bad signature", "WEBVTTX\n\n00:01.000 --> 00:02.000\nA\n", `Line 1: the first line must be "WEBVTT".`},
		{"no blank after header", "WEBVTT\n00:01.000 --> 00:02.000\nA\n", `Line 2: add a blank line after the "WEBVTT" line.`},
		{"text file", "Meeting notes\nbring snacks\n",
			`Line 2: this is neither WebVTT (which starts with "WEBVTT") nor SRT: expected a timing line like "00:00:01,000 --> 00:00:04,000"; is there a blank line inside a caption?`},
		{"srt timing in webvtt", "WEBVTT\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n",
			`Line 4: expected a timing line like "00:00:01.000 --> 00:00:04.000"; is there a blank line inside a caption?`},
		{"minutes over 59", "WEBVTT\n\n00:61.000 --> 00:62.000\nA\n",
			`Line 3: expected a timing line like "00:00:01.000 --> 00:00:04.000"; is there a blank line inside a caption?`},
		{"end before start", "1\n00:00:05,000 --> 00:00:04,000\nA\n", "Line 2: the end time is not after the start time."},
		{"out of order", "WEBVTT\n\n00:05.000 --> 00:06.000\nA\n\n00:04.000 --> 00:07.000\nB\n", "Line 6: this caption starts before the caption above it."},
		{"missing blank line between cues", "1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n",
			`Line 5: a caption's text cannot contain "-->"; is a blank line missing before this caption?`},
		{"blank line inside a cue", "WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\nstill A\n",
			`Line 6: expected a timing line like "00:00:01.000 --> 00:00:04.000"; is there a blank line inside a caption?`},
		{"srt number not a number", "one\n00:00:01,000 --> 00:00:02,000\nA\n", "Line 1: expected a caption number."},
		{"latin-1", "1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n", "Line 3: the file is not UTF-8 text; save it as UTF-8 and upload it again."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCaptions([]byte(tc.in))
			var ce *CaptionError
			if !errors.As(err, &ce) || err.Error() != tc.want {
				t.Fatalf("error = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestSRTConvertsToWebVTT(t *testing.T) {
	cues, err := ParseCaptions([]byte("1\r\n00:00:01,000 --> 00:00:04,000\r\nFirst\r\n\r\n2\r\n01:00:04,000 --> 01:00:06,100\r\nSecond\r\nline\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nFirst\n\n01:00:04.000 --> 01:00:06.100\nSecond\nline\n"
	if got := string(WriteWebVTT(cues)); got != want {
		t.Fatalf("WebVTT:\n%s\nwant:\n%s", got, want)
	}
}

func TestEditedCueIsValidated(t *testing.T) {
	cues, err := ParseCaptions([]byte("WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\n00:03.000 --> 00:04.000\nB\n"))
	if err != nil {
		t.Fatal(err)
	}
	cues[1].Text = "Corrected\ntext"
	if err := ValidateCues(cues); err != nil {
		t.Fatalf("ValidateCues: %v", err)
	}
	if want := "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n\n00:00:03.000 --> 00:00:04.000\nCorrected\ntext\n"; string(WriteWebVTT(cues)) != want {
		t.Errorf("WebVTT:\n%s", WriteWebVTT(cues))
	}
	for text, want := range map[string]string{
		"two\n\nparagraphs": "Caption 2: the text cannot contain an empty line.",
		"a --> b":           `Caption 2: the text cannot contain "-->".`,
		"windows\r\nline":   "Caption 2: the text has a character captions cannot hold.",
	} {
		cues[1].Text = text
		if err := ValidateCues(cues); err == nil || err.Error() != want {
			t.Errorf("text %q: %v, want %q", text, err, want)
		}
	}
	cues[1].Text = "B"
	cues[1].End = cues[1].Start
	if err := ValidateCues(cues); err == nil || err.Error() != "Caption 2: the end time is not after the start time." {
		t.Errorf("empty cue: %v", err)
	}
}

var captionSeeds = []string{
	"WEBVTT\n\n00:01.000 --> 00:04.500\nHello.\n\nid\n00:00:05.000 --> 00:00:07.250 align:start\nTwo\nlines\n",
	"\uFEFFWEBVTT\r\n\r\nNOTE x\r\n\r\n00:01.000 --> 00:02.000\r\nA\r\n",
	"1\n00:00:01,000 --> 00:00:04,000\nFirst\n\n2\n00:00:04,000 --> 00:00:06,100 X1:1\nSecond\n",
	"WEBVTT\n\nSTYLE\n::cue {}\n\nSTYLE\n00:01.000 --> 00:02.000\nA\n",
	"WEBVTT\n\n00:01.000 --> 00:02.000\n\n", "1\n", "", "WEBVTT", "00:00:01,000 --> 00:00:02,000\n-->",
	"WEBVTT\n\n99999:59:59.999 --> 99999:59:59.999\nA\n",
}

// FuzzParseCaptions: whatever a caption upload holds, parsing never panics,
// and captions it accepts are valid and survive WriteWebVTT unchanged.
func FuzzParseCaptions(f *testing.F) {
	for _, s := range captionSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cues, err := ParseCaptions(data)
		if err != nil {
			var ce *CaptionError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a CaptionError", err)
			}
			return
		}
		if err := ValidateCues(cues); err != nil {
			t.Fatalf("parsed cues fail ValidateCues: %v\n%q", err, data)
		}
		out := WriteWebVTT(cues)
		again, err := ParseCaptions(out)
		if err != nil || !slices.Equal(again, cues) {
			t.Fatalf("round trip:\n%q\n→ %+v\n→ %q\n→ %+v, %v", data, cues, out, again, err)
		}
	})
}
