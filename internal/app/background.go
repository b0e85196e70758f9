package app

import (
	"context"
	"log/slog"
	"time"
)

// jobInterval is how often Serve runs its periodic jobs: the retry of
// automatic giveaway draws a crash or an error interrupted, and the payment
// reconciler that fulfils payments no confirm reached. Every instance may
// run them: a draw happens once per webinar, a payment is fulfilled once.
const jobInterval = time.Minute

// inBackground runs run in a goroutine until the returned stop is called,
// which cancels its context and waits for it to return.
func inBackground(run func(ctx context.Context)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		run(ctx)
	}()
	return func() { cancel(); <-done }
}

// every returns a runner that calls job at once and then every interval
// until its context ends, logging what each run did under name.
func every(interval time.Duration, name string, job func(ctx context.Context) (int, error)) func(ctx context.Context) {
	return func(ctx context.Context) {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if n, err := job(ctx); err != nil && ctx.Err() == nil {
				slog.ErrorContext(ctx, name+" failed", "err", err, "done", n)
			} else if n > 0 {
				slog.InfoContext(ctx, name+" done", "done", n)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}
}
