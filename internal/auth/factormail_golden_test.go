package auth

import (
	"context"
	"testing"

	"watchwin/internal/mail/mailtest"
)

// TestFactorMailGolden: the second factor's notices as sent (docs/api.md,
// "Second factor and sessions").
func TestFactorMailGolden(t *testing.T) {
	tmpl := mailtest.Templates()
	for name, left := range map[string]int{"second-factor-on": 0, "second-factor-off": 0, "recovery-code-used": 7} {
		m, err := tmpl.Render(context.Background(), name, "riley@example.com",
			factorMailData{FirstName: "Riley", Link: tmpl.Link(securityPath), CodesLeft: left})
		if err != nil {
			t.Fatal(err)
		}
		mailtest.Golden(t, name, m)
	}
}
