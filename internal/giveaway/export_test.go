package giveaway

import (
	"context"
	"io"
)

// SimulateDraws makes n first draws among a webinar's entries the way a
// draw does (sorted entries, the list's hash, a fresh seed from the
// random source, counter 0) without recording them, so a statistical test
// can run many draws.
func SimulateDraws(ctx context.Context, s *Service, webinarID string, n int, random io.Reader) ([]Entry, error) {
	entries, err := s.store.entries(ctx, webinarID)
	if err != nil {
		return nil, err
	}
	sortEntries(entries)
	sum := Hash(EntryList(entries))
	out := make([]Entry, 0, n)
	for range n {
		seed, err := newSeed(random)
		if err != nil {
			return nil, err
		}
		out = append(out, entries[DrawIndex(seed, sum, 0, len(entries))])
	}
	return out, nil
}
