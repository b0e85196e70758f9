package payment_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/testutil"
)

// refundCounter is the built-in test provider counting the refunds asked
// of it; while fail is set it refuses them (after doing the refund when
// lose is set: the answer was lost on the way back), and while gate is set
// each refund waits for it.
type refundCounter struct {
	payment.Provider
	asked atomic.Int32
	mu    sync.Mutex
	fail  error
	lose  bool
	gate  chan struct{}
}

func (p *refundCounter) Refund(ctx context.Context, id, key string) error {
	p.asked.Add(1)
	p.mu.Lock()
	fail, lose, gate := p.fail, p.lose, p.gate
	p.mu.Unlock()
	if gate != nil {
		<-gate
	}
	if fail != nil && !lose {
		return fail
	}
	if err := p.Provider.Refund(ctx, id, key); err != nil {
		return err
	}
	return fail
}

// Unwrap is the provider counted (testutil.PayTestCard pays through it).
func (p *refundCounter) Unwrap() payment.Provider { return p.Provider }

// countRefunds puts a refundCounter in front of each server's provider (the
// same database: the instances share the test provider's state).
func countRefunds(servers ...*testutil.Server) *refundCounter {
	c := &refundCounter{Provider: servers[0].App.Payments.Provider()}
	for _, s := range servers {
		s.App.Payments.SetProvider(c)
	}
	return c
}

type refundBody struct {
	Coupon struct {
		ID         string     `json:"id"`
		Status     string     `json:"status"`
		RefundedAt *time.Time `json:"refunded_at"`
	} `json:"coupon"`
	RefundedCents int64 `json:"refunded_cents"`
}

func refund(c *testutil.Client, couponID string) testutil.Response {
	return c.Do("POST", "/api/admin/coupons/"+couponID+"/refund", nil)
}

// TestRefund: only an admin refunds (anonymous 401, a user 403, the owner
// included); the refund gives the money back through the provider once,
// voids the coupon (the buyer sees Refunded), frees the seat through the
// seat owner, queues the buyer's e-mail and writes the audit entry.
func TestRefund(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		counter := countRefunds(s)
		actors := s.Actors()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5, Price: "40"})
		owner, ownerProfile := s.Login(auth.RoleUser)
		c := s.Purchase(ownerProfile, w.ID)

		refund(actors.Anon, c.ID).Check(t, testutil.Want{Status: 401})
		refund(actors.User, c.ID).Check(t, testutil.Want{Status: 403})
		refund(owner, c.ID).Check(t, testutil.Want{Status: 403})
		if n := counter.asked.Load(); n != 0 {
			t.Fatalf("%d refunds asked before any admin did", n)
		}

		res := refund(actors.Admin, c.ID)
		res.Check(t, testutil.Want{Status: 200})
		var b refundBody
		res.JSON(t, &b)
		if b.Coupon.Status != coupon.StatusRefunded || b.Coupon.RefundedAt == nil || b.RefundedCents != 4000 {
			t.Errorf("answer %+v, want the coupon refunded and 4000 cents back", b)
		}
		if n := counter.asked.Load(); n != 1 {
			t.Errorf("provider asked %d times, want 1", n)
		}
		pid := c.PaymentID
		if n := testutil.Count(t, d, `SELECT count(*) FROM test_refunds WHERE idempotency_key = $1`, "watchwin-refund-"+pid); n != 1 {
			t.Errorf("%d test-provider refunds under the payment's key, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM payments WHERE id = $1 AND status = 'refunded' AND refunded_at IS NOT NULL AND refund_reason = 'admin'`, pid); n != 1 {
			t.Error("payment not recorded refunded")
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE`, w.ID); n != 0 {
			t.Errorf("%d paid seats after the refund, want 0", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE dedupe_key = $1 AND to_address = $2`, "refund:"+c.ID, ownerProfile.Email); n != 1 {
			t.Errorf("%d refund e-mails to the buyer, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.refund' AND target_id = $1`, c.ID); n != 1 {
			t.Errorf("%d audit entries for the refund, want 1", n)
		}

		var mine struct{ Coupons []struct{ ID, Status string } }
		owner.Do("GET", "/api/coupons", nil).JSON(t, &mine)
		if len(mine.Coupons) != 1 || mine.Coupons[0].Status != "refunded" {
			t.Errorf("the buyer's coupons: %+v, want it refunded", mine.Coupons)
		}
		// A refunded coupon cannot be redeemed, nor bought again by its owner.
		actors.Admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil).Check(t, testutil.Want{Status: 409, Code: "coupon_refunded"})
		owner.Do("POST", "/api/webinars/"+w.ID+"/payments", nil).Check(t, testutil.Want{Status: 409, Code: "coupon_refunded"})

		// A replay answers the refunded coupon and asks nothing.
		res = refund(actors.Admin, c.ID)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &b)
		if b.Coupon.Status != coupon.StatusRefunded || counter.asked.Load() != 1 {
			t.Errorf("replay: %+v, provider asked %d times", b, counter.asked.Load())
		}
	})
}

