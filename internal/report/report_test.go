package report_test

import (
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/csvx"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

type money struct {
	Count int   `json:"count"`
	Cents int64 `json:"cents"`
}

type reportBody struct {
	Period struct {
		From, To string
	} `json:"period"`
	Payments struct {
		Taken          money `json:"taken"`
		Refunded       money `json:"refunded"`
		NetCents       int64 `json:"net_cents"`
		ReturnedNoSeat money `json:"returned_no_seat"`
	} `json:"payments"`
	Coupons struct {
		Issued, Redeemed, Expired, Refunded money
	} `json:"coupons"`
	Outstanding struct {
		AsOf  time.Time `json:"as_of"`
		Count int       `json:"count"`
		Cents int64     `json:"cents"`
	} `json:"outstanding"`
	Funnel []struct {
		Title           string  `json:"webinar_title"`
		Registered      int     `json:"registered"`
		Watched         int     `json:"watched"`
		Paid            int     `json:"paid"`
		Redeemed        int     `json:"redeemed"`
		WatchedPercent  float64 `json:"watched_percent"`
		PaidPercent     float64 `json:"paid_percent"`
		RedeemedPercent float64 `json:"redeemed_percent"`
	} `json:"funnel"`
	Series struct {
		Bucket string `json:"bucket"`
		Points []struct {
			Start       string `json:"start"`
			Sales       money  `json:"sales"`
			Redemptions money  `json:"redemptions"`
		} `json:"points"`
	} `json:"series"`
}

// central is a wall-clock time in the store's zone (America/Chicago).
func central(t *testing.T, s *testutil.Server, month time.Month, day, hour, minute int) time.Time {
	t.Helper()
	return time.Date(2025, month, day, hour, minute, 0, 0, s.App.Config.Timezone)
}

// TestReportFigures seeds November 2025 by hand, including its edges in the
// store's zone: a sale at 11:30 PM Central on October 31 is October's (its
// coupon expires at 11:30 PM on November 30: November's), one at 12:30 AM
// on November 1 and one at 11:30 PM Central on November 30 (already
// December 1 in UTC) are November's, one at 12:30 AM on December 1 is not.
// Every figure is checked against the totals worked out below, and each
// export of the period against its rows.
func TestReportFigures(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		admin, _ := s.Login(auth.RoleAdmin)
		// Both held in November, so both are in its funnel.
		w1 := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40", // $48 coupons
			At: central(t, s, time.November, 20, 18, 0)})
		w2 := s.CreateWebinar(testutil.WebinarSpec{Title: "Optics Day", Price: "25", // $30 coupons
			At: central(t, s, time.November, 25, 18, 0)})
		s.CreateWebinar(testutil.WebinarSpec{Title: "Held in December", At: central(t, s, time.December, 2, 18, 0)})
		// Held in January, registered for in November: in November's funnel too.
		w3 := s.CreateWebinar(testutil.WebinarSpec{Title: "Winter Range Day", At: time.Date(2026, time.January, 10, 18, 0, 0, 0, s.App.Config.Timezone)})
		at := func(month time.Month, day, hour, minute int) { s.Clock.Set(central(t, s, month, day, hour, minute)) }
		person := func(name string) auth.Profile { return s.CreateUser(name+"@example.com", "password1", auth.RoleUser) }

		at(time.October, 31, 23, 30)
		s.Purchase(person("a-october"), w1.ID) // October's; expires 11:30 PM November 30
		at(time.November, 1, 0, 30)
		b := s.Purchase(person("b-first-minutes"), w1.ID)
		at(time.November, 10, 12, 0)
		c := s.Purchase(person("c-refunded"), w2.ID)
		at(time.November, 12, 9, 0)
		f, g := person("f-registered"), person("g-watched")
		if _, _, err := s.App.Registrations.Register(ctx, f, w1.ID, registration.Input{
			Name: `=HYPERLINK("http://evil.example","Click")`, Email: "f@example.com", Phone: "+1 630 555 0100"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.App.Registrations.Register(ctx, g, w1.ID, registration.Input{Name: "Gil Watcher", Email: "g@example.com"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.App.Registrations.Register(ctx, g, w3.ID, registration.Input{Name: "Gil Watcher", Email: "g@example.com"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Registrations.MarkWatched(ctx, g, w1.ID); err != nil {
			t.Fatal(err)
		}
		at(time.November, 15, 14, 0)
		admin.Do("POST", "/api/admin/coupons/"+b.ID+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		at(time.November, 20, 10, 0)
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/refund", nil).Check(t, testutil.Want{Status: 200})
		at(time.November, 30, 23, 30)
		dd := s.Purchase(person("d-last-evening"), w1.ID) // 05:30 UTC on December 1
		at(time.December, 1, 0, 30)
		s.Purchase(person("e-december"), w2.ID)
		at(time.December, 5, 12, 0)

		res := admin.Do("GET", "/api/admin/reports?period=custom&from=2025-11-01&to=2025-11-30", nil)
		res.Check(t, testutil.Want{Status: 200})
		var r reportBody
		res.JSON(t, &r)

		// Worked out by hand:
		//   taken: b $40 + c $25 + d $40 = 3, $105; refunded: c = 1, $25; net $80.
		//   issued: b $48 + c $30 + d $48 = 3, $126; redeemed: b; expired: a; refunded: c.
		//   owed at midnight December 1 Central: d alone (a expired, b redeemed, c refunded, e later).
		for _, c := range []struct {
			name string
			got  money
			want money
		}{
			{"payments taken", r.Payments.Taken, money{3, 10500}},
			{"payments refunded", r.Payments.Refunded, money{1, 2500}},
			{"returned for want of a seat", r.Payments.ReturnedNoSeat, money{0, 0}},
			{"coupons issued", r.Coupons.Issued, money{3, 12600}},
			{"coupons redeemed", r.Coupons.Redeemed, money{1, 4800}},
			{"coupons expired", r.Coupons.Expired, money{1, 4800}},
			{"coupons refunded", r.Coupons.Refunded, money{1, 3000}},
			{"outstanding", money{r.Outstanding.Count, r.Outstanding.Cents}, money{1, 4800}},
		} {
			if c.got != c.want {
				t.Errorf("%s: %+v, want %+v", c.name, c.got, c.want)
			}
		}
		if r.Payments.NetCents != 8000 {
			t.Errorf("net %d cents, want 8000", r.Payments.NetCents)
		}
		if want := central(t, s, time.December, 1, 0, 0); !r.Outstanding.AsOf.Equal(want) {
			t.Errorf("outstanding as of %s, want the period's end %s", r.Outstanding.AsOf, want)
		}
		// The webinars held or registered for in November, by event date,
		// each with all its registrations to date. W1: a, b, d, f, g
		// registered; a, b, d, g watched; a, b, d paid; b redeemed. W2: c
		// and e registered and watched; c's seat was given back by the
		// refund, so e alone paid. W3: g registered, no more.
		if len(r.Funnel) != 3 {
			t.Fatalf("funnel %+v, want the two webinars held in November and the one registered for", r.Funnel)
		}
		f1, f2, f3 := r.Funnel[0], r.Funnel[1], r.Funnel[2]
		if f1.Title != "Holster Fundamentals" || f1.Registered != 5 || f1.Watched != 4 || f1.Paid != 3 || f1.Redeemed != 1 ||
			f1.WatchedPercent != 80 || f1.PaidPercent != 75 || f1.RedeemedPercent != 33.3 {
			t.Errorf("funnel of W1 %+v", f1)
		}
		if f2.Title != "Optics Day" || f2.Registered != 2 || f2.Watched != 2 || f2.Paid != 1 || f2.Redeemed != 0 ||
			f2.WatchedPercent != 100 || f2.PaidPercent != 50 || f2.RedeemedPercent != 0 {
			t.Errorf("funnel of W2 %+v", f2)
		}
		if f3.Title != "Winter Range Day" || f3.Registered != 1 || f3.Watched != 0 || f3.Paid != 0 || f3.WatchedPercent != 0 {
			t.Errorf("funnel of W3 %+v", f3)
		}
		if r.Series.Bucket != "day" || len(r.Series.Points) != 30 {
			t.Fatalf("series: %s × %d, want 30 days", r.Series.Bucket, len(r.Series.Points))
		}
		for _, p := range r.Series.Points {
			want := map[string][2]money{
				"2025-11-01": {{1, 4000}, {}}, "2025-11-10": {{1, 2500}, {}},
				"2025-11-15": {{}, {1, 4800}}, "2025-11-30": {{1, 4000}, {}},
			}[p.Start]
			if p.Sales != want[0] || p.Redemptions != want[1] {
				t.Errorf("%s: sales %+v, redemptions %+v; want %+v", p.Start, p.Sales, p.Redemptions, want)
			}
		}

		// The exports of the same period.
		coupons := export(t, admin, "coupons.csv")
		if len(coupons) != 4 {
			t.Fatalf("coupons.csv: %d records, want a header and 3", len(coupons))
		}
		if coupons[0][0] != "code" || coupons[0][7] != "issued (America/Chicago)" {
			t.Errorf("coupons.csv header %q", coupons[0])
		}
		byCode := map[string][]string{}
		for _, row := range coupons[1:] {
			byCode[row[0]] = row
		}
		for code, want := range map[string][]string{
			b.Code:  {"Redeemed", "48.00", "40.00", "b-first-minutes@example.com", "Holster Fundamentals", "2025-11-01 00:30:00"},
			c.Code:  {"Refunded", "30.00", "25.00", "c-refunded@example.com", "Optics Day", "2025-11-10 12:00:00"},
			dd.Code: {"Valid", "48.00", "40.00", "d-last-evening@example.com", "Holster Fundamentals", "2025-11-30 23:30:00"},
		} {
			row := byCode[code]
			if row == nil || row[1] != want[0] || row[2] != want[1] || row[3] != want[2] || row[4] != want[3] || row[6] != want[4] ||
				!strings.HasPrefix(row[7], want[5]) {
				t.Errorf("coupons.csv row of %s: %q, want %q", code, row, want)
			}
		}
		if row := byCode[c.Code]; row != nil && !strings.HasPrefix(row[10], "2025-11-20 10:00") {
			t.Errorf("refunded at %q", row[10])
		}

		payments := export(t, admin, "payments.csv")
		if len(payments) != 4 {
			t.Fatalf("payments.csv: %d records, want a header and 3", len(payments))
		}
		refunds := 0
		for _, row := range payments[1:] {
			if row[10] == "admin" {
				refunds++
				if row[3] != "refunded" || row[6] != "25.00" || !strings.HasPrefix(row[11], "2025-11-20 10:00") {
					t.Errorf("refunded payment row %q", row)
				}
			}
		}
		if refunds != 1 {
			t.Errorf("%d refunded payments in payments.csv, want 1", refunds)
		}

		regs := export(t, admin, "registrations.csv")
		if len(regs) != 7 {
			t.Fatalf("registrations.csv: %d records, want a header and 6", len(regs))
		}
		var injected []string
		for _, row := range regs[1:] {
			if strings.Contains(row[2], "HYPERLINK") {
				injected = row
			}
		}
		if injected == nil || injected[2] != `'=HYPERLINK("http://evil.example","Click")` || injected[4] != "'+1 630 555 0100" {
			t.Errorf("the registrant's typed name and phone are not neutralised: %q", injected)
		}
	})
}

// export downloads one CSV of November 2025 and parses it whole.
func export(t *testing.T, c *testutil.Client, name string) [][]string {
	t.Helper()
	res := c.Do("GET", "/api/admin/reports/exports/"+name+"?from=2025-11-01&to=2025-11-30", nil)
	res.Check(t, testutil.Want{Status: 200})
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, strings.TrimSuffix(name, ".csv")+"-2025-11-01-to-2025-11-30.csv") {
		t.Errorf("%s: Content-Disposition %q", name, cd)
	}
	body := string(res.Body)
	if !strings.HasPrefix(body, csvx.BOM) {
		t.Fatalf("%s: no byte-order mark", name)
	}
	records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, csvx.BOM))).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i, r := range records {
		for _, cell := range r {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("%s record %d: cell %q would be a formula", name, i, cell)
			}
		}
	}
	return records
}

// Only admins read reports and exports; a bad period is a 400 naming it.
func TestReportAccess(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	actors := s.Actors()
	for _, path := range []string{"/api/admin/reports", "/api/admin/reports/exports/coupons.csv"} {
		actors.Anon.Do("GET", path, nil).Check(t, testutil.Want{Status: 401})
		actors.User.Do("GET", path, nil).Check(t, testutil.Want{Status: 403})
		actors.Admin.Do("GET", path, nil).Check(t, testutil.Want{Status: 200})
	}
	actors.Admin.Do("GET", "/api/admin/reports?period=fortnight", nil).Check(t, testutil.Want{Status: 400, Field: "period"})
	actors.Admin.Do("GET", "/api/admin/reports?from=2025-12-01&to=2025-11-01", nil).Check(t, testutil.Want{Status: 400, Field: "to"})
	actors.Admin.Do("GET", "/api/admin/reports/exports/users.csv", nil).Check(t, testutil.Want{Status: 404})
}
