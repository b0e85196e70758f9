package app

import (
	"context"
	"time"
)

// reconcileInterval is how often Serve asks the payment provider about
// payments that were paid but never confirmed here.
const reconcileInterval = time.Minute

// startReconcile runs the payment reconciler (at once, then every
// reconcileInterval) until the returned stop is called, which waits for it
// to finish. A payment normally ends in a coupon through the browser's
// confirm or the webhook; this catches one that succeeded while the server
// was down or the browser closed. Every instance may run it: a payment is
// fulfilled once.
func (a *App) startReconcile() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.Payments.RunReconciler(ctx, reconcileInterval)
	}()
	return func() { cancel(); <-done }
}
