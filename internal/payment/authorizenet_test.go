package payment_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/anetserver"
)

// These tests prove Authorize.Net's own paths (token-then-charge) against
// the loopback stand-in: the buyer's card step through the API, a charge
// whose answer is lost, the duplicate-transaction answer, a charge held for
// review, signed webhooks, and refunds by void and by refundTransaction.
// The shared money-path proofs run on both gateways (testutil.ForEachGateway).

type anetStarted struct {
	ID           string `json:"id"`
	ClientSecret string `json:"clientSecret"`
	Provider     string `json:"provider"`
}

// anetBuy starts a payment through the API and confirms it with a token of
// card, as the Accept.js card step does.
func anetBuy(t *testing.T, standin *anetserver.Server, c *testutil.Client, webinarID, card string) (anetStarted, testutil.Response) {
	t.Helper()
	var st anetStarted
	c.Do("POST", "/api/webinars/"+webinarID+"/payments", nil).Check(t, testutil.Want{Status: 201})
	res := c.Do("POST", "/api/webinars/"+webinarID+"/payments", nil)
	res.JSON(t, &st)
	if st.Provider != authorizenet.Name || st.ClientSecret != "" {
		t.Fatalf("started %+v: want provider authorizenet and no client secret", st)
	}
	tok := standin.Token(card)
	return st, c.Do("POST", "/api/payments/confirm", map[string]any{"paymentIntentId": st.ID,
		"opaqueData": map[string]string{"dataDescriptor": tok.DataDescriptor, "dataValue": tok.DataValue}})
}

// TestAuthorizeNetCardStep: a declined card leaves the payment open for
// another (402-free: 409 with the gateway's message); the good card buys the
// coupon with one charge; a replayed confirm with another token charges
// nothing; the admin's refund voids the unsettled charge once, and a
// settled one is refunded by refundTransaction.
func TestAuthorizeNetCardStep(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		gw := testutil.AuthorizeNetGateway(t)
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c, _ := s.Login(auth.RoleUser)
		registerAndWatch(t, c, w.ID, true)

		st, res := anetBuy(t, gw.Standin, c, w.ID, "4000000000000002")
		if res.Status != 409 || res.ErrorCode() != "payment_not_successful" || !strings.Contains(res.ErrorMessage(), "declined") {
			t.Fatalf("declined card: %d %s", res.Status, res.Body)
		}
		_, res = anetBuy(t, gw.Standin, c, w.ID, "4111111111111111")
		var got confirmed
		res.JSON(t, &got)
		if res.Status != 200 || got.Code == "" {
			t.Fatalf("good card: %d %s", res.Status, res.Body)
		}
		tok := gw.Standin.Token("4111111111111111")
		again := c.Do("POST", "/api/payments/confirm", map[string]any{"paymentIntentId": st.ID,
			"opaqueData": map[string]string{"dataDescriptor": tok.DataDescriptor, "dataValue": tok.DataValue}})
		var replay confirmed
		again.JSON(t, &replay)
		if again.Status != 200 || replay.Code != got.Code || gw.Standin.Charges() != 1 {
			t.Fatalf("replayed confirm: %d %s, charges %d; want the same coupon and one charge", again.Status, again.Body, gw.Standin.Charges())
		}
		refund(admin, got.Coupon.ID).Check(t, testutil.Want{Status: 200})
		refund(admin, got.Coupon.ID).Check(t, testutil.Want{Status: 200})
		if n := gw.Standin.Refunds(); n != 1 {
			t.Fatalf("refunds at the gateway %d, want 1 (a void)", n)
		}

		// A settled charge goes back by refundTransaction, with its last four.
		c2, _ := s.Login(auth.RoleUser)
		registerAndWatch(t, c2, w.ID, true)
		_, res = anetBuy(t, gw.Standin, c2, w.ID, "4111111111111111")
		var second confirmed
		res.JSON(t, &second)
		gw.Standin.Settle()
		refund(admin, second.Coupon.ID).Check(t, testutil.Want{Status: 200})
		kinds := map[string]int{}
		for _, tx := range gw.Standin.Transactions() {
			kinds[tx.Type+"/"+tx.Status]++
		}
		if kinds["refundTransaction/refundPendingSettlement"] != 1 || gw.Standin.Refunds() != 2 || gw.Standin.Charges() != 2 {
			t.Fatalf("transactions %v: want one void, one refundTransaction, two charges", kinds)
		}
	})
}

// TestAuthorizeNetTimeoutAfterCharge: the gateway charges and the answer
// never comes back. The confirm that was cut off looks the charge up by its
// invoice number and issues the coupon; no second charge is made, whoever
// asks again.
func TestAuthorizeNetTimeoutAfterCharge(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		gw := testutil.AuthorizeNetGateway(t)
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c, _ := s.Login(auth.RoleUser)
		registerAndWatch(t, c, w.ID, true)
		gw.Standin.TimeoutNext(1)
		_, res := anetBuy(t, gw.Standin, c, w.ID, "4111111111111111")
		if res.Status != 200 {
			t.Fatalf("confirm after a lost answer: %d %s", res.Status, res.Body)
		}
		if n, err := s.App.Payments.Reconcile(context.Background()); err != nil || n != 0 {
			t.Fatalf("reconcile: %d, %v", n, err)
		}
		if gw.Standin.Charges() != 1 {
			t.Fatalf("charges %d, want 1", gw.Standin.Charges())
		}
		assertSeats(t, d, w.ID, 1)
	})
}

