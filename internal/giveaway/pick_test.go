package giveaway

import (
	"crypto/rand"
	"slices"
	"testing"
)

func entriesOf(ids ...string) []Entry {
	out := make([]Entry, len(ids))
	for i, id := range ids {
		out[i] = Entry{ID: "e-" + id, UserID: id, Kind: KindPaid}
	}
	return out
}

func userIDs(entries []Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.UserID
	}
	return out
}

// TestPickIsUniform: over many draws from a small pool each entrant wins
// about equally often. The bounds are loose (about ten standard deviations)
// so the test does not flake; a biased pick (modulo bias, an off-by-one
// that never picks the last entrant) fails them by far.
func TestPickIsUniform(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e"}
	pool := entriesOf(ids...)
	const draws = 50_000
	counts := map[string]int{}
	for range draws {
		got, _, err := pick(rand.Reader, pool)
		if err != nil {
			t.Fatal(err)
		}
		counts[got.UserID]++
	}
	want := float64(draws) / float64(len(pool))
	chi2 := 0.0
	for _, id := range ids {
		n := float64(counts[id])
		if n < 0.9*want || n > 1.1*want {
			t.Errorf("%s won %v times, want about %v", id, n, want)
		}
		chi2 += (n - want) * (n - want) / want
	}
	if len(counts) != len(pool) {
		t.Errorf("winners %v, want only and all of %v", counts, pool)
	}
	// 4 degrees of freedom: 40 is far beyond p = 1e-6 (about 33).
	if chi2 > 40 {
		t.Errorf("chi-square %.1f over %v: not uniform", chi2, counts)
	}
}

func TestPickOfOne(t *testing.T) {
	for range 100 {
		if got, value, err := pick(rand.Reader, entriesOf("only")); err != nil || got.UserID != "only" || len(value) != 64 {
			t.Fatalf("pick = %+v, %q, %v", got, value, err)
		}
	}
}

func TestNotDrawn(t *testing.T) {
	entrants := entriesOf("a", "b", "c")
	tests := []struct {
		name  string
		drawn []string
		want  []string
	}{
		{"nobody drawn yet", nil, []string{"a", "b", "c"}},
		{"some drawn", []string{"b"}, []string{"a", "c"}},
		{"a drawn user who is no longer an entrant", []string{"z", "a"}, []string{"b", "c"}},
		{"everyone drawn: anyone again", []string{"c", "a", "b"}, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := userIDs(notDrawn(entrants, tt.drawn)); !slices.Equal(got, tt.want) {
				t.Errorf("notDrawn(%v, %v) = %v, want %v", userIDs(entrants), tt.drawn, got, tt.want)
			}
		})
	}
}
