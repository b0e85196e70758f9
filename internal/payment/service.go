package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"
	"watchwin/internal/money"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/registration"
	"watchwin/internal/seat"
	"watchwin/internal/webinar"
)

// Webinars is what payment needs of the webinar domain (*webinar.Service).
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Registrations is what payment needs of the registration domain
// (*registration.Service): the standing "may buy" judges.
type Registrations interface {
	Standing(ctx context.Context, user auth.Profile, webinarID string) (registration.Standing, error)
}

// Accounts is what payment needs of the auth domain (*auth.Service): the
// account a coupon e-mail goes to (db.ErrNotFound once it was deleted).
type Accounts interface {
	Account(ctx context.Context, id string) (auth.Profile, error)
}

// Mailer queues e-mail in the caller's transaction (*mail.Outbox).
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Deps are the other domains payment works with.
type Deps struct {
	Webinars      Webinars
	Seats         *seat.Service
	Registrations Registrations
	Accounts      Accounts
	Coupons       *coupon.Service
	Mailer        Mailer
	// CouponMail renders the e-mail that carries a new coupon to to.
	CouponMail func(ctx context.Context, c coupon.Coupon, to string) (mail.Message, error)
	// RefundMail renders the e-mail that tells to its payment of
	// amountCents for c was refunded (docs/api.md#refunds).
	RefundMail func(ctx context.Context, c coupon.Coupon, amountCents int64, to string) (mail.Message, error)
	// Winners tells whether a buyer was drawn in a webinar's giveaway
	// (*giveaway.Service): a refund notes it in the audit log.
	Winners Winners
	// HoldFor is how long a started payment holds its seat
	// (WATCHWIN_SEAT_HOLD_MINUTES).
	HoldFor time.Duration
	// ReconcileGrace is how old an open payment must be before Reconcile
	// asks the provider about it (WATCHWIN_RECONCILE_GRACE; 0:
	// DefaultReconcileGrace).
	ReconcileGrace time.Duration
}

// Winners is what payment needs of the giveaway domain.
type Winners interface {
	IsWinner(ctx context.Context, webinarID, userID string) (bool, error)
}

// Service takes payments and fulfils them; it knows nothing of HTTP.
type Service struct {
	db       *db.DB
	store    store
	provider Provider
	deps     Deps
	now      clock.Func
}

// NewService returns the payment service taking payments through provider.
func NewService(d *db.DB, provider Provider, deps Deps, now clock.Func) *Service {
	return &Service{db: d, store: store{d}, provider: provider, deps: deps, now: now}
}

// Provider returns the provider payments go through.
func (s *Service) Provider() Provider { return s.provider }

// Messages of docs/product.md#texts-users-see and docs/api.md#payments-and-coupons.
const (
	msgFree            = "This webinar is free: claim your seat instead of paying."
	msgNotFree         = "This webinar is not free."
	msgStartFailed     = "Payment could not be started. Please try again."
	msgNotSuccessful   = "Payment was not successful"
	msgPaymentNotFound = "Payment not found"
	msgRefunded        = "Sorry, the last seat was taken while you were paying. Your payment has been refunded in full."
	msgMismatch        = "This payment does not match its purchase and cannot be completed. Please contact support."
)

var (
	errRefunded        = apperr.Conflict("payment_refunded", msgRefunded)
	errPaymentNotFound = apperr.NotFound(msgPaymentNotFound)
	errMismatch        = apperr.Conflict("payment_mismatch", msgMismatch)
	errCanceled        = apperr.Conflict("payment_canceled", msgNotSuccessful)
	// errIntentCanceled: the provider canceled an open payment's intent;
	// Start closes the payment and opens a new one.
	errIntentCanceled = errors.New("payment intent canceled at the provider")
)

// buyable returns user's standing for a webinar when the one rule of who
// may buy lets them (registration.Standing.MayBuy); the seat is seat's to
// decide after.
func (s *Service) buyable(ctx context.Context, user auth.Profile, webinarID string) (registration.Standing, error) {
	st, err := s.deps.Registrations.Standing(ctx, user, webinarID)
	if err != nil {
		return st, err
	}
	return st, st.MayBuy()
}

