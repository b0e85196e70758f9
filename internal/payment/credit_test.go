package payment_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// couponRow reads the status of coupon id and its admin row's ever_redeemed.
func couponRow(t *testing.T, admin *testutil.Client, id string) (status string, ever bool) {
	t.Helper()
	var b struct {
		Coupons []struct {
			ID, Status   string
			EverRedeemed bool `json:"ever_redeemed"`
		}
	}
	admin.Do("GET", "/api/admin/coupons", nil).JSON(t, &b)
	for _, c := range b.Coupons {
		if c.ID == id {
			return c.Status, c.EverRedeemed
		}
	}
	t.Fatalf("coupon %s not in the admin list", id)
	return "", false
}

func isCode(err error, code string) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == code
}

// controls is the report's controls as a client reads them.
type controls struct {
	SelfRedemptions []struct {
		Code       string  `json:"code"`
		RedeemedBy *string `json:"redeemed_by"`
	} `json:"self_redemptions"`
	RefundsAfterUndo []struct {
		Code       string  `json:"code"`
		RedeemedBy *string `json:"redeemed_by"`
		UndoneBy   *string `json:"undone_by"`
		RefundedBy *string `json:"refunded_by"`
		Reason     string  `json:"reason"`
	} `json:"refunds_after_undo"`
}

func reportControls(t *testing.T, admin *testutil.Client) controls {
	t.Helper()
	var b struct{ Controls controls }
	res := admin.Do("GET", "/api/admin/reports", nil)
	res.Check(t, testutil.Want{Status: 200})
	res.JSON(t, &b)
	return b.Controls
}

// TestRefundAfterUndoNeedsReason: Cancel Redemption then Refund needs a
// typed reason (409 reason_required without one, blank included, and
// nothing changes); the reason is in the audit entry and the report lists
// the sequence with it. A coupon never redeemed needs none.
func TestRefundAfterUndoNeedsReason(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		counter := countRefunds(s)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, staff := s.Login(auth.RoleStaff)
		if _, err := d.ExecContext(context.Background(), `UPDATE profiles SET first_name = 'Casey', last_name = 'Clerk' WHERE id = $1`, staff.ID); err != nil {
			t.Fatal(err)
		}
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
		c := s.Purchase(s.CreateUser("undo-refund@example.com", "password1", auth.RoleUser), w.ID)
		clerk.Do("POST", "/api/counter/coupons/"+c.Code+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		clerk.Do("POST", "/api/counter/coupons/"+c.Code+"/unredeem", nil).Check(t, testutil.Want{Status: 200})
		if st, ever := couponRow(t, admin, c.ID); st != coupon.StatusActive || !ever {
			t.Fatalf("after the undo: %s, ever_redeemed %v", st, ever)
		}

		need := testutil.Want{Status: 409, Code: "reason_required",
			Message: "This coupon was redeemed before and the redemption was cancelled, so its refund needs a reason. Type why the money goes back."}
		refund(admin, c.ID).Check(t, need)
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/refund", map[string]string{"reason": "   "}).Check(t, need)
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/refund", map[string]string{"reason": strings.Repeat("x", 501)}).
			Check(t, testutil.Want{Status: 400, Field: "reason"})
		if st, _ := couponRow(t, admin, c.ID); st != coupon.StatusActive || counter.asked.Load() != 0 {
			t.Fatalf("a refused refund changed things: %s, provider asked %d times", st, counter.asked.Load())
		}

		const reason = "Customer returned the goods; the manager approved"
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/refund", map[string]string{"reason": " " + reason + " "}).Check(t, testutil.Want{Status: 200})
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.refund' AND target_id = $1 AND summary LIKE $2`,
			c.ID, "%reason: "+reason+"%"); n != 1 {
			t.Errorf("%d refund audit entries with the reason, want 1", n)
		}
		got := reportControls(t, admin).RefundsAfterUndo
		if len(got) != 1 || got[0].Code != c.Code || got[0].Reason != reason || got[0].RedeemedBy == nil || *got[0].RedeemedBy != "Casey Clerk" ||
			got[0].UndoneBy == nil || *got[0].UndoneBy != "Casey Clerk" || got[0].RefundedBy == nil {
			t.Errorf("report refunds_after_undo %+v, want the coupon with its clerk and reason", got)
		}

		plain := s.Purchase(s.CreateUser("plain-refund@example.com", "password1", auth.RoleUser), w.ID)
		refund(admin, plain.ID).Check(t, testutil.Want{Status: 200})
		if got := reportControls(t, admin).RefundsAfterUndo; len(got) != 1 {
			t.Errorf("a refund of a coupon never redeemed is listed: %+v", got)
		}
	})
}

// TestReportListsSelfRedemptions: past redemptions of a coupon by its owner
// (the counter refuses new ones) are in the report.
func TestReportListsSelfRedemptions(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, staff := s.Login(auth.RoleStaff)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		own := s.Purchase(staff, w.ID)
		other := s.Purchase(s.CreateUser("not-self@example.com", "password1", auth.RoleUser), w.ID)
		clerk.Do("POST", "/api/counter/coupons/"+other.Code+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		if got := reportControls(t, admin).SelfRedemptions; len(got) != 0 {
			t.Fatalf("self_redemptions %+v, want none", got)
		}
		// One made before the counter refused them (migration 0021 keeps them).
		if _, err := d.ExecContext(context.Background(), `INSERT INTO coupon_redemptions (id, coupon_id, redeemed_by, redeemed_at)
			VALUES ('past', $1, $2, $3)`, own.ID, staff.ID, s.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		got := reportControls(t, admin).SelfRedemptions
		if len(got) != 1 || got[0].Code != own.Code || got[0].RedeemedBy == nil {
			t.Errorf("self_redemptions %+v, want the clerk's own coupon", got)
		}
	})
}

