package payment_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/registration"
	"watchwin/internal/seat"
	"watchwin/internal/testutil"
)

type started struct {
	ID               string  `json:"id"`
	ClientSecret     string  `json:"clientSecret"`
	Provider         string  `json:"provider"`
	Amount           float64 `json:"amount"`
	AmountCents      int64   `json:"amount_cents"`
	CouponValue      float64 `json:"couponValue"`
	CouponValueCents int64   `json:"coupon_value_cents"`
}

type confirmed struct {
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expiresAt"`
	Coupon    struct {
		ID         string  `json:"id"`
		Code       string  `json:"code"`
		Value      float64 `json:"value"`
		ValueCents int64   `json:"value_cents"`
		Status     string  `json:"status"`
	} `json:"coupon"`
}

func card(secret, number string) map[string]any {
	return map[string]any{"client_secret": secret, "card_number": number, "exp_month": 12,
		"exp_year": time.Now().Year() + 2, "cvc": "123", "postal_code": "60540"}
}

const good, declined, noFunds = "4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995"

// registerAndWatch registers c for w and marks the video watched, as the
// watch page does.
func registerAndWatch(t *testing.T, c *testutil.Client, webinarID string, watch bool) {
	t.Helper()
	res := c.Do("POST", "/api/webinars/"+webinarID+"/registrations", map[string]string{"name": "Sam Carter", "email": "sam@example.com"})
	if res.Status != 201 && res.Status != 200 {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	if watch {
		c.Do("POST", "/api/webinars/"+webinarID+"/registration/watched", nil).Check(t, testutil.Want{Status: 200})
	}
}

// TestPurchaseAPI walks a purchase with the test provider through the API
// as each kind of caller: signed out, the buyer, another user, an admin.
func TestPurchaseAPI(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s := testutil.NewServer(t, engine)
			c := s.Actors()
			owner := c.User
			other, _ := s.Login(auth.RoleUser)
			w := s.CreateWebinar(testutil.WebinarSpec{Price: "40", Seats: 5})
			registerAndWatch(t, owner, w.ID, false)
			registerAndWatch(t, other, w.ID, false)
			start := "/api/webinars/" + w.ID + "/payments"

			owner.Do("POST", start, nil).Check(t, testutil.Want{Status: 403, Code: "watch_first", Message: "Please watch the webinar first"})
			c.Anon.Do("POST", start, nil).Check(t, testutil.Want{Status: 401, Message: "User not authenticated"})
			c.Admin.Do("POST", start, nil).Check(t, testutil.Want{Status: 404, Message: "Registration not found"})
			owner.Do("POST", "/api/webinars/"+uuid.NewString()+"/payments", nil).Check(t, testutil.Want{Status: 404, Message: "Webinar not found"})
			registerAndWatch(t, owner, w.ID, true)

			res := owner.Do("POST", start, nil)
			res.Check(t, testutil.Want{Status: 201})
			var st started
			res.JSON(t, &st)
			if st.Provider != "test" || st.AmountCents != 4000 || st.Amount != 40 || st.CouponValueCents != 4800 ||
				st.CouponValue != 48 || !strings.HasPrefix(st.ID, "pi_test_") || st.ClientSecret == "" {
				t.Fatalf("started: %+v", st)
			}
			var again started
			owner.Do("POST", start, nil).JSON(t, &again)
			if again.ID != st.ID || again.ClientSecret != st.ClientSecret {
				t.Errorf("starting again made a new payment: %+v, then %+v", st, again)
			}

			pay := "/api/payments/test-intents/" + st.ID + "/confirm"
			confirm := func(who *testutil.Client) testutil.Response {
				return who.Do("POST", "/api/payments/confirm", map[string]string{"paymentIntentId": st.ID})
			}
			confirm(owner).Check(t, testutil.Want{Status: 409, Code: "payment_not_successful", Message: "Payment was not successful"})
			other.Do("POST", pay, card("pi_wrong_secret", good)).Check(t, testutil.Want{Status: 404})
			owner.Do("POST", pay, card(st.ClientSecret, declined)).Check(t, testutil.Want{Status: 402, Code: "card_declined", Message: "Your card was declined."})
			confirm(owner).Check(t, testutil.Want{Status: 409, Message: "Your card was declined."})
			owner.Do("POST", pay, card(st.ClientSecret, noFunds)).Check(t, testutil.Want{Status: 402, Message: "Your card has insufficient funds."})
			owner.Do("POST", pay, card(st.ClientSecret, "4111 1111 1111 1112")).Check(t, testutil.Want{Status: 400, Field: "card_number", Message: "Your card number is incorrect."})
			bad := card(st.ClientSecret, good)
			bad["exp_year"] = time.Now().Year() - 1
			owner.Do("POST", pay, bad).Check(t, testutil.Want{Status: 400, Field: "exp_month"})
			c.Anon.Do("POST", pay, card(st.ClientSecret, good)).Check(t, testutil.Want{Status: 401})
			owner.Do("POST", pay, card(st.ClientSecret, good)).Check(t, testutil.Want{Status: 200})
			owner.Do("POST", pay, card(st.ClientSecret, declined)).Check(t, testutil.Want{Status: 200}) // paid stays paid

			confirm(other).Check(t, testutil.Want{Status: 404, Message: "Payment not found"})
			confirm(c.Admin).Check(t, testutil.Want{Status: 404})
			c.Anon.Do("POST", "/api/payments/confirm", map[string]string{"paymentIntentId": st.ID}).Check(t, testutil.Want{Status: 401})
			owner.Do("POST", "/api/payments/confirm", map[string]string{}).Check(t, testutil.Want{Status: 400, Field: "paymentIntentId"})

			res = confirm(owner)
			res.Check(t, testutil.Want{Status: 200})
			var got confirmed
			res.JSON(t, &got)
			if !strings.HasPrefix(got.Code, "LW-") || len(got.Code) != len("LW-XXXX-XXXX-XXXX") || got.Coupon.Code != got.Code ||
				got.Coupon.ValueCents != 4800 || got.Coupon.Value != 48 || got.Coupon.Status != "active" {
				t.Fatalf("confirmed: %+v", got)
			}
			if d := got.ExpiresAt.Sub(s.Clock.Now()); d < 29*24*time.Hour || d > 30*24*time.Hour {
				t.Errorf("expires in %v, want 30 days", d)
			}
			var replay confirmed
			confirm(owner).JSON(t, &replay)
			if replay.Code != got.Code || !replay.ExpiresAt.Equal(got.ExpiresAt) {
				t.Errorf("replay gave %+v, want the same coupon %s", replay, got.Code)
			}

			owner.Do("POST", start, nil).Check(t, testutil.Want{Status: 409, Code: "already_purchased",
				Message: "You've already purchased the coupon for this webinar. Please check your email for the coupon code or contact support."})

			var mine struct {
				Coupons []struct {
					Code         string `json:"code"`
					WebinarTitle string `json:"webinar_title"`
				} `json:"coupons"`
			}
			owner.Do("GET", "/api/coupons", nil).JSON(t, &mine)
			if len(mine.Coupons) != 1 || mine.Coupons[0].Code != got.Code || mine.Coupons[0].WebinarTitle != w.Title {
				t.Errorf("my coupons: %+v", mine)
			}
			other.Do("GET", "/api/coupons", nil).JSON(t, &mine)
			if len(mine.Coupons) != 0 {
				t.Errorf("another user sees coupons: %+v", mine)
			}
			var one struct{ Coupon *struct{ Code string } }
			owner.Do("GET", "/api/webinars/"+w.ID+"/coupon", nil).JSON(t, &one)
			if one.Coupon == nil || one.Coupon.Code != got.Code {
				t.Errorf("my coupon for the webinar: %+v", one)
			}
			other.Do("GET", "/api/webinars/"+w.ID+"/coupon", nil).JSON(t, &one)
			if one.Coupon != nil {
				t.Errorf("another user reads the coupon: %+v", one)
			}

			d := s.App.DB
			if n := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE dedupe_key LIKE 'coupon:%'`); n != 1 {
				t.Errorf("%d coupon e-mails queued, want 1", n)
			}
			if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE`, w.ID); n != 1 {
				t.Errorf("%d paid seats, want 1", n)
			}
			var seats seat.Seats
			if err := d.InTx(context.Background(), func(ctx context.Context) (err error) {
				seats, err = s.App.Seats.Lock(ctx, w.ID)
				return err
			}); err != nil || seats.Held != 0 {
				t.Errorf("%d seat holds left after the purchase (%v)", seats.Held, err)
			}
		})
	}
}

