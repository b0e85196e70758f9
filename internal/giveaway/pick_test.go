package giveaway

import (
	"crypto/rand"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestDrawIndexByShell: the index is what the shell recipe on the draw's
// page gives. The expected values were computed with
//
//	printf '%s:%s:%d' SEED HASH 0 | sha256sum
//	echo "ibase=16; $(echo DIGEST | tr a-f A-F) % 7" | bc
//
// and the commitment with printf '%s' SEED | sha256sum.
func TestDrawIndexByShell(t *testing.T) {
	seed := strings.Repeat("a", 64)
	list := Hash("x")
	if list != "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881" {
		t.Fatalf("Hash(x) = %s", list)
	}
	if got := Hash(seed); got != "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb" {
		t.Errorf("commitment %s", got)
	}
	if got := DrawIndex(seed, list, 0, 7); got != 5 {
		t.Errorf("DrawIndex = %d, want 5", got)
	}
}

// TestDrawIndexIsUniform: over many fresh seeds each of 5 entries comes up
// about equally often (bounds about ten standard deviations wide, and a
// chi-square far beyond p = 1e-6), so an off-by-one or a bias fails.
func TestDrawIndexIsUniform(t *testing.T) {
	const n, draws = 5, 50_000
	counts := make([]int, n)
	for range draws {
		seed, err := newSeed(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		counts[DrawIndex(seed, Hash("list"), 0, n)]++
	}
	want := float64(draws) / n
	chi2 := 0.0
	for i, c := range counts {
		if f := float64(c); f < 0.9*want || f > 1.1*want {
			t.Errorf("index %d came up %d times, want about %v", i, c, want)
		}
		chi2 += (float64(c) - want) * (float64(c) - want) / want
	}
	if chi2 > 40 {
		t.Errorf("chi-square %.1f over %v: not uniform", chi2, counts)
	}
}

func TestCandidatesOf(t *testing.T) {
	ids := []string{"a", "b", "c", "d"}
	live := map[string]bool{"a": true, "b": true, "c": true}
	tests := []struct {
		name string
		won  map[string]bool
		want []int
	}{
		{"nobody drawn: every live entry", nil, []int{0, 1, 2}},
		{"some drawn", map[string]bool{"b": true}, []int{0, 2}},
		{"every live entry drawn: all of them again", map[string]bool{"a": true, "b": true, "c": true}, []int{0, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := slices.Sorted(maps.Keys(candidatesOf(ids, live, tt.won))); !slices.Equal(got, tt.want) {
				t.Errorf("candidatesOf = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestNextPickWalksTheSequence: the pick is the first counter, from the
// one given, whose index is a candidate.
func TestNextPickWalksTheSequence(t *testing.T) {
	seed, sum, n := strings.Repeat("b", 64), Hash("list"), 3
	first := DrawIndex(seed, sum, 4, n)
	if c, i, err := nextPick(seed, sum, n, 4, map[int]bool{0: true, 1: true, 2: true}); err != nil || c != 4 || i != first {
		t.Errorf("nextPick = %d, %d, %v; want counter 4, index %d", c, i, err, first)
	}
	only := (first + 1) % n
	c, i, err := nextPick(seed, sum, n, 4, map[int]bool{only: true})
	if err != nil || i != only || c <= 4 || DrawIndex(seed, sum, c, n) != only {
		t.Fatalf("nextPick = %d, %d, %v; want the first counter after 4 giving %d", c, i, err, only)
	}
	for k := 4; k < c; k++ {
		if DrawIndex(seed, sum, k, n) == only {
			t.Errorf("counter %d already gave %d, but %d was taken", k, only, c)
		}
	}
}
