package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"watchwin/internal/app"
	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/payment"
	"watchwin/internal/registration"
)

// The fulfilment run: openPurchases payments on open webinars with seats to
// spare, plus a contested webinar of contestedSeats seats with twice as
// many payments, all of whose holds have lapsed, so only contestedSeats of
// them may succeed and the rest must be refunded.
const (
	openWebinars   = 4
	openPurchases  = 1200
	contestedSeats = 50
	fulfilWorkers  = 16
)

// fulfilResult is how fast paid payments became seats and coupons.
type fulfilResult struct {
	Workers   int     `json:"workers"`
	Fulfilled int     `json:"fulfilled"`
	Refunded  int     `json:"refunded"`
	Seconds   float64 `json:"seconds"`
	PerSecond float64 `json:"per_second"`      // fulfilled ÷ seconds
	Oversold  int     `json:"oversold"`        // paid seats beyond total_seats, over all webinars
	Mismatch  int     `json:"coupon_mismatch"` // |coupons − fulfilled|
}

// offsetClock is real time plus an offset the driver moves forward to let
// seat holds lapse.
type offsetClock struct{ offset atomic.Int64 }

func (c *offsetClock) now() time.Time { return clock.Now().Add(time.Duration(c.offset.Load())) }

type purchase struct {
	user     auth.Profile
	intentID string
}

// benchFulfilment prepares paid payments through the real services (sign
// up for the webinar, watch, start paying, pay with the test card), then
// confirms them all from fulfilWorkers goroutines at once and times that,
// writing a CPU profile of that part to profile unless it is "".
func benchFulfilment(ctx context.Context, dataDir, databaseURL, profile string) (fulfilResult, error) {
	res := fulfilResult{Workers: fulfilWorkers}
	clk := &offsetClock{}
	a, err := openApp(ctx, dataDir, databaseURL, clk.now)
	if err != nil {
		return res, err
	}
	defer a.Close()
	hold := a.Config.SeatHold

	contested, err := createWebinars(ctx, a, 1, "Contested webinar", contestedSeats)
	if err != nil {
		return res, err
	}
	open, err := createWebinars(ctx, a, openWebinars, "Fulfilment webinar", openPurchases)
	if err != nil {
		return res, err
	}
	users, err := addUsers(ctx, a.DB, openPurchases+2*contestedSeats, "buyer")
	if err != nil {
		return res, err
	}
	var todo []purchase
	// Two rounds of holds on the contested webinar: the second starts once
	// the first has lapsed, and then it lapses too.
	for round := range 2 {
		for _, u := range users[round*contestedSeats : (round+1)*contestedSeats] {
			p, err := prepare(ctx, a, u, contested[0])
			if err != nil {
				return res, err
			}
			todo = append(todo, p)
		}
		clk.offset.Add(int64(hold + time.Minute))
	}
	for i, u := range users[2*contestedSeats:] {
		p, err := prepare(ctx, a, u, open[i%openWebinars])
		if err != nil {
			return res, err
		}
		todo = append(todo, p)
	}
	rand.Shuffle(len(todo), func(i, j int) { todo[i], todo[j] = todo[j], todo[i] })

	var fulfilled, refunded atomic.Int64
	var firstErr error
	var once sync.Once
	next := make(chan purchase)
	var wg sync.WaitGroup
	if profile != "" {
		stop, err := startCPUProfile(profile)
		if err != nil {
			return res, err
		}
		defer stop()
	}
	start := time.Now()
	for range fulfilWorkers {
		wg.Go(func() {
			for p := range next {
				_, err := a.Payments.Confirm(ctx, p.user, p.intentID)
				if e, ok := apperr.As(err); ok && e.Code == "payment_refunded" {
					refunded.Add(1)
					continue
				}
				if err != nil {
					once.Do(func() { firstErr = err })
					continue
				}
				fulfilled.Add(1)
			}
		})
	}
	for _, p := range todo {
		next <- p
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	if firstErr != nil {
		return res, firstErr
	}
	res.Fulfilled, res.Refunded = int(fulfilled.Load()), int(refunded.Load())
	res.Seconds = elapsed.Seconds()
	res.PerSecond = float64(res.Fulfilled) / res.Seconds

	// Nothing oversold, one coupon per fulfilment.
	err = a.DB.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN paid > total THEN paid - total ELSE 0 END), 0)
		FROM (SELECT w.total_seats AS total,
			(SELECT count(*) FROM webinar_registrations r WHERE r.webinar_id = w.id AND r.purchased_coupon = TRUE) AS paid
			FROM webinars w) s`).Scan(&res.Oversold)
	if err != nil {
		return res, err
	}
	var coupons int
	if err := a.DB.QueryRowContext(ctx, `SELECT count(*) FROM coupons`).Scan(&coupons); err != nil {
		return res, err
	}
	res.Mismatch = max(coupons-res.Fulfilled, res.Fulfilled-coupons)
	if res.Fulfilled+res.Refunded != len(todo) {
		return res, fmt.Errorf("%d payments, %d fulfilled, %d refunded", len(todo), res.Fulfilled, res.Refunded)
	}
	return res, nil
}

// prepare takes user through a purchase up to the provider's success, as
// the browser does: register, watch, start paying, pay with the test card.
func prepare(ctx context.Context, a *app.App, user auth.Profile, webinarID string) (purchase, error) {
	if _, _, err := a.Registrations.Register(ctx, user, webinarID, registration.Input{Name: "Bench Buyer", Email: user.Email}); err != nil {
		return purchase{}, fmt.Errorf("register: %w", err)
	}
	if _, err := a.Registrations.MarkWatched(ctx, user, webinarID); err != nil {
		return purchase{}, fmt.Errorf("watch: %w", err)
	}
	st, err := a.Payments.Start(ctx, user, webinarID, "")
	if err != nil {
		return purchase{}, fmt.Errorf("start payment: %w", err)
	}
	tp := a.Payments.Provider().(*payment.TestProvider)
	if _, err := tp.Confirm(ctx, st.ID, payment.Card{ClientSecret: st.ClientSecret, Number: "4242 4242 4242 4242",
		ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"}); err != nil {
		return purchase{}, fmt.Errorf("pay: %w", err)
	}
	return purchase{user: user, intentID: st.ID}, nil
}

// startCPUProfile profiles the process's CPU into path until stop.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