// TestFreeWebinarClaim: a free webinar has no card step; claiming marks the
// seat paid and issues no coupon.
func TestFreeWebinarClaim(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	user, _ := s.Login(auth.RoleUser)
	free := s.CreateWebinar(testutil.WebinarSpec{Price: "0", Seats: 1})
	paid := s.CreateWebinar(testutil.WebinarSpec{Price: "40"})
	registerAndWatch(t, user, free.ID, true)
	registerAndWatch(t, user, paid.ID, true)

	user.Do("POST", "/api/webinars/"+free.ID+"/payments", nil).Check(t, testutil.Want{Status: 409, Code: "free_webinar"})
	user.Do("POST", "/api/webinars/"+paid.ID+"/claim", nil).Check(t, testutil.Want{Status: 409, Code: "not_free"})
	user.Do("POST", "/api/webinars/"+free.ID+"/claim", nil).Check(t, testutil.Want{Status: 200})
	user.Do("POST", "/api/webinars/"+free.ID+"/claim", nil).Check(t, testutil.Want{Status: 409, Code: "already_purchased"})
	late, _ := s.Login(auth.RoleUser)
	registerAndWatch(t, late, free.ID, true)
	late.Do("POST", "/api/webinars/"+free.ID+"/claim", nil).Check(t, testutil.Want{Status: 409, Code: "sold_out"})
	if n := testutil.Count(t, s.App.DB, `SELECT count(*) FROM coupons`); n != 0 {
		t.Errorf("%d coupons for a free webinar", n)
	}
}