// TestWebhookRefundedElsewhere: a signed charge.refunded for a payment
// refunded in the provider's dashboard voids its unredeemed coupon (the
// counter answers REFUNDED), gives the seat back through the seat owner,
// mails the buyer and writes a system audit entry, once however often it
// is delivered; a redeemed coupon stays redeemed.
func TestWebhookRefundedElsewhere(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		route := newStripeRoute(t, s, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
		p := s.Buyer(w.ID)
		intent := route.pay(t, p, w.ID)
		route.send(t, "evt_paid", "payment_intent.succeeded", fmt.Sprintf(`{"id": %q, "object": "payment_intent"}`, intent))
		assertSeats(t, d, w.ID, 1)
		c, err := s.App.Coupons.Mine(context.Background(), p.ID, w.ID)
		if err != nil {
			t.Fatal(err)
		}

		charge := fmt.Sprintf(`{"id": "ch_1", "object": "charge", "payment_intent": %q, "refunded": true}`, intent)
		for i := range 2 {
			route.send(t, fmt.Sprint("evt_refunded_", i), "charge.refunded", charge)
		}
		if st, _ := couponRow(t, admin, c.ID); st != coupon.StatusRefunded {
			t.Errorf("coupon %s after charge.refunded, want refunded", st)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE`, w.ID); n != 0 {
			t.Errorf("%d paid seats, want the seat given back", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM payments WHERE provider_payment_id = $1 AND status = 'refunded'
			AND refund_reason = 'provider' AND refunded_at IS NOT NULL`, intent); n != 1 {
			t.Error("payment not recorded refunded at the provider")
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.refund' AND target_id = $1
			AND actor_id IS NULL AND summary LIKE '%outside watchwin%'`, c.ID); n != 1 {
			t.Errorf("%d system audit entries for the refund, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE dedupe_key = $1`, "refund:"+c.ID); n != 1 {
			t.Errorf("%d refund e-mails, want 1", n)
		}
		var v struct{ Verdict string }
		clerk.Do("GET", "/api/counter/coupons/"+c.Code, nil).JSON(t, &v)
		if v.Verdict != coupon.VerdictRefunded {
			t.Errorf("counter verdict %q, want refunded", v.Verdict)
		}
		clerk.Do("POST", "/api/counter/coupons/"+c.Code+"/redeem", nil).Check(t, testutil.Want{Status: 409, Code: "coupon_refunded"})

		// Redeemed first: the credit was used, so the coupon stays redeemed.
		q := s.Buyer(w.ID)
		used := route.pay(t, q, w.ID)
		route.send(t, "evt_paid_2", "payment_intent.succeeded", fmt.Sprintf(`{"id": %q, "object": "payment_intent"}`, used))
		u, err := s.App.Coupons.Mine(context.Background(), q.ID, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		clerk.Do("POST", "/api/counter/coupons/"+u.Code+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		route.send(t, "evt_refunded_used", "charge.refunded", fmt.Sprintf(`{"id": "ch_2", "object": "charge", "payment_intent": %q}`, used))
		if st, _ := couponRow(t, admin, u.ID); st != coupon.StatusUsed {
			t.Errorf("a redeemed coupon after charge.refunded: %s, want used", st)
		}
	})
}

// TestWebhookDispute: a signed charge.dispute.created marks the coupon
// disputed: the counter answers DISPUTED and refuses it, the admin list
// finds it under status=disputed, and no refund claims it.
func TestWebhookDispute(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		route := newStripeRoute(t, s, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		p := s.Buyer(w.ID)
		intent := route.pay(t, p, w.ID)
		route.send(t, "evt_paid", "payment_intent.succeeded", fmt.Sprintf(`{"id": %q, "object": "payment_intent"}`, intent))
		c, err := s.App.Coupons.Mine(context.Background(), p.ID, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		dispute := fmt.Sprintf(`{"id": "dp_1", "object": "dispute", "charge": "ch_1", "payment_intent": %q, "reason": "fraudulent"}`, intent)
		route.send(t, "evt_dispute", "charge.dispute.created", dispute)

		var v struct{ Verdict string }
		clerk.Do("GET", "/api/counter/coupons/"+c.Code, nil).JSON(t, &v)
		if v.Verdict != coupon.VerdictDisputed {
			t.Errorf("counter verdict %q, want disputed", v.Verdict)
		}
		clerk.Do("POST", "/api/counter/coupons/"+c.Code+"/redeem", nil).Check(t, testutil.Want{Status: 409, Code: "coupon_disputed"})
		var b struct{ Coupons []struct{ ID, Status string } }
		admin.Do("GET", "/api/admin/coupons?status=disputed", nil).JSON(t, &b)
		if len(b.Coupons) != 1 || b.Coupons[0].ID != c.ID || b.Coupons[0].Status != coupon.StatusDisputed {
			t.Errorf("status=disputed: %+v", b.Coupons)
		}
		if _, err := route.svc.Refund(context.Background(), c.ID, "chargeback"); !isCode(err, "coupon_disputed") {
			t.Errorf("refund of a disputed coupon: %v, want coupon_disputed", err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.dispute' AND target_id = $1`, c.ID); n != 1 {
			t.Errorf("%d dispute audit entries, want 1", n)
		}
		// A dispute about a payment that is not ours is acknowledged and ignored.
		route.send(t, "evt_dispute_other", "charge.dispute.created", `{"id": "dp_2", "object": "dispute", "payment_intent": "pi_not_ours"}`)
	})
}
