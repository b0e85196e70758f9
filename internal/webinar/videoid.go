package webinar

import (
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"watchwin/internal/apperr"
)

// Messages of docs/product.md#validation-and-its-messages for the video field.
const (
	msgVideoRequired = "YouTube video ID is required"
	msgVideoInvalid  = "Invalid YouTube video ID"
)

// minVideoInput is docs/product.md#validation-and-its-messages's "at least 4 characters" for the typed value.
const minVideoInput = 4

// maxVideoInput bounds what is parsed at all; no real video URL is longer.
const maxVideoInput = 2048

var bareVideoID = regexp.MustCompile(`^[A-Za-z0-9_-]{11,12}$`)

// youtubeHosts are the hosts whose watch, embed, shorts and live URLs name a
// video. Anything else (including look-alikes and userinfo tricks, which
// url.Parse puts outside Host) is refused.
var youtubeHosts = map[string]bool{
	"youtube.com":       true,
	"www.youtube.com":   true,
	"m.youtube.com":     true,
	"music.youtube.com": true,
}

var nocookieHosts = map[string]bool{
	"youtube-nocookie.com":     true,
	"www.youtube-nocookie.com": true,
}

var shortHosts = map[string]bool{
	"youtu.be":     true,
	"www.youtu.be": true,
}

// ExtractVideoID returns the bare video id of s: an 11–12 character id of
// letters, digits, '_' and '-', or one taken from a youtube.com watch, embed,
// shorts or live URL, a youtu.be short link or a youtube-nocookie.com embed
// URL, with or without scheme and extra query parameters. It returns false
// when s names no video. The SPA applies the same rules; both are tested
// with testdata/youtube-ids.json.
func ExtractVideoID(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxVideoInput {
		return "", false
	}
	if bareVideoID.MatchString(s) {
		return s, true
	}
	raw := s
	switch {
	case strings.HasPrefix(raw, "//"):
		raw = "https:" + raw
	case !strings.Contains(raw, "://"):
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil {
		return "", false
	}
	host := strings.ToLower(u.Hostname())
	segs := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	var id string
	switch {
	case shortHosts[host]:
		if len(segs) == 1 {
			id = segs[0]
		}
	case nocookieHosts[host]:
		if len(segs) == 2 && segs[0] == "embed" {
			id = segs[1]
		}
	case youtubeHosts[host]:
		switch {
		case len(segs) == 1 && segs[0] == "watch":
			id = u.Query().Get("v")
		case len(segs) == 2 && (segs[0] == "embed" || segs[0] == "shorts" || segs[0] == "live"):
			id = segs[1]
		}
	}
	if !bareVideoID.MatchString(id) {
		return "", false
	}
	return id, true
}

// normalizeVideoID validates the form's youtube_video_id and returns the bare id.
func normalizeVideoID(s string) (string, error) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) < minVideoInput {
		return "", apperr.Invalid("youtube_video_id", msgVideoRequired)
	}
	id, ok := ExtractVideoID(s)
	if !ok {
		return "", apperr.Invalid("youtube_video_id", msgVideoInvalid)
	}
	return id, nil
}
