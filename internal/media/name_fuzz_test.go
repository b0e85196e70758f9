package media

import (
	"strings"
	"testing"
	"unicode/utf8"
)

var nameSeeds = []string{
	"Hero Background.JPG", "../../etc/passwd", `..\..\windows\win.ini`, "a/b/c.png", ".hidden", "image.",
	"ünïcödé name.webp", "name.with.dots.tar.gz", "\x00.png", "CON.png", strings.Repeat("x", 300) + ".jpeg",
	"photo.jpeg\x00.exe", "   ", "", ".", "..", "a..b", "file.PNG   ",
}

// FuzzSanitizeName: whatever name an upload brings, the stored name is one
// path segment of the safe alphabet (no separator, dot segment or NUL can
// get through), and sanitising it again changes nothing.
func FuzzSanitizeName(f *testing.F) {
	for _, s := range nameSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got := SanitizeName(name)
		if !segmentPattern.MatchString(got) || !ValidPath(got) {
			t.Fatalf("SanitizeName(%q) = %q: not a valid stored name", name, got)
		}
		if strings.ContainsAny(got, `/\`) || got == "." || got == ".." || strings.Contains(got, "\x00") {
			t.Fatalf("SanitizeName(%q) = %q escapes its folder", name, got)
		}
		if again := SanitizeName(got); again != got {
			t.Fatalf("SanitizeName is not stable: %q → %q → %q", name, got, again)
		}
	})
}

// FuzzValidPath: a path ValidPath accepts stays inside its bucket: relative,
// no dot segments, no backslash or NUL, valid UTF-8, at most 4 segments.
func FuzzValidPath(f *testing.F) {
	for _, s := range append(nameSeeds, "a/b", "a//b", "/a", "a/", "a/../b", "a/./b", "thumbs/a_b.png", "a/b/c/d/e.png") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if !ValidPath(p) {
			return
		}
		if strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || strings.ContainsAny(p, "\\\x00") || !utf8.ValidString(p) {
			t.Fatalf("ValidPath accepted %q", p)
		}
		segs := strings.Split(p, "/")
		if len(segs) > maxDepth {
			t.Fatalf("ValidPath accepted %d segments: %q", len(segs), p)
		}
		for _, s := range segs {
			if s == "" || s == "." || s == ".." {
				t.Fatalf("ValidPath accepted segment %q in %q", s, p)
			}
		}
	})
}
