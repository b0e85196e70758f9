package registration

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// span is a played stretch of a video, [A, B) in whole seconds.
type span struct{ A, B int }

// spans is a registration's played stretches, sorted and disjoint (touching
// spans are joined): what watch_intervals stores as "a-b,c-d".
type spans []span

// parseSpans reads watch_intervals; a malformed part (never written by
// this package) is skipped rather than trusted.
func parseSpans(s string) spans {
	var out spans
	for part := range strings.SplitSeq(s, ",") {
		a, b, ok := strings.Cut(part, "-")
		if !ok {
			continue
		}
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || x < 0 || y <= x {
			continue
		}
		out = out.add(span{x, y})
	}
	return out
}

// String is the stored form of s.
func (s spans) String() string {
	var b strings.Builder
	for i, sp := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(sp.A))
		b.WriteByte('-')
		b.WriteString(strconv.Itoa(sp.B))
	}
	return b.String()
}

// total is the unique seconds s covers.
func (s spans) total() int {
	n := 0
	for _, sp := range s {
		n += sp.B - sp.A
	}
	return n
}

// furthest is the end of the last stretch played (0 for none).
func (s spans) furthest() int {
	if len(s) == 0 {
		return 0
	}
	return s[len(s)-1].B
}

// covered is how many seconds of [a, b) s covers.
func (s spans) covered(a, b int) int {
	n := 0
	for _, sp := range s {
		lo, hi := max(sp.A, a), min(sp.B, b)
		if hi > lo {
			n += hi - lo
		}
	}
	return n
}

// add returns s with x merged in (a new slice; s is not changed).
func (s spans) add(x span) spans {
	if x.B <= x.A {
		return slices.Clone(s)
	}
	out := make(spans, 0, len(s)+1)
	placed := false
	for _, sp := range s {
		switch {
		case sp.B < x.A:
			out = append(out, sp)
		case x.B < sp.A:
			if !placed {
				out = append(out, x)
				placed = true
			}
			out = append(out, sp)
		default: // overlapping or touching: grow x
			x = span{min(x.A, sp.A), max(x.B, sp.B)}
		}
	}
	if !placed {
		out = append(out, x)
	}
	slices.SortFunc(out, func(p, q span) int { return p.A - q.A })
	return out
}

// gaps returns the parts of x that s does not cover, in order.
func (s spans) gaps(x span) []span {
	var out []span
	at := x.A
	for _, sp := range s {
		if sp.B <= at || sp.A >= x.B {
			continue
		}
		if sp.A > at {
			out = append(out, span{at, sp.A})
		}
		at = max(at, sp.B)
	}
	if at < x.B {
		out = append(out, span{at, x.B})
	}
	return out
}

// within returns the parts of x that s covers, in order.
func (s spans) within(x span) []span {
	var out []span
	for _, sp := range s {
		if lo, hi := max(sp.A, x.A), min(sp.B, x.B); hi > lo {
			out = append(out, span{lo, hi})
		}
	}
	return out
}

// creditRule is what limits the new seconds of a report
// (docs/product.md#proof-of-watching).
type creditRule struct {
	// budget: at most this many new seconds.
	budget int
	// onlyServed: only seconds in served are new (an uploaded video: the
	// seconds whose segments the server sent to the registration).
	onlyServed bool
	served     spans
	// noSkip: a stretch starting past the furthest credited second by more
	// than startSlack is not credited (seeking off).
	noSkip bool
}

// addCapped merges reported stretches into s under rule: the earliest new
// seconds first, in video order, so a report that claims more than time
// allows keeps its plausible start and loses its end; with noSkip each new
// piece must start within startSlack of the furthest second credited so far
// (earlier pieces of the same report count). It returns the merged spans
// and the seconds credited.
func (s spans) addCapped(reported []span, rule creditRule) (spans, int) {
	slices.SortFunc(reported, func(p, q span) int { return p.A - q.A })
	out, credited := s, 0
	for _, x := range reported {
		for _, g := range out.gaps(x) {
			pieces := []span{g}
			if rule.onlyServed {
				pieces = rule.served.within(g)
			}
			for _, p := range pieces {
				if rule.noSkip && p.A > out.furthest()+startSlack {
					break // the later pieces of g start further still
				}
				if rule.budget-credited <= 0 {
					return out, credited
				}
				if n := p.B - p.A; n > rule.budget-credited {
					p.B = p.A + (rule.budget - credited)
				}
				credited += p.B - p.A
				out = out.add(p)
			}
		}
	}
	return out, credited
}

// toSeconds rounds a reported time (seconds, as the player tells it) to
// whole seconds.
func toSeconds(t float64) int { return int(math.Round(t)) }
