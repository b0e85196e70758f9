// Package question is "Ask the store" (docs/product.md#questions-to-the-store):
// a webinar's registrants ask from the player at a second of its video, staff
// answer by e-mail from the counter's and the admin's inbox, may publish a
// question and its answer under the video, and hide an abusive one.
package question

import (
	"fmt"
	"time"
)

// Status is where a question stands in the staff's inbox.
type Status string

// The statuses (webinar_questions.status).
const (
	New       Status = "new"       // asked, not answered yet
	Answered  Status = "answered"  // the answer was mailed to the asker
	Published Status = "published" // answered and shown under the video
	Hidden    Status = "hidden"    // abusive: in no list but the hidden one
)

// valid reports whether s is one of the statuses.
func (s Status) valid() bool {
	return s == New || s == Answered || s == Published || s == Hidden
}

// Limits of what is typed (docs/product.md#questions-to-the-store).
const (
	MinQuestion = 3
	MaxQuestion = 500
	MaxAnswer   = 2000
	// maxSecond caps the second of a webinar without a known video length.
	maxSecond = 24 * 60 * 60
	// inboxSize caps one page of the inbox, newest first.
	inboxSize = 200
)

// Messages of docs/product.md#questions-to-the-store; the SPA shows them as they are.
const (
	msgQuestionShort   = "Question must be at least 3 characters"
	msgQuestionLong    = "Question must be at most 500 characters"
	msgQuestionPlain   = "Question can't contain a web address, an @ or a control character"
	msgSecond          = "The video second must be a whole number from 0 to the video's length"
	msgAnswerEmpty     = "Answer can't be empty"
	msgAnswerLong      = "Answer must be at most 2000 characters"
	msgRegisterToAsk   = "Please register for this webinar to ask a question."
	msgNotFound        = "Question not found"
	msgAlreadyAnswered = "This question has already been answered."
	msgNotAnswered     = "Answer this question before publishing it."
	msgHidden          = "This question is hidden."
	msgBadStatus       = "Status must be new, answered, published or hidden"
)

// Input is the player's "Ask a question" box.
type Input struct {
	Question string `json:"question"`
	// Second is the video's position when the viewer asked.
	Second int `json:"second"`
	// ShowName: the asker allows their first name beside a published answer.
	ShowName bool `json:"show_name"`
}

// Asked is the asker's own view of the question they sent.
type Asked struct {
	ID        string    `json:"id"`
	WebinarID string    `json:"webinar_id"`
	Second    int       `json:"second"`
	Question  string    `json:"question"`
	ShowName  bool      `json:"show_name"`
	Status    Status    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// Item is one question in the staff's inbox. The asker is shown by the
// plain part of their first name only: the inbox is not a customer list.
type Item struct {
	ID           string     `json:"id"`
	WebinarID    string     `json:"webinar_id"`
	WebinarTitle string     `json:"webinar_title"`
	Second       int        `json:"second"`
	Question     string     `json:"question"`
	AskerName    string     `json:"asker_name"`
	ShowName     bool       `json:"show_name"`
	Status       Status     `json:"status"`
	Answer       *string    `json:"answer"`
	CreatedAt    time.Time  `json:"created_at"`
	AnsweredAt   *time.Time `json:"answered_at"`
	PublishedAt  *time.Time `json:"published_at"`
}

// Public is a published question and answer under the video; Name is the
// asker's plain first name when they allowed it, else null.
type Public struct {
	ID          string    `json:"id"`
	Second      int       `json:"second"`
	Question    string    `json:"question"`
	Answer      string    `json:"answer"`
	Name        *string   `json:"name"`
	PublishedAt time.Time `json:"published_at"`
}

// Clock writes a video second as a player shows it: "0:30", "12:05", "1:02:03".
func Clock(second int) string {
	h, m, s := second/3600, second/60%60, second%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}