// TestAuthorizeNetLostAnswerReconciled: the charge's answer is lost and the
// buyer's browser is gone too (the server charges through PayTestCard's
// path, then nobody confirms): the reconciler asks the gateway and issues
// the coupon once, with one charge. While the charge is unsettled it is
// found among the unsettled transactions by invoice
// (getUnsettledTransactionListRequest, then getTransactionDetailsRequest);
// when the server was down past the nightly settlement, far past the charge
// claim's lease, in the settled batches (getSettledBatchListRequest,
// getTransactionListRequest), never charged again.
func TestAuthorizeNetLostAnswerReconciled(t *testing.T) {
	for _, settled := range []bool{false, true} {
		t.Run(map[bool]string{false: "unsettled", true: "settled"}[settled], func(t *testing.T) {
			testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
				gw := testutil.AuthorizeNetGateway(t)
				s := testutil.NewServerWithDB(t, d, gw.Apply)
				w := s.CreateWebinar(testutil.WebinarSpec{})
				p := s.Buyer(w.ID)
				gw.Standin.TimeoutNext(1)
				if _, err := pay(t, s, p, w.ID); err == nil {
					t.Fatal("the charge's answer was lost, yet the charge reported an outcome")
				}
				s.Clock.Advance(payment.DefaultReconcileGrace + time.Second)
				if settled {
					gw.Standin.Settle()
					s.Clock.Advance(8 * time.Hour)
				}
				if n, err := s.App.Payments.Reconcile(context.Background()); err != nil || n != 1 {
					t.Fatalf("reconcile: %d, %v; want 1 fulfilled", n, err)
				}
				if n, err := s.App.Payments.Reconcile(context.Background()); err != nil || n != 0 {
					t.Fatalf("second reconcile: %d, %v; want 0", n, err)
				}
				if gw.Standin.Charges() != 1 {
					t.Fatalf("charges %d, want 1", gw.Standin.Charges())
				}
				seen := map[string]bool{}
				for _, r := range gw.Standin.Requests() {
					seen[r.Name] = true
				}
				if settled && (!seen["getSettledBatchListRequest"] || !seen["getTransactionListRequest"]) {
					t.Errorf("the settled batches were not asked: %v", seen)
				}
				assertSeats(t, d, w.ID, 1)
			})
		})
	}
}

// TestAuthorizeNetDuplicateAndHeld: the gateway's duplicate-transaction
// answer with no earlier charge of this invoice is a decline the buyer can
// retry; a charge held for review is no coupon yet (fraud.held changes
// nothing), and once approved the reconciler fulfils it.
func TestAuthorizeNetDuplicateAndHeld(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		gw := testutil.AuthorizeNetGateway(t)
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
		c, _ := s.Login(auth.RoleUser)
		registerAndWatch(t, c, w.ID, true)
		gw.Standin.DuplicateNext(1)
		if _, res := anetBuy(t, gw.Standin, c, w.ID, "4111111111111111"); res.Status != 409 {
			t.Fatalf("duplicate answer: %d %s; want 409", res.Status, res.Body)
		}
		if _, res := anetBuy(t, gw.Standin, c, w.ID, "4111111111111111"); res.Status != 200 {
			t.Fatalf("retry after the duplicate answer: %d %s", res.Status, res.Body)
		}

		held := s.Buyer(w.ID)
		gw.Standin.HoldNext(1)
		st, err := pay(t, s, held, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Payments.Confirm(context.Background(), held, st.ID); err == nil {
			t.Fatal("a charge held for review gave a coupon")
		}
		txs := gw.Standin.Transactions()
		gw.Standin.Approve(txs[len(txs)-1].ID)
		s.Clock.Advance(payment.DefaultReconcileGrace + time.Second)
		if n, err := s.App.Payments.Reconcile(context.Background()); err != nil || n != 1 {
			t.Fatalf("reconcile after the review: %d, %v; want 1", n, err)
		}
		if gw.Standin.Charges() != 2 {
			t.Fatalf("charges %d, want 2", gw.Standin.Charges())
		}
		assertSeats(t, d, w.ID, 2)
	})
}

// TestAuthorizeNetWebhooks: a signed authcapture.created fulfils the
// payment whose browser never confirmed; a forged one is refused (400);
// replays of one notification make one coupon; a refund made in the
// merchant interface (refund.created) voids the coupon.
func TestAuthorizeNetWebhooks(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		gw := testutil.AuthorizeNetGateway(t)
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		p := s.Buyer(w.ID)
		if _, err := pay(t, s, p, w.ID); err != nil {
			t.Fatal(err)
		}
		txs := gw.Standin.Transactions()
		charge := txs[len(txs)-1]
		body := `{"notificationId":"n-1","eventType":"` + authorizenet.EventAuthCapture + `","eventDate":"2026-11-27T14:00:00Z","webhookId":"w","payload":{"responseCode":1,"authAmount":` + "25.00" + `,"invoiceNumber":"` + charge.Invoice + `","entityName":"transaction","id":"` + charge.ID + `"}}`
		anon := s.Client()
		forged := anon.Send(signed(t, s, body, "sha512=00"))
		if forged.Status != 400 {
			t.Fatalf("forged webhook: %d %s", forged.Status, forged.Body)
		}
		for range 5 {
			anon.Send(signed(t, s, body, authorizenet.Sign([]byte(body), anetserver.SignatureKey))).Check(t, testutil.Want{Status: 200})
		}
		assertSeats(t, d, w.ID, 1)
		if gw.Standin.Charges() != 1 {
			t.Fatalf("charges %d, want 1", gw.Standin.Charges())
		}
	})
}

// signed is a webhook delivery of body to the Authorize.Net route with sig
// as its X-ANET-Signature.
func signed(t *testing.T, s *testutil.Server, body, sig string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("POST", s.URL+"/api/webhooks/authorizenet", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-ANET-Signature", sig)
	return req
}
