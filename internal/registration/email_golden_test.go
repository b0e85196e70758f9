package registration_test

import (
	"context"
	"testing"
	"time"

	"watchwin/internal/mail/mailtest"
	"watchwin/internal/registration"
	"watchwin/internal/webinar"
)

// TestRegistrationMailGolden: the registration confirmation as sent, its
// calendar invitation included.
func TestRegistrationMailGolden(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	m, err := registration.Mailer{Templates: mailtest.Templates(), TimeZone: chicago}.Message(context.Background(),
		registration.Registration{ID: "0b4e7c1e-5f8a-4d2b-9c3e-7a1f2d3c4b5a", Name: "Sam Carter", Email: "sam@example.com",
			RegistrationTime: time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)},
		webinar.Webinar{ID: "7d9f8e2a-1b3c-4d5e-8f9a-0b1c2d3e4f5a", Title: "Optics, Range Day; and \"Gear\" Q&A",
			EventDatetime: time.Date(2027, 3, 18, 23, 0, 0, 0, time.UTC)}, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	mailtest.Golden(t, "registration", m)
}
