package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

func message(to, key string) mail.Message {
	return mail.Message{DedupeKey: key, To: to, Subject: "Your coupon", Text: "Code LW-ABCD-EFGH-JKLM, worth $48.00."}
}

// outboxRow is what the outbox holds for one mail.
type outboxRow struct {
	To, Subject, Text string
	Attempts          int
	LastError         string
	Sent              bool
}

func rows(t *testing.T, d *db.DB) []outboxRow {
	t.Helper()
	r, err := d.QueryContext(context.Background(), `SELECT to_address, subject, body_text, attempts,
		COALESCE(last_error, ''), sent_at IS NOT NULL FROM mail_outbox ORDER BY created_at, id`)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []outboxRow
	for r.Next() {
		var o outboxRow
		if err := r.Scan(&o.To, &o.Subject, &o.Text, &o.Attempts, &o.LastError, &o.Sent); err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEnqueueValidates(t *testing.T) {
	d := testutil.OpenDB(t, db.SQLite)
	o := mail.NewOutbox(d, clock.Now)
	ok := message("buyer@example.com", "")
	tests := []struct {
		name string
		edit func(m *mail.Message)
		want bool // accepted
	}{
		{"plain address", func(m *mail.Message) {}, true},
		{"name and address", func(m *mail.Message) { m.To = "Pat Buyer <buyer@example.com>" }, true},
		{"no recipient", func(m *mail.Message) { m.To = "" }, false},
		{"two recipients", func(m *mail.Message) { m.To = "a@example.com, b@example.com" }, false},
		{"not an address", func(m *mail.Message) { m.To = "buyer" }, false},
		{"header injection in To", func(m *mail.Message) { m.To = "a@example.com\r\nBcc: b@example.com" }, false},
		{"no subject", func(m *mail.Message) { m.Subject = "  " }, false},
		{"two-line subject", func(m *mail.Message) { m.Subject = "Hi\r\nBcc: b@example.com" }, false},
		{"no text", func(m *mail.Message) { m.Text = "" }, false},
		{"unnamed attachment", func(m *mail.Message) { m.Attachments = []mail.Attachment{{ContentType: "image/png", Data: []byte{1}}} }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ok
			tt.edit(&m)
			err := o.Enqueue(context.Background(), m)
			if tt.want && err != nil {
				t.Fatalf("Enqueue = %v, want accepted", err)
			}
			if !tt.want && !errors.Is(err, mail.ErrInvalid) {
				t.Fatalf("Enqueue = %v, want ErrInvalid", err)
			}
		})
	}
	if got := len(rows(t, d)); got != 2 {
		t.Errorf("%d rows queued, want the 2 valid messages", got)
	}
}

// TestEnqueueJoinsTransaction: a mail queued inside db.InTx exists exactly
// when that transaction commits.
func TestEnqueueJoinsTransaction(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		o := mail.NewOutbox(d, clock.Now)
		boom := errors.New("boom")
		err := d.InTx(ctx, func(ctx context.Context) error {
			if err := o.Enqueue(ctx, message("rolled-back@example.com", "coupon:1")); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx = %v, want boom", err)
		}
		if got := rows(t, d); len(got) != 0 {
			t.Fatalf("after rollback the outbox holds %v, want nothing", got)
		}
		if err := d.InTx(ctx, func(ctx context.Context) error {
			return o.Enqueue(ctx, message("committed@example.com", "coupon:1"))
		}); err != nil {
			t.Fatal(err)
		}
		got := rows(t, d)
		if len(got) != 1 || got[0].To != "committed@example.com" || got[0].Sent || got[0].Attempts != 0 {
			t.Fatalf("after commit the outbox holds %v, want the one committed mail, unsent", got)
		}
	})
}

// TestEnqueueDedupe: a second mail with a queued DedupeKey is a no-op, also
// inside the transaction that queued the first and after it was sent;
// mails without a key are never deduplicated.
func TestEnqueueDedupe(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		o := mail.NewOutbox(d, clock.Now)
		if err := d.InTx(ctx, func(ctx context.Context) error {
			for range 2 {
				if err := o.Enqueue(ctx, message("first@example.com", "coupon:c1")); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatalf("duplicate in one transaction: %v", err)
		}
		if _, err := mail.NewWorker(o, &recorder{}, "shop@example.com", nil).SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		second := message("second@example.com", "coupon:c1")
		second.Text = "Another text"
		if err := o.Enqueue(ctx, second); err != nil {
			t.Fatalf("duplicate after sending: %v", err)
		}
		for range 2 {
			if err := o.Enqueue(ctx, message("nokey@example.com", "")); err != nil {
				t.Fatal(err)
			}
		}
		got := rows(t, d)
		if len(got) != 3 || got[0].To != "first@example.com" || !strings.HasPrefix(got[0].Text, "Code") {
			t.Fatalf("outbox = %v, want first@ once and nokey@ twice", got)
		}
	})
}

// Prune deletes mail queued more than Retention ago, sent or not, and keeps
// the rest.
func TestPrune(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := &testutil.Clock{}
		o := mail.NewOutbox(d, clock.Now)
		for _, to := range []string{"sent@example.com", "failing@example.com"} {
			if err := o.Enqueue(ctx, message(to, "")); err != nil {
				t.Fatal(err)
			}
		}
		rec := &recorder{fail: func(m mail.Message) error {
			if m.To == "failing@example.com" {
				return errors.New("550 mailbox unavailable")
			}
			return nil
		}}
		if _, err := mail.NewWorker(o, rec, "shop@example.com", quietLogger()).SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		clock.Advance(mail.Retention - time.Minute)
		if err := o.Enqueue(ctx, message("recent@example.com", "")); err != nil {
			t.Fatal(err)
		}
		if n, err := o.Prune(ctx); err != nil || n != 0 {
			t.Fatalf("Prune before Retention = %d, %v; want 0", n, err)
		}
		clock.Advance(2 * time.Minute)
		if n, err := o.Prune(ctx); err != nil || n != 2 {
			t.Fatalf("Prune after Retention = %d, %v; want the sent and the failing mail", n, err)
		}
		if got := rows(t, d); len(got) != 1 || got[0].To != "recent@example.com" {
			t.Errorf("outbox = %+v, want only the recent mail", got)
		}
	})
}
