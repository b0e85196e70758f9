package coupon

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	ttemplate "text/template"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"watchwin/internal/mail"
)

// Terms are the coupon terms of SPEC.md §5, printed and e-mailed with
// every coupon.
var Terms = []string{
	"Valid only on purchases with a retail value of at least twice the coupon's face value.",
	"Redeemable in person at our Naperville, Illinois store.",
	"A printed copy of this coupon is required.",
	"One coupon per webinar entry.",
	"No cash value.",
	"Not transferable.",
	"Cannot be combined with other offers.",
	"Expires 30 days after issue.",
}

// QRPNG is a PNG QR code that encodes the coupon's code, made here: a code
// is bearer value and never goes to a third-party image service.
func QRPNG(code string) ([]byte, error) { return qrcode.Encode(code, qrcode.Medium, 256) }

// Mailer renders coupon e-mails: links from baseURL, dates in the store's
// time zone, and expiry terms from the configured coupon life.
type Mailer struct {
	BaseURL    string
	TimeZone   *time.Location
	ExpiryDays int
}

// Message is the e-mail that carries a new coupon to its owner: code, value,
// webinar, expiry, terms and the QR code (inline). DedupeKey makes it one
// e-mail per coupon however often fulfilment is replayed.
func (m Mailer) Message(c Coupon, to string) (mail.Message, error) {
	qr, err := QRPNG(c.Code)
	if err != nil {
		return mail.Message{}, err
	}
	d := couponMailData{
		Code: c.Code, Value: fmt.Sprintf("$%d.%02d", c.ValueCents/100, c.ValueCents%100),
		Webinar: c.WebinarTitle, Expires: c.ExpiresAt.In(m.TimeZone).Format("January 2, 2006"),
		Dashboard: strings.TrimRight(m.BaseURL, "/") + "/dashboard", Terms: m.terms(),
	}
	var text, html bytes.Buffer
	if err := couponText.Execute(&text, d); err != nil {
		return mail.Message{}, err
	}
	if err := couponHTML.Execute(&html, d); err != nil {
		return mail.Message{}, err
	}
	return mail.Message{
		DedupeKey: "coupon:" + c.ID,
		To:        to,
		Subject:   "Your store-credit coupon for " + c.WebinarTitle,
		Text:      text.String(),
		HTML:      html.String(),
		Attachments: []mail.Attachment{{
			Filename: "coupon-qr.png", ContentType: "image/png", ContentID: "coupon-qr", Data: qr,
		}},
	}, nil
}

// terms are Terms with the configured expiry instead of SPEC.md's 30 days.
func (m Mailer) terms() []string {
	out := append([]string(nil), Terms...)
	out[len(out)-1] = fmt.Sprintf("Expires %d days after issue.", m.ExpiryDays)
	return out
}

type couponMailData struct {
	Code, Value, Webinar, Expires, Dashboard string
	Terms                                    []string
}

var couponText = ttemplate.Must(ttemplate.New("text").Parse(`Thank you for your purchase!

Your store-credit coupon for "{{.Webinar}}":

  Code:    {{.Code}}
  Value:   {{.Value}}
  Expires: {{.Expires}}

Print this coupon (or the one in My Dashboard, {{.Dashboard}}) and bring it to our
store in Naperville, Illinois.

Terms:
{{range .Terms}}- {{.}}
{{end}}`))

var couponHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #18181b">
<h1 style="font-size: 20px">Your store-credit coupon</h1>
<p>Thank you for your purchase! Here is your coupon for <strong>{{.Webinar}}</strong>.</p>
<table style="border: 2px dashed #E53E3E; padding: 16px">
<tr><td>Code</td><td><strong style="font-family: monospace; font-size: 18px">{{.Code}}</strong></td></tr>
<tr><td>Value</td><td><strong>{{.Value}}</strong></td></tr>
<tr><td>Expires</td><td>{{.Expires}}</td></tr>
</table>
<p><img src="cid:coupon-qr" alt="QR code of coupon {{.Code}}" width="160" height="160"></p>
<p>Print this coupon, or the one in <a href="{{.Dashboard}}">My Dashboard</a>, and bring it to our store in Naperville, Illinois.</p>
<h2 style="font-size: 16px">Terms</h2>
<ul>{{range .Terms}}<li>{{.}}</li>{{end}}</ul>
</body></html>`))
