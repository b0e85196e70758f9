package reminder

import (
	"context"
	"net/url"
	"strings"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/datetext"
	"watchwin/internal/mail"
	"watchwin/internal/money"
	"watchwin/internal/seat"
	"watchwin/internal/webinar"
)

// Mailer renders the reminders (templates/reminder.*.tmpl in package mail):
// the webinar's title and date in the store's zone, a link straight to the
// watch or coupon page, the seats left, the store's postal address, and
// the kind's unsubscribe link in the body and in List-Unsubscribe.
type Mailer struct {
	Templates *mail.Templates
	TimeZone  *time.Location
}

// mailData is what templates/reminder.*.tmpl show.
type mailData struct {
	Kind, KindLabel                  string
	Name, Title, When, Link          string
	Price, CouponValue               string // "" for a free webinar
	SeatsLeft, TotalSeats            int
	UnsubscribeLink, UnsubscribePost string
}

// UnsubscribePath is the page the body's link opens (it confirms without a
// login); UnsubscribeAPI is the one-click URL of List-Unsubscribe.
const (
	UnsubscribePath = "/unsubscribe"
	UnsubscribeAPI  = "/api/reminders/unsubscribe"
)

// message is reminder k for candidate c, to the account's own address,
// signed with token. It is bulk mail, and its DedupeKey (Key) makes it one
// per registration and kind even if queued twice.
func (m Mailer) message(ctx context.Context, k Kind, c candidate, token string) (mail.Message, error) {
	link := m.Templates.Link("/webinar/" + c.WebinarID + "/watch")
	if k == Offer {
		link = m.Templates.Link("/webinar/" + c.WebinarID + "/coupon")
	}
	q := "?token=" + url.QueryEscape(token)
	d := mailData{
		Kind: string(k), KindLabel: k.Label(),
		Name:  auth.PlainName(c.Name),
		Title: strings.Join(strings.Fields(c.Title), " "),
		When:  datetext.Moment(c.EventAt, m.TimeZone),
		Link:  link, SeatsLeft: seat.LeftShown(c.TotalSeats, c.TakenSeats), TotalSeats: c.TotalSeats,
		UnsubscribeLink: m.Templates.Link(UnsubscribePath + q),
		UnsubscribePost: m.Templates.Link(UnsubscribeAPI + q),
	}
	if c.PriceCents > 0 {
		d.Price = money.Format(c.PriceCents)
		d.CouponValue = money.Format(webinar.CouponValueCents(c.PriceCents, c.Percentage))
	}
	msg, err := m.Templates.Render(ctx, "reminder", c.Email, d)
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = Key(k, c.RegistrationID)
	msg.Class = mail.Bulk
	msg.ListUnsubscribe = d.UnsubscribePost
	return msg, nil
}

// Key is the outbox DedupeKey of reminder k of a registration.
func Key(k Kind, registrationID string) string { return "reminder:" + string(k) + ":" + registrationID }

// creditData is what templates/credit-reminder.*.tmpl show.
type creditData struct {
	Kind, KindLabel                  string
	Name, Title, Link                string
	Amount, Ends                     string // the value that ends, and its last moment's day
	Paid, PaidUntil                  string // BonusExpiry: the part that stays, and until when
	PaidNever                        bool   // BonusExpiry: the part that stays never expires
	Days                             int    // how many days are left
	UnsubscribeLink, UnsubscribePost string
}

// day writes t as the store's day, "January 2, 2006".
func (m Mailer) day(t time.Time) string { return datetext.Day(t, m.TimeZone) }

