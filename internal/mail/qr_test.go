package mail_test

import (
	"context"
	"strings"
	"testing"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// recordingWorker is an outbox on d and a worker that sends its mail to a
// recorder.
func recordingWorker(d *db.DB) (*mail.Outbox, *recorder, *mail.Worker) {
	o := mail.NewOutbox(d, clock.Now)
	rec := &recorder{}
	return o, rec, mail.NewWorker(o, rec, "WatchWin <no-reply@example.com>", quietLogger())
}

// A QR code attachment is queued as its text and drawn when the mail is
// sent: the outbox row holds no image, the sent mail a PNG that reads back
// as the text.
func TestQRCodeDrawnWhenSent(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		o, rec, w := recordingWorker(d)
		m := message("qr@example.com", "qr")
		m.Attachments = []mail.Attachment{
			{Filename: "coupon-qr.png", ContentType: "image/png", ContentID: "coupon-qr", QRCode: "LW-7K3M-Q9PX-4TRW"},
			{Filename: "note.txt", ContentType: "text/plain", Data: []byte("kept as is")},
		}
		if err := o.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		var stored string
		if err := d.QueryRowContext(ctx, `SELECT attachments FROM mail_outbox`).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if want := `{"filename":"coupon-qr.png","content_type":"image/png","content_id":"coupon-qr","qr_code":"LW-7K3M-Q9PX-4TRW"}`; !strings.Contains(stored, want) {
			t.Errorf("outbox attachments = %s, want the QR code as text: %s", stored, want)
		}

		if n, err := w.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("SendDue = %d, %v; want 1 sent", n, err)
		}
		a := rec.messages()[0].Attachments
		if len(a) != 2 || a[0].ContentID != "coupon-qr" || string(a[1].Data) != "kept as is" {
			t.Fatalf("sent attachments = %+v", a)
		}
		if got := testutil.ReadQR(t, a[0].Data); got != "LW-7K3M-Q9PX-4TRW" {
			t.Errorf("sent QR code reads %q, want LW-7K3M-Q9PX-4TRW", got)
		}
	})
}

// A QR code too long to draw fails the send like a refused delivery: the
// mail stays queued with the reason, for a later attempt.
func TestQRCodeTooLong(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		o, rec, w := recordingWorker(d)
		m := message("qr@example.com", "qr")
		m.Attachments = []mail.Attachment{{Filename: "big.png", ContentType: "image/png", QRCode: strings.Repeat("x", 5000)}}
		if err := o.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		if n, err := w.SendDue(ctx); err != nil || n != 0 {
			t.Fatalf("SendDue = %d, %v; want nothing sent", n, err)
		}
		r := rows(t, d)
		if len(rec.messages()) != 0 || len(r) != 1 || r[0].Sent || r[0].Attempts != 1 || !strings.Contains(r[0].LastError, "draw QR code big.png") {
			t.Errorf("outbox = %+v, want one unsent mail with the drawing error", r)
		}
	})
}

// BenchmarkQRPNG measures drawing the coupon e-mail's QR code (the mail
// worker does, when it sends the mail).
func BenchmarkQRPNG(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := mail.QRPNG("LW-ABCD-EFGH-JKMN"); err != nil {
			b.Fatal(err)
		}
	}
}