// Start begins paying for a webinar's coupon (docs/api.md#payments-and-coupons): the
// amount is display_price × 100 cents, computed here; the user's seat is
// held for holdFor so two buyers cannot both pay for the last one. Starting
// again while a payment is open returns that payment's intent, read back
// from the provider and never replaced (it may have been paid from another
// tab), with its hold renewed if it lapsed and the seat owner still has a
// seat for it (seat.Tx.Hold). client
// is the hashed client address (ClientKey) the limits on holds and accounts
// count by; "" (the services' own callers) is not limited.
func (s *Service) Start(ctx context.Context, user auth.Profile, webinarID, client string) (Started, error) {
	st, err := s.buyable(ctx, user, webinarID)
	if err != nil {
		return Started{}, err
	}
	w, reg := st.Webinar, st.Registration
	if w.DisplayPriceCents == 0 {
		return Started{}, apperr.Conflict("free_webinar", msgFree)
	}
	for attempt := 0; ; attempt++ {
		p, holdUntil, err := s.holdSeat(ctx, user, w, reg, client)
		if err != nil {
			return Started{}, err
		}
		in, err := s.intentFor(ctx, p)
		if errors.Is(err, errIntentCanceled) {
			if attempt == 0 {
				continue // the provider canceled the intent: one new payment
			}
			return Started{}, unavailable(ctx, p, err)
		}
		if err != nil {
			return Started{}, err
		}
		return Started{
			ID: in.ID, ClientSecret: in.ClientSecret, Provider: p.Provider,
			Amount: money.Dollars(p.AmountCents), AmountCents: p.AmountCents,
			CouponValue: money.Dollars(p.CouponValueCents), CouponValueCents: p.CouponValueCents,
			HoldExpiresAt: holdUntil,
		}, nil
	}
}

// holdSeat finds or opens the registration's payment and holds its seat
// until the returned time, under the webinar's seat lock. The seat's
// refusals (tx.Hold) come first, then client's limits (limitHolds); a
// refusal rolls the payment and its hold back.
func (s *Service) holdSeat(ctx context.Context, user auth.Profile, w webinar.Webinar, reg registration.Registration, client string) (Payment, time.Time, error) {
	var p Payment
	var holdUntil time.Time
	err := s.deps.Seats.Run(ctx, w.ID, func(ctx context.Context, tx *seat.Tx) error {
		now := s.now()
		holdUntil = now.Add(s.deps.HoldFor)
		var err error
		p, err = s.store.openFor(ctx, reg.ID)
		switch {
		case errors.Is(err, db.ErrNotFound):
			id := uuid.NewString()
			p = Payment{ID: id, Provider: s.provider.Name(), ProviderPaymentID: pendingID(id),
				UserID: user.ID, WebinarID: w.ID, RegistrationID: reg.ID,
				AmountCents: w.DisplayPriceCents, CouponValueCents: w.CouponValueCents(),
				Currency: Currency, Status: PaymentOpen, CreatedAt: now}
			if err := s.store.insert(ctx, p, client); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			// An open payment whose hold still runs keeps it as it is.
			expires, err := s.deps.Seats.HoldExpiry(ctx, p.ID)
			if err != nil {
				return err
			}
			if expires.After(now) {
				holdUntil = expires
				return nil
			}
		}
		if holdUntil, err = tx.Hold(ctx, p.RegistrationID, p.ID, holdUntil); err != nil {
			return err
		}
		return s.limitHolds(ctx, p, client, now)
	})
	return p, holdUntil, err
}

