package giveaway

import (
	"context"
	"testing"

	"watchwin/internal/mail/mailtest"
)

// TestWinnerMailGolden: the winner's e-mail, with a name and a title and
// without (a webinar deleted since the draw).
func TestWinnerMailGolden(t *testing.T) {
	email, name, title := "jordan@example.com", "Jordan", "Optics &\nRange Day"
	for golden, w := range map[string]Winner{
		"giveaway-winner":         {ID: "w1", Email: &email, FirstName: &name, WebinarTitle: &title},
		"giveaway-winner-unnamed": {ID: "w2", Email: &email},
	} {
		m, err := winnerMessage(context.Background(), mailtest.Templates(), w, Rules{SponsorName: "WatchWin",
			SponsorAddress: "1847 W Ogden Ave, Naperville, IL 60540", ClaimDays: 14})
		if err != nil {
			t.Fatal(err)
		}
		if m.DedupeKey != "giveaway-winner:"+w.ID {
			t.Errorf("DedupeKey %q", m.DedupeKey)
		}
		mailtest.Golden(t, golden, m)
	}
}
