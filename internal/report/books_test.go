package report_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// counterDay is the counter summary as a client reads it.
type counterDay struct {
	Redemptions []struct {
		Code       string     `json:"code"`
		Clerk      *string    `json:"clerk"`
		ValueCents int64      `json:"value_cents"`
		POSReceipt string     `json:"pos_receipt"`
		UndoneAt   *time.Time `json:"undone_at"`
	} `json:"redemptions"`
	Clerks []struct {
		Clerk *string `json:"clerk"`
		Count int     `json:"count"`
		Cents int64   `json:"cents"`
	} `json:"clerks"`
	Total money `json:"total"`
}

// csvRows reads a 200 CSV download without its byte-order mark.
func csvRows(t *testing.T, res testutil.Response) [][]string {
	t.Helper()
	res.Check(t, testutil.Want{Status: 200})
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(res.Body), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func named(t *testing.T, d *db.DB, id, first, last string) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), `UPDATE profiles SET first_name = $1, last_name = $2 WHERE id = $3`, first, last, id); err != nil {
		t.Fatal(err)
	}
}

// TestReceiptThroughTheDay: two clerks redeem three $48 coupons on November
// 10 with POS receipt numbers; one redemption is undone and the coupon
// redeemed again under a new receipt. The history keeps both receipts, the
// day's summary lists all four redemptions and totals the three that stand
// by clerk (Ann 2 × $48, Bob 1 × $48), its CSV and the audit log carry the
// receipts, and with the setting on a redemption without one is refused.
func TestReceiptThroughTheDay(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", At: central(t, s, time.November, 20, 18, 0)})
		s.Clock.Set(central(t, s, time.November, 1, 12, 0))
		var codes []string
		for _, name := range []string{"a", "b", "c"} {
			codes = append(codes, s.Purchase(s.CreateUser(name+"@example.com", "password1", auth.RoleUser), w.ID).Code)
		}
		admin, _ := s.Login(auth.RoleAdmin)
		ann, annP := s.Login(auth.RoleStaff)
		bob, bobP := s.Login(auth.RoleStaff)
		named(t, d, annP.ID, "Ann", "Clerk")
		named(t, d, bobP.ID, "Bob", "Clerk")
		redeem := func(c *testutil.Client, code string, body any) testutil.Response {
			return c.Do("POST", "/api/counter/coupons/"+code+"/redeem", body)
		}

		s.Clock.Set(central(t, s, time.November, 10, 10, 0))
		res := redeem(ann, codes[0], map[string]string{"pos_receipt": " R-1001 "})
		res.Check(t, testutil.Want{Status: 200})
		var v struct {
			Coupon struct {
				POSReceipt string `json:"pos_receipt"`
			} `json:"coupon"`
			Required bool `json:"pos_receipt_required"`
		}
		res.JSON(t, &v)
		if v.Coupon.POSReceipt != "R-1001" || v.Required {
			t.Fatalf("answer %+v, want receipt R-1001, not required", v)
		}
		s.Clock.Set(central(t, s, time.November, 10, 10, 5))
		ann.Do("POST", "/api/counter/coupons/"+codes[0]+"/unredeem", nil).Check(t, testutil.Want{Status: 200})
		s.Clock.Set(central(t, s, time.November, 10, 10, 6))
		redeem(ann, codes[0], map[string]string{"pos_receipt": "R-1002"}).Check(t, testutil.Want{Status: 200})

		// The owner requires it: a redemption without one is refused.
		books := map[string]any{"pos_receipt_required": true, "end_of_day_email": false, "end_of_day_hour": 21,
			"end_of_day_to": "", "dormancy_years": 5, "pos_headers": map[string]string{"number": "Gift Card Number",
				"issue_date": "Issue Date", "original_value": "Original Value", "balance": "Current Balance",
				"customer": "Customer", "last_used": "Last Used", "expiration": "Expiration"}}
		admin.Do("PUT", "/api/admin/settings/books", books).Check(t, testutil.Want{Status: 200})
		redeem(bob, codes[1], nil).Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: "pos_receipt",
			Message: "Enter the POS receipt number of this sale."})
		redeem(bob, codes[1], map[string]string{"pos_receipt": strings.Repeat("9", 41)}).Check(t, testutil.Want{Status: 400, Field: "pos_receipt"})
		s.Clock.Set(central(t, s, time.November, 10, 23, 30)) // still November 10 in the store's zone
		redeem(bob, codes[1], map[string]string{"pos_receipt": "=HYPERLINK(1)"}).Check(t, testutil.Want{Status: 200})
		s.Clock.Set(central(t, s, time.November, 11, 0, 30)) // the next day: not in the summary
		redeem(ann, codes[2], map[string]string{"pos_receipt": "R-2001"}).Check(t, testutil.Want{Status: 200})

		var day counterDay
		res = admin.Do("GET", "/api/admin/reports/counter?day=2025-11-10", nil)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &day)
		var receipts []string
		for _, r := range day.Redemptions {
			receipts = append(receipts, r.POSReceipt)
			if r.ValueCents != 4800 {
				t.Errorf("redemption %s valued %d, want 4800", r.POSReceipt, r.ValueCents)
			}
		}
		if strings.Join(receipts, ",") != "R-1001,R-1002,=HYPERLINK(1)" || day.Redemptions[0].UndoneAt == nil || day.Redemptions[1].UndoneAt != nil {
			t.Fatalf("day's redemptions %+v", day.Redemptions)
		}
		if day.Total.Count != 2 || day.Total.Cents != 9600 || len(day.Clerks) != 2 ||
			*day.Clerks[0].Clerk != "Ann Clerk" || day.Clerks[0].Count != 1 || day.Clerks[0].Cents != 4800 ||
			*day.Clerks[1].Clerk != "Bob Clerk" || day.Clerks[1].Cents != 4800 {
			t.Fatalf("day's totals %+v %+v", day.Total, day.Clerks)
		}

		rows := csvRows(t, admin.Do("GET", "/api/admin/reports/exports/counter.csv?from=2025-11-10&to=2025-11-10", nil))
		if len(rows) != 4 || rows[0][4] != "pos_receipt" || rows[1][4] != "R-1001" || rows[1][5] == "" ||
			rows[3][4] != "'=HYPERLINK(1)" || rows[3][1] != "Bob Clerk" || rows[3][3] != "48.00" {
			t.Fatalf("counter.csv %q", rows)
		}
		var summaries []string
		r, err := d.QueryContext(context.Background(), `SELECT summary FROM audit_log WHERE action IN ('coupon.redeem', 'coupon.unredeem')
			ORDER BY at, id`)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		for r.Next() {
			var sum string
			if err := r.Scan(&sum); err != nil {
				t.Fatal(err)
			}
			summaries = append(summaries, sum)
		}
		if len(summaries) != 5 || !strings.HasSuffix(summaries[0], "POS receipt R-1001") ||
			!strings.HasSuffix(summaries[1], "POS receipt R-1001") || !strings.HasSuffix(summaries[2], "POS receipt R-1002") {
			t.Fatalf("audit summaries %q", summaries)
		}
		// The coupons export names the standing receipt.
		rows = csvRows(t, admin.Do("GET", "/api/admin/reports/exports/coupons.csv?from=2025-11-01&to=2025-11-01", nil))
		if got := rows[1][len(rows[1])-1]; rows[0][len(rows[0])-1] != "pos_receipt" || got != "R-1002" {
			t.Fatalf("coupons.csv receipt %q of %q", got, rows[0])
		}
	})
}

