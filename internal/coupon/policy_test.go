package coupon_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// valueVerdict is the part of a counter answer the value policy changes.
type valueVerdict struct {
	Verdict string `json:"verdict"`
	Coupon  struct {
		ValueCents         int64  `json:"value_cents"`
		ValueTodayCents    int64  `json:"value_today_cents"`
		MinPurchaseCents   int64  `json:"min_purchase_cents"`
		PaidCents          int64  `json:"paid_cents"`
		BonusCents         int64  `json:"bonus_cents"`
		BonusExpired       bool   `json:"bonus_expired"`
		ValuePolicy        string `json:"value_policy"`
		RedeemedValueCents *int64 `json:"redeemed_value_cents"`
	} `json:"coupon"`
}

// splitPolicy is the admin's Split with the law's 5 years and a 30-day bonus.
var splitPolicy = map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30}

// stage is what a coupon shows at one moment: its owner's view and the counter's.
type stage struct {
	status       string // the owner's view: active, used, expired
	today        int64  // value_today_cents
	bonusExpired bool
	verdict      string // the counter's
	minPurchase  int64
}

// check reads coupon c as its owner (the service, as GET /api/coupons
// does) and at the counter (a clerk signed in now), and compares with want.
func check(t *testing.T, s *testutil.Server, c coupon.Coupon, want stage) {
	t.Helper()
	mine, err := s.App.Coupons.ListMine(context.Background(), c.UserID)
	if err != nil {
		t.Fatal(err)
	}
	var v *coupon.View
	for _, m := range mine {
		if m.ID == c.ID {
			view := m.View(s.Clock.Now())
			v = &view
		}
	}
	if v == nil {
		t.Fatalf("coupon %s not among its owner's", c.Code)
	}
	if v.Status != want.status || v.ValueTodayCents != want.today || v.BonusExpired != want.bonusExpired {
		t.Errorf("%s (%s): owner sees status %s, today %d, bonus expired %v; want %s, %d, %v",
			c.Code, v.ValuePolicy, v.Status, v.ValueTodayCents, v.BonusExpired, want.status, want.today, want.bonusExpired)
	}
	clerk, _ := s.Login(auth.RoleStaff)
	var a valueVerdict
	res := clerk.Do("GET", counterPath(c.Code, ""), nil)
	res.Check(t, testutil.Want{Status: 200})
	res.JSON(t, &a)
	if a.Verdict != want.verdict || a.Coupon.ValueTodayCents != want.today || a.Coupon.BonusExpired != want.bonusExpired ||
		a.Coupon.MinPurchaseCents != want.minPurchase || a.Coupon.ValueCents != 4800 {
		t.Errorf("%s: counter says %+v, want %+v", c.Code, a, want)
	}
}

// counterRedeem redeems c at the counter as a clerk signed in now.
func counterRedeem(t *testing.T, s *testutil.Server, c coupon.Coupon) testutil.Response {
	t.Helper()
	clerk, _ := s.Login(auth.RoleStaff)
	return clerk.Do("POST", counterPath(c.Code, "redeem"), nil)
}

