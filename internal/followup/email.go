package followup

import (
	"context"
	"net/url"
	"strings"

	"watchwin/internal/auth"
	"watchwin/internal/mail"
	"watchwin/internal/registration"
	"watchwin/internal/reminder"
	"watchwin/internal/webinar"
)

// Mailer renders follow-ups (templates/follow-up.*.tmpl in package mail)
// and queues them.
type Mailer struct {
	Outbox    *mail.Outbox
	Templates *mail.Templates
}

// mailData is what templates/follow-up.*.tmpl show: the owner's subject and
// text with the placeholders filled, the text's paragraphs for the HTML
// part, the link to the watch page at the second the person left, and the
// segment's reminder kind's unsubscribe links.
type mailData struct {
	Subject, Text, Title, Link       string
	Paragraphs                       []string
	KindLabel                        string
	UnsubscribeLink, UnsubscribePost string
}

// fill replaces the placeholders of text.
func fill(text, firstName, title, link string) string {
	if firstName == "" {
		firstName = "there"
	}
	return strings.NewReplacer("{first_name}", firstName, "{webinar_title}", title, "{resume_link}", link).Replace(text)
}

// message is follow-up id to x: bulk mail, one per follow-up and
// registration (its DedupeKey), with List-Unsubscribe (RFC 8058 one-click).
func (m Mailer) message(ctx context.Context, id string, w webinar.Webinar, in Input, x registration.Watcher,
	kind reminder.Kind, token string) (mail.Message, error) {
	link := m.Templates.Link(webinar.WatchPath(w.ID, x.Progress.ResumeSeconds))
	title := strings.Join(strings.Fields(w.Title), " ")
	name := auth.PlainName(x.FirstName)
	q := "?token=" + url.QueryEscape(token)
	text := fill(strings.ReplaceAll(in.Body, "\r\n", "\n"), name, title, link)
	d := mailData{
		Subject: fill(in.Subject, name, title, link), Text: text, Title: title, Link: link,
		KindLabel:       kind.Label(),
		UnsubscribeLink: m.Templates.Link(reminder.UnsubscribePath + q),
		UnsubscribePost: m.Templates.Link(reminder.UnsubscribeAPI + q),
	}
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			d.Paragraphs = append(d.Paragraphs, p)
		}
	}
	msg, err := m.Templates.Render(ctx, "follow-up", x.Email, d)
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = "follow-up:" + id + ":" + x.RegistrationID
	msg.Class = mail.Bulk
	msg.ListUnsubscribe = d.UnsubscribePost
	return msg, nil
}
