package media

import (
	"regexp"
	"strings"
)

const (
	maxBaseLen = 100 // bytes of a sanitised base name (all ASCII by then)
	maxExtLen  = 10
	maxDepth   = 4
)

// segmentPattern is every folder or file name this package stores: what
// SanitizeName produces (lower-case letters, digits and '_', one optional
// extension). No '.', '..', separator, NUL or other byte can get through.
var segmentPattern = regexp.MustCompile(`^[a-z0-9_]{1,120}(\.[a-z0-9]{1,10})?$`)

// ValidPath reports whether p is a path inside a bucket that this package
// could have written: 1–4 '/'-separated segments of the sanitised alphabet.
// Everything that reads or writes a bucket checks it first.
func ValidPath(p string) bool {
	if p == "" || len(p) > 512 {
		return false
	}
	segs := strings.Split(p, "/")
	if len(segs) > maxDepth {
		return false
	}
	for _, s := range segs {
		if !segmentPattern.MatchString(s) {
			return false
		}
	}
	return true
}

// SanitizeName turns a name a user supplied into a stored file name
// (docs/product.md#records): lower-cased, every character other than a-z and 0-9 turned into '_',
// the extension kept (lower-cased) when it is 1–10 letters or digits. Path
// separators of any system become '_' too, so the result never leaves its
// folder. An empty result becomes "image".
func SanitizeName(name string) string {
	base, ext := splitName(name)
	if ext == "" {
		return base
	}
	return base + "." + ext
}

// splitName sanitises name into its base and extension ("" when none).
func splitName(name string) (base, ext string) {
	name = strings.TrimSpace(name)
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		if e := strings.ToLower(name[i+1:]); len(e) >= 1 && len(e) <= maxExtLen && isAlnum(e) {
			name, ext = name[:i], e
		}
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if b.Len() >= maxBaseLen {
			break
		}
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	base = b.String()
	if base == "" {
		base = "image"
	}
	return base, ext
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// imageTypes maps the content types we accept (as http.DetectContentType
// names them) to the extension the stored file gets.
var imageTypes = map[string]string{
	"image/jpeg": "jpg",
	"image/png":  "png",
	"image/webp": "webp",
	"image/gif":  "gif",
}

// typeByExt is fixed here rather than read from the system's MIME tables, so
// a file is served with the same type on every machine.
var typeByExt = map[string]string{
	"jpg":  "image/jpeg",
	"jpeg": "image/jpeg",
	"png":  "image/png",
	"webp": "image/webp",
	"gif":  "image/gif",
	"m3u8": "application/vnd.apple.mpegurl", // a video's playlists (webinar_videos)
	"ts":   "video/mp2t",                    // its segments
}

// ContentTypeOf returns the content type of a stored path from its
// extension, or application/octet-stream.
func ContentTypeOf(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		if t, ok := typeByExt[p[i+1:]]; ok {
			return t
		}
	}
	return "application/octet-stream"
}
