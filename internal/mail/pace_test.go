package mail_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// frozen is a clock that moves only when told.
type frozen struct {
	mu  sync.Mutex
	now time.Time
}

func (f *frozen) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now }
func (f *frozen) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// TestBulkMailPace: bulk mail (a webinar's reminders) goes out at BulkRate
// per second across every worker on the database, however many are queued
// and however many instances send, while transactional mail still goes
// first at once; the outbox backlog (the metric) shows the bulk mail
// waiting its turn.
func TestBulkMailPace(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := &frozen{now: time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)}
		o := mail.NewOutbox(d, clk.Now)
		recA, recB := &recorder{}, &recorder{}
		a := mail.NewWorker(o, recA, "shop@example.com", quietLogger()) // two instances
		b := mail.NewWorker(mail.NewOutbox(d, clk.Now), recB, "shop@example.com", quietLogger())
		if a.BulkRate != mail.DefaultBulkRate || mail.DefaultBulkRate != 5 {
			t.Fatalf("BulkRate %v, DefaultBulkRate %v; want 5 a second by default", a.BulkRate, mail.DefaultBulkRate)
		}
		const bulk = 20
		for i := range bulk {
			m := message(fmt.Sprintf("r%02d@example.com", i), fmt.Sprintf("reminder:%d", i))
			m.Class = mail.Bulk
			if err := o.Enqueue(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		if err := o.Enqueue(ctx, message("reset@example.com", "")); err != nil {
			t.Fatal(err)
		}
		backlog := func() int {
			t.Helper()
			pending, _, err := o.Backlog(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return pending
		}

		// At one instant: the transactional mail and one bulk mail, on
		// either instance; the other instance gets nothing.
		n, err := a.SendDue(ctx)
		if err != nil || n != 2 {
			t.Fatalf("first SendDue = %d, %v; want the transactional mail and one bulk mail", n, err)
		}
		if got := recA.messages(); got[0].To != "reset@example.com" || got[1].Class != mail.Bulk {
			t.Errorf("sent %q then %q (class %q); want the transactional mail first", got[0].To, got[1].To, got[1].Class)
		}
		if n, err := b.SendDue(ctx); err != nil || n != 0 {
			t.Fatalf("second instance at the same instant sent %d, %v; want 0", n, err)
		}
		if got := backlog(); got != bulk-1 {
			t.Fatalf("backlog %d, want %d", got, bulk-1)
		}

		// A transactional mail queued behind the bulk backlog goes at once.
		if err := o.Enqueue(ctx, message("coupon@example.com", "")); err != nil {
			t.Fatal(err)
		}
		if n, err := b.SendDue(ctx); err != nil || n != 1 || recB.messages()[0].To != "coupon@example.com" {
			t.Fatalf("SendDue with the bulk slot taken = %d, %v; want the transactional mail", n, err)
		}

		// Two instances polling every 50 ms for 2 s send 5 a second together.
		for i := range 40 {
			clk.Advance(50 * time.Millisecond)
			order := []*mail.Worker{a, b} // who asks first changes every 200 ms
			if i/4%2 == 1 {
				order = []*mail.Worker{b, a}
			}
			for _, w := range order {
				if _, err := w.SendDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		bulkSent := 0
		for _, m := range append(recA.messages(), recB.messages()...) {
			if m.Class == mail.Bulk {
				bulkSent++
			}
		}
		if want := 1 + 2*5; bulkSent != want {
			t.Errorf("%d bulk mails sent in 2 s at 5 a second (plus the first), want %d", bulkSent, want)
		}
		if len(recA.messages()) < 3 || len(recB.messages()) < 3 {
			t.Errorf("instance A sent %d, B %d: both should take turns", len(recA.messages()), len(recB.messages()))
		}
		if got := backlog(); got != bulk-bulkSent {
			t.Errorf("backlog %d, want %d", got, bulk-bulkSent)
		}

		// With the pace off, the rest goes at once.
		a.BulkRate = 0
		if n, err := a.SendDue(ctx); err != nil || n != bulk-bulkSent {
			t.Errorf("SendDue without a pace = %d, %v; want the %d left", n, err, bulk-bulkSent)
		}
	})
}

// TestWithdraw: a queued mail can be withdrawn by its DedupeKey until it is
// sent; a sent one is not withdrawn (nor reported).
func TestWithdraw(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := &frozen{now: time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)}
		o := mail.NewOutbox(d, clk.Now)
		for _, k := range []string{"k1", "k2", "k3"} {
			if err := o.Enqueue(ctx, message(k+"@example.com", k)); err != nil {
				t.Fatal(err)
			}
		}
		rec := &recorder{fail: func(m mail.Message) error {
			if m.To != "k1@example.com" {
				return fmt.Errorf("not now")
			}
			return nil
		}}
		if _, err := mail.NewWorker(o, rec, "shop@example.com", quietLogger()).SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		got, err := o.Withdraw(ctx, []string{"k1", "k2", "nope"})
		if err != nil || len(got) != 1 || got[0] != "k2" {
			t.Fatalf("Withdraw = %v, %v; want only k2 (k1 was sent)", got, err)
		}
		sent := map[string]bool{}
		for _, r := range rows(t, d) {
			sent[r.To] = r.Sent
		}
		if len(sent) != 2 || !sent["k1@example.com"] || sent["k3@example.com"] {
			t.Errorf("outbox %v, want k1 sent and k3 still queued", sent)
		}
	})
}