// TestEndOfDayMail: turned on for 9 PM, nothing before it; at 9 PM one
// summary goes to the contact e-mail, once for the day.
func TestEndOfDayMail(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", At: central(t, s, time.November, 20, 18, 0)})
		s.Clock.Set(central(t, s, time.November, 1, 12, 0))
		code := s.Purchase(s.CreateUser("a@example.com", "password1", auth.RoleUser), w.ID).Code
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		clerk.Do("POST", "/api/counter/coupons/"+code+"/redeem", map[string]string{"pos_receipt": "R-77"}).Check(t, testutil.Want{Status: 200})
		admin.Do("PUT", "/api/admin/settings/books", map[string]any{"end_of_day_email": true, "end_of_day_hour": 21,
			"end_of_day_to": "owner@example.com", "dormancy_years": 5, "pos_headers": map[string]string{"number": "A",
				"issue_date": "B", "original_value": "C", "balance": "D", "customer": "E", "last_used": "F", "expiration": "G"}}).
			Check(t, testutil.Want{Status: 200})
		ctx := context.Background()
		s.Clock.Set(central(t, s, time.November, 1, 20, 59))
		if n, err := s.App.Reports.SendDayMail(ctx); err != nil || n != 0 {
			t.Fatalf("before the hour: %d, %v", n, err)
		}
		s.Clock.Set(central(t, s, time.November, 1, 21, 0))
		for range 2 {
			if _, err := s.App.Reports.SendDayMail(ctx); err != nil {
				t.Fatal(err)
			}
		}
		mails := s.Mails("owner@example.com")
		if len(mails) != 1 || mails[0].Subject != "Counter summary for November 1, 2025" ||
			!strings.Contains(mails[0].Text, "redeemed 1 coupon for $48.00") || !strings.Contains(mails[0].Text, "POS receipt R-77") {
			t.Fatalf("mails %+v", mails)
		}
		admin.Do("PUT", "/api/admin/settings/books", map[string]any{"end_of_day_hour": 24}).
			Check(t, testutil.Want{Status: 400, Field: "end_of_day_hour"})
	})
}

