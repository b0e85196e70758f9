// Package followup sends the owner's follow-ups by where viewers left
// (docs/product.md#follow-ups): one segment of one webinar's registrants,
// previewed (an audited read of customer data), then mailed once through the
// outbox as bulk mail with the reminders' one-click unsubscribe; everyone gets
// at most one follow-up per webinar a week, and no one who unsubscribed from
// the segment's reminder kind gets one.
package followup

import (
	"time"

	"watchwin/internal/reminder"
)

// Segment is which registrants a follow-up goes to.
type Segment string

const (
	// LeftBefore: played something, but their furthest point is before
	// Percent % of the video.
	LeftBefore Segment = "left_before"
	// NotBought: watched at least WatchedPercent % and have not bought,
	// Days days or more after they last watched.
	NotBought Segment = "not_bought"
	// NeverStarted: registered and never played a second.
	NeverStarted Segment = "never_started"
)

// Segments lists the segments in the order the screen offers them.
var Segments = []Segment{LeftBefore, NotBought, NeverStarted}

// WatchedPercent is NotBought's share of the video watched.
const WatchedPercent = 90

// Week is how long a person waits for another follow-up about a webinar.
const Week = 7 * 24 * time.Hour

// Input limits.
const (
	maxSubject = 150
	maxBody    = 5000
	maxDays    = 90
)

// kind is the reminder kind whose unsubscribe a segment's mail carries and
// honours: the reminders that say the same thing (docs/api.md#reminders).
func (s Segment) kind() reminder.Kind {
	switch s {
	case LeftBefore:
		return reminder.Unfinished
	case NotBought:
		return reminder.Offer
	}
	return reminder.Ready
}

// Label is how the screen names a segment.
func (s Segment) Label() string {
	switch s {
	case LeftBefore:
		return "Left before a point"
	case NotBought:
		return "Watched 90 % but did not buy"
	}
	return "Never started"
}

// Criteria pick a segment: Percent for LeftBefore (1-100), Days for
// NotBought (0-90); the other is ignored.
type Criteria struct {
	Segment Segment `json:"segment"`
	Percent int     `json:"percent"`
	Days    int     `json:"days"`
}

// Input is a follow-up to send: its segment, and the subject and text the
// owner wrote, with placeholders (Placeholders).
type Input struct {
	Criteria
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

// Placeholders are what a subject and text may use: the person's plain first
// name, the webinar's title, and the link to the watch page at the second
// they left.
var Placeholders = []string{"{first_name}", "{webinar_title}", "{resume_link}"}

// Template is a segment's default subject and text.
type Template struct {
	Segment Segment `json:"segment"`
	Label   string  `json:"label"`
	Subject string  `json:"subject"`
	Body    string  `json:"body"`
}

// Templates are the default texts, one per segment.
var Templates = []Template{
	{LeftBefore, LeftBefore.Label(), "Pick up {webinar_title} where you left off",
		"Hi {first_name},\n\nYou started watching \"{webinar_title}\" but did not get to the end. It starts again right where you stopped:\n\n{resume_link}\n\nQuestions about anything you saw? Ask us from the player, or stop by the counter."},
	{NotBought, NotBought.Label(), "Thanks for watching {webinar_title}",
		"Hi {first_name},\n\nThanks for watching \"{webinar_title}\". Your coupon offer is still on the watch page:\n\n{resume_link}\n\nIf something was unclear, ask us from the player or stop by the counter."},
	{NeverStarted, NeverStarted.Label(), "{webinar_title} is waiting for you",
		"Hi {first_name},\n\nYou registered for \"{webinar_title}\" and it is ready whenever you are:\n\n{resume_link}"},
}

// Recipient is one person a follow-up would go to (the preview's list).
type Recipient struct {
	Name          string `json:"name"`
	Email         string `json:"email"`
	Percent       int    `json:"percent"`
	ResumeSeconds int    `json:"resume_seconds"`
}

// LeftOut counts the segment's people a follow-up does not go to.
type LeftOut struct {
	// Recent: had a follow-up about this webinar in the last week.
	Recent int `json:"recent"`
	// Unsubscribed from the segment's reminder kind.
	Unsubscribed int `json:"unsubscribed"`
}

// Preview is who a follow-up would go to now.
type Preview struct {
	Criteria
	Count      int         `json:"count"`
	Recipients []Recipient `json:"recipients"`
	LeftOut    LeftOut     `json:"left_out"`
}

// Sent is the answer to a send: how many mails were queued and who was
// left out.
type Sent struct {
	ID      string  `json:"id"`
	Queued  int     `json:"queued"`
	LeftOut LeftOut `json:"left_out"`
}

// Summary is a past follow-up of a webinar (the screen's history).
type Summary struct {
	ID        string    `json:"id"`
	Segment   Segment   `json:"segment"`
	Percent   *int      `json:"percent"`
	Days      *int      `json:"days"`
	Subject   string    `json:"subject"`
	Queued    int       `json:"queued"`
	LeftOut   LeftOut   `json:"left_out"`
	CreatedAt time.Time `json:"created_at"`
	// CameBack: recipients who watched again after it was sent; Bought:
	// recipients whose coupon was issued within BoughtWithin of it.
	CameBack int `json:"came_back"`
	Bought   int `json:"bought"`
}

// BoughtWithin is how long after a follow-up a purchase counts as its result.
const BoughtWithin = 7 * 24 * time.Hour
