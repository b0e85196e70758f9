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

// history is coupon id's redemption history, oldest first: who redeemed
// it, and who undid it ("" when not undone).
func history(t *testing.T, d *db.DB, id string) [][2]string {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT COALESCE(redeemed_by, ''), COALESCE(undone_by, ''), undone_at
		FROM coupon_redemptions WHERE coupon_id = $1 ORDER BY redeemed_at`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var by, undoneBy string
		var undoneAt *time.Time
		if err := rows.Scan(&by, &undoneBy, &undoneAt); err != nil {
			t.Fatal(err)
		}
		if (undoneAt == nil) != (undoneBy == "") {
			t.Errorf("undone_by %q with undone_at %v", undoneBy, undoneAt)
		}
		out = append(out, [2]string{by, undoneBy})
	}
	return out
}

// TestRedemptionHistory: every redemption, at the counter or by an admin,
// is kept with who and when; an undo marks it undone and erases nothing;
// the admin list says a coupon was ever redeemed (docs/api.md#refunds).
func TestRedemptionHistory(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, me := s.Login(auth.RoleAdmin)
		clerk, staff := s.Login(auth.RoleStaff)
		c := paidCoupon(s, "history@example.com", s.CreateWebinar(testutil.WebinarSpec{}).ID)
		if rows := list(t, admin, "").Coupons; rows[0].EverRedeemed || len(history(t, d, c.ID)) != 0 {
			t.Fatalf("before any redemption: ever_redeemed %v", rows[0].EverRedeemed)
		}

		answer(t, clerk.Do("POST", counterPath(c.Code, "redeem"), nil))
		answer(t, clerk.Do("POST", counterPath(c.Code, "unredeem"), nil))
		if rows := list(t, admin, "").Coupons; rows[0].Status != coupon.StatusActive || !rows[0].EverRedeemed {
			t.Errorf("after the clerk's undo: status %s, ever_redeemed %v; want active, true", rows[0].Status, rows[0].EverRedeemed)
		}
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/cancel-redemption", nil).Check(t, testutil.Want{Status: 200})
		answer(t, clerk.Do("POST", counterPath(c.Code, "redeem"), nil))
		want := [][2]string{{staff.ID, staff.ID}, {me.ID, me.ID}, {staff.ID, ""}}
		if got := history(t, d, c.ID); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("history %v, want %v", got, want)
		}
	})
}

// TestCounterRefusesOwnCoupon: nobody redeems a coupon they own, at the
// counter or as an admin (403 own_coupon, docs/api.md#counter); the
// lookup shows it and says whose it is; another clerk redeems it.
func TestCounterRefusesOwnCoupon(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		clerk, staff := s.Login(auth.RoleStaff)
		other, _ := s.Login(auth.RoleStaff)
		admin, adminProfile := s.Login(auth.RoleAdmin)
		mine := s.Purchase(staff, w.ID)
		adminsOwn := s.Purchase(adminProfile, w.ID)
		own := testutil.Want{Status: 403, Code: "own_coupon", Message: "Ask another staff member to redeem your own coupon."}

		v := answer(t, clerk.Do("GET", counterPath(mine.Code, ""), nil))
		if v.Verdict != coupon.VerdictValid || !v.Coupon.OwnCoupon {
			t.Errorf("the clerk's lookup of their own coupon: %s, own_coupon %v; want valid, true", v.Verdict, v.Coupon.OwnCoupon)
		}
		clerk.Do("POST", counterPath(mine.Code, "redeem"), nil).Check(t, own)
		admin.Do("POST", counterPath(adminsOwn.Code, "redeem"), nil).Check(t, own)
		admin.Do("POST", "/api/admin/coupons/"+adminsOwn.ID+"/redeem", nil).Check(t, own)
		for _, id := range []string{mine.ID, adminsOwn.ID} {
			if st, redeemed := status(t, d, id); st != coupon.StatusActive || redeemed || len(history(t, d, id)) != 0 {
				t.Errorf("a refused self-redemption changed coupon %s: %s, redeemed %v", id, st, redeemed)
			}
		}

		if v := answer(t, other.Do("GET", counterPath(mine.Code, ""), nil)); v.Coupon.OwnCoupon {
			t.Error("another clerk's lookup says own_coupon")
		}
		if v := answer(t, other.Do("POST", counterPath(mine.Code, "redeem"), nil)); v.Verdict != coupon.VerdictRedeemed {
			t.Errorf("another clerk's redemption: %s", v.Verdict)
		}
	})
}

// TestDisputedCoupon: a disputed coupon (its payment disputed with the card
// issuer) is answered DISPUTED at the counter and cannot be redeemed; the
// admin list filters by status, disputed included; the mark is audited.
func TestDisputedCoupon(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := paidCoupon(s, "disputed@example.com", w.ID)
		paidCoupon(s, "undisputed@example.com", w.ID)
		if ok, err := s.App.Coupons.Dispute(context.Background(), c.ID); err != nil || !ok {
			t.Fatalf("Dispute: %v, %v", ok, err)
		}
		if ok, err := s.App.Coupons.Dispute(context.Background(), c.ID); err != nil || ok {
			t.Errorf("a second Dispute: %v, %v; want nothing changed", ok, err)
		}

		if v := answer(t, clerk.Do("GET", counterPath(c.Code, ""), nil)); v.Verdict != coupon.VerdictDisputed {
			t.Errorf("counter verdict %q, want disputed", v.Verdict)
		}
		disputed := testutil.Want{Status: 409, Code: "coupon_disputed",
			Message: "The payment for this coupon is disputed with the card issuer, so it can't be redeemed."}
		clerk.Do("POST", counterPath(c.Code, "redeem"), nil).Check(t, disputed)
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil).Check(t, disputed)

		if rows := list(t, admin, "?status=disputed").Coupons; len(rows) != 1 || rows[0].ID != c.ID || rows[0].Status != coupon.StatusDisputed {
			t.Errorf("?status=disputed: %+v, want the disputed coupon alone", rows)
		}
		if rows := list(t, admin, "?status=disputed&search=undisputed").Coupons; len(rows) != 0 {
			t.Errorf("?status=disputed with another owner's search: %d rows", len(rows))
		}
		if rows := list(t, admin, "?status=disputed&search=DISPUTED@").Coupons; len(rows) != 1 {
			t.Errorf("?status=disputed with its owner's search: %d rows, want 1", len(rows))
		}
		if rows := list(t, admin, "?status=active").Coupons; len(rows) != 1 || rows[0].ID == c.ID {
			t.Errorf("?status=active: %+v", rows)
		}
		admin.Do("GET", "/api/admin/coupons?status=lost", nil).Check(t, testutil.Want{Status: 400, Field: "status"})
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action = 'coupon.dispute'
			AND target_id = $1 AND actor_id IS NULL`, c.ID).Scan(&n); err != nil || n != 1 {
			t.Errorf("%d system audit entries for the dispute (%v), want 1", n, err)
		}
	})
}
