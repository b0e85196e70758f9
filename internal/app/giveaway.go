package app

import (
	"context"
	"time"
)

// drawRetryInterval is how often Serve looks for webinars whose paid seats
// filled without their automatic giveaway draw.
const drawRetryInterval = time.Minute

// startDraws runs the giveaway's retry of automatic draws (at once, then
// every drawRetryInterval) until the returned stop is called, which waits
// for it to finish. The draw normally happens right after the purchase
// that fills a webinar; this catches one lost to a crash or an error in
// between. Every instance may run it: the draw happens once per webinar.
func (a *App) startDraws() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.Giveaway.Run(ctx, drawRetryInterval)
	}()
	return func() { cancel(); <-done }
}
