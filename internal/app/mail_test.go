package app_test

import (
	"context"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// TestServeSendsMail: Serve runs the outbox worker (to the log when no SMTP
// server is configured), so a queued mail is sent within moments, and
// stops it on shutdown.
func TestServeSendsMail(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		a := testutil.NewServerWithDB(t, d).App
		a.Config.Addr = "127.0.0.1:0"
		a.Config.SMTPURL = ""
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- a.Serve(ctx) }()

		if err := a.Outbox.Enqueue(ctx, mail.Message{To: "buyer@example.com", Subject: "Hello", Text: "Hi."}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(3 * time.Second)
		for {
			var sent bool
			if err := d.QueryRowContext(ctx, `SELECT sent_at IS NOT NULL FROM mail_outbox`).Scan(&sent); err != nil {
				t.Fatal(err)
			}
			if sent {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the queued mail was not sent within 3 s of Serve running")
			}
			time.Sleep(10 * time.Millisecond)
		}

		cancel()
		select {
		case err := <-served:
			if err != nil {
				t.Fatalf("Serve = %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Serve did not return after cancel")
		}
	})
}
