package reminder

import (
	"context"
	"net/url"
	"strings"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/mail"
	"watchwin/internal/money"
	"watchwin/internal/registration"
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
		When:  c.EventAt.In(m.TimeZone).Format(registration.WhenLayout),
		Link:  link, SeatsLeft: seat.LeftShown(c.TotalSeats, c.PaidSeats), TotalSeats: c.TotalSeats,
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
