package coupon

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"watchwin/internal/datetext"
	"watchwin/internal/mail"
	"watchwin/internal/money"
)

// Terms are the coupon terms of docs/product.md#coupons, printed and e-mailed with
// every coupon.
var Terms = []string{
	"Valid only on purchases with a retail value of at least twice the coupon's face value.",
	"Redeemable in person at our Naperville, Illinois store.",
	printedCopy,
	"One coupon per webinar entry.",
	"No cash value.",
	"Not transferable.",
	"Cannot be combined with other offers.",
	"Expires 30 days after issue.",
}

// printedCopy is the term a phone's wallet pass stands in for.
const printedCopy = "A printed copy of this coupon is required."

// OnPass are terms as a wallet pass's back shows them: the pass, whose QR
// code the counter scans, stands in for the printed copy
// (docs/product.md#wallet-passes).
func OnPass(terms []string) []string {
	out := make([]string, len(terms))
	for i, t := range terms {
		if t == printedCopy {
			t = "Show this pass, or a printed copy of the coupon, at the counter."
		}
		out[i] = t
	}
	return out
}

// Mailer renders coupon e-mails: dates in the store's time zone, expiry
// terms from the configured coupon life, through the site's templates
// (templates/coupon.*.tmpl in package mail).
type Mailer struct {
	Templates  *mail.Templates
	TimeZone   *time.Location
	ExpiryDays int
	// Wallets are the phone wallets the store configured ("Apple Wallet",
	// "Google Wallet"): the e-mail's badges lead to My Dashboard, where one
	// tap adds the coupon (docs/product.md#wallet-passes).
	Wallets []string
}

// Message is the e-mail that carries a new coupon to its owner: code, value,
// webinar, expiry, terms and the QR code (inline, drawn when the mail is
// sent) of the counter link, CounterLink. DedupeKey makes it one e-mail per coupon however often
// fulfilment is replayed.
func (m Mailer) Message(ctx context.Context, c Coupon, to string) (mail.Message, error) {
	data := couponMailData{
		Code: c.Code, Value: money.Format(c.ValueCents),
		Webinar:   strings.Join(strings.Fields(c.WebinarTitle), " "),
		Expires:   m.date(c.ExpiresAt),
		Dashboard: m.Templates.Link("/dashboard"), Terms: m.TermsOf(c), Wallets: m.Wallets,
	}
	if c.Policy == PolicySplit {
		data.Split, data.Paid, data.PaidUntil = true, money.Format(c.PaidCents), m.date(c.PaidUntil)
		data.PaidNever = c.PaidNeverExpires()
		if c.BonusCents > 0 {
			data.Bonus, data.BonusUntil = money.Format(c.BonusCents), m.date(c.BonusUntil)
		}
	}
	msg, err := m.Templates.Render(ctx, "coupon", to, data)
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = "coupon:" + c.ID
	msg.Attachments = []mail.Attachment{{
		Filename: "coupon-qr.png", ContentType: "image/png", ContentID: "coupon-qr", QRCode: CounterLink(m.Templates.Link, c.Code),
	}}
	return msg, nil
}

// date writes t as the store's day, "January 2, 2006".
func (m Mailer) date(t time.Time) string { return datetext.Day(t, m.TimeZone) }

// SplitTerms are the terms of a Split coupon (docs/product.md#coupons, "Value
// policy"): the minimum purchase follows the value left on the day of use,
// and the last lines give each part its own date (the paid part none when
// it never expires), the bonus labelled promotional value. date writes a day.
func SplitTerms(c Coupon, date func(time.Time) string) []string {
	out := append([]string{"Valid only on purchases with a retail value of at least twice the coupon's value on the day of use."},
		Terms[1:len(Terms)-1]...)
	if c.PaidNeverExpires() {
		out = append(out, fmt.Sprintf("The paid value (%s) never expires.", money.Format(c.PaidCents)))
	} else {
		out = append(out, fmt.Sprintf("The paid value (%s) is valid until %s.", money.Format(c.PaidCents), date(c.PaidUntil)))
	}
	if c.BonusCents > 0 {
		out = append(out, fmt.Sprintf("Promotional value (%s) expires %s; after that the coupon is worth its paid value.",
			money.Format(c.BonusCents), date(c.BonusUntil)))
	}
	return out
}

// TermsOf are the terms printed with c: SplitTerms for a Split coupon,
// else Terms with the configured expiry.
func (m Mailer) TermsOf(c Coupon) []string {
	if c.Policy == PolicySplit {
		return SplitTerms(c, m.date)
	}
	return m.terms()
}

// terms are Terms with the configured expiry instead of the default 30 days.
func (m Mailer) terms() []string {
	out := append([]string(nil), Terms...)
	out[len(out)-1] = fmt.Sprintf("Expires %d days after issue.", m.ExpiryDays)
	return out
}

// couponMailData is what templates/coupon.*.tmpl show.
type couponMailData struct {
	Code, Value, Webinar, Expires, Dashboard string
	Terms                                    []string
	Wallets                                  []string // the configured wallets' names
	// Split coupons show each part with its date (Bonus "" when none;
	// PaidNever: the paid part has no date).
	Split, PaidNever                   bool
	Paid, PaidUntil, Bonus, BonusUntil string
}

// CounterLink is what a coupon's QR code holds (docs/api.md#counter): the
// counter page's link with the code, {base URL}/counter?code=LW-…, so a
// phone's own camera opens the verdict for staff; the counter's scanner
// takes it or the bare code alike. link makes the absolute URL of a path.
func CounterLink(link func(pathAndQuery string) string, code string) string {
	return link("/counter?code=" + url.QueryEscape(code))
}

// RefundMessage is the e-mail that tells c's owner their payment of
// amountCents was refunded and the coupon is void. DedupeKey makes it one
// e-mail per coupon however often the refund is replayed.
func (m Mailer) RefundMessage(ctx context.Context, c Coupon, amountCents int64, to string) (mail.Message, error) {
	msg, err := m.Templates.Render(ctx, "refund", to, refundMailData{
		Code: c.Code, Value: money.Format(c.ValueCents), Amount: money.Format(amountCents),
		Webinar:   strings.Join(strings.Fields(c.WebinarTitle), " "),
		Dashboard: m.Templates.Link("/dashboard"),
	})
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = "refund:" + c.ID
	return msg, nil
}

// refundMailData is what templates/refund.*.tmpl show.
type refundMailData struct {
	Code, Value, Amount, Webinar, Dashboard string
}
