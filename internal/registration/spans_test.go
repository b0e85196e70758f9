package registration

import (
	"slices"
	"testing"
)

// The played-stretch arithmetic that proof of watching stands on
// (docs/product.md#proof-of-watching): what is stored, what is merged and
// how many new seconds a report is credited.
func TestSpans(t *testing.T) {
	t.Run("stored form", func(t *testing.T) {
		for _, tt := range []struct {
			stored string
			want   spans
			again  string // String of the parsed spans
		}{
			{"", nil, ""},
			{"0-10", spans{{0, 10}}, "0-10"},
			{"20-30,0-10", spans{{0, 10}, {20, 30}}, "0-10,20-30"},
			{"0-10,10-20", spans{{0, 20}}, "0-20"}, // touching: joined
			{"0-15,5-20,40-50", spans{{0, 20}, {40, 50}}, "0-20,40-50"},
			{"0-10,x-5,7-3,-1-4,5-5,3,12-15", spans{{0, 10}, {12, 15}}, "0-10,12-15"}, // malformed parts skipped
		} {
			got := parseSpans(tt.stored)
			if !slices.Equal(got, tt.want) {
				t.Errorf("parseSpans(%q) = %v, want %v", tt.stored, got, tt.want)
			}
			if s := got.String(); s != tt.again {
				t.Errorf("parseSpans(%q).String() = %q, want %q", tt.stored, s, tt.again)
			}
		}
	})

	t.Run("measures", func(t *testing.T) {
		s := spans{{0, 10}, {20, 30}, {50, 55}}
		if got := s.total(); got != 25 {
			t.Errorf("total = %d, want 25", got)
		}
		if got := s.furthest(); got != 55 {
			t.Errorf("furthest = %d, want 55", got)
		}
		if got := (spans{}).furthest(); got != 0 {
			t.Errorf("furthest of nothing = %d, want 0", got)
		}
		for _, tt := range []struct{ a, b, want int }{
			{0, 60, 25}, {5, 25, 10}, {10, 20, 0}, {25, 53, 8}, {54, 100, 1}, {30, 30, 0},
		} {
			if got := s.covered(tt.a, tt.b); got != tt.want {
				t.Errorf("covered(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
		}
		for _, tt := range []struct {
			x    span
			want []span
		}{
			{span{0, 10}, nil},
			{span{5, 25}, []span{{10, 20}}},
			{span{0, 60}, []span{{10, 20}, {30, 50}, {55, 60}}},
			{span{12, 18}, []span{{12, 18}}},
			{span{40, 40}, nil},
		} {
			if got := s.gaps(tt.x); !slices.Equal(got, tt.want) {
				t.Errorf("gaps(%v) = %v, want %v", tt.x, got, tt.want)
			}
		}
	})

	t.Run("add", func(t *testing.T) {
		s := spans{{10, 20}, {30, 40}}
		for _, tt := range []struct {
			x    span
			want spans
		}{
			{span{0, 5}, spans{{0, 5}, {10, 20}, {30, 40}}},
			{span{22, 25}, spans{{10, 20}, {22, 25}, {30, 40}}},
			{span{50, 60}, spans{{10, 20}, {30, 40}, {50, 60}}},
			{span{20, 30}, spans{{10, 40}}}, // touching both: one span
			{span{15, 35}, spans{{10, 40}}},
			{span{0, 100}, spans{{0, 100}}},
			{span{12, 18}, spans{{10, 20}, {30, 40}}}, // inside: nothing new
			{span{5, 5}, spans{{10, 20}, {30, 40}}},   // empty
			{span{8, 3}, spans{{10, 20}, {30, 40}}},   // backwards
		} {
			if got := s.add(tt.x); !slices.Equal(got, tt.want) {
				t.Errorf("add(%v) = %v, want %v", tt.x, got, tt.want)
			}
		}
		if !slices.Equal(s, spans{{10, 20}, {30, 40}}) {
			t.Errorf("add changed its receiver: %v", s)
		}
	})

	t.Run("credit", func(t *testing.T) {
		for _, tt := range []struct {
			name     string
			have     spans
			reported []span
			budget   int
			want     spans
			credited int
		}{
			{"within the budget", nil, []span{{0, 10}}, 20, spans{{0, 10}}, 10},
			{"claims more than time allows: keeps its start", nil, []span{{0, 30}}, 20, spans{{0, 20}}, 20},
			{"seen before: nothing new", spans{{0, 30}}, []span{{5, 25}}, 20, spans{{0, 30}}, 0},
			{"only the gap is new", spans{{0, 10}, {20, 30}}, []span{{0, 30}}, 20, spans{{0, 30}}, 10},
			{"earliest new seconds first, whatever the order sent", nil, []span{{50, 60}, {0, 10}}, 15, spans{{0, 10}, {50, 55}}, 15},
			{"overlapping stretches count once", nil, []span{{0, 10}, {5, 15}}, 100, spans{{0, 15}}, 15},
			{"no budget", spans{{0, 10}}, []span{{10, 20}}, 0, spans{{0, 10}}, 0},
			{"a negative budget is none", nil, []span{{0, 10}}, -5, nil, 0},
			{"a stretch past the one before joins it", spans{{0, 10}}, []span{{10, 40}}, 5, spans{{0, 15}}, 5},
		} {
			got, credited := tt.have.addCapped(slices.Clone(tt.reported), creditRule{budget: tt.budget})
			if !slices.Equal(got, tt.want) || credited != tt.credited {
				t.Errorf("%s: %v, %d credited; want %v, %d", tt.name, got, credited, tt.want, tt.credited)
			}
		}
	})

	t.Run("credit of served seconds only", func(t *testing.T) {
		served := spans{{0, 12}, {18, 30}}
		for _, tt := range []struct {
			name     string
			have     spans
			reported []span
			want     spans
			credited int
		}{
			{"inside what was served", nil, []span{{0, 10}}, spans{{0, 10}}, 10},
			{"past what was served: cut at its end", nil, []span{{0, 20}}, spans{{0, 12}, {18, 20}}, 14},
			{"never served: nothing", spans{{0, 12}}, []span{{30, 40}}, spans{{0, 12}}, 0},
			{"a hole in what was served stays a hole", nil, []span{{0, 30}}, spans{{0, 12}, {18, 30}}, 24},
		} {
			got, credited := tt.have.addCapped(slices.Clone(tt.reported), creditRule{budget: 100, onlyServed: true, served: served})
			if !slices.Equal(got, tt.want) || credited != tt.credited {
				t.Errorf("%s: %v, %d credited; want %v, %d", tt.name, got, credited, tt.want, tt.credited)
			}
		}
		if got, n := (spans{}).addCapped([]span{{0, 10}}, creditRule{budget: 100, onlyServed: true}); len(got) != 0 || n != 0 {
			t.Errorf("nothing served: %v, %d credited; want nothing", got, n)
		}
	})

	t.Run("credit with seeking off", func(t *testing.T) {
		for _, tt := range []struct {
			name     string
			have     spans
			reported []span
			budget   int
			served   spans // nil: any second
			want     spans
			credited int
		}{
			{"from the start", nil, []span{{0, 10}}, 100, nil, spans{{0, 10}}, 10},
			{"on from the furthest point", spans{{0, 30}}, []span{{30, 40}}, 100, nil, spans{{0, 40}}, 10},
			{"2 s past it: rounding", spans{{0, 30}}, []span{{32, 40}}, 100, nil, spans{{0, 30}, {32, 40}}, 8},
			{"3 s past it: a jump, not credited", spans{{0, 30}}, []span{{33, 40}}, 100, nil, spans{{0, 30}}, 0},
			{"a jump to the end: not credited", spans{{0, 30}}, []span{{570, 600}}, 100, nil, spans{{0, 30}}, 0},
			{"played on from before the furthest point", spans{{0, 30}}, []span{{20, 50}}, 100, nil, spans{{0, 50}}, 20},
			{"stretches of one report in order", nil, []span{{10, 20}, {0, 10}}, 100, nil, spans{{0, 20}}, 20},
			{"the jump of a report dropped, the rest kept", spans{{0, 30}}, []span{{30, 40}, {300, 310}}, 100, nil, spans{{0, 40}}, 10},
			{"a report cut by the budget reaches no further", nil, []span{{0, 10}, {10, 40}}, 15, nil, spans{{0, 15}}, 15},
			{"going back is credited", spans{{0, 10}, {20, 30}}, []span{{10, 20}}, 100, nil, spans{{0, 30}}, 10},
			{"not past a hole in what was served", nil, []span{{0, 30}}, 100, spans{{0, 12}, {18, 30}}, spans{{0, 12}}, 12},
		} {
			rule := creditRule{budget: tt.budget, noSkip: true, onlyServed: tt.served != nil, served: tt.served}
			got, credited := tt.have.addCapped(slices.Clone(tt.reported), rule)
			if !slices.Equal(got, tt.want) || credited != tt.credited {
				t.Errorf("%s: %v, %d credited; want %v, %d", tt.name, got, credited, tt.want, tt.credited)
			}
		}
	})
}

// FuzzSpans: for any stored text, what parseSpans reads is sorted, disjoint
// and stores back as itself; for any stretches held and reported, any
// budget and, when there are some, any served stretches (an uploaded
// video), addCapped keeps every second held, credits exactly the new
// seconds it adds (served ones only), at most the budget and the earliest
// of them, and all of them when the budget allows.
func FuzzSpans(f *testing.F) {
	f.Add("0-10,20-30", []byte{0, 10, 20, 10}, []byte{5, 30}, 15, []byte{})
	f.Add("5-3,x,0-0,1-2,2-3", []byte{}, []byte{50, 20, 0, 45}, 1000, []byte{1, 0, 30, 40, 20})
	f.Add("", []byte{100, 39}, []byte{90, 2, 120, 39}, -1, []byte{1})
	f.Add("0-99999999,7-8", []byte{1, 1, 3, 1}, []byte{0, 7}, 3, []byte{1, 2, 9})
	f.Fuzz(func(t *testing.T, stored string, held, sent []byte, budget int, servedBytes []byte) {
		read := parseSpans(stored)
		checkCanonical(t, "parseSpans("+stored+")", read)
		if again := parseSpans(read.String()); !slices.Equal(again, read) {
			t.Fatalf("parseSpans(%q) stores as %q, which reads back as %v", stored, read.String(), again)
		}

		var have spans
		for _, x := range decodeSpans(held) {
			have = have.add(x)
		}
		checkCanonical(t, "added spans", have)
		reported := decodeSpans(sent)
		rule := creditRule{budget: budget, onlyServed: len(servedBytes) > 0}
		if rule.onlyServed {
			for _, x := range decodeSpans(servedBytes[1:]) {
				rule.served = rule.served.add(x)
			}
		}
		served := seconds(rule.served)

		// The model: second by second.
		old := seconds(have)
		var fresh []int // new seconds reported, in video order
		for sec := range 400 {
			if old[sec] || rule.onlyServed && !served[sec] {
				continue
			}
			for _, x := range reported {
				if x.A <= sec && sec < x.B {
					fresh = append(fresh, sec)
					break
				}
			}
		}
		want := min(max(budget, 0), len(fresh))

		before := slices.Clone(have)
		got, credited := have.addCapped(slices.Clone(reported), rule)
		checkCanonical(t, "addCapped", got)
		if !slices.Equal(have, before) {
			t.Fatalf("addCapped changed the spans held: %v, was %v", have, before)
		}
		if credited != want {
			t.Fatalf("have %v, reported %v, budget %d: credited %d, want %d", have, reported, budget, credited, want)
		}
		if got.total() != have.total()+credited {
			t.Fatalf("have %v, reported %v: total %d after crediting %d, was %d", have, reported, got.total(), credited, have.total())
		}
		now := seconds(got)
		for sec := range 400 {
			wantIn := old[sec] || slices.Contains(fresh[:want], sec)
			if now[sec] != wantIn {
				t.Fatalf("have %v, reported %v, budget %d: second %d held %v, want %v (got %v)",
					have, reported, budget, sec, now[sec], wantIn, got)
			}
		}
	})
}

// decodeSpans reads byte pairs as stretches inside [0, 400): a start and a
// length from -8 to 47 seconds (empty and backwards ones included, as a
// report rounded to whole seconds may be).
func decodeSpans(b []byte) []span {
	var out []span
	for i := 0; i+1 < len(b); i += 2 {
		a := int(b[i]) % 340
		out = append(out, span{a, a + int(b[i+1])%56 - 8})
	}
	return out
}

// seconds is the set of seconds s covers, below 400.
func seconds(s spans) [400]bool {
	var in [400]bool
	for _, x := range s {
		for sec := max(x.A, 0); sec < min(x.B, 400); sec++ {
			in[sec] = true
		}
	}
	return in
}

// checkCanonical fails unless s is what watch_intervals stores: spans of
// at least a second, sorted, neither overlapping nor touching.
func checkCanonical(t *testing.T, what string, s spans) {
	t.Helper()
	for i, x := range s {
		if x.A < 0 || x.B <= x.A {
			t.Fatalf("%s: span %v is empty or negative (%v)", what, x, s)
		}
		if i > 0 && s[i-1].B >= x.A {
			t.Fatalf("%s: spans %v and %v are out of order, overlap or touch (%v)", what, s[i-1], x, s)
		}
	}
}