// TestValuePolicy: a $40 webinar's coupon ($48: $40 paid, $8 bonus) under
// Whole and under Split, before the bonus date, after it and after the paid
// date, with redemption at each stage; the switch to Split keeps the
// coupons issued before it as they were (docs/product.md#coupons, "Value policy").
func TestValuePolicy(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		buy := func(name string) coupon.Coupon {
			return s.Purchase(s.CreateUser(name+"-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser), w.ID)
		}
		day := 24 * time.Hour

		// Whole, the default: one expiry for both parts.
		wholeKept, wholeLate, wholeNow := buy("whole-kept"), buy("whole-late"), buy("whole-now")
		for _, c := range []coupon.Coupon{wholeKept, wholeLate, wholeNow} {
			if c.Policy != coupon.PolicyWhole || c.PaidCents != 4000 || c.BonusCents != 800 ||
				!c.PaidUntil.Equal(c.ExpiresAt) || !c.BonusUntil.Equal(c.ExpiresAt) || !c.ExpiresAt.Equal(c.CreatedAt.AddDate(0, 0, 30)) {
				t.Fatalf("whole coupon: %+v", c)
			}
		}

		// The switch: audited, and the coupons issued before keep their dates.
		admin.Do("PUT", "/api/admin/settings/coupon-policy", splitPolicy).Check(t, testutil.Want{Status: 200})
		var log struct {
			Entries []struct{ Summary string } `json:"entries"`
		}
		admin.Do("GET", "/api/admin/audit?action=settings.coupon_policy", nil).JSON(t, &log)
		if len(log.Entries) != 1 || log.Entries[0].Summary == "" {
			t.Errorf("audit of the switch: %+v", log.Entries)
		}
		kept, err := s.App.Coupons.Get(context.Background(), wholeKept.ID)
		if err != nil || kept.Policy != coupon.PolicyWhole || !kept.ExpiresAt.Equal(wholeKept.ExpiresAt) ||
			!kept.BonusUntil.Equal(wholeKept.ExpiresAt) || kept.PaidCents != 4000 || kept.BonusCents != 800 {
			t.Errorf("a coupon issued before the switch changed: %+v, %v", kept.Coupon, err)
		}

		splitNow, splitLate, splitKept := buy("split-now"), buy("split-late"), buy("split-kept")
		for _, c := range []coupon.Coupon{splitNow, splitLate, splitKept} {
			if c.Policy != coupon.PolicySplit || c.PaidCents != 4000 || c.BonusCents != 800 ||
				!c.PaidUntil.Equal(c.CreatedAt.AddDate(5, 0, 0)) || !c.ExpiresAt.Equal(c.PaidUntil) ||
				!c.BonusUntil.Equal(c.CreatedAt.AddDate(0, 0, 30)) {
				t.Fatalf("split coupon: %+v", c)
			}
		}

		// Before the bonus date: worth $48 under both; minimum $96.
		full := stage{status: "active", today: 4800, verdict: "valid", minPurchase: 9600}
		check(t, s, wholeKept, full)
		check(t, s, splitKept, full)
		var a valueVerdict
		counterRedeem(t, s, splitNow).JSON(t, &a)
		if a.Verdict != "redeemed" || a.Coupon.RedeemedValueCents == nil || *a.Coupon.RedeemedValueCents != 4800 {
			t.Errorf("split redeemed before the bonus date: %+v", a)
		}
		counterRedeem(t, s, wholeNow).Check(t, testutil.Want{Status: 200})

		// After the bonus date (31 days): Whole has expired; Split is still
		// valid for its paid part, minimum twice that.
		s.Clock.Advance(31 * day)
		check(t, s, wholeKept, stage{status: "expired", today: 0, verdict: "expired", minPurchase: 9600})
		check(t, s, splitKept, stage{status: "active", today: 4000, bonusExpired: true, verdict: "valid", minPurchase: 8000})
		counterRedeem(t, s, wholeLate).Check(t, testutil.Want{Status: 409, Code: "coupon_expired"})
		res := counterRedeem(t, s, splitLate)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &a)
		if a.Coupon.RedeemedValueCents == nil || *a.Coupon.RedeemedValueCents != 4000 || a.Coupon.MinPurchaseCents != 8000 {
			t.Errorf("split redeemed after the bonus date: %+v", a)
		}

		// After the paid date (5 years): Split has expired too.
		s.Clock.Advance(5 * 366 * day)
		check(t, s, splitKept, stage{status: "expired", today: 0, verdict: "expired", minPurchase: 9600})
		counterRedeem(t, s, splitKept).Check(t, testutil.Want{Status: 409, Code: "coupon_expired"})
	})
}

