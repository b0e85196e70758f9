package mail_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// recorder is a Sender that records what it is given and fails while fail
// says so.
type recorder struct {
	mu   sync.Mutex
	sent []mail.Message
	from []string
	fail func(m mail.Message) error
	wait time.Duration // how long each send takes
}

func (r *recorder) Send(ctx context.Context, from string, m mail.Message) error {
	if r.wait > 0 {
		time.Sleep(r.wait)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		if err := r.fail(m); err != nil {
			return err
		}
	}
	r.sent = append(r.sent, m)
	r.from = append(r.from, from)
	return nil
}

func (r *recorder) messages() []mail.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]mail.Message(nil), r.sent...)
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

func TestBackoff(t *testing.T) {
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
		16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour, time.Hour}
	for i, w := range want {
		if got := mail.Backoff(i + 1); got != w {
			t.Errorf("Backoff(%d) = %v, want %v", i+1, got, w)
		}
	}
	if got := mail.Backoff(1000); got != time.Hour {
		t.Errorf("Backoff(1000) = %v, want 1h", got)
	}
}

// TestSendDue: due mail is sent with its parts and marked sent; mail whose
// next attempt lies ahead stays queued until the clock reaches it.
func TestSendDue(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := &testutil.Clock{}
		o := mail.NewOutbox(d, clock.Now)
		rec := &recorder{}
		w := mail.NewWorker(o, rec, "WatchWin <no-reply@example.com>", quietLogger())

		due := message("due@example.com", "k1")
		due.HTML = `<p>Hello <img src="cid:qr"></p>`
		due.Attachments = []mail.Attachment{{Filename: "qr.png", ContentType: "image/png", ContentID: "qr", Data: []byte{0x89, 'P', 'N', 'G', 0}}}
		if err := o.Enqueue(ctx, due); err != nil {
			t.Fatal(err)
		}
		if err := o.Enqueue(ctx, message("later@example.com", "k2")); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE mail_outbox SET next_attempt_at = $1 WHERE dedupe_key = 'k2'`,
			clock.Now().Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}

		n, err := w.SendDue(ctx)
		if err != nil || n != 1 {
			t.Fatalf("SendDue = %d, %v; want 1 sent", n, err)
		}
		got := rec.messages()
		if len(got) != 1 || got[0].To != "due@example.com" || got[0].HTML != due.HTML || got[0].Subject != due.Subject ||
			got[0].Text != due.Text || got[0].ID == "" || rec.from[0] != "WatchWin <no-reply@example.com>" {
			t.Fatalf("sent %+v from %v, want the due mail from the worker's From", got, rec.from)
		}
		if a := got[0].Attachments; len(a) != 1 || (a[0].Filename != "qr.png" || a[0].ContentID != "qr" ||
			a[0].ContentType != "image/png" || string(a[0].Data) != string(due.Attachments[0].Data)) {
			t.Fatalf("attachments = %+v, want the queued one back", a)
		}
		if n, err := w.SendDue(ctx); err != nil || n != 0 {
			t.Fatalf("second SendDue = %d, %v; want nothing (sent mail is not sent again, later mail not due)", n, err)
		}

		clock.Advance(10 * time.Minute)
		if n, err := w.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("SendDue after 10 min = %d, %v; want the later mail", n, err)
		}
		for _, r := range rows(t, d) {
			if !r.Sent || r.Attempts != 0 || r.LastError != "" {
				t.Errorf("row %+v, want sent on the first attempt", r)
			}
		}
	})
}

// TestSendDueRetries: a failed send is recorded with its error, retried
// after 30 s, 1 min, 2 min … (never earlier), and given up after
// MaxAttempts; the stored error names no recipient.
func TestSendDueRetries(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := &testutil.Clock{}
		o := mail.NewOutbox(d, clock.Now)
		failures := 2
		rec := &recorder{fail: func(m mail.Message) error {
			if failures > 0 {
				failures--
				return fmt.Errorf("450 mailbox <%s> busy", strings.ToUpper(m.To))
			}
			return nil
		}}
		w := mail.NewWorker(o, rec, "shop@example.com", quietLogger())
		if err := o.Enqueue(ctx, message("retry@example.com", "")); err != nil {
			t.Fatal(err)
		}
		check := func(wantSent, wantAttempts int) {
			t.Helper()
			n, err := w.SendDue(ctx)
			if err != nil || n != wantSent {
				t.Fatalf("SendDue = %d, %v; want %d sent", n, err, wantSent)
			}
			r := rows(t, d)[0]
			if r.Attempts != wantAttempts {
				t.Fatalf("attempts = %d, want %d", r.Attempts, wantAttempts)
			}
			if wantAttempts > 0 && !r.Sent && r.LastError != "450 mailbox <[recipient]> busy" {
				t.Fatalf("last_error = %q, want the error without the address", r.LastError)
			}
		}
		check(0, 1) // fails: next attempt in 30 s
		clock.Advance(29 * time.Second)
		check(0, 1) // not yet
		clock.Advance(2 * time.Second)
		check(0, 2) // fails again: next in 1 min
		clock.Advance(50 * time.Second)
		check(0, 2)
		clock.Advance(11 * time.Second)
		check(1, 2) // third attempt succeeds
		if r := rows(t, d)[0]; !r.Sent {
			t.Fatalf("row %+v, want sent", r)
		}

		// Giving up: a mail that always fails is tried MaxAttempts times.
		rec.fail = func(mail.Message) error { return errors.New("554 no") }
		w.MaxAttempts = 3
		if err := o.Enqueue(ctx, message("never@example.com", "")); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			if _, err := w.SendDue(ctx); err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Hour)
		}
		var attempts int
		var lastErr string
		if err := d.QueryRowContext(ctx, `SELECT attempts, last_error FROM mail_outbox WHERE to_address = 'never@example.com'`).
			Scan(&attempts, &lastErr); err != nil {
			t.Fatal(err)
		}
		if attempts != 3 || lastErr != "554 no" {
			t.Fatalf("after giving up: attempts %d, last_error %q; want 3, 554 no", attempts, lastErr)
		}
	})
}

// TestSendDueConcurrent: several workers (as several app instances would)
// draining one outbox at the same time send every mail exactly once.
func TestSendDueConcurrent(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		o := mail.NewOutbox(d, clock.Now)
		const mails, workers = 60, 6
		for i := range mails {
			if err := o.Enqueue(ctx, message(fmt.Sprintf("u%d@example.com", i), fmt.Sprintf("k%d", i))); err != nil {
				t.Fatal(err)
			}
		}
		rec := &recorder{wait: 2 * time.Millisecond}
		var wg sync.WaitGroup
		total := make(chan int, workers)
		for range workers {
			wg.Go(func() {
				// Each worker has its own Outbox, as another process would.
				n, err := mail.NewWorker(mail.NewOutbox(d, clock.Now), rec, "shop@example.com", quietLogger()).SendDue(ctx)
				if err != nil {
					t.Error(err)
				}
				total <- n
			})
		}
		wg.Wait()
		close(total)
		sum := 0
		for n := range total {
			sum += n
		}
		seen := map[string]int{}
		for _, m := range rec.messages() {
			seen[m.To]++
		}
		if sum != mails || len(seen) != mails {
			t.Fatalf("workers report %d sent, %d distinct recipients; want %d", sum, len(seen), mails)
		}
		for to, n := range seen {
			if n != 1 {
				t.Errorf("%s got %d mails, want 1", to, n)
			}
		}
	})
}

// TestRun: Enqueue wakes a running worker, also when the mail is queued in
// a transaction that commits a moment later, so mail goes out at once and
// not at the next poll; the worker stops promptly when ctx ends.
func TestRun(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		o := mail.NewOutbox(d, clock.Now)
		rec := &recorder{}
		w := mail.NewWorker(o, rec, "shop@example.com", quietLogger())
		w.PollInterval = time.Hour // only a wake-up can send in time
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		time.Sleep(50 * time.Millisecond) // the first (empty) round has run

		waitSent := func(n int) time.Duration {
			t.Helper()
			start := time.Now()
			for len(rec.messages()) < n {
				if time.Since(start) > 3*time.Second {
					t.Fatalf("%d mails sent after 3 s, want %d", len(rec.messages()), n)
				}
				time.Sleep(5 * time.Millisecond)
			}
			return time.Since(start)
		}
		if err := o.Enqueue(context.Background(), message("now@example.com", "")); err != nil {
			t.Fatal(err)
		}
		if took := waitSent(1); took > time.Second {
			t.Errorf("mail went out after %v, want well under the poll interval", took)
		}
		if err := d.InTx(context.Background(), func(ctx context.Context) error {
			if err := o.Enqueue(ctx, message("in-tx@example.com", "")); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond) // the worker wakes before this commits
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if took := waitSent(2); took > time.Second {
			t.Errorf("mail queued in a transaction went out %v after commit, want about 100 ms", took)
		}

		cancel()
		select {
		case <-done:
		case <-time.After(time.Second):
			t.Fatal("Run did not return within 1 s of cancel")
		}
	})
}

// TestRunShutdownReleasesMail: a send cut off by shutdown does not count as
// a failed attempt; the mail is free for the next start.
func TestRunShutdownReleasesMail(t *testing.T) {
	d := testutil.OpenDB(t, db.SQLite)
	o := mail.NewOutbox(d, clock.Now)
	started := make(chan struct{})
	blocking := senderFunc(func(ctx context.Context, _ string, _ mail.Message) error {
		close(started)
		<-ctx.Done()
		return ctx.Err()
	})
	if err := o.Enqueue(context.Background(), message("cut@example.com", "")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { mail.NewWorker(o, blocking, "shop@example.com", quietLogger()).Run(ctx); close(done) }()
	<-started
	cancel()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("Run did not return within 1 s of cancel")
	}
	r := rows(t, d)[0]
	if r.Sent || r.Attempts != 0 {
		t.Fatalf("row %+v, want unsent with no attempt counted", r)
	}
	rec := &recorder{}
	if n, err := mail.NewWorker(o, rec, "shop@example.com", quietLogger()).SendDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("SendDue after restart = %d, %v; want the released mail sent", n, err)
	}
}

type senderFunc func(ctx context.Context, from string, m mail.Message) error

func (f senderFunc) Send(ctx context.Context, from string, m mail.Message) error {
	return f(ctx, from, m)
}
