package video

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"watchwin/internal/httpx"
	"watchwin/internal/media"
)

// StreamPrefix starts every stream URL. The routes live outside /api and
// need no session: the signed token in the path is the credential, so hls.js
// and <track> fetch them as plain files (docs/api.md#streaming-an-uploaded-video).
const StreamPrefix = "/video/"

// Cache lifetimes: playlists and captions may change (a new token, an edited
// cue), segments and the poster never do (a new upload is a new folder).
const (
	cacheNone      = "no-store"
	cacheImmutable = "private, max-age=31536000, immutable"
)

// The content types of a video's files.
const (
	typePlaylist = "application/vnd.apple.mpegurl"
	typeSegment  = "video/mp2t"
	typePoster   = "image/jpeg"
	typeCaptions = "text/vtt; charset=utf-8"
)

// MasterURL, PosterURL and CaptionURL are the URLs a token opens, as the
// video answer gives them to the watch page.
func MasterURL(token string) string { return StreamPrefix + token + "/" + MasterPlaylist }
func PosterURL(token string) string { return StreamPrefix + token + "/" + PosterFile }
func CaptionURL(token, language string) string {
	return StreamPrefix + token + "/captions/" + language + ".vtt"
}

// StreamFiles is what serving needs of the store's videos (*Service): a
// video's stored files by name ("720p/seg_00001.ts") and its captions.
type StreamFiles interface {
	Open(ctx context.Context, videoID, name string) (io.ReadSeekCloser, media.FileInfo, error)
	CaptionVTT(ctx context.Context, videoID, language string) (string, error)
}

// Viewers records what was served to a registration
// (*registration.Service, which owns the watch proof).
type Viewers interface {
	// Served records that a segment carrying seconds [start, end) of the
	// video is being served to the registration; an error of kind
	// Forbidden refuses the segment (skipping ahead with seeking off).
	Served(ctx context.Context, registrationID string, start, end int) error
}

// StreamHandler serves a video's playlists, segments, poster and captions
// to the bearer of a stream token.
type StreamHandler struct {
	files   StreamFiles
	tokens  *Tokens
	viewers Viewers

	mu    sync.Mutex
	index map[string]map[string]segmentSpan // videoID/rendition → segment URI → seconds
}

// segmentSpan is the whole seconds a segment carries, [start, end),
// rounded outwards so a report rounded to whole seconds falls inside.
type segmentSpan struct{ start, end int }

// maxIndexes bounds the segment indexes kept in memory (a few hundred bytes
// per minute of video each); past it the cache starts over.
const maxIndexes = 256

// NewStreamHandler returns the stream handler.
func NewStreamHandler(files StreamFiles, tokens *Tokens, viewers Viewers) *StreamHandler {
	return &StreamHandler{files: files, tokens: tokens, viewers: viewers, index: map[string]map[string]segmentSpan{}}
}

// Routes registers the stream routes on the root mux (outside /api).
func (h *StreamHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET "+StreamPrefix+"{token}/{file}", h.top)
	mux.HandleFunc("GET "+StreamPrefix+"{token}/{dir}/{file}", h.nested)
	mux.HandleFunc(StreamPrefix, func(w http.ResponseWriter, r *http.Request) { plain(w, http.StatusNotFound, msgNotFound) })
}

const (
	msgForbidden = "This video link is not valid or has expired. Reload the page to keep watching."
	msgNotFound  = "Not found."
)

var (
	renditionName = regexp.MustCompile(`^[0-9]{2,5}p$`)
	languageName  = regexp.MustCompile(`^[A-Za-z0-9-]{1,35}$`)
)

// grant checks the request's token; false (403 written) when it is bad.
func (h *StreamHandler) grant(w http.ResponseWriter, r *http.Request) (Grant, bool) {
	g, err := h.tokens.Verify(r.Context(), r.PathValue("token"))
	if errors.Is(err, errBadToken) {
		plain(w, http.StatusForbidden, msgForbidden)
		return Grant{}, false
	}
	if err != nil {
		h.fail(w, r, err)
		return Grant{}, false
	}
	return g, true
}

// top serves master.m3u8 and poster.jpg.
func (h *StreamHandler) top(w http.ResponseWriter, r *http.Request) {
	g, ok := h.grant(w, r)
	if !ok {
		return
	}
	switch name := r.PathValue("file"); name {
	case MasterPlaylist:
		h.serveFile(w, r, g.VideoID, name, typePlaylist, cacheNone)
	case PosterFile:
		h.serveFile(w, r, g.VideoID, name, typePoster, cacheImmutable)
	default:
		plain(w, http.StatusNotFound, msgNotFound)
	}
}