// The policy form: bad values are refused naming the field (nothing
// saved), the public read says what new coupons get.
func TestCouponPolicySettings(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		var got coupon.PolicyTerms
		actors.Anon.Do("GET", "/api/settings/coupon-policy", nil).JSON(t, &got)
		if got != (coupon.PolicyTerms{Policy: "whole", PaidYears: 5, BonusDays: 30, WholeExpiryDays: s.App.Config.CouponExpiryDays}) {
			t.Errorf("default policy: %+v", got)
		}
		for _, tt := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"unknown policy", map[string]any{"policy": "half", "paid_years": 5, "bonus_days": 30}, "policy"},
			{"paid part under 5 years", map[string]any{"policy": "split", "paid_years": 4, "bonus_days": 30}, "paid_years"},
			{"bonus of 0 days", map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 0}, "bonus_days"},
			{"bonus over a year", map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 366}, "bonus_days"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				actors.Admin.Do("PUT", "/api/admin/settings/coupon-policy", tt.body).Check(t, testutil.Want{Status: 400, Field: tt.field})
			})
		}
		actors.User.Do("PUT", "/api/admin/settings/coupon-policy", splitPolicy).Check(t, testutil.Want{Status: 403})
		actors.Admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "split", "paid_years": 7, "bonus_days": 45}).Check(t, testutil.Want{Status: 200})
		actors.Anon.Do("GET", "/api/settings/coupon-policy", nil).JSON(t, &got)
		if got.Policy != "split" || got.PaidYears != 7 || got.BonusDays != 45 {
			t.Errorf("saved policy: %+v", got)
		}
	})
}

// neverPolicy is Split whose paid value never expires, with a 30-day bonus.
var neverPolicy = map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30, "paid_never_expires": true}

// TestPaidNeverExpires: with "paid value never expires" chosen, a new $48
// coupon ($40 paid, $8 bonus) has no paid expiry: its bonus ends after 30
// days, its paid part is still good 60 years on, at the counter and in its
// owner's list; the coupon issued before the choice keeps its 5 years
// (docs/product.md#coupons, "Value policy").
func TestPaidNeverExpires(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		buyers, emails := map[string]*testutil.Client{}, map[string]string{}
		buy := func(name string) coupon.Coupon {
			client, p := s.Login(auth.RoleUser)
			buyers[name], emails[name] = client, p.Email
			return s.Purchase(p, w.ID)
		}
		day := 24 * time.Hour

		admin.Do("PUT", "/api/admin/settings/coupon-policy", splitPolicy).Check(t, testutil.Want{Status: 200})
		old := buy("old")
		admin.Do("PUT", "/api/admin/settings/coupon-policy", neverPolicy).Check(t, testutil.Want{Status: 200})
		lasting, lastingLate := buy("lasting"), buy("lasting-late")

		if old.PaidNeverExpires() || !old.ExpiresAt.Equal(old.CreatedAt.AddDate(5, 0, 0)) {
			t.Errorf("the coupon issued before the choice: %+v", old)
		}
		for _, c := range []coupon.Coupon{lasting, lastingLate} {
			if c.Policy != coupon.PolicySplit || !c.PaidNeverExpires() || !c.PaidUntil.Equal(coupon.NoExpiry) ||
				!c.ExpiresAt.Equal(coupon.NoExpiry) || !c.BonusUntil.Equal(c.CreatedAt.AddDate(0, 0, 30)) ||
				c.PaidCents != 4000 || c.BonusCents != 800 {
				t.Fatalf("a coupon issued with the paid value never expiring: %+v", c)
			}
		}

		// The owner's API says so beside the sentinel date.
		var list struct {
			Coupons []struct {
				PaidNeverExpires bool      `json:"paid_never_expires"`
				ExpiresAt        time.Time `json:"expires_at"`
				PaidUntil        time.Time `json:"paid_until"`
			} `json:"coupons"`
		}
		buyers["lasting"].Do("GET", "/api/coupons", nil).JSON(t, &list)
		if mine := list.Coupons; len(mine) != 1 || !mine[0].PaidNeverExpires || !mine[0].ExpiresAt.Equal(coupon.NoExpiry) ||
			!mine[0].PaidUntil.Equal(coupon.NoExpiry) {
			t.Errorf("GET /api/coupons: %+v", list)
		}
		buyers["old"].Do("GET", "/api/coupons", nil).JSON(t, &list)
		if mine := list.Coupons; len(mine) != 1 || mine[0].PaidNeverExpires {
			t.Errorf("GET /api/coupons of the old coupon: %+v", mine)
		}

		// Its e-mail says the paid value never expires and gives the bonus its date.
		var mail string
		for _, m := range s.Mails(emails["lasting"]) {
			if m.DedupeKey == "coupon:"+lasting.ID {
				mail = m.Text
			}
		}
		for _, want := range []string{"Paid value:        $40.00, never expires", "The paid value ($40.00) never expires."} {
			if !strings.Contains(mail, want) {
				t.Errorf("the coupon e-mail lacks %q:\n%s", want, mail)
			}
		}
		if strings.Contains(mail, "9999") {
			t.Errorf("the coupon e-mail shows the sentinel date:\n%s", mail)
		}

		full := stage{status: "active", today: 4800, verdict: "valid", minPurchase: 9600}
		check(t, s, lasting, full)
		check(t, s, old, full)

		// After the bonus date: the paid part only, still valid.
		s.Clock.Advance(31 * day)
		check(t, s, lasting, stage{status: "active", today: 4000, bonusExpired: true, verdict: "valid", minPurchase: 8000})

		// 60 years on: the old coupon has expired, the new one is still worth its paid value.
		s.Clock.Advance(60 * 366 * day)
		check(t, s, old, stage{status: "expired", today: 0, verdict: "expired", minPurchase: 9600})
		check(t, s, lasting, stage{status: "active", today: 4000, bonusExpired: true, verdict: "valid", minPurchase: 8000})
		var a valueVerdict
		res := counterRedeem(t, s, lastingLate)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &a)
		if a.Verdict != "redeemed" || a.Coupon.RedeemedValueCents == nil || *a.Coupon.RedeemedValueCents != 4000 {
			t.Errorf("redeemed 60 years on: %+v", a)
		}
	})
}

