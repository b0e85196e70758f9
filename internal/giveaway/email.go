package giveaway

import (
	"bytes"
	"html/template"
	"strings"
	ttemplate "text/template"

	"watchwin/internal/mail"
)

// winnerMessage is the e-mail telling a winner they won (SPEC.md §4 'Send
// Notification'). DedupeKey makes it one e-mail per winner row, however
// often it is asked for.
func winnerMessage(w Winner) (mail.Message, error) {
	title := "our webinar"
	if w.WebinarTitle != nil {
		// One line: the subject may not break.
		title = strings.Join(strings.Fields(*w.WebinarTitle), " ")
	}
	d := winnerMailData{Webinar: title}
	if w.FirstName != nil {
		d.Name = strings.TrimSpace(*w.FirstName)
	}
	var text, html bytes.Buffer
	if err := winnerText.Execute(&text, d); err != nil {
		return mail.Message{}, err
	}
	if err := winnerHTML.Execute(&html, d); err != nil {
		return mail.Message{}, err
	}
	return mail.Message{
		DedupeKey: "giveaway-winner:" + w.ID,
		To:        *w.Email,
		Subject:   "You won the gear giveaway for " + title + "!",
		Text:      text.String(),
		HTML:      html.String(),
	}, nil
}

type winnerMailData struct{ Name, Webinar string }

var winnerText = ttemplate.Must(ttemplate.New("text").Parse(`{{if .Name}}Hi {{.Name}},{{else}}Hello,{{end}}

Congratulations! You won the gear giveaway for "{{.Webinar}}".

To collect your prize, visit our store in Naperville, Illinois. Bring this
e-mail (printed or on your phone) and a photo ID.

Thank you for joining us!
`))

var winnerHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #18181b">
<h1 style="font-size: 20px; color: #E53E3E">You won the gear giveaway!</h1>
<p>{{if .Name}}Hi {{.Name}},{{else}}Hello,{{end}}</p>
<p>Congratulations! You won the gear giveaway for <strong>{{.Webinar}}</strong>.</p>
<p>To collect your prize, visit our store in Naperville, Illinois. Bring this e-mail (printed or on your phone) and a photo ID.</p>
<p>Thank you for joining us!</p>
</body></html>`))
