// Package clock is the time the services tell: UTC to the microsecond
// (PostgreSQL's resolution), so a value read back from the database equals
// the value written. Services take a Func; tests give them a fake one.
package clock

import (
	"sync"
	"time"
)

// Func tells the time; Now is the real one.
type Func func() time.Time

// Now is the current time as the database stores it.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// Offset is a clock that runs with another from an offset a caller moves
// forward: the browser tests' clock (WATCHWIN_TEST_CLOCK,
// docs/api.md#test-clock-tests-only), never a production one. Safe for
// concurrent use.
type Offset struct {
	base   Func
	mu     sync.Mutex
	offset time.Duration
}

// NewOffset returns a clock that tells base's time (Now on a server) until
// moved.
func NewOffset(base Func) *Offset { return &Offset{base: base} }

// Now is base's time plus the offset.
func (o *Offset) Now() time.Time {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.base().Add(o.offset)
}

// Advance moves the clock forward by d and returns the new time.
func (o *Offset) Advance(d time.Duration) time.Time {
	o.mu.Lock()
	o.offset += d
	o.mu.Unlock()
	return o.Now()
}
