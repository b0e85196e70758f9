package media

import (
	"strings"
	"testing"
)

func TestSanitizeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"hero_background.jpg", "hero_background.jpg"},
		{"Hero Background.JPG", "hero_background.jpg"},
		{"My Photo (1).png", "my_photo__1_.png"},
		{"archive.tar.gz", "archive_tar.gz"},
		{"no-extension", "no_extension"},
		{"../../etc/passwd", "______etc_passwd"},
		{"../../../watchwin.db", "_________watchwin.db"},
		{"/etc/passwd", "_etc_passwd"},
		{"/absolute/path/pic.png", "_absolute_path_pic.png"},
		{`C:\Windows\system32\evil.gif`, "c__windows_system32_evil.gif"},
		{"..\\..\\x.png", "______x.png"},
		{"nul\x00byte.png", "nul_byte.png"},
		{"café crème.webp", "caf__cr_me.webp"},
		{"日本語.png", "___.png"},
		{".hidden", "image.hidden"},
		{".png", "image.png"},
		{"", "image"},
		{"   ", "image"},
		{"..", "__"},
		{".", "_"},
		{"photo.", "photo_"},
		{"photo.j-g", "photo_j_g"},
		{"photo.verylongextension", "photo_verylongextension"},
		{"  spaced.png  ", "spaced.png"},
		{strings.Repeat("a", 300) + ".png", strings.Repeat("a", 100) + ".png"},
	}
	for _, tt := range tests {
		got := SanitizeName(tt.in)
		if got != tt.want {
			t.Errorf("SanitizeName(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if !ValidPath(got) {
			t.Errorf("SanitizeName(%q) = %q is not a valid stored path", tt.in, got)
		}
	}
}

func TestValidPath(t *testing.T) {
	valid := []string{
		"hero_background.jpg", "webinar_thumbnails/pistol_basics_1764000000.jpg", "a", "_x.png", "a/b/c/d.png",
	}
	invalid := []string{
		"", ".", "..", "../x.png", "a/../b.png", "./a.png", "/etc/passwd", "a//b.png", "a/", "/a",
		`a\b.png`, "a\x00b.png", "Hero.png", "café.png", ".hidden", ".tmp-abc", "a/.tmp-x", "a b.png",
		"a.b.png", "a/b/c/d/e.png", "x.png/", "%2e%2e/x.png", "a.", strings.Repeat("a", 121),
	}
	for _, p := range valid {
		if !ValidPath(p) {
			t.Errorf("ValidPath(%q) = false, want true", p)
		}
	}
	for _, p := range invalid {
		if ValidPath(p) {
			t.Errorf("ValidPath(%q) = true, want false", p)
		}
	}
}

func TestContentTypeOf(t *testing.T) {
	for p, want := range map[string]string{
		"a.jpg": "image/jpeg", "a.png": "image/png", "a.webp": "image/webp", "a.gif": "image/gif",
		"a.svg": "application/octet-stream", "a.html": "application/octet-stream", "a": "application/octet-stream",
	} {
		if got := ContentTypeOf(p); got != want {
			t.Errorf("ContentTypeOf(%q) = %q, want %q", p, got, want)
		}
	}
}