// TestRefundReplays: many admins pressing Refund on one coupon at once,
// through two instances on one database, make the provider refund once;
// every answer is the refunded coupon or 'under way'.
func TestRefundReplays(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		a, b := testutil.NewServerWithDB(t, d), testutil.NewServerWithDB(t, d)
		counter := countRefunds(a, b)
		w := a.CreateWebinar(testutil.WebinarSpec{})
		c := a.Purchase(a.CreateUser("replayed@example.com", "password1", auth.RoleUser), w.ID)
		admins := []*testutil.Client{}
		for _, s := range []*testutil.Server{a, b, a, b} {
			admin, _ := s.Login(auth.RoleAdmin)
			admins = append(admins, admin)
		}
		var mu sync.Mutex
		statuses := map[int]int{}
		var wg sync.WaitGroup
		for i := range 24 {
			wg.Go(func() {
				res := refund(admins[i%len(admins)], c.ID)
				mu.Lock()
				statuses[res.Status]++
				if res.Status == 409 && res.ErrorCode() != "refund_in_progress" {
					t.Errorf("409 %s", res.Body)
				}
				mu.Unlock()
			})
		}
		wg.Wait()
		if statuses[200] == 0 || statuses[200]+statuses[409] != 24 {
			t.Errorf("answers %v, want 200s and 409 refund_in_progress only", statuses)
		}
		if n := counter.asked.Load(); n != 1 {
			t.Errorf("provider asked %d times, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM test_refunds`); n != 1 {
			t.Errorf("%d refunds at the provider, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE dedupe_key LIKE 'refund:%'`); n != 1 {
			t.Errorf("%d refund e-mails, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.refund'`); n != 1 {
			t.Errorf("%d refund audit entries, want 1", n)
		}
	})
}

// TestRedeemRefundRace: a redemption and a refund of one coupon at the same
// moment: exactly one wins, and the loser says why.
func TestRedeemRefundRace(t *testing.T) {
	testutil.ForEachGateway(t, func(t *testing.T, d *db.DB, gw testutil.Gateway) {
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		counter := countRefunds(s)
		clerk, _ := s.Login(auth.RoleAdmin)
		owner, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		const rounds = 8
		refunds := 0
		for i := range rounds {
			c := s.Purchase(s.CreateUser("race-"+string(rune('a'+i))+"@example.com", "password1", auth.RoleUser), w.ID)
			var redeem, ref testutil.Response
			var wg sync.WaitGroup
			wg.Go(func() { redeem = clerk.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil) })
			wg.Go(func() { ref = refund(owner, c.ID) })
			wg.Wait()
			var status string
			if err := d.QueryRow(`SELECT status FROM coupons WHERE id = $1`, c.ID).Scan(&status); err != nil {
				t.Fatal(err)
			}
			switch {
			case redeem.Status == 200 && ref.Status == 409 && ref.ErrorCode() == "coupon_redeemed" && status == "used":
			case ref.Status == 200 && redeem.Status == 409 && redeem.ErrorCode() == "coupon_refunded" && status == "refunded":
				refunds++
			default:
				t.Errorf("round %d: redeem %d %s, refund %d %s, coupon %s: want exactly one winner",
					i, redeem.Status, redeem.Body, ref.Status, ref.Body, status)
			}
		}
		if n := int(counter.asked.Load()); n != refunds {
			t.Errorf("provider asked %d times for %d refunds", n, refunds)
		}
	})
}