// intentFor returns the provider's intent of open payment p. A payment
// without one yet gets it now, under an idempotency key, so a retry or a
// restart finds the same intent. An intent that exists is read back: a paid
// one is fulfilled at once (the answer is already_purchased, or refunded),
// one the provider canceled closes p (errIntentCanceled). The provider is
// called outside any transaction: no lock is held over the network.
func (s *Service) intentFor(ctx context.Context, p Payment) (Intent, error) {
	if !isPending(p) {
		in, err := s.provider.Retrieve(ctx, p.ProviderPaymentID)
		if err != nil {
			// The payment stays open: its intent may still be paid.
			return Intent{}, unavailable(ctx, p, err)
		}
		switch in.Status {
		case StatusSucceeded:
			if _, err := s.Fulfil(ctx, p); err != nil {
				return Intent{}, err
			}
			return Intent{}, registration.ErrAlreadyPurchased
		case StatusCanceled:
			if _, err := s.close(ctx, p.ID, PaymentCanceled); err != nil {
				return Intent{}, err
			}
			return Intent{}, errIntentCanceled
		}
		return in, nil
	}
	in, err := s.provider.Create(ctx, CreateParams{
		AmountCents: p.AmountCents, Currency: p.Currency, IdempotencyKey: "watchwin-payment-" + p.ID,
		Metadata: map[string]string{
			MetaWebinarID: p.WebinarID, MetaRegistrationID: p.RegistrationID, MetaUserID: p.UserID,
			MetaCouponValue: strconv.FormatInt(p.CouponValueCents, 10), MetaType: TypeWebinarCoupon,
			MetaPaymentID: p.ID,
		},
	})
	if err == nil {
		err = s.store.setProviderID(ctx, p.ID, in.ID, s.now())
	}
	if err != nil {
		// No browser has this intent's secret, so nobody can pay it: the
		// payment may go, unless a racing start has given it its intent.
		if cerr := s.cancelPending(context.WithoutCancel(ctx), p.ID); cerr != nil {
			slog.ErrorContext(ctx, "cancel payment", "payment_id", p.ID, "err", cerr)
		}
		return Intent{}, unavailable(ctx, p, err)
	}
	return in, nil
}

// unavailable logs why the provider failed and answers 503.
func unavailable(ctx context.Context, p Payment, err error) error {
	slog.ErrorContext(ctx, "payment start failed", "payment_id", p.ID, "provider", p.Provider, "err", err)
	return &apperr.Error{Kind: apperr.KindUnavailable, Code: "payment_unavailable", Message: msgStartFailed, Err: err}
}

// MetaPaymentID carries our payment id in the intent's metadata.
const MetaPaymentID = "paymentId"

// pendingID stands in for the provider's id until the intent exists.
func pendingID(paymentID string) string { return "pending:" + paymentID }

// isPending reports whether p has no provider intent yet.
func isPending(p Payment) bool { return p.ProviderPaymentID == pendingID(p.ID) }

// Confirm completes the purchase the browser paid for (POST
// /api/payments/confirm, docs/api.md): only the payment's owner may, and only the
// provider's word that it succeeded counts.
func (s *Service) Confirm(ctx context.Context, user auth.Profile, intentID string) (coupon.Coupon, error) {
	p, err := s.store.byProviderID(ctx, s.provider.Name(), intentID)
	if errors.Is(err, db.ErrNotFound) || (err == nil && p.UserID != user.ID) {
		return coupon.Coupon{}, errPaymentNotFound
	}
	if err != nil {
		return coupon.Coupon{}, err
	}
	return s.Fulfil(ctx, p)
}

// ConfirmToken is Confirm for a token-then-charge gateway (Charger): the
// server charges the one-time token the browser got from the gateway's own
// script, then fulfils through Fulfil as Confirm does. Only the payment's
// owner may, and only while the payment is open; a replay after the charge
// charges nothing (the gateway adapter finds the earlier charge). A charge
// whose answer was cut off is looked up by Fulfil's Retrieve, and failing
// that by the reconciler. With a provider that is no Charger it is Confirm.
func (s *Service) ConfirmToken(ctx context.Context, user auth.Profile, intentID string, token CardToken) (coupon.Coupon, error) {
	ch, ok := s.provider.(Charger)
	if !ok || token.Value == "" {
		return s.Confirm(ctx, user, intentID)
	}
	p, err := s.store.byProviderID(ctx, s.provider.Name(), intentID)
	if errors.Is(err, db.ErrNotFound) || (err == nil && p.UserID != user.ID) {
		return coupon.Coupon{}, errPaymentNotFound
	}
	if err != nil {
		return coupon.Coupon{}, err
	}
	if p.Status == PaymentOpen {
		if _, err := ch.Charge(ctx, intentID, token); err != nil {
			// The outcome is unknown: Fulfil asks the gateway again.
			slog.WarnContext(ctx, "charge answer lost", "payment_id", p.ID, "provider", p.Provider, "err", err)
		}
	}
	return s.Fulfil(ctx, p)
}

