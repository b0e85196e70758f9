// Package throttle is the one rate limit of watchwin: at most
// Max attempts per key in a fixed window that opens with the key's first
// attempt, counted in the database (table throttle_attempts, migration 0002)
// in one atomic statement, so every instance shares the counts and a burst of
// parallel requests cannot slip past a limit.
//
// Login and sign-up count their attempts through Count and Refund (package
// auth); other routes are limited per client address and per account by
// the rules of package app (limits.go); docs/api.md lists every limit.
package throttle

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
	"watchwin/internal/clock"
	"watchwin/internal/db"
)

// MaxWindow is the longest window a Limit may have: counts older than it are
// removed by DeleteStale.
const MaxWindow = 24 * time.Hour

// Limit allows at most Max attempts per key in Window. Kind names the key
// space ("address", "account", "signup", "register-account", …): two limits
// of the same Kind share their counts.
type Limit struct {
	Kind   string
	Max    int
	Window time.Duration
}

// On is the claim of one attempt on this limit for value (an e-mail, a
// client key, a user id, a device token hash).
func (l Limit) On(value string) Claim { return Claim{Limit: l, Value: value} }

// Claim names one limit and the value it counts.
type Claim struct {
	Limit
	Value string
}

// Attempt is a counted attempt: the count it made in its window.
type Attempt struct {
	Limit
	Key         string
	Count       int
	WindowStart time.Time
}

// Refused: the attempt is past the limit and must not go ahead.
func (a Attempt) Refused() bool { return a.Count > a.Max }

// Exhausted: this was the last attempt the window allows.
func (a Attempt) Exhausted() bool { return a.Count >= a.Max }

// RetryAfter is how long until the window closes and attempts are allowed
// again: at least a second, so a client never retries at once, and at most
// the window (a parallel request may have opened it a moment after now).
func (a Attempt) RetryAfter(now time.Time) time.Duration {
	return min(max(a.WindowStart.Add(a.Window).Sub(now), time.Second), a.Window)
}

// Throttle counts attempts in the database.
type Throttle struct {
	db  *db.DB
	now clock.Func
}

// New returns the throttle on d, telling the time by now (for Limit and
// Check; Count takes the time from its caller).
func New(d *db.DB, now clock.Func) *Throttle { return &Throttle{db: d, now: now} }

// Count counts one attempt on each claim, in order. When one is past its
// limit it returns that attempt as refused and gives back the attempts
// already counted on the claims before it (a refused request did nothing, so
// it must not use up, say, an address's budget because the account's is
// spent). The attempts returned can be given back with Refund when the
// request turns out not to count (a successful login, a busy server).
func (t *Throttle) Count(ctx context.Context, now time.Time, claims ...Claim) ([]Attempt, *Attempt, error) {
	counted := make([]Attempt, 0, len(claims))
	for _, c := range claims {
		if c.Window <= 0 || c.Window > MaxWindow || c.Max < 1 {
			t.Refund(ctx, counted)
			return nil, nil, fmt.Errorf("throttle: limit %q: window must be in (0, %s] and max at least 1", c.Kind, MaxWindow)
		}
		a := Attempt{Limit: c.Limit, Key: Key(c.Kind, c.Value)}
		var err error
		a.Count, a.WindowStart, err = t.countAttempt(ctx, a.Key, now, now.Add(-a.Window))
		if err != nil {
			t.Refund(ctx, counted)
			return nil, nil, err
		}
		if a.Refused() {
			t.Refund(ctx, counted)
			return nil, &a, nil
		}
		counted = append(counted, a)
	}
	return counted, nil, nil
}

// Check counts one attempt on each claim and, when one is refused, returns
// the 429 for it: TooMany(format, its wait). format has one %s for the wait.
func (t *Throttle) Check(ctx context.Context, format string, claims ...Claim) error {
	now := t.now()
	_, refused, err := t.Count(ctx, now, claims...)
	if err != nil {
		return err
	}
	if refused != nil {
		return TooMany(format, refused.RetryAfter(now))
	}
	return nil
}

