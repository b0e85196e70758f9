package coupon

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"watchwin/internal/mail/mailtest"
)

func TestNewCode(t *testing.T) {
	format := regexp.MustCompile(`^LW-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$`)
	seen := map[string]bool{}
	counts := map[rune]int{}
	for range 10000 {
		c := NewCode()
		if !format.MatchString(c) {
			t.Fatalf("code %q is not LW- and 12 Crockford characters", c)
		}
		if seen[c] {
			t.Fatalf("code %q twice in 10,000", c)
		}
		seen[c] = true
		for _, r := range strings.ReplaceAll(c[3:], "-", "") {
			counts[r]++
		}
	}
	// 120,000 characters over 32 symbols: about 3,750 each when uniform.
	for r, n := range counts {
		if n < 3000 || n > 4500 {
			t.Errorf("symbol %q appears %d times; the alphabet is not used uniformly", r, n)
		}
	}
	if len(counts) != 32 {
		t.Errorf("%d symbols used, want 32", len(counts))
	}
}

func TestDisplayStatus(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	redeemed := now.Add(-time.Hour)
	tests := []struct {
		name string
		c    Coupon
		want string
	}{
		{"active, not expired", Coupon{Status: StatusActive, ExpiresAt: now.Add(time.Hour)}, "active"},
		{"active, past expiry", Coupon{Status: StatusActive, ExpiresAt: now}, "expired"},
		{"used, past expiry", Coupon{Status: StatusUsed, ExpiresAt: now.Add(-time.Hour), RedeemedAt: &redeemed}, "used"},
		{"expired", Coupon{Status: StatusExpired, ExpiresAt: now.Add(-time.Hour)}, "expired"},
	}
	for _, tt := range tests {
		if got := tt.c.View(now).Status; got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestCouponMailGolden(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	m := Mailer{Templates: mailtest.Templates(), TimeZone: chicago, ExpiryDays: 45}
	c := Coupon{ID: "c1", Code: "LW-7K3M-Q9PX-4TRW", ValueCents: 4800, WebinarTitle: `Holsters & "Belts"`,
		ExpiresAt: time.Date(2027, 1, 1, 3, 0, 0, 0, time.UTC)} // Dec 31 in Chicago
	msg, err := m.Message(context.Background(), c, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if msg.DedupeKey != "coupon:c1" || msg.To != "sam@example.com" || !strings.Contains(msg.Subject, `Holsters & "Belts"`) {
		t.Errorf("message: %+v", msg)
	}
	for _, want := range []string{"LW-7K3M-Q9PX-4TRW", "$48.00", `Holsters & "Belts"`, "December 31, 2026",
		"https://webinars.example.com/dashboard", "Expires 45 days after issue.", "No cash value."} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, msg.Text)
		}
	}
	for _, want := range []string{"LW-7K3M-Q9PX-4TRW", "$48.00", "Holsters &amp; &#34;Belts&#34;", `src="cid:coupon-qr"`} {
		if !strings.Contains(msg.HTML, want) {
			t.Errorf("HTML part lacks %q", want)
		}
	}
	const link = "https://webinars.example.com/counter?code=LW-7K3M-Q9PX-4TRW"
	if a := msg.Attachments; len(a) != 1 || a[0].ContentID != "coupon-qr" || a[0].QRCode != link || a[0].ContentType != "image/png" {
		t.Fatalf("attachments: %+v, want the QR code of the coupon's counter link", a)
	}
	mailtest.Golden(t, "coupon", msg)
}

// TestCouponMailSplitGolden: a Split coupon's e-mail shows both parts with
// their dates, the bonus labelled promotional value, and terms that follow.
func TestCouponMailSplitGolden(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	m := Mailer{Templates: mailtest.Templates(), TimeZone: chicago, ExpiryDays: 30}
	issued := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	c := Coupon{ID: "c2", Code: "LW-7K3M-Q9PX-4TRW", ValueCents: 4800, OriginalPaymentCents: 4000, WebinarTitle: "Holsters",
		CreatedAt: issued}
	c.split(Policy{Name: PolicySplit, PaidYears: 5, BonusDays: 30}, issued, 30)
	msg, err := m.Message(context.Background(), c, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"$48.00", "$40.00, valid until December 1, 2031", "$8.00, Promotional value — expires December 31, 2026",
		"The paid value ($40.00) is valid until December 1, 2031.", "Promotional value ($8.00) expires December 31, 2026"} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, msg.Text)
		}
	}
	if strings.Contains(msg.Text, "days after issue") || !strings.Contains(msg.HTML, "Promotional value — expires December 31, 2026") {
		t.Errorf("split e-mail:\n%s\n%s", msg.Text, msg.HTML)
	}
	mailtest.Golden(t, "coupon-split", msg)
}

