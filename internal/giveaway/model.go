// Package giveaway draws the gear giveaway's winners (docs/product.md §9):
// automatically, once per webinar, when its paid seats reach
// total_seats, and again whenever an admin picks a new winner. Every draw
// is uniform over the webinar's paid registrants (crypto/rand), recorded
// with an audit row, and never erases an earlier winner. Admins notify a
// winner by e-mail through the outbox.
package giveaway

import "time"

// Triggers of a draw (giveaway_draws.trigger).
const (
	TriggerSeatsFilled = "seats_filled" // the automatic draw, once per webinar
	TriggerAdminRepick = "admin_repick" // 'Pick New Winner'
)

// Winner is a row of giveaway_winners as the admin list shows it, with the
// winner's account and the webinar joined in.
type Winner struct {
	ID     string `json:"id"`
	UserID string `json:"user_id"`
	// Email, FirstName and LastName are null when the account was deleted
	// (the admin screen shows 'Unknown').
	Email     *string `json:"email"`
	FirstName *string `json:"first_name"`
	LastName  *string `json:"last_name"`
	WebinarID string  `json:"webinar_id"`
	// WebinarTitle is null when the webinar is gone.
	WebinarTitle *string    `json:"webinar_title"`
	CreatedAt    time.Time  `json:"created_at"` // 'Date Picked'
	Notified     bool       `json:"notified"`
	NotifiedAt   *time.Time `json:"notified_at"`
}

// Draw is the audit record of one draw (giveaway_draws).
type Draw struct {
	ID        string    `json:"id"`
	WebinarID string    `json:"webinar_id"`
	WinnerID  string    `json:"winner_id"` // the giveaway_winners row it made
	UserID    string    `json:"user_id"`   // who was drawn
	DrawnAt   time.Time `json:"drawn_at"`
	// Entrants is how many paid registrants (with an account) the webinar
	// had; Candidates how many of them had an equal chance: all of them in
	// the automatic draw, those not drawn before in a re-pick (all again
	// once everyone has been drawn).
	Entrants    int     `json:"entrants"`
	Candidates  int     `json:"candidates"`
	Trigger     string  `json:"trigger"`      // TriggerSeatsFilled or TriggerAdminRepick
	TriggeredBy *string `json:"triggered_by"` // the admin's id for a re-pick, else null
}
