package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
)

// The QR code in the coupon e-mail (drawn before the fulfilment
// transaction) encodes the code of the coupon that was issued.
func TestCouponMailQRIsTheIssuedCode(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := s.Purchase(s.CreateUser("qr@example.com", "qr-password", auth.RoleUser), w.ID)
		var raw string
		if err := d.QueryRowContext(context.Background(), `SELECT attachments FROM mail_outbox WHERE dedupe_key = $1`,
			"coupon:"+c.ID).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		var atts []mail.Attachment
		if err := json.Unmarshal([]byte(raw), &atts); err != nil {
			t.Fatal(err)
		}
		want, err := coupon.QRPNG(c.Code)
		if err != nil {
			t.Fatal(err)
		}
		if len(atts) != 1 || !bytes.Equal(atts[0].Data, want) {
			t.Errorf("coupon e-mail: %d attachments, want one, the QR code of %s", len(atts), c.Code)
		}
	})
}
