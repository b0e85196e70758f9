package registration

import (
	"context"
	"strings"
	"time"
	"unicode"

	"watchwin/internal/mail"
	"watchwin/internal/webinar"
)

// Mailer queues the registration confirmation: the webinar's title, its
// date and time in the store's zone (with CST/CDT), the watch link and a
// calendar invitation.
type Mailer struct {
	Outbox    *mail.Outbox
	Templates *mail.Templates
	TimeZone  *time.Location
}

// registrationMailData is what templates/registration.*.tmpl show.
type registrationMailData struct {
	Name, Title, When, WatchLink string
}

// WhenLayout is how the e-mail writes the webinar's time: "Thursday,
// March 12, 2026 at 6:30 PM CDT".
const WhenLayout = "Monday, January 2, 2006 at 3:04 PM MST"

// Message is the confirmation of r (a new registration for w), to the
// account's own address to: the form's address is kept as the
// registration's contact and never mailed, so the store's server cannot be
// made to mail a stranger (docs/api.md, "Registrations"). The greeting
// shows the form's name only as a plain name (PlainName). DedupeKey makes
// it one per registration.
func (m Mailer) Message(ctx context.Context, r Registration, w webinar.Webinar, to string) (mail.Message, error) {
	watch := m.Templates.Link("/webinar/" + w.ID + "/watch")
	msg, err := m.Templates.Render(ctx, "registration", to, registrationMailData{
		Name: PlainName(r.Name), Title: oneLine(w.Title), When: w.EventDatetime.In(m.TimeZone).Format(WhenLayout), WatchLink: watch,
	})
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = "registration:" + r.ID
	msg.Attachments = []mail.Attachment{{
		Filename:    "webinar.ics",
		ContentType: "text/calendar; charset=utf-8; method=PUBLISH",
		Data:        calendarInvite(r, w, m.TimeZone, watch, r.RegistrationTime),
	}}
	return msg, nil
}

// maxMailName caps the name a registration e-mail greets.
const maxMailName = 40

// PlainName is the part of a name typed in the registration form that may
// appear in an e-mail (this one and the reminders): its leading words made only of letters and the marks
// names use (' - .), stopping at the first word that is anything else (a
// URL, a domain, "URGENT:"), at most maxMailName characters. "" when no
// word qualifies; the greeting then has no name.
func PlainName(name string) string {
	var words []string
	n := 0
	for _, word := range strings.Fields(name) {
		if !nameWord(word) || n+len([]rune(word))+len(words) > maxMailName {
			break
		}
		words = append(words, word)
		n += len([]rune(word))
	}
	return strings.TrimRight(strings.Join(words, " "), ".-'")
}

// nameWord: letters, with ' - and . only between letters or at the end
// ("O'Neil", "Mary-Jo", "Jr."); a dot between letters reads as a domain.
func nameWord(w string) bool {
	r := []rune(w)
	for i, c := range r {
		switch {
		case unicode.IsLetter(c) || unicode.Is(unicode.Mn, c):
		case c == '.' && i == len(r)-1 && i > 0:
		case (c == '\'' || c == '’' || c == '-') && i > 0 && i < len(r)-1:
		default:
			return false
		}
	}
	return len(r) > 0
}
