package webinar

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// FuzzExtractVideoID: any input either names no video or yields a bare id
// of the allowed alphabet, which reads back as itself; a well-formed id in a
// watch URL is always found. Seeds: testdata/youtube-ids.json and
// testdata/fuzz/FuzzExtractVideoID.
func FuzzExtractVideoID(f *testing.F) {
	b, err := os.ReadFile("../../testdata/youtube-ids.json")
	if err != nil {
		f.Fatal(err)
	}
	var cases []videoCase
	if err := json.Unmarshal(b, &cases); err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		f.Add(c.Input)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := ExtractVideoID(s)
		if !ok {
			if id != "" {
				t.Fatalf("ExtractVideoID(%q) = %q with ok false", s, id)
			}
			return
		}
		if !bareVideoID.MatchString(id) {
			t.Fatalf("ExtractVideoID(%q) = %q: not a bare id", s, id)
		}
		if again, ok := ExtractVideoID(id); !ok || again != id {
			t.Fatalf("the id %q of %q reads back as %q, %v", id, s, again, ok)
		}
		if _, err := normalizeVideoID(s); err != nil && len(strings.TrimSpace(s)) >= minVideoInput {
			t.Fatalf("normalizeVideoID(%q) = %v though ExtractVideoID found %q", s, err, id)
		}
		if bareVideoID.MatchString(s) {
			for _, u := range []string{"https://www.youtube.com/watch?v=" + s, "youtu.be/" + s, "https://www.youtube-nocookie.com/embed/" + s} {
				if got, ok := ExtractVideoID(u); !ok || got != s {
					t.Fatalf("ExtractVideoID(%q) = %q, %v; want %q", u, got, ok, s)
				}
			}
		}
	})
}
