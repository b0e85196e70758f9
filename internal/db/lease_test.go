package db_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// A lease has one holder at a time: the holder renews it, another instance
// gets it only once it expired or was released.
func TestLease(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := t.Context()
		clock := &testutil.Clock{}
		a := d.NewLease("job", "instance-a", time.Minute, clock.Now)
		b := d.NewLease("job", "instance-b", time.Minute, clock.Now)
		other := d.NewLease("another-job", "instance-b", time.Minute, clock.Now)
		step := func(what string, l *db.Lease, want bool) {
			t.Helper()
			got, err := l.Acquire(ctx)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if got != want {
				t.Fatalf("%s: acquired %v, want %v", what, got, want)
			}
		}
		step("a takes the free lease", a, true)
		step("b is refused while a holds it", b, false)
		step("a lease of another name is separate", other, true)
		clock.Advance(50 * time.Second)
		step("a renews", a, true)
		clock.Advance(50 * time.Second) // 100 s after the first take, 50 s after the renewal
		step("b is still refused: the renewal counts", b, false)
		clock.Advance(11 * time.Second)
		step("b takes it over once a's renewal expired", b, true)
		step("a, back, is refused", a, false)
		if err := b.Release(ctx); err != nil {
			t.Fatal(err)
		}
		step("a takes it at once after b released it", a, true)
		if err := b.Release(ctx); err != nil {
			t.Fatal(err)
		}
		step("b's release of a lease it lost changes nothing", b, false)
	})
}

// Many instances asking for a free lease at the same moment: exactly one
// gets it.
func TestLeaseConcurrent(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		clock := &testutil.Clock{}
		for round := range 5 {
			clock.Advance(2 * time.Minute) // the previous round's lease has expired
			var won atomic.Int32
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range 8 {
				wg.Go(func() {
					l := d.NewLease("race", string(rune('a'+i))+"-instance", time.Minute, clock.Now)
					<-start
					ok, err := l.Acquire(t.Context())
					if err != nil {
						t.Error(err)
					}
					if ok {
						won.Add(1)
					}
				})
			}
			close(start)
			wg.Wait()
			if n := won.Load(); n != 1 {
				t.Fatalf("round %d: %d instances acquired the lease, want 1", round, n)
			}
		}
	})
}
