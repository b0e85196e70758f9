// Package videocard owns the cards in a webinar's video
// (docs/product.md#cards-in-the-video): the admin places them on the
// timeline, the watch page's player shows them at their second on both video
// sources, and each click is counted, with nothing about who clicked.
package videocard

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"watchwin/internal/apperr"
)

// Actions of a card.
const (
	ActionNone     = "none"     // a card to read, nothing to click
	ActionLink     = "link"     // opens link_url: a store page
	ActionQuestion = "question" // the player's "Ask a question"
)

// Limits of the card form (docs/api.md#cards-in-the-video).
const (
	MinDuration = 3
	MaxDuration = 120
	MaxTitle    = 60
	MaxLine     = 120
	MaxLink     = 500
	// MaxPerWebinar keeps the player's list and the admin's dialog short.
	MaxPerWebinar = 50
)

// Card is one card on a webinar's timeline: shown from StartSecond for
// DurationSeconds, so over [StartSecond, StartSecond+DurationSeconds).
type Card struct {
	ID              string    `json:"id"`
	WebinarID       string    `json:"webinar_id"`
	StartSecond     int       `json:"start_second"`
	DurationSeconds int       `json:"duration_seconds"`
	Title           string    `json:"title"`
	Line            string    `json:"line"`
	Action          string    `json:"action"`
	LinkURL         string    `json:"link_url"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
}

// AdminCard is a card with its click count, for the admin.
type AdminCard struct {
	Card
	Clicks int `json:"clicks"`
}

// End is the first second after the card.
func (c Card) End() int { return c.StartSecond + c.DurationSeconds }

// Input is the admin's card form.
type Input struct {
	StartSecond     *int   `json:"start_second"`
	DurationSeconds *int   `json:"duration_seconds"`
	Title           string `json:"title"`
	Line            string `json:"line"`
	Action          string `json:"action"`
	LinkURL         string `json:"link_url"`
}

// validate checks the form on its own (the video's length and the other
// cards are the service's) and returns the card's fields, trimmed.
func (in Input) validate() (Card, error) {
	c := Card{Title: strings.TrimSpace(in.Title), Line: strings.TrimSpace(in.Line),
		Action: strings.TrimSpace(in.Action), LinkURL: strings.TrimSpace(in.LinkURL)}
	switch {
	case in.StartSecond == nil:
		return c, apperr.Invalid("start_second", "Start is required: the second of the video the card appears at.")
	case *in.StartSecond < 0:
		return c, apperr.Invalid("start_second", "Start must be 0 seconds or later.")
	case in.DurationSeconds == nil:
		return c, apperr.Invalid("duration_seconds", "Duration is required.")
	case *in.DurationSeconds < MinDuration || *in.DurationSeconds > MaxDuration:
		return c, apperr.Invalid("duration_seconds", fmt.Sprintf("Duration must be %d to %d seconds.", MinDuration, MaxDuration))
	}
	c.StartSecond, c.DurationSeconds = *in.StartSecond, *in.DurationSeconds
	if err := checkText("title", "Title", c.Title, MaxTitle, true); err != nil {
		return c, err
	}
	if err := checkText("line", "The line", c.Line, MaxLine, false); err != nil {
		return c, err
	}
	if c.Action == "" {
		c.Action = ActionNone
	}
	switch c.Action {
	case ActionNone, ActionQuestion:
		c.LinkURL = ""
	case ActionLink:
		if err := checkLink(c.LinkURL); err != nil {
			return c, err
		}
	default:
		return c, apperr.Invalid("action", "Action must be none, link or question.")
	}
	return c, nil
}

// checkText: required when asked, one line of printable characters, at
// most max characters.
func checkText(field, name, s string, max int, required bool) error {
	switch {
	case required && s == "":
		return apperr.Invalid(field, name+" is required.")
	case utf8.RuneCountInString(s) > max:
		return apperr.Invalid(field, fmt.Sprintf("%s must be at most %d characters.", name, max))
	case strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) }) >= 0:
		return apperr.Invalid(field, name+" must be one line of text.")
	}
	return nil
}

// checkLink accepts a path of this site ("/webinars", not "//host") or an
// http(s) URL with a host, no credentials, at most MaxLink characters.
func checkLink(s string) error {
	const msg = "Link must be a page of this site starting with / (such as /webinars) or an http:// or https:// address."
	if s == "" {
		return apperr.Invalid("link_url", "Link is required for a card that links to a page.")
	}
	if len(s) > MaxLink {
		return apperr.Invalid("link_url", fmt.Sprintf("Link must be at most %d characters.", MaxLink))
	}
	if strings.ContainsAny(s, "\\ \t\r\n") || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return apperr.Invalid("link_url", msg)
	}
	u, err := url.Parse(s)
	if err != nil {
		return apperr.Invalid("link_url", msg)
	}
	if strings.HasPrefix(s, "/") {
		if strings.HasPrefix(s, "//") || u.Scheme != "" || u.Host != "" {
			return apperr.Invalid("link_url", msg)
		}
		return nil
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.Opaque != "" {
		return apperr.Invalid("link_url", msg)
	}
	return nil
}

// clockText writes seconds as the player does: "1:05", "1:02:03".
func clockText(seconds int) string {
	h, m, s := seconds/3600, seconds/60%60, seconds%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}
