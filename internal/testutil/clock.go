package testutil

import (
	"sync"
	"time"

	"watchwin/internal/clock"
)

// Clock is a fake clock for services: real time plus an offset that a test
// moves forward with Advance, so lock, session, hold and coupon expiry are
// tested without sleeping. Time keeps running between calls, so rows written
// one after another still get increasing timestamps. Safe for concurrent use.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now is the clock's current time, as clock.Now gives it (UTC, microseconds).
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return clock.Now().Add(c.offset)
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// Set moves the clock to t (forward or back); it keeps running from there.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset = t.Sub(clock.Now())
}
