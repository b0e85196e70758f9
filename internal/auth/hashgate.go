package auth

import (
	"context"
	"sync/atomic"
	"time"

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
	slots chan struct{}
	wait  time.Duration

	hashes  atomic.Int64 // hashes run so far (tests count them)
	running atomic.Int64
	peak    atomic.Int64 // most hashes ever running at once (tests read it)
}

func newHashGate(slots int, wait time.Duration) *hashGate {
	return &hashGate{slots: make(chan struct{}, max(slots, 1)), wait: wait}
}

// run calls fn once a slot is free. It gives up with errBusy (503 and
// Retry-After) when no slot frees within the gate's wait or ctx ends first,
// so a flood queues briefly and is then refused instead of piling up.
func (g *hashGate) run(ctx context.Context, fn func()) error {
	select {
	case g.slots <- struct{}{}:
	default:
		t := time.NewTimer(g.wait)
		defer t.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-t.C:
			return errBusy
		case <-ctx.Done():
			return errBusy
		}
	}
	defer func() { <-g.slots }()
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	g.hashes.Add(1)
	fn()
	return nil
}
