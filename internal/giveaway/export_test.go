package giveaway

import (
	"context"
	"io"
)

// SimulateDraws picks n winners among a webinar's entries the way a draw
// does (sorted entries, the service's random source) without recording
// them, so a statistical test can run many draws.
func SimulateDraws(ctx context.Context, s *Service, webinarID string, n int) ([]Entry, error) {
	entries, err := s.store.entries(ctx, webinarID)
	if err != nil {
		return nil, err
	}
	sortEntries(entries)
	out := make([]Entry, 0, n)
	for range n {
		e, _, err := pick(s.random, entries)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// Random returns the service's random source.
func Random(s *Service) io.Reader { return s.random }