// nested serves captions/{lang}.vtt, {rendition}/index.m3u8 and
// {rendition}/{segment}.
func (h *StreamHandler) nested(w http.ResponseWriter, r *http.Request) {
	g, ok := h.grant(w, r)
	if !ok {
		return
	}
	dir, file := r.PathValue("dir"), r.PathValue("file")
	switch {
	case dir == "captions":
		h.captions(w, r, g, file)
	case !renditionName.MatchString(dir):
		plain(w, http.StatusNotFound, msgNotFound)
	case file == "index.m3u8":
		h.serveFile(w, r, g.VideoID, dir+"/"+file, typePlaylist, cacheNone)
	default:
		h.segment(w, r, g, dir, file)
	}
}

func (h *StreamHandler) captions(w http.ResponseWriter, r *http.Request, g Grant, file string) {
	lang, ok := strings.CutSuffix(file, ".vtt")
	if !ok || !languageName.MatchString(lang) {
		plain(w, http.StatusNotFound, msgNotFound)
		return
	}
	vtt, err := h.files.CaptionVTT(r.Context(), g.VideoID, lang)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	send(w, r, strings.NewReader(vtt), media.FileInfo{}, typeCaptions, cacheNone)
}

// segment records the segment's seconds for the token's registration
// (which may refuse it: nothing is sent then) and serves it.
func (h *StreamHandler) segment(w http.ResponseWriter, r *http.Request, g Grant, rendition, file string) {
	ctx := r.Context()
	idx, err := h.segments(ctx, g.VideoID, rendition)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	sp, ok := idx[file]
	if !ok {
		plain(w, http.StatusNotFound, msgNotFound)
		return
	}
	f, fi, err := h.files.Open(ctx, g.VideoID, rendition+"/"+file)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer f.Close()
	if reg, ok := g.RegistrationID(); ok && r.Method != http.MethodHead {
		if err := h.viewers.Served(ctx, reg, sp.start, sp.end); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	send(w, r, f, fi, typeSegment, cacheImmutable)
}

// segments returns a rendition's segment index, read once per video from
// its playlist (a video's files never change).
func (h *StreamHandler) segments(ctx context.Context, videoID, rendition string) (map[string]segmentSpan, error) {
	key := videoID + "/" + rendition
	h.mu.Lock()
	idx, ok := h.index[key]
	h.mu.Unlock()
	if ok {
		return idx, nil
	}
	f, _, err := h.files.Open(ctx, videoID, rendition+"/index.m3u8")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 8<<20))
	if err != nil {
		return nil, err
	}
	segs, err := SegmentIndex(data)
	if err != nil {
		return nil, fmt.Errorf("video %s: %w", key, err)
	}
	idx = make(map[string]segmentSpan, len(segs))
	for _, s := range segs {
		idx[s.URI] = segmentSpan{start: int(math.Floor(s.Start.Seconds())), end: int(math.Ceil((s.Start + s.Duration).Seconds()))}
	}
	h.mu.Lock()
	if len(h.index) >= maxIndexes {
		clear(h.index)
	}
	h.index[key] = idx
	h.mu.Unlock()
	return idx, nil
}

// serveFile sends one of a video's stored files.
func (h *StreamHandler) serveFile(w http.ResponseWriter, r *http.Request, videoID, name, contentType, cache string) {
	f, fi, err := h.files.Open(r.Context(), videoID, name)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer f.Close()
	send(w, r, f, fi, contentType, cache)
}

// send answers with http.ServeContent (ranges, HEAD, If-None-Match against
// the ETag of immutable files). A local file is an *os.File, which the
// server hands to the kernel (sendfile) as nothing on the way wraps the
// connection's ReaderFrom (app.Handler keeps /video/ out of compression).
func send(w http.ResponseWriter, r *http.Request, f io.ReadSeeker, fi media.FileInfo, contentType, cache string) {
	hd := w.Header()
	hd.Set("Content-Type", contentType)
	hd.Set("Cache-Control", cache)
	if cache == cacheImmutable {
		hd.Set("ETag", media.ETag(fi))
	}
	http.ServeContent(w, r, "", fi.ModTime, f)
}

// fail answers an error in plain text: a missing file 404, a refusal 403,
// anything else 500 (logged by httpx.Explain).
func (h *StreamHandler) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, media.ErrNotFound) || errors.Is(err, media.ErrInvalidPath) {
		plain(w, http.StatusNotFound, msgNotFound)
		return
	}
	status, e, ok := httpx.Explain(r, err)
	if !ok {
		w.WriteHeader(httpx.StatusClientClosed)
		return
	}
	plain(w, status, e.Message)
}

// plain writes a short text answer; the player reads only its status.
func plain(w http.ResponseWriter, status int, msg string) {
	hd := w.Header()
	hd.Set("Content-Type", "text/plain; charset=utf-8")
	hd.Set("Cache-Control", cacheNone)
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg+"\n")
}
