package auth

import (
	"context"
	"testing"

	"watchwin/internal/mail/mailtest"
)

// TestAccountMailGolden: the confirmation, reset and enrolment-link e-mails as sent (the
// token is fixed here; in use it is random).
func TestAccountMailGolden(t *testing.T) {
	p := Profile{Email: "riley@example.com", FirstName: "Riley"}
	const token = "q5H0f3mGZ9x-Kc2_Ue8bV1nLr7sWtYy4aDpJiNoXkQE"
	for template, path := range map[string]string{"confirm-email": confirmPath, "reset-password": resetPath,
		"enrolment-link": enrolPath} {
		m, err := linkMessage(context.Background(), mailtest.Templates(), template, p, path+token)
		if err != nil {
			t.Fatal(err)
		}
		mailtest.Golden(t, template, m)
	}
}
