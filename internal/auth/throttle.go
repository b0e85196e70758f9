package auth

import (
	"context"
	"time"

	"watchwin/internal/throttle"
)

// The login and sign-up limits (docs/product.md#timings-and-constants; docs/api.md explains them to
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
	// Requests that mail a link (forgot password, resend confirmation) per
	// client address and per e-mail (whether or not an account has it), so
	// nobody can flood an inbox; reset-password attempts per address.
	forgotAddress = throttle.Limit{Kind: "forgot-address", Max: 20, Window: 15 * time.Minute}
	forgotAccount = throttle.Limit{Kind: "forgot-account", Max: 5, Window: 15 * time.Minute}
	resendAddress = throttle.Limit{Kind: "resend-address", Max: 20, Window: 15 * time.Minute}
	resendAccount = throttle.Limit{Kind: "resend-account", Max: 5, Window: 15 * time.Minute}
	resetAddress  = throttle.Limit{Kind: "reset", Max: 20, Window: 15 * time.Minute}
	// Codes of the second factor (docs/api.md#second-factor-and-sessions),
	// counted like passwords: per login challenge, with the password step's
	// browser or address limit; per session for the changes a signed-in account
	// makes (the passwords typed there count too); and, except from the owner's
	// known browser, against a higher ceiling per account. So a stranger who
	// knows the password but not the code is throttled while the owner's known
	// browser still gets in.
	codeChallenge = throttle.Limit{Kind: "code-challenge", Max: 5, Window: 15 * time.Minute}
	codeSession   = throttle.Limit{Kind: "code-session", Max: 5, Window: 15 * time.Minute}
	codeAccount   = throttle.Limit{Kind: "code-account", Max: 20, Window: time.Hour}
	// Enrolment links mailed to one account.
	enrolLinkAccount = throttle.Limit{Kind: "enrol-link", Max: 5, Window: 15 * time.Minute}
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
	s.sleep(ctx, min(time.Duration(n)*failureDelay, maxFailureDelay))
}

func tooManyLogins(wait time.Duration) error {
	return throttle.TooMany("Too many failed login attempts. Please try again in %s.", wait)
}

func tooManySignUps(wait time.Duration) error {
	return throttle.TooMany("Too many sign-up attempts. Please try again in %s.", wait)
}

func tooManyRequests(wait time.Duration) error {
	return throttle.TooMany("Too many requests. Please try again in %s.", wait)
}