// pay starts a payment for p and pays it with a good test card.
func pay(t testing.TB, s *testutil.Server, p auth.Profile, webinarID string) (payment.Started, error) {
	ctx := context.Background()
	st, err := s.App.Payments.Start(ctx, p, webinarID, "")
	if err != nil {
		return st, err
	}
	err = s.PayTestCard(st)
	return st, err
}

func code(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return fmt.Sprint(err)
}

// TestConcurrentPurchases: a crowd of buyers for few seats, through each
// gateway. Starting holds
// seats, so exactly as many buyers as seats get to pay; the rest are told
// every seat is held or sold. Paid seats never exceed total_seats.
func TestConcurrentPurchases(t *testing.T) {
	testutil.ForEachGateway(t, func(t *testing.T, d *db.DB, gw testutil.Gateway) {
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		const seats, buyers = 20, 1000
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: seats})
		people := make([]auth.Profile, buyers)
		for i := range people {
			people[i] = s.Buyer(w.ID)
		}
		var mu sync.Mutex
		outcomes := map[string]int{}
		var wg sync.WaitGroup
		for _, p := range people {
			wg.Go(func() {
				st, err := pay(t, s, p, w.ID)
				if err == nil {
					_, err = s.App.Payments.Confirm(context.Background(), p, st.ID)
				}
				outcome := code(err)
				if errors.Is(err, seat.ErrNoSeat) {
					outcome = "no seat" // sold out: the seat owner's one refusal
				}
				mu.Lock()
				outcomes[outcome]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if outcomes["<nil>"] != seats || outcomes["no seat"]+outcomes["seats_held"] != buyers-seats {
			t.Errorf("outcomes %v, want %d coupons and %d seat.ErrNoSeat or seats_held", outcomes, seats, buyers-seats)
		}
		assertSeats(t, d, w.ID, seats)
	})
}

// assertSeats checks paid seats, coupons and e-mails all equal want.
func assertSeats(t *testing.T, d *db.DB, webinarID string, want int) {
	t.Helper()
	paid := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE`, webinarID)
	coupons := testutil.Count(t, d, `SELECT count(*) FROM coupons WHERE webinar_id = $1`, webinarID)
	mails := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE dedupe_key LIKE 'coupon:%'`)
	if paid != want || coupons != want || mails != want {
		t.Errorf("paid seats %d, coupons %d, coupon e-mails %d; want %d each", paid, coupons, mails, want)
	}
}

// TestFulfilmentReplays: the browser's confirm and the provider's webhook,
// each replayed, all at once, make one coupon and one e-mail, and every
// caller gets that coupon.
func TestFulfilmentReplays(t *testing.T) {
	testutil.ForEachGateway(t, func(t *testing.T, d *db.DB, gw testutil.Gateway) {
		s := testutil.NewServerWithDB(t, d, gw.Apply)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		p := s.Buyer(w.ID)
		st, err := pay(t, s, p, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		codes := make(chan string, 100)
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				if i%2 == 0 {
					c, err := s.App.Payments.Confirm(ctx, p, st.ID)
					if err != nil {
						t.Errorf("confirm: %v", err)
					}
					codes <- c.Code
					return
				}
				ev := payment.WebhookEvent{ID: fmt.Sprintf("evt_%d", i%5), Type: payment.EventPaymentSucceeded, IntentID: st.ID}
				if err := s.App.Payments.HandleEvent(ctx, ev); err != nil {
					t.Errorf("webhook: %v", err)
				}
			})
		}
		wg.Wait()
		close(codes)
		seen := map[string]bool{}
		for c := range codes {
			seen[c] = true
		}
		if len(seen) != 1 {
			t.Errorf("confirms returned %d different codes, want 1: %v", len(seen), seen)
		}
		assertSeats(t, d, w.ID, 1)
	})
}