// TestRefundMailGolden: the buyer's refund e-mail names the amount given
// back, the void coupon and where to see it.
func TestRefundMailGolden(t *testing.T) {
	m := Mailer{Templates: mailtest.Templates(), TimeZone: time.UTC, ExpiryDays: 30}
	c := Coupon{ID: "c1", Code: "LW-7K3M-Q9PX-4TRW", ValueCents: 4800, WebinarTitle: `Holsters & "Belts"`}
	msg, err := m.RefundMessage(context.Background(), c, 4000, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if msg.DedupeKey != "refund:c1" || msg.To != "sam@example.com" {
		t.Errorf("message: %+v", msg)
	}
	for _, want := range []string{"$40.00", "$48.00", "no longer valid", "https://webinars.example.com/dashboard"} {
		if !strings.Contains(msg.Text, want) || !strings.Contains(msg.HTML, want) {
			t.Errorf("message lacks %q", want)
		}
	}
	mailtest.Golden(t, "refund", msg)
}

// TestNoPaidExpiry: a Split coupon whose paid value never expires is worth
// paid + bonus until the bonus date, then its paid part for good, "bonus
// expired" and never expired; its e-mail and terms give the paid part no date.
func TestNoPaidExpiry(t *testing.T) {
	issued := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	c := Coupon{ID: "c3", Code: "LW-7K3M-Q9PX-4TRW", ValueCents: 4800, OriginalPaymentCents: 4000, WebinarTitle: "Holsters",
		CreatedAt: issued, Status: StatusActive}
	c.split(Policy{Name: PolicySplit, PaidYears: 5, BonusDays: 30, PaidNeverExpires: true}, issued, 30)
	if !c.PaidNeverExpires() || !c.ExpiresAt.Equal(NoExpiry) || !c.BonusUntil.Equal(issued.AddDate(0, 0, 30)) {
		t.Fatalf("split: %+v", c)
	}
	for _, tt := range []struct {
		at           time.Time
		today        int64
		bonusExpired bool
	}{
		{issued, 4800, false},
		{c.BonusUntil.Add(-time.Second), 4800, false},
		{c.BonusUntil, 4000, true},
		{issued.AddDate(500, 0, 0), 4000, true},
	} {
		if got := c.TodayCents(tt.at); got != tt.today || c.BonusExpired(tt.at) != tt.bonusExpired ||
			c.displayStatus(tt.at) != StatusActive {
			t.Errorf("at %s: today %d, bonus expired %v, status %s; want %d, %v, active", tt.at, got,
				c.BonusExpired(tt.at), c.displayStatus(tt.at), tt.today, tt.bonusExpired)
		}
	}
	// Without a bonus it simply never ends.
	plain := Coupon{ValueCents: 4000, OriginalPaymentCents: 4000}
	plain.split(Policy{Name: PolicySplit, PaidYears: 5, BonusDays: 30, PaidNeverExpires: true}, issued, 30)
	if !plain.BonusUntil.Equal(NoExpiry) || plain.BonusExpired(issued.AddDate(100, 0, 0)) || plain.TodayCents(issued.AddDate(100, 0, 0)) != 4000 {
		t.Errorf("no bonus: %+v", plain)
	}

	chicago, _ := time.LoadLocation("America/Chicago")
	m := Mailer{Templates: mailtest.Templates(), TimeZone: chicago, ExpiryDays: 30}
	msg, err := m.Message(context.Background(), c, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"$40.00, never expires", "$8.00, Promotional value — expires December 31, 2026",
		"The paid value ($40.00) never expires.", "Promotional value ($8.00) expires December 31, 2026"} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("e-mail lacks %q:\n%s", want, msg.Text)
		}
	}
	if !strings.Contains(msg.HTML, "<strong>$40.00</strong>, never expires") {
		t.Errorf("HTML part lacks the paid value that never expires:\n%s", msg.HTML)
	}
	if strings.Contains(msg.Text+msg.HTML, "9999") || strings.Contains(msg.Text, "valid until") {
		t.Errorf("e-mail gives the paid part a date:\n%s", msg.Text)
	}
}
