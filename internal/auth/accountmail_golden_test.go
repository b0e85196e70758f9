package auth

import (
	"context"
	"strings"
	"testing"

	"watchwin/internal/mail/mailtest"
)

// hostileName is the name of the review's finding N2: a sign-up that puts
// a scam in the greeting of a mail sent to a stranger's address.
const hostileName = "Bob.\n\nURGENT: card charged $499… http://evil.example/cancel"

// TestAccountMailGolden: the confirmation, reset and enrolment-link e-mails as sent (the
// token is fixed here; in use it is random). They greet a confirmed
// address by the plain part of its name, and an unconfirmed one by none:
// its name may be a stranger's text (docs/product.md#names).
func TestAccountMailGolden(t *testing.T) {
	riley := Profile{Email: "riley@example.com", FirstName: "Riley"}
	// A name stored before names were checked.
	hostile := Profile{Email: "victim@example.com", FirstName: hostileName}
	const token = "q5H0f3mGZ9x-Kc2_Ue8bV1nLr7sWtYy4aDpJiNoXkQE"
	for _, c := range []struct {
		golden    string
		link      linkMail
		p         Profile
		confirmed bool
	}{
		{"confirm-email", confirmMail, riley, false},
		{"reset-password", resetMail, riley, true},
		{"reset-password-unconfirmed", resetMail, riley, false},
		{"confirm-email-hostile", confirmMail, hostile, false},
		{"reset-password-hostile-unconfirmed", resetMail, hostile, false},
		{"reset-password-hostile-confirmed", resetMail, hostile, true},
		{"enrolment-link", enrolMail, riley, false},
	} {
		m, err := linkMessage(context.Background(), mailtest.Templates(), c.link.template, c.p.Email,
			greetingName(c.p, c.confirmed), c.link.path+token)
		if err != nil {
			t.Fatal(err)
		}
		mailtest.Golden(t, c.golden, m)
		for _, part := range []string{m.Subject, m.Text, m.HTML} {
			for _, bad := range []string{"URGENT", "$499", "evil.example"} {
				if strings.Contains(part, bad) {
					t.Errorf("%s carries %q of the typed name", c.golden, bad)
				}
			}
		}
	}
}
