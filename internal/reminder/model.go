// Package reminder sends the e-mails that bring registrants back
// (docs/api.md#reminders): "It's ready to watch" when a webinar's event
// time arrives, "You didn't finish" two days later, and "Your coupon offer"
// a day after watching while seats remain. A periodic job finds what is due
// and queues it in the mail outbox as bulk mail; each kind goes to a
// registration at most once. Every reminder carries a signed one-click
// unsubscribe link for its kind; transactional mail never looks at it.
package reminder

import "time"

// Kind is one of the three reminders.
type Kind string

const (
	// Ready: at the event time (or at registration, when that is later),
	// to a registrant who has not watched.
	Ready Kind = "ready"
	// Unfinished: two days after Ready's time, to one who still has not
	// watched to the end.
	Unfinished Kind = "unfinished"
	// Offer: a day after watching, to one who has not bought while seats
	// remain (paid webinars only: a free one has no coupon to offer).
	Offer Kind = "offer"
)

// The credit reminders, each once per coupon (docs/api.md#reminders):
// seven days before a coupon ends, and under the Split value policy three
// days before its promotional bonus ends (the paid part stays).
const (
	CreditExpiry Kind = "credit_expiry" // #nosec G101: the name of a reminder kind, not a credential
	BonusExpiry  Kind = "bonus_expiry"
)

// NewWebinars is the new-webinar alert (docs/api.md#new-webinar-alerts):
// one e-mail per published webinar to each confirmed subscriber, who may
// have no account; its unsubscribe ends the subscription.
const NewWebinars Kind = "new_webinars"

// Kinds lists the registration reminders in the order screens show them.
var Kinds = []Kind{Ready, Unfinished, Offer}

// CreditKinds lists the coupon reminders in the order screens show them.
var CreditKinds = []Kind{CreditExpiry, BonusExpiry}

// accountKinds are the kinds an account opts out of in reminder_optouts.
var accountKinds = append(append([]Kind{}, Kinds...), CreditKinds...)

// Label is how e-mails and the unsubscribe page name a kind.
func (k Kind) Label() string {
	switch k {
	case Ready:
		return "It's ready to watch"
	case Unfinished:
		return "You didn't finish"
	case Offer:
		return "Your coupon offer"
	case CreditExpiry:
		return "Your store credit expires soon"
	case BonusExpiry:
		return "Your promotional bonus expires soon"
	case NewWebinars:
		return "New webinars"
	}
	return string(k)
}

// MaxLate is how late a reminder may still go out: one due while the
// server was down is sent when it is back, unless it is more than a day
// late, when it is skipped (a reminder about yesterday's news helps no one).
const MaxLate = 24 * time.Hour

// due is when a reminder of kind k is due for a registration whose base
// time is base (Ready and Unfinished: the later of the event time and the
// registration; Offer: when the video was first watched to the end).
// Times are counted in the store's zone, so "two days later" is the same
// local time two days on (47 or 49 hours across a daylight-saving change).
func (k Kind) due(base time.Time, zone *time.Location) time.Time {
	switch k {
	case Unfinished:
		return base.In(zone).AddDate(0, 0, 2).UTC()
	case Offer:
		return base.In(zone).AddDate(0, 0, 1).UTC()
	}
	return base
}

// offset is roughly how long after its base time a kind is due: the
// candidate query looks for base times in a window this far back (with an
// hour to spare either side for daylight saving), and due decides exactly.
func (k Kind) offset() time.Duration {
	switch k {
	case Unfinished:
		return 48 * time.Hour
	case Offer:
		return 24 * time.Hour
	}
	return 0
}

// Preferences say which reminders an account receives (My Dashboard's
// "Reminder e-mails" switches): the reminders are on unless the account
// unsubscribed; the new-webinar alerts only while its address is a
// confirmed subscriber.
type Preferences struct {
	Ready        bool `json:"ready"`
	Unfinished   bool `json:"unfinished"`
	Offer        bool `json:"offer"`
	CreditExpiry bool `json:"credit_expiry"`
	BonusExpiry  bool `json:"bonus_expiry"`
	NewWebinars  bool `json:"new_webinars"`
}

func (p *Preferences) set(k Kind, on bool) {
	switch k {
	case Ready:
		p.Ready = on
	case Unfinished:
		p.Unfinished = on
	case Offer:
		p.Offer = on
	case CreditExpiry:
		p.CreditExpiry = on
	case BonusExpiry:
		p.BonusExpiry = on
	case NewWebinars:
		p.NewWebinars = on
	}
}

// PreferencesInput changes some of an account's switches: a kind left out
// keeps its value.
type PreferencesInput struct {
	Ready        *bool `json:"ready"`
	Unfinished   *bool `json:"unfinished"`
	Offer        *bool `json:"offer"`
	CreditExpiry *bool `json:"credit_expiry"`
	BonusExpiry  *bool `json:"bonus_expiry"`
	NewWebinars  *bool `json:"new_webinars"`
}

func (in PreferencesInput) get(k Kind) *bool {
	switch k {
	case Ready:
		return in.Ready
	case Unfinished:
		return in.Unfinished
	case Offer:
		return in.Offer
	case CreditExpiry:
		return in.CreditExpiry
	case BonusExpiry:
		return in.BonusExpiry
	}
	return in.NewWebinars
}

// Unsubscribed is the answer to an unsubscribe link: the kind it ended.
type Unsubscribed struct {
	Kind         Kind   `json:"kind"`
	Label        string `json:"label"`
	Unsubscribed bool   `json:"unsubscribed"`
}

// KindStats are one kind's figures for a webinar (the admin's reminder
// table): how many registrants got it, and of those how many have since
// watched to the end and bought.
type KindStats struct {
	Kind    Kind   `json:"kind"`
	Label   string `json:"label"`
	Sent    int    `json:"sent"`
	Watched int    `json:"watched"`
	Bought  int    `json:"bought"`
}

// Stats are a webinar's reminder figures, one row per kind in Kinds order.
type Stats struct {
	WebinarID string      `json:"webinar_id"`
	Kinds     []KindStats `json:"kinds"`
}