// Fulfil turns a payment the provider reports succeeded into a paid seat
// and a coupon, exactly once: the browser's confirm, the webhook, the
// reconciler and any retry of these all end here, and every one after the
// first returns the same coupon and writes nothing. p is the payment as its
// caller read it; it is read again under the seat lock before anything is
// written. It proceeds only when the provider reports the payment succeeded
// for the expected amount, currency, user, webinar and registration. A
// payment that cannot have a seat is refunded through the provider: paid
// seats already at total_seats (hold or no hold: an admin may have cut the
// seats), no hold and no seat free, or a registration that already has its
// coupon. A payment closed here as canceled whose intent was paid after all
// is fulfilled or refunded the same way, never left charged.
func (s *Service) Fulfil(ctx context.Context, p Payment) (coupon.Coupon, error) {
	if done, c, err := s.closedOutcome(ctx, p); done {
		return c, err
	}
	in, err := s.provider.Retrieve(ctx, p.ProviderPaymentID)
	if err != nil {
		return coupon.Coupon{}, fmt.Errorf("retrieve payment %s: %w", p.ID, err)
	}
	switch {
	case in.Status != StatusSucceeded && p.Status == PaymentCanceled:
		return coupon.Coupon{}, errCanceled
	case in.Status != StatusSucceeded:
		msg := msgNotSuccessful
		if in.LastError != "" {
			msg = in.LastError
		}
		return coupon.Coupon{}, apperr.Conflict("payment_not_successful", msg)
	case !matches(p, in):
		// Never a coupon for money that is not what this seat costs.
		slog.ErrorContext(ctx, "payment does not match its purchase", "payment_id", p.ID, "provider", p.Provider)
		return coupon.Coupon{}, errMismatch
	}

	// The coupon e-mail goes to the account's own address, never to the
	// one typed in the registration form.
	var to string
	switch account, err := s.deps.Accounts.Account(ctx, p.UserID); {
	case err == nil:
		to = account.Email
	case !errors.Is(err, db.ErrNotFound):
		return coupon.Coupon{}, err
	}

	var c coupon.Coupon
	var noSeat bool
	err = s.deps.Seats.Run(ctx, p.WebinarID, func(ctx context.Context, tx *seat.Tx) error {
		// Under the lock, the payment's state is settled: a racing call
		// may have fulfilled or refunded it a moment ago.
		var err error
		if p, err = s.store.get(ctx, p.ID); err != nil {
			return err
		}
		if p.Status == PaymentSucceeded || p.Status == PaymentRefunded {
			return nil
		}
		now := s.now()
		st, err := s.deps.Registrations.Standing(ctx, auth.Profile{ID: p.UserID}, p.WebinarID)
		if err != nil {
			return err
		}
		// The refund of a payment without a seat is claimed here, under
		// the lock, before the provider is asked after the commit: from
		// now on no fulfilment can give this payment a coupon.
		claimNoSeat := func() error {
			var err error
			if noSeat, err = s.store.claimNoSeatRefund(ctx, p.ID, now); err != nil || !noSeat {
				return err
			}
			return s.deps.Seats.Release(ctx, p.ID)
		}
		// The money is taken: of the rule of who may buy, only its one
		// coupon per registration can refuse it now (watched and active
		// were asked at the start).
		if st.CouponIssued {
			return claimNoSeat() // a second payment for a registration that has its coupon
		}
		// A seat already marked paid (an admin's simulated purchase) is this
		// payment's; otherwise the seat rule decides, counting the
		// registration's own running hold.
		if err := tx.Take(ctx, p.RegistrationID); errors.Is(err, seat.ErrNoSeat) {
			return claimNoSeat()
		} else if err != nil {
			return err
		}
		c, err = s.deps.Coupons.Issue(ctx, coupon.IssueParams{
			UserID: p.UserID, WebinarID: p.WebinarID, RegistrationID: p.RegistrationID, PaymentID: p.ID,
			ValueCents: p.CouponValueCents, OriginalPaymentCents: p.AmountCents,
		})
		if err != nil {
			return err
		}
		if _, err := s.close(ctx, p.ID, PaymentSucceeded); err != nil {
			return err
		}
		if to == "" {
			return nil // the account was deleted: nobody to mail
		}
		m, err := s.deps.CouponMail(ctx, c, to)
		if err != nil {
			return err
		}
		return s.deps.Mailer.Enqueue(ctx, m)
	})
	switch {
	case err != nil:
		return coupon.Coupon{}, err
	case noSeat:
		return coupon.Coupon{}, s.refundNoSeat(ctx, p)
	case c.ID == "":
		// Another call fulfilled or refunded it while this one waited.
		_, c, err = s.closedOutcome(ctx, p)
		return c, err
	}
	slog.InfoContext(ctx, "payment fulfilled", "payment_id", p.ID, "coupon_id", c.ID, "webinar_id", p.WebinarID)
	return c, nil
}

