package payment_test

import (
	"context"
	"sync"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// sentMail is a mail.Sender that keeps what it is given.
type sentMail struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (s *sentMail) Send(_ context.Context, _ string, m mail.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, m)
	return nil
}

// The coupon e-mail, as the mail worker sends it, carries a QR code that
// a scanner reads as the counter link of the coupon that was issued, and
// the counter reads that link as the coupon's code.
func TestCouponMailQRIsTheIssuedCode(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := s.Purchase(s.CreateUser("qr@example.com", "qr-password", auth.RoleUser), w.ID)
		out := &sentMail{}
		if _, err := mail.NewWorker(s.App.Outbox, out, "shop@example.com", nil).SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		var atts []mail.Attachment
		for _, m := range out.sent {
			if m.To == "qr@example.com" && len(m.Attachments) > 0 {
				atts = m.Attachments
			}
		}
		if len(atts) != 1 || atts[0].ContentID != "coupon-qr" {
			t.Fatalf("coupon e-mail attachments = %+v, want the QR code", atts)
		}
		got := testutil.ReadQR(t, atts[0].Data)
		if want := s.URL + "/counter?code=" + c.Code; got != want {
			t.Errorf("QR code reads %q, want the coupon's counter link %s", got, want)
		}
		if code, ok := coupon.NormalizeCode(got); !ok || code != c.Code {
			t.Errorf("the counter reads the QR code as %q, %v; want %s", code, ok, c.Code)
		}
	})
}
