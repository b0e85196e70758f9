package webinar

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"watchwin/internal/apperr"
)

// videoCase is one entry of testdata/youtube-ids.json, which the SPA's
// Vitest reads too, so server and browser accept exactly the same inputs.
type videoCase struct {
	Input string  `json:"input"`
	ID    *string `json:"id"`
}

func loadVideoCases(t *testing.T) []videoCase {
	t.Helper()
	b, err := os.ReadFile("../../testdata/youtube-ids.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []videoCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatalf("testdata/youtube-ids.json: %v", err)
	}
	if len(cases) < 20 {
		t.Fatalf("want at least 20 shared cases, have %d", len(cases))
	}
	return cases
}

func TestExtractVideoID(t *testing.T) {
	for _, c := range loadVideoCases(t) {
		t.Run(c.Input, func(t *testing.T) {
			got, ok := ExtractVideoID(c.Input)
			switch {
			case c.ID == nil && ok:
				t.Errorf("ExtractVideoID(%q) = %q, want no id", c.Input, got)
			case c.ID != nil && (!ok || got != *c.ID):
				t.Errorf("ExtractVideoID(%q) = %q, %v; want %q", c.Input, got, ok, *c.ID)
			}
		})
	}
}

// TestNormalizeVideoIDMessages checks docs/product.md#validation-and-its-messages's two messages: under 4
// characters the id is "required", otherwise an unusable value is "invalid".
func TestNormalizeVideoIDMessages(t *testing.T) {
	for _, c := range loadVideoCases(t) {
		t.Run(c.Input, func(t *testing.T) {
			got, err := normalizeVideoID(c.Input)
			if c.ID != nil {
				if err != nil || got != *c.ID {
					t.Fatalf("normalizeVideoID(%q) = %q, %v; want %q", c.Input, got, err, *c.ID)
				}
				return
			}
			want := msgVideoInvalid
			if utf8.RuneCountInString(strings.TrimSpace(c.Input)) < 4 {
				want = msgVideoRequired
			}
			e, ok := apperr.As(err)
			if !ok || e.Field != "youtube_video_id" || e.Message != want {
				t.Fatalf("normalizeVideoID(%q) error = %v; want %q on youtube_video_id", c.Input, err, want)
			}
		})
	}
}

func TestExtractVideoIDLongInput(t *testing.T) {
	long := "https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=" + strings.Repeat("a", 3000)
	if _, ok := ExtractVideoID(long); ok {
		t.Fatal("an input over 2048 characters must be refused")
	}
}