// closedOutcome answers for a payment that is fulfilled or refunded: its
// coupon, or why there is none. An admin's refund leaves the coupon (now
// refunded), which a replayed confirm answers as it is. done is false for
// an open payment and for a canceled one, whose intent Fulfil asks about.
func (s *Service) closedOutcome(ctx context.Context, p Payment) (done bool, c coupon.Coupon, err error) {
	switch {
	case p.Status == PaymentSucceeded, p.Status == PaymentRefunded && p.RefundReason == refundAdmin:
		c, err = s.deps.Coupons.ForPayment(ctx, p.ID)
		return true, c, err
	case p.Status == PaymentRefunded:
		return true, c, errRefunded
	}
	return false, c, nil
}

// matches reports whether what the provider holds is what this payment is
// for: amount, currency and every id in the metadata.
func matches(p Payment, in Intent) bool {
	m := in.Metadata
	return in.ID == p.ProviderPaymentID && in.AmountCents == p.AmountCents && in.Currency == p.Currency &&
		m[MetaUserID] == p.UserID && m[MetaWebinarID] == p.WebinarID &&
		m[MetaRegistrationID] == p.RegistrationID && m[MetaPaymentID] == p.ID
}

// Claim takes the seat of a free webinar (docs/product.md#free-webinars): no card step, the
// seat is marked paid (a giveaway entry) and no coupon of value 0 is issued.
func (s *Service) Claim(ctx context.Context, user auth.Profile, webinarID string) (registration.Registration, error) {
	st, err := s.buyable(ctx, user, webinarID)
	if err != nil {
		return registration.Registration{}, err
	}
	if st.Webinar.DisplayPriceCents != 0 {
		return registration.Registration{}, apperr.Conflict("not_free", msgNotFree)
	}
	reg := st.Registration
	err = s.deps.Seats.Run(ctx, reg.WebinarID, func(ctx context.Context, tx *seat.Tx) error {
		return tx.Take(ctx, reg.ID)
	})
	if err != nil {
		return registration.Registration{}, err
	}
	reg.PurchasedCoupon = true
	return reg, nil
}

