package auth

import (
	"context"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"

	"watchwin/internal/apperr"
)

// hashWait is how long a request waits for a hashing slot before it is told
// the server is busy.
const hashWait = 5 * time.Second

// errBusy answers a request that found every hashing slot taken for hashWait.
var errBusy = apperr.Busy("The server is busy right now. Please try again in a few seconds.", hashWait)

// hashGate bounds how many password hashes run at once. Each argon2id hash
// holds argonMemory (19 MiB) while it runs, so without a bound a burst of
// logins (unknown e-mails hash too) or sign-ups could take all the memory
// there is. A hash is pure CPU work, so one slot per CPU keeps every core busy
// while hashing memory stays near slots × 19 MiB. Login, sign-up and
// CreateUser all hash through it.
type hashGate struct {
	slots *semaphore.Weighted
	size  int // the number of slots
	wait  time.Duration

	hashes  atomic.Int64 // hashes run so far (tests count them)
	running atomic.Int64
	peak    atomic.Int64 // most hashes ever running at once (tests read it)
}

func newHashGate(slots int, wait time.Duration) *hashGate {
	size := max(slots, 1)
	return &hashGate{slots: semaphore.NewWeighted(int64(size)), size: size, wait: wait}
}

// run calls fn once a slot is free. It gives up with errBusy (503 and
// Retry-After) when no slot frees within the gate's wait or ctx ends first,
// so a flood queues briefly and is then refused instead of piling up.
func (g *hashGate) run(ctx context.Context, fn func()) error {
	if !g.slots.TryAcquire(1) {
		waitCtx, cancel := context.WithTimeout(ctx, g.wait)
		defer cancel()
		if err := g.slots.Acquire(waitCtx, 1); err != nil {
			return errBusy
		}
	}
	defer g.slots.Release(1)
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	g.hashes.Add(1)
	fn()
	return nil
}
