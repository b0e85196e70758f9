package giveaway

import (
	"context"
	"strings"

	"watchwin/internal/mail"
)

// winnerMessage is the e-mail telling a winner they won (docs/product.md §9 'Send
// Notification'), from templates/giveaway-winner.*.tmpl. DedupeKey makes it
// one e-mail per winner row, however often it is asked for.
func winnerMessage(ctx context.Context, t *mail.Templates, w Winner) (mail.Message, error) {
	d := winnerMailData{Webinar: "our webinar"}
	if w.WebinarTitle != nil {
		// One line: the subject may not break.
		d.Webinar = strings.Join(strings.Fields(*w.WebinarTitle), " ")
	}
	if w.FirstName != nil {
		d.Name = strings.TrimSpace(*w.FirstName)
	}
	m, err := t.Render(ctx, "giveaway-winner", *w.Email, d)
	if err != nil {
		return mail.Message{}, err
	}
	m.DedupeKey = "giveaway-winner:" + w.ID
	return m, nil
}

// winnerMailData is what templates/giveaway-winner.*.tmpl show.
type winnerMailData struct{ Name, Webinar string }
