// Package giveaway runs the gear giveaway (docs/product.md#giveaway):
// entries (a paid seat, or a free entry without purchase, one per person
// per webinar, each with the same chance), the official rules, and the
// draws: automatically, once per webinar, at the first of its paid seats
// reaching total_seats or its draw deadline, and again whenever an admin
// picks a new winner. Every draw is committed to before the first entry (a
// secret seed whose SHA-256 is public) and follows from the seed and the
// entry list's SHA-256 (proof.go), so anyone can check it; it is stored with
// its proof and an audit row, and never erases an earlier winner. Admins
// notify a winner by e-mail through the outbox.
package giveaway

import "time"

// Triggers of a draw (giveaway_draws.trigger).
const (
	TriggerSeatsFilled = "seats_filled" // the automatic draw, once per webinar
	TriggerDeadline    = "deadline"     // the automatic draw at the draw deadline, when the seats did not fill first
	TriggerAdminRepick = "admin_repick" // 'Pick New Winner'
)

// Kinds of entry (Entry.Kind).
const (
	KindPaid = "paid" // a paid seat: the entry id is the registration's
	KindFree = "free" // "Enter the giveaway without purchase": a giveaway_entries row
)

// Entry is one chance in a webinar's draw. A person has at most one: a paid
// seat, else a free entry.
type Entry struct {
	ID     string `json:"id"`
	UserID string `json:"user_id"`
	Kind   string `json:"kind"`
}

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
	// StaffAtDraw: the winner was staff or an admin when drawn (a draw made
	// before the eligibility rule; it stands, and the store may act on it).
	StaffAtDraw bool `json:"staff_at_draw"`
}

// Draw is the record of one draw (giveaway_draws) with its proof.
type Draw struct {
	ID        string    `json:"id"`
	WebinarID string    `json:"webinar_id"`
	WinnerID  *string   `json:"winner_id"` // the giveaway_winners row it made; null: no entrants
	UserID    *string   `json:"user_id"`   // who was drawn; null: no entrants
	DrawnAt   time.Time `json:"drawn_at"`
	// Entrants is how many entries (paid and free, accounts that exist) the
	// webinar had; Candidates how many of them had an equal chance: all of
	// them in the automatic draw, those not drawn before in a re-pick (all
	// again once everyone has been drawn). Both 0: no entrants.
	Entrants    int     `json:"entrants"`
	Candidates  int     `json:"candidates"`
	Trigger     string  `json:"trigger"`      // TriggerSeatsFilled, TriggerDeadline or TriggerAdminRepick
	TriggeredBy *string `json:"triggered_by"` // the admin's id for a re-pick, else null
	// The proof (null for draws made before it was kept): the entries by
	// kind, the SHA-256 (hex) of the sorted entry ids one per line (the
	// entrant list, byte for byte), and the winning entry.
	PaidEntries   *int    `json:"paid_entries"`
	FreeEntries   *int    `json:"free_entries"`
	EntriesSHA256 *string `json:"entries_sha256"`
	WinnerEntryID *string `json:"winner_entry_id"`
	// ProofKind is ProofCommitReveal: the webinar's Commitment, its Seed
	// (revealed by this draw), the Counter and the WinnerIndex, from 0, into
	// the entry list (DrawIndex); or ProofRandom, the older kind: the 256-bit
	// RandomValue (hex) from crypto/rand, the winner being the (value mod
	// Candidates)-th of the sorted candidates.
	ProofKind   string  `json:"proof_kind"`
	Commitment  *string `json:"commitment"`
	Seed        *string `json:"seed"`
	Counter     *int    `json:"counter"`
	WinnerIndex *int    `json:"winner_index"`
	RandomValue *string `json:"random_value"`
	Reason      *string `json:"reason"` // why an admin picked a new winner; null for the automatic draws
}

// AdminDraw is a draw as /admin/giveaway-winners lists it: the webinar's
// title and the winner's account joined in (null when gone).
type AdminDraw struct {
	Draw
	WebinarTitle    *string `json:"webinar_title"`
	WinnerEmail     *string `json:"winner_email"`
	WinnerFirstName *string `json:"winner_first_name"`
	WinnerLastName  *string `json:"winner_last_name"`
}

// PublicDraw is a draw as the official rules page and the draw's own page
// show it to anyone: no account, only the winner's first name and last
// initial when they agreed at entry (else null: "a winner was drawn"), a
// re-pick's reason, and the proof (entry ids are random and name no one).
type PublicDraw struct {
	ID            string     `json:"id"`
	WebinarID     string     `json:"webinar_id"`
	Title         *string    `json:"title"` // the webinar's; null when it is gone
	DrawnAt       time.Time  `json:"drawn_at"`
	Trigger       string     `json:"trigger"`
	Outcome       string     `json:"outcome"` // "winner" or "no_entrants"
	Entries       int        `json:"entries"`
	PaidEntries   *int       `json:"paid_entries"`
	FreeEntries   *int       `json:"free_entries"`
	EntriesSHA256 *string    `json:"entries_sha256"`
	Winner        *string    `json:"winner"`
	ProofKind     string     `json:"proof_kind"`
	Commitment    *string    `json:"commitment"`
	CommittedAt   *time.Time `json:"committed_at"`
	Seed          *string    `json:"seed"`
	Counter       *int       `json:"counter"`
	WinnerIndex   *int       `json:"winner_index"`
	WinnerEntryID *string    `json:"winner_entry_id"`
	Reason        *string    `json:"reason"` // why an admin picked a new winner (shown publicly); null for the automatic draws
}
