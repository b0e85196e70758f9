package auth

import (
	"context"
	"testing"

	"watchwin/internal/mail/mailtest"
)

// TestFactorMailGolden: the second factor's notices as sent
// (docs/api.md#second-factor-and-sessions; the token is fixed here, random in
// use).
func TestFactorMailGolden(t *testing.T) {
	tmpl := mailtest.Templates()
	const token = "q5H0f3mGZ9x-Kc2_Ue8bV1nLr7sWtYy4aDpJiNoXkQE"
	for name, data := range map[string]any{
		"second-factor-on": factorMailData{FirstName: "Riley", Link: tmpl.Link(securityPath),
			NotMineLink: tmpl.Link(notMinePath + token)},
		"second-factor-off":  factorMailData{FirstName: "Riley", Link: tmpl.Link(securityPath)},
		"recovery-code-used": factorMailData{FirstName: "Riley", Link: tmpl.Link(securityPath), CodesLeft: 7},
		"password-known": passwordKnownData{FirstName: "Riley", Device: "Firefox on Windows", Network: "203.0.113.0/24",
			Link: tmpl.Link(forgotPath)},
		"passkey-added": factorMailData{FirstName: "Riley", Link: tmpl.Link(securityPath), PasskeyName: "Riley's phone",
			NotMineLink: tmpl.Link(notMinePath + token)},
		"passkey-removed": factorMailData{FirstName: "Riley", Link: tmpl.Link(securityPath), PasskeyName: "Riley's phone"},
		"staff-second-factor-on": staffFactorData{Email: "riley@example.com", Role: "staff", Network: "203.0.113.0/24",
			Link: tmpl.Link(adminUsersPath)},
	} {
		m, err := tmpl.Render(context.Background(), name, "riley@example.com", data)
		if err != nil {
			t.Fatal(err)
		}
		mailtest.Golden(t, name, m)
	}
}
