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
// ever given on its word (LockSeats decides).
const ListTTL = time.Second

// EncodedList is the public list as the API sends it, and its entity tag.
type EncodedList struct {
	JSON []byte // {"webinars":[…]}\n
	ETag string // W/"…", a hash of JSON (weak: gzip'd or not, it is the same list)
}

// listCache holds the last EncodedList and when the query behind it ran.
type listCache struct {
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
func (c *listCache) cached(now time.Time) (l *EncodedList, stale bool, gen uint64) {
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

func (c *listCache) store(l *EncodedList, at time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen == gen { // not invalidated while the query ran
		c.list, c.at = l, at
	}
}

func (c *listCache) invalidate() {
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
	for i, w := range list {
		views[i] = w.PublicView()
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(map[string]any{"webinars": views}); err != nil {
		return EncodedList{}, err
	}
	sum := sha256.Sum256(buf.Bytes())
	enc := &EncodedList{JSON: buf.Bytes(), ETag: `W/"` + hex.EncodeToString(sum[:12]) + `"`}
	s.list.store(enc, at, gen)
	return *enc, nil
}