// TestLapsedHoldRefund: a buyer whose hold lapsed while the webinar filled
// pays anyway; fulfilment refunds the payment through the provider and
// issues nothing. A lapsed hold frees its seat for others (fake clock).
func TestLapsedHoldRefund(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 1})
		slow, quick, late := s.Buyer(w.ID), s.Buyer(w.ID), s.Buyer(w.ID)

		slowStart, err := s.App.Payments.Start(ctx, slow, w.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Payments.Start(ctx, quick, w.ID, ""); code(err) != "seats_held" {
			t.Fatalf("second buyer while the seat is held: %v, want seats_held", err)
		}
		s.Clock.Advance(16 * time.Minute) // the hold lapses
		if _, err := pay(t, s, quick, w.ID); err != nil {
			t.Fatalf("second buyer after the hold lapsed: %v", err)
		}
		if _, err := s.App.Payments.Confirm(ctx, quick, mustIntent(t, s, quick, w.ID)); err != nil {
			t.Fatalf("confirm: %v", err)
		}
		if _, err := s.App.Payments.Start(ctx, late, w.ID, ""); !errors.Is(err, seat.ErrNoSeat) {
			t.Errorf("a buyer after the webinar filled: %v, want seat.ErrNoSeat (sold_out)", err)
		}

		tp := s.App.Payments.Provider().(*payment.TestProvider)
		if _, err := tp.Confirm(ctx, slowStart.ID, payment.Card{ClientSecret: slowStart.ClientSecret, Number: good,
			ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"}); err != nil {
			t.Fatal(err)
		}
		for range 2 { // a replay is refused the same way and refunds nothing more
			if _, err := s.App.Payments.Confirm(ctx, slow, slowStart.ID); code(err) != "payment_refunded" {
				t.Errorf("confirm after the seat was gone: %v, want payment_refunded", err)
			}
		}
		if refunded, err := tp.Refunded(ctx, slowStart.ID); err != nil || !refunded {
			t.Errorf("the slow buyer's money was not refunded: %v, %v", refunded, err)
		}
		assertSeats(t, d, w.ID, 1)
		if got, _ := s.App.Webinars.Get(ctx, w.ID); got.PaidSeats != got.TotalSeats {
			t.Errorf("paid %d of %d seats", got.PaidSeats, got.TotalSeats)
		}
	})
}

// mustIntent returns the provider id of p's latest payment for a webinar.
func mustIntent(t *testing.T, s *testutil.Server, p auth.Profile, webinarID string) string {
	t.Helper()
	var id string
	if err := s.App.DB.QueryRowContext(context.Background(), `SELECT provider_payment_id FROM payments
		WHERE user_id = $1 AND webinar_id = $2 ORDER BY created_at DESC LIMIT 1`, p.ID, webinarID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestMismatchIssuesNothing: a payment whose provider record differs from
// what the seat costs (amount or metadata) never becomes a coupon.
func TestMismatchIssuesNothing(t *testing.T) {
	for _, tamper := range []string{
		`UPDATE test_payment_intents SET amount_cents = 100`,
		`UPDATE test_payment_intents SET currency = 'cad'`,
		`UPDATE test_payment_intents SET metadata = '{"webinarId":"x"}'`,
	} {
		t.Run(tamper, func(t *testing.T) {
			s := testutil.NewServer(t, db.SQLite)
			w := s.CreateWebinar(testutil.WebinarSpec{})
			p := s.Buyer(w.ID)
			st, err := pay(t, s, p, w.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.App.DB.ExecContext(context.Background(), tamper); err != nil {
				t.Fatal(err)
			}
			if _, err := s.App.Payments.Confirm(context.Background(), p, st.ID); code(err) != "payment_mismatch" {
				t.Errorf("confirm: %v, want payment_mismatch", err)
			}
			assertSeats(t, s.App.DB, w.ID, 0)
		})
	}
}

// A seat marked paid while its registration's payment was under way is
// counted once, as paid: its hold ends with the purchase, so the other
// seat stays on sale.
func TestPaidSeatHoldsNothing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 2})
		admin := s.CreateUser("admin-buyer@example.com", "admin-password", auth.RoleAdmin)
		if _, _, err := s.App.Registrations.Register(ctx, admin, w.ID, registration.Input{Name: "Admin", Email: admin.Email}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Registrations.MarkWatched(ctx, admin, w.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Payments.Start(ctx, admin, w.ID, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Registrations.SimulatePurchase(ctx, admin, w.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Payments.Start(ctx, s.Buyer(w.ID), w.ID, ""); err != nil {
			t.Errorf("a buyer for the seat left: %v", err)
		}
		if _, err := s.App.Payments.Start(ctx, s.Buyer(w.ID), w.ID, ""); code(err) != "seats_held" {
			t.Errorf("a buyer with one seat paid and one held: %v, want seats_held", err)
		}
	})
}
