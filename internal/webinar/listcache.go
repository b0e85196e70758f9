package webinar

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"
)

// ListTTL is the longest the public list is served from memory: the list
// everyone loads is built once per ListTTL instead of once per request. A
// change made through this service (an edit, a purchase, a hold, a refund:
// everything that takes the seat lock) drops it at once; ListTTL (plus
// listGrace) bounds any other change, such as one committed by another
// server on the same PostgreSQL database. seats_left in it is for display only: no seat is
// ever given on its word (the seat lock, internal/seat, decides).
const ListTTL = time.Second

// EncodedList is the public list as the API sends it, and its entity tag.
type EncodedList struct {
	JSON []byte // {"webinars":[…]}\n
	ETag string // W/"…", a hash of JSON (weak: gzip'd or not, it is the same list)
	// Views are the same webinars as values, for the pages the server
	// paints (internal/page); read only.
	Views []View
	// items are the list's webinars one by one, as their detail answers
	// (GET /api/webinars/{id}), by id.
	items map[string]encoded
}

// encoded is one JSON answer and its entity tag.
type encoded struct {
	json []byte
	etag string
}

// encode is v as the API sends it (httpx.WriteJSON's bytes) with a weak
// entity tag.
func encode(v any) (encoded, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return encoded{}, err
	}
	sum := sha256.Sum256(buf.Bytes())
	return encoded{json: buf.Bytes(), etag: `W/"` + hex.EncodeToString(sum[:12]) + `"`}, nil
}

// ListCache holds the last EncodedList and when the query behind it ran.
// It is built before the seat service, whose every lock drops it
// (seat.Listeners.ListChanged is Invalidate).
type ListCache struct {
	fill sync.Mutex // one query at a time refills it; the others wait and share
	mu   sync.Mutex
	gen  uint64 // bumped by every invalidation
	list *EncodedList
	at   time.Time
}

// listGrace is how long past ListTTL the old list may still be served
// while one request rebuilds it, so the others never queue behind that
// query: the list is at most ListTTL + listGrace old (1.5 s).
const listGrace = ListTTL / 2

// cached returns the list when it is younger than ListTTL (fresh) or, as
// stale, younger than ListTTL + listGrace; nil when there is none or it
// was invalidated. gen is the generation to store a rebuilt list under.
func (c *ListCache) cached(now time.Time) (l *EncodedList, stale bool, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.list == nil || now.Before(c.at) {
		return nil, false, c.gen
	}
	switch age := now.Sub(c.at); {
	case age < ListTTL:
		return c.list, false, c.gen
	case age < ListTTL+listGrace:
		return c.list, true, c.gen
	}
	return nil, false, c.gen
}

func (c *ListCache) store(l *EncodedList, at time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen == gen { // not invalidated while the query ran
		c.list, c.at = l, at
	}
}

// NewListCache returns an empty cache.
func NewListCache() *ListCache { return &ListCache{} }

// Invalidate makes the next public list come from the database (seats are
// about to change, or a webinar was edited).
func (c *ListCache) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.list = nil
}

// PublicList returns the active webinars, newest event first, with seats
// left, encoded for the API; at most ListTTL old, or ListTTL + listGrace
// while another request rebuilds it (see ListTTL).
func (s *Service) PublicList(ctx context.Context) (EncodedList, error) {
	l, stale, _ := s.list.cached(s.now())
	switch {
	case l != nil && !stale:
		return *l, nil
	case l != nil: // stale: rebuild it unless another request already does
		if !s.list.fill.TryLock() {
			return *l, nil
		}
	default:
		s.list.fill.Lock()
	}
	defer s.list.fill.Unlock()
	at := s.now()
	l, stale, gen := s.list.cached(at) // rebuilt while this call waited
	if l != nil && !stale {
		return *l, nil
	}
	list, err := s.ListPublic(ctx)
	if err != nil {
		return EncodedList{}, err
	}
	views := make([]View, len(list))
	items := make(map[string]encoded, len(list))
	for i, w := range list {
		views[i] = w.PublicView()
		if items[w.ID], err = encode(views[i]); err != nil {
			return EncodedList{}, err
		}
	}
	all, err := encode(map[string]any{"webinars": views})
	if err != nil {
		return EncodedList{}, err
	}
	enc := &EncodedList{JSON: all.json, ETag: all.etag, Views: views, items: items}
	s.list.store(enc, at, gen)
	return *enc, nil
}

// PublicDetail returns active webinar id's public view, encoded, with its
// entity tag, from the public list (PublicList), so it is as fresh as the
// list. ok is false when the list does not hold it (inactive, unknown, or
// created a moment ago on another server): the caller then asks GetPublic.
func (s *Service) PublicDetail(ctx context.Context, id string) (body []byte, etag string, ok bool, err error) {
	list, err := s.PublicList(ctx)
	if err != nil {
		return nil, "", false, err
	}
	item, ok := list.items[id]
	return item.json, item.etag, ok, nil
}
