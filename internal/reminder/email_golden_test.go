package reminder

import (
	"context"
	"testing"
	"time"

	"watchwin/internal/mail/mailtest"
)

// TestReminderMailGolden: each reminder as sent: the webinar's title and
// date in the store's zone, the link to the watch or coupon page, the seats
// left, the kind's unsubscribe link (in the body and List-Unsubscribe) and
// the store's postal address; a free webinar has no price to show.
func TestReminderMailGolden(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	m := Mailer{Templates: mailtest.Templates(), TimeZone: chicago}
	paid := candidate{RegistrationID: "0b4e7c1e-5f8a-4d2b-9c3e-7a1f2d3c4b5a", UserID: "u1", Name: "Sam Carter https://spam.example",
		Email: "sam@example.com", WebinarID: "7d9f8e2a-1b3c-4d5e-8f9a-0b1c2d3e4f5a", Title: "Optics 101: Red <Dots> & \"You\"",
		EventAt: time.Date(2027, 3, 18, 23, 0, 0, 0, time.UTC), PriceCents: 4000, Percentage: 120, TotalSeats: 20, TakenSeats: 17}
	free := paid
	free.PriceCents, free.Title, free.Name = 0, "Safe Storage at Home", ""
	for _, tt := range []struct {
		golden string
		kind   Kind
		c      candidate
	}{
		{"reminder-ready", Ready, paid},
		{"reminder-unfinished", Unfinished, paid},
		{"reminder-offer", Offer, paid},
		{"reminder-ready-free", Ready, free},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			msg, err := m.message(context.Background(), tt.kind, tt.c, "SIGNED-TOKEN")
			if err != nil {
				t.Fatal(err)
			}
			mailtest.Golden(t, tt.golden, msg)
		})
	}
}