// TestRefundedSeatSellsAgain: the seat a refund gives back is bought by
// someone else; the one-seat webinar never has two paid seats.
func TestRefundedSeatSellsAgain(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		first := s.Purchase(s.CreateUser("first@example.com", "password1", auth.RoleUser), w.ID)
		late := s.Buyer(w.ID)
		if _, err := s.App.Payments.Start(context.Background(), late, w.ID, ""); code(err) != "sold_out" {
			t.Fatalf("start before the refund: %v, want sold_out", err)
		}
		refund(admin, first.ID).Check(t, testutil.Want{Status: 200})
		st, err := pay(t, s, late, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.App.Payments.Confirm(context.Background(), late, st.ID)
		if err != nil || c.Status != coupon.StatusActive {
			t.Fatalf("the second buyer's coupon: %+v, %v", c, err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE`, w.ID); n != 1 {
			t.Errorf("%d paid seats, want 1", n)
		}
	})
}

// TestRefundRefusals: a redeemed coupon (with why), an expired one, one no
// card paid for (the demo's), an unknown one.
func TestRefundRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		counter := countRefunds(s)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		redeemed := s.Purchase(s.CreateUser("redeemed@example.com", "password1", auth.RoleUser), w.ID)
		admin.Do("POST", "/api/admin/coupons/"+redeemed.ID+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		refund(admin, redeemed.ID).Check(t, testutil.Want{Status: 409, Code: "coupon_redeemed",
			Message: "This coupon was redeemed at the store, so it can't be refunded. If the redemption was a mistake, cancel it first."})

		// The demo's sample coupon: a simulated seat, no payment behind it.
		ctx := context.Background()
		reg := s.Buyer(w.ID)
		r, err := s.App.Registrations.Mine(ctx, reg, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		free, err := s.App.Coupons.Issue(ctx, coupon.IssueParams{UserID: reg.ID, WebinarID: w.ID, RegistrationID: r.ID,
			ValueCents: 2500, OriginalPaymentCents: 5000, ExpiryDays: 90})
		if err != nil {
			t.Fatal(err)
		}
		refund(admin, free.ID).Check(t, testutil.Want{Status: 409, Code: "not_refundable"})

		expired := s.Purchase(s.CreateUser("expired@example.com", "password1", auth.RoleUser), w.ID)
		s.Clock.Advance(31 * 24 * time.Hour)
		admin, _ = s.Login(auth.RoleAdmin) // the first session has expired
		refund(admin, expired.ID).Check(t, testutil.Want{Status: 409, Code: "coupon_expired"})
		refund(admin, "no-such-coupon").Check(t, testutil.Want{Status: 404})
		if n := counter.asked.Load(); n != 0 {
			t.Errorf("provider asked %d times for refusals", n)
		}
	})
}

// TestRefundProviderFailure: a provider that refuses leaves the coupon
// active and says so (503 refund_failed, an audit entry); a refund whose
// answer was lost is made once however often it is retried.
func TestRefundProviderFailure(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		counter := countRefunds(s)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := s.Purchase(s.CreateUser("unlucky@example.com", "password1", auth.RoleUser), w.ID)

		counter.mu.Lock()
		counter.fail = errors.New("provider unreachable")
		counter.mu.Unlock()
		res := refund(admin, c.ID)
		res.Check(t, testutil.Want{Status: http.StatusServiceUnavailable, Code: "refund_failed"})
		if !strings.Contains(res.ErrorMessage(), "still active") {
			t.Errorf("message %q does not say the coupon is still active", res.ErrorMessage())
		}
		var status string
		if err := d.QueryRow(`SELECT status FROM coupons WHERE id = $1`, c.ID).Scan(&status); err != nil || status != "active" {
			t.Errorf("coupon %q after a failed refund, want active (%v)", status, err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM payments WHERE id = $1 AND status = 'succeeded' AND refund_claimed_at IS NULL`, c.PaymentID); n != 1 {
			t.Error("payment not back to succeeded")
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.refund_failed' AND target_id = $1`, c.ID); n != 1 {
			t.Errorf("%d refund_failed audit entries, want 1", n)
		}

		// The provider refunds but its answer is lost: the coupon stays
		// active; the retry, under the same key, finds the refund made.
		counter.mu.Lock()
		counter.lose = true
		counter.mu.Unlock()
		refund(admin, c.ID).Check(t, testutil.Want{Status: http.StatusServiceUnavailable, Code: "refund_failed"})
		counter.mu.Lock()
		counter.fail, counter.lose = nil, false
		counter.mu.Unlock()
		refund(admin, c.ID).Check(t, testutil.Want{Status: 200})
		if n := testutil.Count(t, d, `SELECT count(*) FROM test_refunds`); n != 1 {
			t.Errorf("%d refunds at the provider, want 1", n)
		}
	})
}