// TestPOSImportFile: the open coupons alone (not the redeemed one), in the
// columns named in the settings, money as the exports write it, formula
// cells defused.
func TestPOSImportFile(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", At: central(t, s, time.November, 20, 18, 0)})
		s.Clock.Set(central(t, s, time.November, 1, 12, 0))
		buyer := s.CreateUser("a@example.com", "password1", auth.RoleUser)
		named(t, d, buyer.ID, "=Sam", "Carter")
		open := s.Purchase(buyer, w.ID)
		used := s.Purchase(s.CreateUser("b@example.com", "password1", auth.RoleUser), w.ID)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		clerk.Do("POST", "/api/counter/coupons/"+used.Code+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		// Redeemed by mistake and undone: open again, its last use kept.
		s.Clock.Set(central(t, s, time.November, 1, 13, 0))
		undone := s.Purchase(s.CreateUser("c@example.com", "password1", auth.RoleUser), w.ID)
		clerk.Do("POST", "/api/counter/coupons/"+undone.Code+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		clerk.Do("POST", "/api/counter/coupons/"+undone.Code+"/unredeem", nil).Check(t, testutil.Want{Status: 200})
		s.Clock.Set(central(t, s, time.November, 2, 9, 0))
		res := admin.Do("GET", "/api/admin/reports/lists/pos-import.csv", nil)
		if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename="pos-import-2025-11-02.csv"` {
			t.Errorf("Content-Disposition %q", cd)
		}
		rows := csvRows(t, res)
		want := [][]string{
			{"Gift Card Number", "Issue Date", "Original Value", "Current Balance", "Customer", "Last Used", "Expiration"},
			{open.Code, "11/01/2025", "48.00", "48.00", "'=Sam Carter", "", "12/01/2025"},
			{undone.Code, "11/01/2025", "48.00", "48.00", "Test Person", "11/01/2025", "12/01/2025"},
		}
		if fmt.Sprint(rows) != fmt.Sprint(want) {
			t.Fatalf("pos-import.csv\n got %q\nwant %q", rows, want)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action = 'data.export'
			AND target_id = 'pos-import.csv'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("audited %d times (%v)", n, err)
		}
		admin.Do("GET", "/api/admin/reports/lists/nope.csv", nil).Check(t, testutil.Want{Status: http.StatusNotFound})
	})
}

// ageBody is the liability by age and the breakage of a report.
type ageBody struct {
	Outstanding struct {
		ByAge []struct {
			Label       string `json:"label"`
			Paid        money  `json:"paid"`
			Promotional money  `json:"promotional"`
		} `json:"by_age"`
	} `json:"outstanding"`
	Breakage []struct {
		Month   string `json:"month"`
		Expired money  `json:"expired"`
	} `json:"breakage"`
}

// TestLiabilityByAge: Split coupons (50 years paid, 30 days bonus) issued
// at the edges of each age bucket, read at the end of March 14, 2026: 30
// and 31 days old, 90 and 91, 365 and 366 days, exactly 5 years and a
// second more (its paid part still owed). Then the breakage: each bonus
// ends 30 days after issue and counts in the month it ended, from that
// moment on.
func TestLiabilityByAge(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		asOf := time.Date(2026, time.March, 15, 0, 0, 0, 0, s.App.Config.Timezone) // the end of the period below
		day := 24 * time.Hour
		ages := []time.Time{asOf.Add(-30 * day), asOf.Add(-31 * day), asOf.Add(-90 * day), asOf.Add(-91 * day),
			asOf.Add(-365 * day), asOf.Add(-366 * day), asOf.AddDate(-5, 0, 0), asOf.AddDate(-5, 0, 0).Add(-time.Second)}
		s.Clock.Set(ages[len(ages)-1].Add(-time.Hour))
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/coupon-policy", map[string]any{"policy": "split", "paid_years": 50, "bonus_days": 30}).
			Check(t, testutil.Want{Status: 200})
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", At: asOf.AddDate(1, 0, 0)})
		for i := len(ages) - 1; i >= 0; i-- {
			s.Clock.Set(ages[i])
			c := s.Purchase(s.CreateUser(string(rune('a'+i))+"@example.com", "password1", auth.RoleUser), w.ID)
			// The test clock runs on: the issue is set to the exact edge.
			if _, err := d.ExecContext(context.Background(), `UPDATE coupons SET created_at = $1, bonus_until = $2 WHERE id = $3`,
				ages[i].UTC(), ages[i].Add(30*day).UTC(), c.ID); err != nil {
				t.Fatal(err)
			}
		}
		s.Clock.Set(asOf.Add(5 * day))
		admin, _ = s.Login(auth.RoleAdmin)
		var r ageBody
		res := admin.Do("GET", "/api/admin/reports?from=2026-03-01&to=2026-03-14", nil)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &r)
		wantPaid := []int{1, 2, 2, 2, 1}
		for i, b := range r.Outstanding.ByAge {
			if b.Paid.Count != wantPaid[i] || b.Paid.Cents != int64(wantPaid[i])*4000 || b.Promotional.Cents != 0 {
				t.Errorf("bucket %s: paid %+v, promotional %+v; want %d × $40 and no bonus (the youngest ends at that moment)",
					b.Label, b.Paid, b.Promotional, wantPaid[i])
			}
		}
		rows := csvRows(t, admin.Do("GET", "/api/admin/reports/exports/liability.csv?from=2026-03-01&to=2026-03-14", nil))
		if len(rows) != 6 || rows[0][0] != "as_of (America/Chicago)" || rows[1][0] != "2026-03-15 00:00:00" ||
			rows[5][1] != "Over 5 years" || rows[5][5] != "40.00" || rows[1][8] != "40.00" || rows[2][4] != "2" {
			t.Errorf("liability.csv %q", rows)
		}

		// Breakage in March: the 31-day-old's bonus ended on March 14, the
		// 30-day-old's ends at midnight, March 15: counted from then.
		march := func(at time.Time) [][]string {
			s.Clock.Set(at)
			return csvRows(t, admin.Do("GET", "/api/admin/reports/exports/breakage.csv?from=2026-03-01&to=2026-03-31", nil))
		}
		if rows := march(asOf.Add(-time.Second)); len(rows) != 2 || rows[1][0] != "2026-03-01" || rows[1][1] != "1" || rows[1][2] != "8.00" {
			t.Errorf("breakage.csv a second before the bonus date %q", rows)
		}
		if rows := march(asOf.Add(time.Second)); len(rows) != 2 || rows[1][1] != "2" || rows[1][2] != "16.00" {
			t.Errorf("breakage.csv on the bonus date %q", rows)
		}
		var b ageBody
		admin.Do("GET", "/api/admin/reports?from=2026-01-01&to=2026-03-31", nil).JSON(t, &b)
		if len(b.Breakage) != 3 || b.Breakage[0].Month != "2026-01-01" || b.Breakage[0].Expired.Cents != 1600 || b.Breakage[2].Expired.Cents != 1600 {
			t.Errorf("breakage by month %+v", b.Breakage)
		}
	})
}

// TestUnclaimedAfterDormancy: a Whole coupon bought and never used (its
// expiry long passed, its paid value still owed) is listed at exactly five
// years of no activity, not a second before; another, whose owner opened
// their dashboard two years in, is listed five years after that.
func TestUnclaimedAfterDormancy(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", At: central(t, s, time.November, 20, 18, 0)})
		s.Clock.Set(central(t, s, time.November, 1, 12, 0))
		quiet := s.CreateUser("quiet@example.com", "password1", auth.RoleUser)
		named(t, d, quiet.ID, "Quiet", "Owner")
		c := s.Purchase(quiet, w.ID)
		bought := c.CreatedAt // the test clock runs on
		s.Purchase(s.CreateUser("looker@example.com", "password1", auth.RoleUser), w.ID)
		s.Clock.Set(bought.AddDate(2, 0, 0))
		looker := s.Client()
		looker.Do("POST", "/api/auth/login", map[string]string{"email": "looker@example.com", "password": "password1"}).Check(t, testutil.Want{Status: 200})
		looker.Do("GET", "/api/coupons", nil).Check(t, testutil.Want{Status: 200})

		list := func(at time.Time) []string {
			s.Clock.Set(at)
			admin, _ := s.Login(auth.RoleAdmin)
			var l struct {
				Total   money `json:"total"`
				Coupons []struct {
					Code         string    `json:"code"`
					OwnerName    string    `json:"owner_name"`
					Email        string    `json:"email"`
					PaidCents    int64     `json:"paid_cents"`
					LastActivity time.Time `json:"last_activity_at"`
				} `json:"coupons"`
			}
			res := admin.Do("GET", "/api/admin/reports/unclaimed", nil)
			res.Check(t, testutil.Want{Status: 200})
			res.JSON(t, &l)
			var out []string
			for _, u := range l.Coupons {
				out = append(out, u.Email)
				if u.Email == "quiet@example.com" && (u.Code != c.Code || u.PaidCents != 4000 || !u.LastActivity.Equal(bought) || u.OwnerName != "Quiet Owner") {
					t.Errorf("listed %+v", u)
				}
			}
			return out
		}
		if got := list(bought.AddDate(5, 0, 0).Add(-time.Second)); len(got) != 0 {
			t.Errorf("a second before five years: %q", got)
		}
		if got := list(bought.AddDate(5, 0, 0)); strings.Join(got, ",") != "quiet@example.com" {
			t.Errorf("at five years: %q", got)
		}
		if got := list(bought.AddDate(7, 0, 1)); strings.Join(got, ",") != "quiet@example.com,looker@example.com" {
			t.Errorf("five years after the look: %q", got)
		}
		admin, _ := s.Login(auth.RoleAdmin)
		rows := csvRows(t, admin.Do("GET", "/api/admin/reports/lists/unclaimed.csv", nil))
		if len(rows) != 3 || rows[0][0] != "owner_name" || rows[1][0] != "Quiet Owner" || rows[1][3] != "40.00" || rows[1][5] != c.Code {
			t.Errorf("unclaimed.csv %q", rows)
		}
	})
}

// TestPaidNeverExpiresInBooks: a coupon whose paid value never expires has
// no expiration in the POS file, "never" in the coupons CSV and the
// unclaimed-property list (which marks it, the case Illinois' exemption
// turns on: docs/operations.md#unclaimed-property), and is still owed after
// any number of years.
func TestPaidNeverExpiresInBooks(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", At: central(t, s, time.November, 20, 18, 0)})
		s.Clock.Set(central(t, s, time.November, 1, 12, 0))
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30, "paid_never_expires": true}).
			Check(t, testutil.Want{Status: 200})
		c := s.Purchase(s.CreateUser("lasting@example.com", "password1", auth.RoleUser), w.ID)

		rows := csvRows(t, admin.Do("GET", "/api/admin/reports/lists/pos-import.csv", nil))
		if len(rows) != 2 || rows[1][0] != c.Code || rows[1][3] != "48.00" || rows[1][6] != "" {
			t.Errorf("pos-import.csv %q", rows)
		}
		rows = csvRows(t, admin.Do("GET", "/api/admin/reports/exports/coupons.csv?from=2025-11-01&to=2025-11-01", nil))
		col := map[string]int{}
		for i, h := range rows[0] {
			col[strings.Fields(h)[0]] = i
		}
		if len(rows) != 2 || rows[1][col["expires"]] != "never" || rows[1][col["paid_until"]] != "never" ||
			rows[1][col["promotional_until"]] == "never" {
			t.Errorf("coupons.csv %q", rows)
		}

		s.Clock.Set(c.CreatedAt.AddDate(40, 0, 0))
		admin, _ = s.Login(auth.RoleAdmin)
		var l struct {
			Coupons []struct {
				Code             string `json:"code"`
				PaidCents        int64  `json:"paid_cents"`
				PaidNeverExpires bool   `json:"paid_never_expires"`
			} `json:"coupons"`
		}
		admin.Do("GET", "/api/admin/reports/unclaimed", nil).JSON(t, &l)
		if len(l.Coupons) != 1 || l.Coupons[0].Code != c.Code || l.Coupons[0].PaidCents != 4000 || !l.Coupons[0].PaidNeverExpires {
			t.Errorf("unclaimed after 40 years: %+v", l.Coupons)
		}
		rows = csvRows(t, admin.Do("GET", "/api/admin/reports/lists/unclaimed.csv", nil))
		if len(rows) != 2 || !strings.HasPrefix(rows[0][7], "expires") || rows[1][7] != "never" {
			t.Errorf("unclaimed.csv %q", rows)
		}
	})
}
