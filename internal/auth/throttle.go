package auth

import (
	"context"
	"time"

	"watchwin/internal/throttle"
)

// The login and sign-up limits (DESIGN.md §3; docs/api.md explains them to
// clients). Each attempt is counted by package throttle before any password
// is hashed, so a burst of parallel requests cannot slip past a limit.
var (
	// A login from a browser the account has not signed in on before counts
	// against both its client address and the account.
	loginAddress = throttle.Limit{Kind: "address", Max: 20, Window: 15 * time.Minute}
	loginAccount = throttle.Limit{Kind: "account", Max: 5, Window: 15 * time.Minute}
	// A login from a browser where the account has signed in before counts
	// only against that browser, so strangers exhausting the account's limit
	// do not lock the owner out of a browser they use.
	loginDevice = throttle.Limit{Kind: "device", Max: 5, Window: 15 * time.Minute}
	// Sign-ups from one address: each answer tells whether an e-mail has an
	// account, so they are limited too.
	signUpAddress = throttle.Limit{Kind: "signup", Max: 10, Window: 15 * time.Minute}
)

// Progressive delay before answering a failed login.
const (
	failureDelay    = 250 * time.Millisecond
	maxFailureDelay = 2 * time.Second
)

// slowDown waits a little longer the more attempts a key has made in its
// window (scaled to the account limit, so 20 attempts from one address wait
// as long as 5 on one account).
func (s *Service) slowDown(ctx context.Context, attempts []throttle.Attempt) {
	n := 0
	for _, a := range attempts {
		n = max(n, a.Count*loginAccount.Max/a.Max)
	}
	s.Sleep(ctx, min(time.Duration(n)*failureDelay, maxFailureDelay))
}

func tooManyLogins(wait time.Duration) error {
	return throttle.TooMany("Too many failed login attempts. Please try again in %s.", wait)
}

func tooManySignUps(wait time.Duration) error {
	return throttle.TooMany("Too many sign-up attempts. Please try again in %s.", wait)
}
