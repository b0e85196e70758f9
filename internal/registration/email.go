package registration

import (
	"context"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/datetext"
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

// Message is the confirmation of r (a new registration for w), to the
// account's own address to: the form's address is kept as the
// registration's contact and never mailed, so the store's server cannot be
// made to mail a stranger (docs/api.md#registrations). The greeting
// shows the form's name only as a plain name (auth.PlainName). DedupeKey makes
// it one per registration.
func (m Mailer) Message(ctx context.Context, r Registration, w webinar.Webinar, to string) (mail.Message, error) {
	watch := m.Templates.Link("/webinar/" + w.ID + "/watch")
	msg, err := m.Templates.Render(ctx, "registration", to, registrationMailData{
		Name: auth.PlainName(r.Name), Title: oneLine(w.Title), When: datetext.Moment(w.EventDatetime, m.TimeZone), WatchLink: watch,
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