// creditMessage is credit reminder k for coupon c, due at due, to the
// account's own address, signed with token: bulk mail, one per coupon and
// kind (Key). CreditExpiry names what the coupon is worth in its last week
// (the coupon's own value rule), BonusExpiry the bonus and the paid part
// that stays.
func (m Mailer) creditMessage(ctx context.Context, k Kind, c creditCandidate, due time.Time, token string) (mail.Message, error) {
	q := "?token=" + url.QueryEscape(token)
	d := creditData{
		Kind: string(k), KindLabel: k.Label(),
		Name:  auth.PlainName(c.FirstName),
		Title: strings.Join(strings.Fields(c.Title), " "),
		Link:  m.Templates.Link("/dashboard"), Days: creditLead(k),
		Amount: money.Format(c.valueAt(due)), Ends: m.day(c.ExpiresAt),
		UnsubscribeLink: m.Templates.Link(UnsubscribePath + q),
		UnsubscribePost: m.Templates.Link(UnsubscribeAPI + q),
	}
	if k == BonusExpiry {
		d.Amount, d.Ends = money.Format(c.BonusCents), m.day(c.BonusUntil)
		d.Paid, d.PaidUntil, d.PaidNever = money.Format(c.PaidCents), m.day(c.ExpiresAt), coupon.Never(c.ExpiresAt)
	}
	msg, err := m.Templates.Render(ctx, "credit-reminder", c.Email, d)
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = Key(k, c.CouponID)
	msg.Class = mail.Bulk
	msg.ListUnsubscribe = d.UnsubscribePost
	return msg, nil
}

// alertData is what templates/webinar-alert.*.tmpl show.
type alertData struct {
	KindLabel, Title, When, Link     string
	Price, CouponValue               string // Price "" for a free webinar
	Bonus                            string // under Split: the promotional part of the coupon value
	BonusDays, PaidYears             int
	PaidNever                        bool // the part paid never expires (PaidYears unused)
	UnsubscribeLink, UnsubscribePost string
}

// alertMessage is the alert of a published webinar to subscriber c, with
// its title, date, price and coupon value (under the Split policy, the
// promotional part and its life too), signed with token: bulk mail, one
// per webinar and subscriber (alertKey).
func (m Mailer) alertMessage(ctx context.Context, c alertCandidate, terms coupon.PolicyTerms, token string) (mail.Message, error) {
	q := "?token=" + url.QueryEscape(token)
	d := alertData{
		KindLabel:       NewWebinars.Label(),
		Title:           strings.Join(strings.Fields(c.Title), " "),
		When:            datetext.Moment(c.EventAt, m.TimeZone),
		Link:            m.Templates.Link("/webinar/" + c.WebinarID),
		UnsubscribeLink: m.Templates.Link(UnsubscribePath + q),
		UnsubscribePost: m.Templates.Link(UnsubscribeAPI + q),
	}
	if c.PriceCents > 0 {
		value := webinar.CouponValueCents(c.PriceCents, c.Percentage)
		d.Price, d.CouponValue = money.Format(c.PriceCents), money.Format(value)
		if _, bonus := coupon.Parts(c.PriceCents, value); terms.Policy == coupon.PolicySplit && bonus > 0 {
			d.Bonus, d.BonusDays, d.PaidYears = money.Format(bonus), terms.BonusDays, terms.PaidYears
			d.PaidNever = terms.PaidNeverExpires
		}
	}
	msg, err := m.Templates.Render(ctx, "webinar-alert", c.Email, d)
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = alertKey(c.WebinarID, c.SubscriptionID)
	msg.Class = mail.Bulk
	msg.ListUnsubscribe = d.UnsubscribePost
	return msg, nil
}

// confirmMessage is the double opt-in's link to email: transactional (the
// visitor asked for it), no unsubscribe (nothing was subscribed yet).
func (m Mailer) confirmMessage(ctx context.Context, email, token string, expires time.Time) (mail.Message, error) {
	return m.Templates.Render(ctx, "alert-confirm", email, struct{ Link, Until string }{
		Link:  m.Templates.Link(ConfirmPath + "?token=" + url.QueryEscape(token)),
		Until: datetext.Moment(expires, m.TimeZone),
	})
}
