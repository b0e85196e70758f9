package testutil

import (
	"context"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/seat"
)

// nobody is a seat listener for store tests that build one domain alone:
// no waiting list to offer freed seats to, no giveaway to draw.
type nobody struct{}

func (nobody) OfferFreed(context.Context, *seat.Tx) error  { return nil }
func (nobody) SeatsFilled(context.Context, *seat.Tx) error { return nil }

// Seats returns a seat service on d with no waiting list and no draw,
// dropping changed (a public list's cache) at every lock.
func Seats(d *db.DB, changed func()) *seat.Service {
	return seat.New(d, clock.Now, seat.Listeners{ListChanged: changed, Freed: nobody{}, Filled: nobody{}})
}
