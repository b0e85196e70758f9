package webinar

import (
	"net/url"
	"strconv"
)

// WatchPath is the path of a webinar's watch page, at second t of its video
// when t > 0 (?t=, where the page starts playing): the one place a mail's
// link back into a video is built (docs/product.md#watch-page).
func WatchPath(id string, t int) string {
	p := "/webinar/" + url.PathEscape(id) + "/watch"
	if t > 0 {
		p += "?t=" + strconv.Itoa(t)
	}
	return p
}
