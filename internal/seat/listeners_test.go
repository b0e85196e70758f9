package seat_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/seat"
	"watchwin/internal/testutil"
)

// recorder is every listener at once and notes what it heard, in order.
type recorder struct{ heard []string }

func (r *recorder) changed() { r.heard = append(r.heard, "list changed") }
func (r *recorder) OfferFreed(_ context.Context, tx *seat.Tx) error {
	r.heard = append(r.heard, "freed")
	return nil
}
func (r *recorder) SeatsFilled(_ context.Context, tx *seat.Tx) error {
	r.heard = append(r.heard, "filled")
	return nil
}

// A seat service without one of its listeners is never built: a missing
// waiting list or draw would otherwise be skipped without a word.
func TestEveryListenerIsRequired(t *testing.T) {
	r := &recorder{}
	for name, l := range map[string]seat.Listeners{
		"ListChanged": {Freed: r, Filled: r},
		"Freed":       {ListChanged: r.changed, Filled: r},
		"Filled":      {ListChanged: r.changed, Freed: r},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(p.(string), "every listener") {
					t.Errorf("seat.New without %s: panic %v, want one naming the listeners", name, p)
				}
			}()
			seat.New(nil, clock.Now, l)
		})
	}
}

// Every Run tells its listeners: the list's cache at the lock, the waiting
// list before and after the change, and the draw after the commit of the
// seat that filled the webinar (in a Run of its own).
func TestListenersRunInsideEveryRun(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		_, reg := registrant(t, s, w.ID)
		r := &recorder{}
		seats := seat.New(d, s.Clock.Now, seat.Listeners{ListChanged: r.changed, Freed: r, Filled: r})
		ctx := context.Background()

		if err := seats.Settle(ctx, w.ID); err != nil {
			t.Fatal(err)
		}
		if want := []string{"list changed", "freed", "freed"}; !slices.Equal(r.heard, want) {
			t.Errorf("a Run with no change told %q, want %q", r.heard, want)
		}
		r.heard = nil
		if err := seats.Run(ctx, w.ID, func(ctx context.Context, tx *seat.Tx) error { return tx.Take(ctx, reg) }); err != nil {
			t.Fatal(err)
		}
		want := []string{"list changed", "freed", "freed", "list changed", "freed", "filled", "freed"}
		if !slices.Equal(r.heard, want) {
			t.Errorf("the Run that filled the webinar told %q, want %q", r.heard, want)
		}
	})
}
