package coupon_test

import (
	"context"
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
