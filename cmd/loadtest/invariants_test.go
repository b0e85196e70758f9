package main

import (
	"context"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

// The load test's verdict is only as good as its checker: on a database
// where buying went right every invariant holds, and each way the money
// could go wrong, written straight into the database, is caught by the rule
// meant to catch it.
func TestInvariantsCatchBrokenMoney(t *testing.T) {
	cases := []struct {
		name     string
		breakSQL string // SQL that breaks the data; "" leaves it whole
		want     []string
	}{
		{"a clean run", "", nil},
		{"a seat paid past total_seats",
			`UPDATE webinar_registrations SET purchased_coupon = TRUE WHERE NOT purchased_coupon`,
			[]string{"paid seats never exceed total_seats", "every paid seat has its coupon"}},
		{"a succeeded payment lost its coupon",
			`DELETE FROM coupons`,
			[]string{"every succeeded payment has exactly one coupon", "every paid seat has its coupon"}},
		{"a coupon whose payment did not succeed",
			`UPDATE payments SET status = 'canceled'`,
			[]string{"no coupon without a succeeded payment", "no card charged without a coupon or a refund"}},
		{"a refund that kept its coupon and its money",
			`UPDATE payments SET status = 'refunded'`,
			[]string{"no coupon without a succeeded payment", "no card charged without a coupon or a refund",
				"every refunded payment was refunded at the provider, without a coupon"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
				ctx := context.Background()
				s := testutil.NewServerWithDB(t, d)
				w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
				s.Purchase(s.CreateUser("buyer@example.com", "password1", "user"), w.ID)
				late := s.CreateUser("late@example.com", "password1", "user")
				if _, _, err := s.App.Registrations.Register(ctx, late, w.ID, registration.Input{Name: "Late Comer", Email: late.Email}); err != nil {
					t.Fatal(err)
				}
				if tc.breakSQL != "" {
					if _, err := d.ExecContext(ctx, tc.breakSQL); err != nil {
						t.Fatal(err)
					}
				}
				results, err := checkInvariants(ctx, d)
				if err != nil {
					t.Fatal(err)
				}
				var broken []string
				for _, r := range results {
					if r.broken > 0 {
						broken = append(broken, r.name)
					}
				}
				if len(broken) != len(tc.want) {
					t.Fatalf("broken %q, want %q", broken, tc.want)
				}
				for i := range broken {
					if broken[i] != tc.want[i] {
						t.Fatalf("broken %q, want %q", broken, tc.want)
					}
				}
			})
		})
	}
}
