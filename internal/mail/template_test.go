package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"watchwin/internal/mail"
	"watchwin/internal/mail/mailtest"
)

// TestTemplates: an unknown mail and unreadable settings are errors, never
// a mail without its layout; subjects are one line whatever the data.
func TestTemplates(t *testing.T) {
	ctx := context.Background()
	if _, err := mailtest.Templates().Render(ctx, "no-such-mail", "a@example.com", nil); err == nil {
		t.Error("an unknown template rendered")
	}
	broken := mail.NewTemplates("http://x", func(context.Context) (mail.Site, error) {
		return mail.Site{}, errors.New("settings unreadable")
	})
	if _, err := broken.Render(ctx, "giveaway-winner", "a@example.com", struct{ Name, Webinar string }{"A", "B"}); err == nil ||
		!strings.Contains(err.Error(), "settings unreadable") {
		t.Errorf("Render with unreadable settings = %v", err)
	}
	type winner struct {
		Name, Webinar, RulesURL, Sponsor, Address string
		ClaimDays                                 int
	}
	m, err := mailtest.Templates().Render(ctx, "giveaway-winner", "a@example.com", winner{Name: "A", Webinar: "Line one\nline two", ClaimDays: 14})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "You won the gear giveaway for Line one line two!" {
		t.Errorf("subject %q", m.Subject)
	}
	if !strings.HasSuffix(m.Text, "Questions? Write to info@watchwin.store.\n") || !strings.Contains(m.HTML, "mailto:info@watchwin.store") {
		t.Errorf("the layout is missing:\n%s\n%s", m.Text, m.HTML)
	}
	if got := mailtest.Templates().Link("/auth/reset-password?token=abc"); got != mailtest.BaseURL+"/auth/reset-password?token=abc" {
		t.Errorf("Link = %q", got)
	}
}
