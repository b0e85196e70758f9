package question

import (
	"context"
	"strings"

	"watchwin/internal/auth"
	"watchwin/internal/mail"
	"watchwin/internal/webinar"
)

// answerMailData is what templates/question-answer.*.tmpl show.
type answerMailData struct {
	Name, Title, At, Question, Answer, WatchLink string
}

// message is the answer to question r, to the asker's own account address:
// the greeting shows their first name only as a plain name (auth.PlainName),
// the link leads back to the question's second (webinar.WatchPath). One per
// question (DedupeKey).
func (m Mailer) message(ctx context.Context, r row, answer string) (mail.Message, error) {
	msg, err := m.Templates.Render(ctx, "question-answer", r.email, answerMailData{
		Name: auth.PlainName(r.firstName), Title: strings.Join(strings.Fields(r.WebinarTitle), " "), At: Clock(r.Second),
		Question: r.Question, Answer: answer, WatchLink: m.Templates.Link(webinar.WatchPath(r.WebinarID, r.Second)),
	})
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = "question-answer:" + r.ID
	return msg, nil
}