// TestPaidNeverExpiresSettings: the choice is saved and audited, the
// public terms say so under Split only, and under Whole it is kept for a
// later switch without changing a new coupon.
func TestPaidNeverExpiresSettings(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		var saved map[string]any
		res := actors.Admin.Do("PUT", "/api/admin/settings/coupon-policy", neverPolicy)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &saved)
		if saved["paid_never_expires"] != true {
			t.Errorf("saved: %v", saved)
		}
		var log struct {
			Entries []struct{ Summary string } `json:"entries"`
		}
		actors.Admin.Do("GET", "/api/admin/audit?action=settings.coupon_policy", nil).JSON(t, &log)
		if len(log.Entries) != 1 || !strings.Contains(log.Entries[0].Summary, "coupon_paid_never_expires") {
			t.Errorf("audit of the choice: %+v", log.Entries)
		}
		var got coupon.PolicyTerms
		actors.Anon.Do("GET", "/api/settings/coupon-policy", nil).JSON(t, &got)
		if got.Policy != "split" || !got.PaidNeverExpires {
			t.Errorf("public terms: %+v", got)
		}
		actors.Admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "whole", "paid_years": 5, "bonus_days": 30, "paid_never_expires": true}).
			Check(t, testutil.Want{Status: 200})
		actors.Anon.Do("GET", "/api/settings/coupon-policy", nil).JSON(t, &got)
		if got.Policy != "whole" || got.PaidNeverExpires {
			t.Errorf("public terms under Whole: %+v", got)
		}
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		if c := s.Purchase(s.CreateUser("whole@example.com", "password1", auth.RoleUser), w.ID); c.PaidNeverExpires() ||
			!c.ExpiresAt.Equal(c.CreatedAt.AddDate(0, 0, s.App.Config.CouponExpiryDays)) {
			t.Errorf("a Whole coupon with the choice kept: %+v", c)
		}
		actors.Admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30, "paid_never_expires": "yes"}).
			Check(t, testutil.Want{Status: 400})
	})
}