// HandleEvent acts on a provider event (a webhook) once: a succeeded
// payment is fulfilled; a failed one needs nothing (the intent stays open
// for another card); a refunded charge finishes the refund claimed for it,
// or voids the coupon of one refunded elsewhere (refundConfirmed); a
// disputed one marks its coupon disputed. Events already handled, and
// events about payments this store never started, are acknowledged and
// ignored; a paid intent of ours that no payment points to any more is
// refunded (refundOrphan).
func (s *Service) HandleEvent(ctx context.Context, ev WebhookEvent) error {
	if (ev.Type == EventChargeRefunded || ev.Type == EventDisputeCreated) && ev.IntentID != "" {
		p, err := s.store.byProviderID(ctx, s.provider.Name(), ev.IntentID)
		if errors.Is(err, db.ErrNotFound) {
			return nil // an intent of no payment of ours (an orphan's refund)
		}
		if err != nil {
			return err
		}
		if ev.Type == EventDisputeCreated {
			return s.disputed(ctx, p)
		}
		return s.refundConfirmed(ctx, p)
	}
	if ev.Type != EventPaymentSucceeded || ev.IntentID == "" {
		return nil
	}
	p, err := s.store.byProviderID(ctx, s.provider.Name(), ev.IntentID)
	if errors.Is(err, db.ErrNotFound) {
		return s.refundOrphan(ctx, ev)
	}
	if err != nil {
		return err
	}
	if fresh, err := s.store.markEvent(ctx, s.provider.Name(), ev.ID, s.now()); err != nil || !fresh {
		return err
	}
	_, err = s.Fulfil(ctx, p)
	if e, ok := apperr.As(err); ok {
		// A business outcome (refunded, mismatch) is final; only failures
		// worth a retry go back to the provider as an error.
		slog.WarnContext(ctx, "webhook payment not fulfilled", "payment_id", p.ID, "code", e.Code)
		return nil
	}
	if err != nil {
		// Let the provider redeliver: forget that this event was handled.
		_, _ = s.db.Q(ctx).ExecContext(context.WithoutCancel(ctx), `DELETE FROM processed_events WHERE provider = $1 AND event_id = $2`, s.provider.Name(), ev.ID)
	}
	return err
}

// refundOrphan gives back a paid intent that no payment points to any more:
// earlier versions gave an open payment a new intent when its first one was
// a day old, though the first could still be paid from an old tab. The
// intent's metadata must name one of our payments, for the same buyer,
// registration, amount and currency; then the money goes back (the payment
// has, or will get, its seat through its own intent). Any other unknown
// intent is acknowledged and ignored.
func (s *Service) refundOrphan(ctx context.Context, ev WebhookEvent) error {
	in, err := s.provider.Retrieve(ctx, ev.IntentID)
	if errors.Is(err, ErrIntentNotFound) {
		slog.WarnContext(ctx, "webhook for an unknown payment", "event_id", ev.ID)
		return nil
	}
	if err != nil {
		return err
	}
	p, err := s.store.get(ctx, in.Metadata[MetaPaymentID])
	if errors.Is(err, db.ErrNotFound) || (err == nil && !matches(Payment{
		ID: p.ID, ProviderPaymentID: in.ID, UserID: p.UserID, WebinarID: p.WebinarID,
		RegistrationID: p.RegistrationID, AmountCents: p.AmountCents, Currency: p.Currency}, in)) {
		slog.WarnContext(ctx, "webhook for an unknown payment", "event_id", ev.ID)
		return nil
	}
	if err != nil || in.Status != StatusSucceeded {
		return err
	}
	if err := s.provider.Refund(ctx, in.ID, "watchwin-refund-"+in.ID); err != nil {
		return fmt.Errorf("refund orphaned intent of payment %s: %w", p.ID, err)
	}
	slog.WarnContext(ctx, "orphaned intent refunded", "payment_id", p.ID, "event_id", ev.ID)
	return nil
}

// close moves a payment to status (store.close) and ends its seat hold.
func (s *Service) close(ctx context.Context, id, status string) (bool, error) {
	closed, err := s.store.close(ctx, id, status, s.now())
	if err != nil || !closed {
		return closed, err
	}
	return true, s.deps.Seats.Release(ctx, id)
}

// cancelPending cancels an open payment that has no intent yet (no browser
// can pay it) and ends its seat hold.
func (s *Service) cancelPending(ctx context.Context, id string) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		canceled, err := s.store.cancelPending(ctx, id, s.now())
		if err != nil || !canceled {
			return err
		}
		return s.deps.Seats.Release(ctx, id)
	})
}

// CountByStatus counts the store's payments by outcome (open, succeeded,
// refunded, canceled); the metrics report it.
func (s *Service) CountByStatus(ctx context.Context) (map[string]int, error) {
	return s.store.countByStatus(ctx)
}