// Refund gives back counted attempts (only within the window they were
// counted in). It runs even when the request's context has ended; a failure
// costs the caller one attempt at most, so it is logged, not returned.
func (t *Throttle) Refund(ctx context.Context, attempts []Attempt) {
	ctx = context.WithoutCancel(ctx)
	for _, a := range attempts {
		if err := t.refundAttempt(ctx, a.Key, a.WindowStart); err != nil {
			slog.WarnContext(ctx, "throttle refund failed", "throttle", a.Kind, "err", err)
		}
	}
}

// DeleteStale removes counts whose window opened MaxWindow or longer before
// now (housekeeping: an expired window is restarted by Count anyway).
func (t *Throttle) DeleteStale(ctx context.Context, now time.Time) error {
	_, err := t.db.Q(ctx).ExecContext(ctx, `DELETE FROM throttle_attempts WHERE window_start <= $1`, now.Add(-MaxWindow))
	return db.MapError(err)
}

// LastExhausted returns the exhausted attempt whose window closes last, if any.
func LastExhausted(attempts []Attempt, now time.Time) (Attempt, bool) {
	var out Attempt
	found := false
	for _, a := range attempts {
		if a.Exhausted() && (!found || a.RetryAfter(now) > out.RetryAfter(now)) {
			out, found = a, true
		}
	}
	return out, found
}

// TooMany is a 429 (code too_many_attempts) whose message says the wait in
// minutes, rounded up, in place of format's %s, and whose Retry-After says it
// in seconds.
func TooMany(format string, wait time.Duration) error {
	n := int(math.Ceil(wait.Minutes()))
	unit := "minutes"
	if n == 1 {
		unit = "minute"
	}
	e := apperr.TooMany(fmt.Sprintf(format, fmt.Sprintf("%d %s", n, unit)))
	e.RetryAfter = wait
	return e
}

// Wait is TooMany with its own kind and code (a 429 too_many_holds, a 409
// seats_held): a refusal worth retrying after wait, at least a second.
func Wait(kind apperr.Kind, code, format string, wait time.Duration) error {
	e, _ := apperr.As(TooMany(format, max(wait, time.Second)))
	e.Kind, e.Code = kind, code
	return e
}

// ClientKey is the value an address is throttled by: the address itself for
// IPv4, its /64 for IPv6 (one subscriber usually holds a whole /64, so
// counting single IPv6 addresses would give an attacker billions of budgets).
func ClientKey(ip string) string {
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

// Key hashes the value (e-mail, address, device, user id) so the throttle
// table holds no personal data in the clear.
func Key(kind, value string) string {
	sum := sha256.Sum256([]byte(kind + ":" + value))
	return kind + ":" + hex.EncodeToString(sum[:16])
}

// countAttempt counts one attempt on key and returns the count in the
// current window and when that window opened. A window that opened at or
// before expired is over, so the count starts again at 1 in a window opening
// now. It is one statement: PostgreSQL locks the row for the upsert and
// SQLite has one writer, so parallel callers each get their own count and
// no burst can read the same count twice.
func (t *Throttle) countAttempt(ctx context.Context, key string, now, expired time.Time) (int, time.Time, error) {
	var count int
	var windowStart time.Time
	err := t.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO throttle_attempts (key, attempts, window_start) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			attempts = CASE WHEN throttle_attempts.window_start <= $3 THEN 1 ELSE throttle_attempts.attempts + 1 END,
			window_start = CASE WHEN throttle_attempts.window_start <= $3 THEN $2 ELSE throttle_attempts.window_start END
		RETURNING attempts, window_start`, key, now, expired).Scan(&count, &windowStart)
	return count, windowStart.UTC(), db.MapError(err)
}

// refundAttempt gives one attempt back to key, only in the window it was
// counted in (a window opened since then owes nothing).
func (t *Throttle) refundAttempt(ctx context.Context, key string, windowStart time.Time) error {
	_, err := t.db.Q(ctx).ExecContext(ctx, `UPDATE throttle_attempts SET attempts = attempts - 1
		WHERE key = $1 AND window_start = $2 AND attempts > 0`, key, windowStart)
	return db.MapError(err)
}
