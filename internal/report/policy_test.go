package report_test

import (
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// liability is the part of a report the value policy splits.
type liability struct {
	Coupons struct {
		Expired            money `json:"expired"`
		PromotionalExpired money `json:"promotional_expired"`
	} `json:"coupons"`
	Outstanding struct {
		money
		Paid        money `json:"paid"`
		Promotional money `json:"promotional"`
	} `json:"outstanding"`
}

// TestLiabilityAcrossTheBonusDate: one Whole and one Split coupon of a $40
// webinar bought at noon on November 1 (each $40 paid + $8 bonus; the
// Whole one and the Split bonus both end at noon on December 1). Owed at
// the end of November: both whole, split into paid and promotional. Owed on
// December 5: the Split coupon's paid part alone; December's figures show
// the Whole coupon expired and the Split bonus as promotional value expired
// (docs/product.md#coupons, "Value policy").
func TestLiabilityAcrossTheBonusDate(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", At: central(t, s, time.November, 20, 18, 0)})
		s.Clock.Set(central(t, s, time.November, 1, 12, 0))
		admin, _ := s.Login(auth.RoleAdmin)
		s.Purchase(s.CreateUser("whole@example.com", "password1", auth.RoleUser), w.ID)
		admin.Do("PUT", "/api/admin/settings/coupon-policy", map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30}).
			Check(t, testutil.Want{Status: 200})
		s.Purchase(s.CreateUser("split@example.com", "password1", auth.RoleUser), w.ID)

		s.Clock.Set(central(t, s, time.December, 5, 12, 0))
		admin, _ = s.Login(auth.RoleAdmin) // the first session ended with the month
		read := func(from, to string) liability {
			t.Helper()
			res := admin.Do("GET", "/api/admin/reports?period=custom&from="+from+"&to="+to, nil)
			res.Check(t, testutil.Want{Status: 200})
			var l liability
			res.JSON(t, &l)
			return l
		}
		nov, dec := read("2025-11-01", "2025-11-30"), read("2025-12-01", "2025-12-31")
		for _, c := range []struct {
			name      string
			got, want money
		}{
			{"November: owed", nov.Outstanding.money, money{2, 9600}},
			{"November: owed, paid", nov.Outstanding.Paid, money{2, 8000}},
			{"November: owed, promotional", nov.Outstanding.Promotional, money{2, 1600}},
			{"November: expired", nov.Coupons.Expired, money{0, 0}},
			{"December: owed", dec.Outstanding.money, money{1, 4000}},
			{"December: owed, paid", dec.Outstanding.Paid, money{1, 4000}},
			{"December: owed, promotional", dec.Outstanding.Promotional, money{0, 0}},
			{"December: expired", dec.Coupons.Expired, money{1, 4800}},
			{"December: promotional value expired", dec.Coupons.PromotionalExpired, money{1, 800}},
		} {
			if c.got != c.want {
				t.Errorf("%s = %+v, want %+v", c.name, c.got, c.want)
			}
		}
	})
}
