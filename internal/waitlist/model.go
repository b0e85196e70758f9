// Package waitlist keeps the waiting lists of sold-out webinars
// (docs/api.md#waiting-list): who waits, in which order, and, under the seat
// owner's lock (Offers, the seat service's Freed listener), who is offered each seat that frees up. The seat
// itself is package seat's (seat.Tx.Offer); who may wait is registration's
// rule (registration.Standing.MayWait).
package waitlist

import "time"

// Status is an entry's status (waitlist_entries.status): on the list while
// waiting or offered; off it once bought, declined, lapsed or left.
type Status string

// The statuses of an entry, and None, a Standing's status off the list.
const (
	Waiting  Status = "waiting"
	Offered  Status = "offered"
	Bought   Status = "bought"
	Declined Status = "declined"
	Lapsed   Status = "lapsed"
	Left     Status = "left"
	None     Status = "none"
)

// OnList is the rule that an entry of status s holds a place on the list.
func (s Status) OnList() bool { return s == Waiting || s == Offered }

// onListSQL is OnList in SQL, on the status column col.
func onListSQL(col string) string {
	return col + ` IN ('` + string(Waiting) + `', '` + string(Offered) + `')`
}

// Standing is a user's place on a webinar's waiting list (GET
// /api/webinars/{id}/waitlist).
type Standing struct {
	Status         Status     `json:"status"`   // None, Waiting or Offered
	Position       *int       `json:"position"` // 1 is next; Waiting only
	Waiting        int        `json:"waiting"`  // how many wait in all
	OfferExpiresAt *time.Time `json:"offer_expires_at"`
	HoldHours      int        `json:"hold_hours"`
}

// Entry is one person on the list, as the admin sees it.
type Entry struct {
	Position       *int       `json:"position"`
	UserID         string     `json:"user_id"`
	Name           string     `json:"name"`
	Email          string     `json:"email"`
	Status         Status     `json:"status"`
	JoinedAt       time.Time  `json:"joined_at"`
	OfferExpiresAt *time.Time `json:"offer_expires_at"`
}

// Count is how many wait for one webinar and how many hold an offer.
type Count struct {
	Waiting int `json:"waiting"`
	Offered int `json:"offered"`
}
