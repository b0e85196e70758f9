package payment_test

import (
	"context"
	"sync"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// BenchmarkFulfil measures the fulfilment of a paid payment: Confirm looks
// the payment up, asks the provider, then in one transaction locks the
// seats, marks the registration paid, issues the coupon, closes the
// payment and queues the e-mail. Buyers and their paid payments are made
// before the timer starts. One at a time (make bench's watchwin-bench
// and the 16-at-once run drive it concurrently).
func BenchmarkFulfil(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(string(engine), func(b *testing.B) { benchFulfil(b, engine, 1) })
		b.Run(string(engine)+"/16-at-once", func(b *testing.B) { benchFulfil(b, engine, 16) })
	}
}

// benchFulfil confirms b.N paid payments from workers goroutines.
func benchFulfil(b *testing.B, engine db.Engine, workers int) {
	s := testutil.NewServer(b, engine)
	w := s.CreateWebinar(testutil.WebinarSpec{Seats: 100_000})
	type paid struct {
		user   auth.Profile
		intent string
	}
	todo := make([]paid, b.N)
	for i := range todo {
		p := s.Buyer(w.ID)
		st, err := pay(b, s, p, w.ID)
		if err != nil {
			b.Fatal(err)
		}
		todo[i] = paid{p, st.ID}
	}
	ctx := context.Background()
	next := make(chan paid)
	var wg sync.WaitGroup
	b.ReportAllocs()
	b.ResetTimer()
	for range workers {
		wg.Go(func() {
			for p := range next {
				if _, err := s.App.Payments.Confirm(ctx, p.user, p.intent); err != nil {
					b.Error(err)
				}
			}
		})
	}
	for _, p := range todo {
		next <- p
	}
	close(next)
	wg.Wait()
}
