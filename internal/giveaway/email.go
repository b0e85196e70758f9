package giveaway

import (
	"context"
	"strings"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/datetext"
	"watchwin/internal/mail"
)

// RulesPath is the official rules page (docs/product.md#giveaway); the e-mails link it.
const RulesPath = "/giveaway-rules"

// oneLine keeps a title on one line: a subject may not break.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// winnerMessage is the e-mail telling a winner they won (docs/product.md#giveaway 'Send
// Notification'), from templates/giveaway-winner.*.tmpl, with the steps to
// claim the prize and a link to the official rules. DedupeKey makes it one
// e-mail per winner row, however often it is asked for.
func winnerMessage(ctx context.Context, t *mail.Templates, w Winner, r Rules) (mail.Message, error) {
	d := winnerMailData{Webinar: "our webinar", RulesURL: t.Link(RulesPath), ClaimDays: r.ClaimDays,
		Sponsor: r.SponsorName, Address: oneLine(r.SponsorAddress)}
	if w.WebinarTitle != nil {
		d.Webinar = oneLine(*w.WebinarTitle)
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
type winnerMailData struct {
	Name, Webinar, RulesURL, Sponsor, Address string
	ClaimDays                                 int
}

// entryMessage confirms a free entry (docs/product.md#giveaway), from
// templates/giveaway-entry.*.tmpl: the webinar, the draw date in the
// store's time zone, the equal chance, and the official rules' link. One
// e-mail per entry.
func entryMessage(ctx context.Context, t *mail.Templates, tz *time.Location, p auth.Profile, entryID string, g WebinarGiveaway) (mail.Message, error) {
	d := entryMailData{Name: strings.TrimSpace(p.FirstName), Webinar: oneLine(g.Title),
		DrawsOn: datetext.Moment(g.DrawsAt, tz),
		Prize:   oneLine(g.PrizeDescription), RulesURL: t.Link(RulesPath)}
	m, err := t.Render(ctx, "giveaway-entry", p.Email, d)
	if err != nil {
		return mail.Message{}, err
	}
	m.DedupeKey = "giveaway-entry:" + entryID
	return m, nil
}

// entryMailData is what templates/giveaway-entry.*.tmpl show.
type entryMailData struct{ Name, Webinar, DrawsOn, Prize, RulesURL string }
