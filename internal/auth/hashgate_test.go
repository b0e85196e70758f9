package auth_test

import (
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// A burst of 200 logins, each from its own address and for its own e-mail
// so that no throttle stops it: every request is answered (200, 401, 429 or
// a deliberate 503 busy, never another 5xx) and memory stays bounded by the
// hashing gate, not by the number of requests.
//
// Ceiling: each argon2id hash holds 19 MiB and at most `slots` run at once,
// so the live heap is at most base + slots × 19 MiB. Go's collector
// (GOGC=100) lets the heap grow to twice the live heap, and hashes that
// finish while a collection is under way can push it past that goal once
// more: 4 × slots × 19 MiB above base, plus 64 MiB for 200 requests in flight
// (connections, buffers, goroutines). The test caps the gate at 4 slots so
// the ceiling stays far below what 200 parallel hashes would hold without a
// gate (200 × 19 MiB = 3.8 GiB) on any machine; that the default gate has
// one slot per CPU is checked separately.
func TestLoginBurstMemoryBounded(t *testing.T) {
	trustLoopback(t)
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		const n, real = 200, 4
		for i := range real {
			s.CreateUser(fmt.Sprintf("real-%d@example.com", i), "secret1", "user")
		}
		slots := auth.HashSlots(s.App.Auth)
		if slots != max(runtime.NumCPU(), 1) {
			t.Errorf("hash slots = %d, want one per CPU (%d)", slots, runtime.NumCPU())
		}
		// At most 4 slots (see the ceiling), and a shorter wait than the
		// default so the burst ends sooner; more requests get 503 busy then.
		slots = min(slots, 4)
		auth.SetHashGate(s.App.Auth, slots, 2*time.Second)

		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		base := ms.HeapInuse
		ceiling := base + 4*uint64(slots)*auth.ArgonMemoryBytes + 64<<20

		var peak atomic.Uint64
		done := make(chan struct{})
		var sampler sync.WaitGroup
		sampler.Go(func() {
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak.Load() {
					peak.Store(ms.HeapInuse)
				}
				select {
				case <-done:
					return
				case <-tick.C:
				}
			}
		})
		results := burst(s, n, "/api/auth/login", func(i int) any {
			if i < real {
				return map[string]string{"email": fmt.Sprintf("real-%d@example.com", i), "password": "secret1"}
			}
			return map[string]string{"email": fmt.Sprintf("nobody-%d@example.com", i), "password": "guess-123"}
		}, func(i int) string { return fmt.Sprintf("10.%d.%d.1", i/250, i%250) })
		close(done)
		sampler.Wait()

		counts := map[int]int{}
		for i, r := range results {
			if r.err != nil {
				t.Fatalf("request %d got no answer: %v", i, r.err)
			}
			counts[r.status]++
			switch r.status {
			case http.StatusOK, http.StatusUnauthorized, http.StatusTooManyRequests:
			case http.StatusServiceUnavailable:
				if r.code != "busy" || r.retryAfter == "" {
					t.Errorf("503 with code %q and Retry-After %q, want busy with a Retry-After", r.code, r.retryAfter)
				}
			default:
				t.Errorf("request %d = %d, want 200, 401, 429 or 503", i, r.status)
			}
		}
		if counts[http.StatusOK]+counts[http.StatusUnauthorized] == 0 {
			t.Errorf("no login was checked at all: %v", counts)
		}
		if p := auth.PeakHashes(s.App.Auth); p > int64(slots) {
			t.Errorf("%d hashes ran at once, want at most %d", p, slots)
		}
		t.Logf("answers %v; heap in use: base %d MiB, peak %d MiB, ceiling %d MiB (%d hash slots)",
			counts, base>>20, peak.Load()>>20, ceiling>>20, slots)
		if peak.Load() > ceiling {
			t.Errorf("heap in use peaked at %d MiB, over the ceiling of %d MiB", peak.Load()>>20, ceiling>>20)
		}
	})
}

// When every hashing slot stays taken, a login or sign-up waits for the
// gate's limit and is then refused with 503 busy and Retry-After; its
// attempt is not counted against the caller.
func TestHashingBusy(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	s.CreateUser("busy@example.com", "secret1", "user")
	auth.SetHashGate(s.App.Auth, 1, 50*time.Millisecond)
	release := auth.HoldHashSlot(s.App.Auth)

	want := testutil.Want{Status: 503, Code: "busy", Message: "The server is busy right now. Please try again in a few seconds."}
	for i := range 6 { // more than the account limit: refused attempts are not counted
		res := s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "busy@example.com", "password": "secret1"})
		res.Check(t, want)
		if ra := res.Header.Get("Retry-After"); ra != "5" {
			t.Errorf("login %d: Retry-After %q, want 5", i, ra)
		}
	}
	for i := range 11 { // more than the sign-up limit
		res := s.Client().Do("POST", "/api/auth/signup", validSignUp(fmt.Sprintf("busy-%d@example.com", i)))
		res.Check(t, want)
	}
	if _, err := s.App.Auth.CreateUser(t.Context(), "cli@example.com", "secret1", auth.RoleAdmin, "C", "L"); err == nil {
		t.Error("CreateUser hashed past a full gate")
	}

	release()
	s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "busy@example.com", "password": "secret1"}).Check(t, testutil.Want{Status: 200})
	s.Client().Do("POST", "/api/auth/signup", validSignUp("busy-ok@example.com")).Check(t, testutil.Want{Status: 201})
}