// TestInterruptedRefundIsFinished: a refund claimed by a request that never
// came back (the process was killed) is finished by the reconciler, asking
// the provider with the same key; a charge.refunded webhook finishes one as
// well.
func TestInterruptedRefundIsFinished(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		counter := countRefunds(s)
		_, admin := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		claim := func(c coupon.Coupon) {
			t.Helper()
			now := s.Clock.Now()
			if _, err := d.Exec(`UPDATE coupons SET status = 'refunding' WHERE id = $1`, c.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Exec(`UPDATE payments SET status = 'refunded', refund_claimed_at = $2, refund_reason = 'admin',
				refund_requested_by = $3 WHERE id = $1`, c.PaymentID, now, admin.ID); err != nil {
				t.Fatal(err)
			}
		}
		cut := s.Purchase(s.CreateUser("cut@example.com", "password1", auth.RoleUser), w.ID)
		claim(cut)
		if _, err := s.App.Payments.Reconcile(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := counter.asked.Load(); n != 0 {
			t.Fatalf("a fresh claim was asked about %d times: its request may still be asking", n)
		}
		s.Clock.Advance(6 * time.Minute)
		if _, err := s.App.Payments.Reconcile(context.Background()); err != nil {
			t.Fatal(err)
		}
		var status string
		if err := d.QueryRow(`SELECT status FROM coupons WHERE id = $1`, cut.ID).Scan(&status); err != nil || status != "refunded" {
			t.Errorf("coupon %q after the reconciler, want refunded (%v)", status, err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'coupon.refund' AND target_id = $1 AND actor_id = $2`, cut.ID, admin.ID); n != 1 {
			t.Errorf("%d refund entries in the asking admin's name, want 1", n)
		}

		hooked := s.Purchase(s.CreateUser("hooked@example.com", "password1", auth.RoleUser), w.ID)
		claim(hooked)
		intent := ""
		if err := d.QueryRow(`SELECT provider_payment_id FROM payments WHERE id = $1`, hooked.PaymentID).Scan(&intent); err != nil {
			t.Fatal(err)
		}
		if err := s.App.Payments.HandleEvent(context.Background(), payment.WebhookEvent{ID: "evt_r1",
			Type: payment.EventChargeRefunded, IntentID: intent}); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(`SELECT status FROM coupons WHERE id = $1`, hooked.ID).Scan(&status); err != nil || status != "refunded" {
			t.Errorf("coupon %q after the webhook, want refunded (%v)", status, err)
		}
		if n := counter.asked.Load(); n != 1 {
			t.Errorf("provider asked %d times, want 1 (the reconciler's)", n)
		}
	})
}

// TestNoSeatRefundIsExactlyOnce: once fulfilment decides a payment has no
// seat, its refund is claimed under the seat lock: a seat freed while the
// provider is being asked does not give that payment a coupon on a replay.
func TestNoSeatRefundIsExactlyOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		counter := countRefunds(s)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		first := s.Purchase(s.CreateUser("seated@example.com", "password1", auth.RoleUser), w.ID)
		late := s.Buyer(w.ID)
		// The late buyer's hold lapses while the seat sells, then it pays.
		if _, err := s.App.Payments.Start(context.Background(), late, w.ID, ""); code(err) != "sold_out" {
			t.Fatalf("start: %v", err)
		}
		if _, err := s.App.DB.Exec(`UPDATE webinars SET total_seats = 2 WHERE id = $1`, w.ID); err != nil {
			t.Fatal(err)
		}
		st, err := pay(t, s, late, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.DB.Exec(`UPDATE webinars SET total_seats = 1 WHERE id = $1`, w.ID); err != nil {
			t.Fatal(err)
		}
		gate := make(chan struct{})
		counter.mu.Lock()
		counter.gate = gate
		counter.mu.Unlock()
		done := make(chan error, 1)
		go func() {
			_, err := s.App.Payments.Confirm(context.Background(), late, st.ID)
			done <- err
		}()
		for counter.asked.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		// While the provider is asked, a seat comes free (the first coupon
		// is refunded) and the buyer's browser confirms again.
		counter.mu.Lock()
		counter.gate = nil
		counter.mu.Unlock()
		refund(admin, first.ID).Check(t, testutil.Want{Status: 200})
		if _, err := s.App.Payments.Confirm(context.Background(), late, st.ID); code(err) != "payment_refunded" {
			t.Errorf("confirm while the refund is asked: %v, want payment_refunded", err)
		}
		close(gate)
		if err := <-done; code(err) != "payment_refunded" {
			t.Errorf("first confirm: %v, want payment_refunded", err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM coupons WHERE payment_id = $1`, mustPayment(t, d, st.ID)); n != 0 {
			t.Errorf("%d coupons for a refunded payment", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM test_refunds`); n != 2 {
			t.Errorf("%d refunds at the provider, want 2 (the late payment and the first coupon)", n)
		}
	})
}

func mustPayment(t *testing.T, d *db.DB, intentID string) string {
	t.Helper()
	var id string
	if err := d.QueryRow(`SELECT id FROM payments WHERE provider_payment_id = $1`, intentID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestRefundOfAGiveawayWinner: the winner's coupon is refunded; the draw
// stands and the audit entry says so.
func TestRefundOfAGiveawayWinner(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		c := s.Purchase(s.CreateUser("winner@example.com", "password1", auth.RoleUser), w.ID) // fills it: drawn
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_winners WHERE webinar_id = $1`, w.ID); n != 1 {
			t.Fatalf("%d winners, want the automatic draw's", n)
		}
		refund(admin, c.ID).Check(t, testutil.Want{Status: 200})
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_winners WHERE webinar_id = $1`, w.ID); n != 1 {
			t.Errorf("%d winners after the refund, want the draw to stand", n)
		}
		var summary string
		if err := d.QueryRow(`SELECT summary FROM audit_log WHERE action = 'coupon.refund' AND target_id = $1`, c.ID).Scan(&summary); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(summary, "giveaway winner") {
			t.Errorf("summary %q does not note the drawn winner", summary)
		}
	})
}

// TestRefundedCouponAtTheCounter: staff may not refund (403), and a refunded
// coupon scanned at the counter is answered REFUNDED and cannot be redeemed
// (docs/api.md#counter).
func TestRefundedCouponAtTheCounter(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := s.Purchase(s.CreateUser("counter-refunded@example.com", "password1", auth.RoleUser), w.ID)
		refund(clerk, c.ID).Check(t, testutil.Want{Status: http.StatusForbidden})
		refund(admin, c.ID).Check(t, testutil.Want{Status: http.StatusOK})

		var v struct{ Verdict string }
		res := clerk.Do("GET", "/api/counter/coupons/"+c.Code, nil)
		res.Check(t, testutil.Want{Status: http.StatusOK})
		res.JSON(t, &v)
		if v.Verdict != "refunded" {
			t.Errorf("counter verdict of a refunded coupon: %q, want refunded", v.Verdict)
		}
		clerk.Do("POST", "/api/counter/coupons/"+c.Code+"/redeem", nil).Check(t, testutil.Want{Status: http.StatusConflict, Code: "coupon_refunded"})
	})
}
