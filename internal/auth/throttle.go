package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"net/netip"
	"time"

	"watchwin/internal/apperr"
)

// throttle is one rate limit (DESIGN.md §3): at most limit attempts per key
// in a fixed window that opens with the key's first attempt. An attempt is
// counted in one atomic statement before any password is hashed, so a burst
// of parallel requests cannot slip past the limit; docs/api.md explains the
// limits to clients.
type throttle struct {
	kind   string // names the key space: an account, an address, a device
	limit  int
	window time.Duration
}

var (
	// A login from a browser the account has not signed in on before counts
	// against both its client address and the account.
	loginAddress = throttle{"address", 20, 15 * time.Minute}
	loginAccount = throttle{"account", 5, 15 * time.Minute}
	// A login from a browser where the account has signed in before counts
	// only against that browser, so strangers exhausting the account's limit
	// do not lock the owner out of a browser they use.
	loginDevice = throttle{"device", 5, 15 * time.Minute}
	// Sign-ups from one address: each answer tells whether an e-mail has an
	// account, so they are limited too.
	signUpAddress = throttle{"signup", 10, 15 * time.Minute}
)

// longestWindow bounds how long a throttle row matters (housekeeping).
const longestWindow = 15 * time.Minute

// Progressive delay before answering a failed login.
const (
	failureDelay    = 250 * time.Millisecond
	maxFailureDelay = 2 * time.Second
)

// claim names one throttle and the value (e-mail, address, device) it counts.
type claim struct {
	throttle
	value string
}

// attempt is a counted attempt: the count it made in its window.
type attempt struct {
	throttle
	key         string
	count       int
	windowStart time.Time
}

// refused: the attempt is past the limit and must not go ahead.
func (a attempt) refused() bool { return a.count > a.limit }

// exhausted: this was the last attempt the window allows.
func (a attempt) exhausted() bool { return a.count >= a.limit }

// retryAfter is how long until the window closes and attempts are allowed
// again: at least a second, so a client never retries at once, and at most
// the window (a parallel request may have opened it a moment after now).
func (a attempt) retryAfter(now time.Time) time.Duration {
	return min(max(a.windowStart.Add(a.window).Sub(now), time.Second), a.window)
}

// countAttempts counts one attempt on each claim, in order. When one is past
// its limit it returns that attempt as refused and gives back the attempts
// already counted on the claims before it (a refused request did nothing,
// so it must not use up, say, an address's budget because the account's is
// spent). The attempts returned are given back with refund when the request
// turns out not to count (a successful login, a busy server).
func (s *Service) countAttempts(ctx context.Context, now time.Time, claims ...claim) ([]attempt, *attempt, error) {
	counted := make([]attempt, 0, len(claims))
	for _, c := range claims {
		a := attempt{throttle: c.throttle, key: throttleKey(c.kind, c.value)}
		var err error
		a.count, a.windowStart, err = s.store.countAttempt(ctx, a.key, now, now.Add(-a.window))
		if err != nil {
			s.refund(ctx, counted)
			return nil, nil, err
		}
		if a.refused() {
			s.refund(ctx, counted)
			return nil, &a, nil
		}
		counted = append(counted, a)
	}
	return counted, nil, nil
}

// refund gives back counted attempts (only within the window they were
// counted in). It runs even when the request's context has ended; a failure
// costs the caller one attempt at most, so it is logged, not returned.
func (s *Service) refund(ctx context.Context, attempts []attempt) {
	ctx = context.WithoutCancel(ctx)
	for _, a := range attempts {
		if err := s.store.refundAttempt(ctx, a.key, a.windowStart); err != nil {
			slog.WarnContext(ctx, "throttle refund failed", "throttle", a.kind, "err", err)
		}
	}
}

// slowDown waits a little longer the more attempts a key has made in its
// window (scaled to the account limit, so 20 attempts from one address wait
// as long as 5 on one account).
func (s *Service) slowDown(ctx context.Context, attempts []attempt) {
	n := 0
	for _, a := range attempts {
		n = max(n, a.count*loginAccount.limit/a.limit)
	}
	s.Sleep(ctx, min(time.Duration(n)*failureDelay, maxFailureDelay))
}

// lastExhausted returns the exhausted attempt whose window closes last, if any.
func lastExhausted(attempts []attempt, now time.Time) (attempt, bool) {
	var out attempt
	found := false
	for _, a := range attempts {
		if a.exhausted() && (!found || a.retryAfter(now) > out.retryAfter(now)) {
			out, found = a, true
		}
	}
	return out, found
}

func tooManyLogins(wait time.Duration) error {
	return tooMany("Too many failed login attempts. Please try again in %s.", wait)
}

func tooManySignUps(wait time.Duration) error {
	return tooMany("Too many sign-up attempts. Please try again in %s.", wait)
}

// tooMany is a 429 whose message says the wait in minutes (rounded up) and
// whose Retry-After says it in seconds.
func tooMany(format string, wait time.Duration) error {
	n := int(math.Ceil(wait.Minutes()))
	unit := "minutes"
	if n == 1 {
		unit = "minute"
	}
	e := apperr.TooMany(fmt.Sprintf(format, fmt.Sprintf("%d %s", n, unit)))
	e.RetryAfter = wait
	return e
}

// clientKey is the value an address is throttled by: the address itself for
// IPv4, its /64 for IPv6 (one subscriber usually holds a whole /64, so
// counting single IPv6 addresses would give an attacker billions of budgets).
func clientKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.WithZone("").Prefix(64)
		return p.String()
	}
	return a.String()
}

// throttleKey hashes the e-mail, address or device so the throttle table
// holds no personal data in the clear.
func throttleKey(kind, value string) string {
	sum := sha256.Sum256([]byte(kind + ":" + value))
	return kind + ":" + hex.EncodeToString(sum[:16])
}
