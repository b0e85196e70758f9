package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/money"
	"watchwin/internal/seat"
)

// Why a payment's money went back (payments.refund_reason).
const (
	refundNoSeat   = "no_seat"  // it succeeded when no seat was left for it
	refundAdmin    = "admin"    // an admin refunded its coupon
	refundProvider = "provider" // refunded at the provider outside watchwin (its webhook voided the coupon)
)

// maxRefundReason bounds the reason an admin types for a refund.
const maxRefundReason = 500

// refundCall bounds one request to the provider for a refund, and
// refundLease is how old an unconfirmed claim must be before the reconciler
// asks again: far longer than any call, so a claim whose request is still
// asking is never asked about twice at once.
const (
	refundCall  = time.Minute
	refundLease = 5 * time.Minute
)

// refundKey is the one idempotency key of a payment's refund, whoever asks
// and however often: the provider makes one refund per key.
func refundKey(p Payment) string { return "watchwin-refund-" + p.ID }

var (
	errNotRefundable = apperr.Conflict("not_refundable",
		"This coupon was not paid by card, so there is no payment to refund.")
	errCouponRedeemed = apperr.Conflict("coupon_redeemed",
		"This coupon was redeemed at the store, so it can't be refunded. If the redemption was a mistake, cancel it first.")
	errCouponExpired  = apperr.Conflict("coupon_expired", "This coupon has expired, so it can't be refunded.")
	errRefundUnderWay = apperr.Conflict("refund_in_progress", "A refund of this coupon is already under way. Reload the list in a moment.")
	errReasonRequired = apperr.Conflict("reason_required",
		"This coupon was redeemed before and the redemption was cancelled, so its refund needs a reason. Type why the money goes back.")
	errCouponDisputed = apperr.Conflict("coupon_disputed",
		"The payment for this coupon is disputed with the card issuer, so it can't be refunded here: the dispute decides.")
	errProviderChanged = apperr.Conflict("provider_changed",
		"This payment was taken by another payment provider than the one configured now, so it can't be refunded from here.")
)

// refundFailed is the answer when the provider did not refund: the coupon
// is active again, and the admin may try again (the same idempotency key
// makes a retry safe even if the provider's answer was only lost).
func refundFailed(err error) error {
	msg := "The payment provider did not refund this payment, so the coupon is still active. Please try again later."
	var se *StripeError
	if errors.As(err, &se) && se.Message != "" {
		msg = "The payment provider did not refund this payment (" + se.Message + "), so the coupon is still active."
	}
	return &apperr.Error{Kind: apperr.KindUnavailable, Code: "refund_failed", Message: msg, Err: err}
}

// Refunded is what an admin's refund answers: the coupon as it is now, and
// the amount given back.
type Refunded struct {
	Coupon      coupon.Admin
	AmountCents int64
}

// Refund refunds the card payment of coupon couponID for an admin
// (docs/api.md#refunds), as one idempotent operation:
//
//  1. The claim, in one transaction: the coupon active and unexpired →
//     refunding, its payment succeeded → refunded (refund_claimed_at, the
//     admin, the reason typed). Both are conditional updates, so of any
//     number of replays, instances, or a redemption racing it, exactly one
//     claims; a redeemed coupon is refused, and one that was ever redeemed
//     (the redemption cancelled) needs a reason (409 reason_required).
//  2. Only the claimer asks the provider, after the commit (no lock is held
//     over the network), with the payment's one idempotency key.
//  3. The provider's yes: in one transaction under the webinar's seat lock
//     the refund is confirmed, the coupon refunded, the seat given back
//     through the seat owner, the buyer's e-mail queued and the audit entry
//     written. Its no: the claim is withdrawn (coupon active, payment
//     succeeded, an audit entry says so) and the answer is 503
//     refund_failed.
//
// A replay after the refund answers the refunded coupon; one while another
// request is asking the provider, 409 refund_in_progress. A claim whose
// request was cut off (a crash) is finished by the reconciler.
func (s *Service) Refund(ctx context.Context, couponID, reason string) (Refunded, error) {
	reason = strings.TrimSpace(reason)
	if utf8.RuneCountInString(reason) > maxRefundReason {
		return Refunded{}, apperr.Invalid("reason", fmt.Sprintf("Reason must be at most %d characters", maxRefundReason))
	}
	c, err := s.deps.Coupons.Get(ctx, couponID)
	if err != nil {
		return Refunded{}, err
	}
	if c.PaymentID == "" {
		return Refunded{}, errNotRefundable
	}
	p, err := s.store.get(ctx, c.PaymentID)
	if err != nil {
		return Refunded{}, err
	}
	if p.Provider != s.provider.Name() {
		return Refunded{}, errProviderChanged
	}
	by := ""
	if src, ok := audit.SourceFrom(ctx); ok {
		by = src.ActorID
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		claimed, err := s.deps.Coupons.ClaimRefund(ctx, c.ID)
		if err != nil {
			return err
		}
		if !claimed {
			return s.notClaimed(ctx, c.ID)
		}
		if reason == "" {
			// Read under the claim: no redemption can come between.
			if cur, err := s.deps.Coupons.Get(ctx, c.ID); err != nil {
				return err
			} else if cur.EverRedeemed {
				return errReasonRequired
			}
		}
		if ok, err := s.store.claimRefund(ctx, p.ID, refundAdmin, by, reason, s.now()); err != nil {
			return err
		} else if !ok {
			return errRefundUnderWay // the payment is refunded already (its coupon was not)
		}
		return nil
	})
	if errors.Is(err, errReplay) {
		return s.refunded(ctx, c.ID, p.AmountCents)
	}
	if err != nil {
		return Refunded{}, err
	}
	if p, err = s.store.get(ctx, p.ID); err != nil {
		return Refunded{}, err
	}
	callCtx, cancel := context.WithTimeout(ctx, refundCall)
	err = s.provider.Refund(callCtx, p.ProviderPaymentID, refundKey(p))
	cancel()
	if err != nil {
		slog.ErrorContext(ctx, "refund failed at the provider", "payment_id", p.ID, "coupon_id", c.ID, "err", err)
		if uerr := s.withdrawRefund(context.WithoutCancel(ctx), p, c.ID, err); uerr != nil {
			return Refunded{}, uerr
		}
		return Refunded{}, refundFailed(err)
	}
	if err := s.finishRefund(context.WithoutCancel(ctx), p, ""); err != nil {
		return Refunded{}, err
	}
	return s.refunded(ctx, c.ID, p.AmountCents)
}

// errReplay: the coupon was refunded already; the answer is the coupon.
var errReplay = errors.New("refund replayed")

// notClaimed says why coupon id could not be claimed for a refund.
func (s *Service) notClaimed(ctx context.Context, id string) error {
	c, err := s.deps.Coupons.Get(ctx, id)
	if err != nil {
		return err
	}
	switch c.Status {
	case coupon.StatusRefunded:
		return errReplay
	case coupon.StatusRefunding:
		return errRefundUnderWay
	case coupon.StatusUsed:
		return errCouponRedeemed
	case coupon.StatusDisputed:
		return errCouponDisputed
	}
	return errCouponExpired // active past its expiry, or expired
}

func (s *Service) refunded(ctx context.Context, couponID string, amount int64) (Refunded, error) {
	c, err := s.deps.Coupons.Get(ctx, couponID)
	return Refunded{Coupon: c, AmountCents: amount}, err
}

// finishRefund records a refund the provider made: the payment's refunded_at,
// and for a coupon's refund (an admin's, or one made at the provider) the
// coupon refunded, the seat given back, the buyer's e-mail and the audit
// entry (with the admin's reason), in one transaction under the webinar's
// seat lock. Done once: a second caller (the webhook, the reconciler)
// finds it confirmed and changes nothing. note is added to the audit
// summary.
func (s *Service) finishRefund(ctx context.Context, p Payment, note string) error {
	if p.RefundReason == refundNoSeat {
		ok, err := s.store.confirmRefund(ctx, p.ID, s.now())
		if ok {
			slog.WarnContext(ctx, "payment refunded: no seat left", "payment_id", p.ID, "webinar_id", p.WebinarID)
		}
		return err
	}
	to := ""
	switch account, err := s.deps.Accounts.Account(ctx, p.UserID); {
	case err == nil:
		to = account.Email
	case !errors.Is(err, db.ErrNotFound):
		return err
	}
	winner, err := s.deps.Winners.IsWinner(ctx, p.WebinarID, p.UserID)
	if err != nil {
		return err
	}
	if _, ok := audit.SourceFrom(ctx); !ok && p.RefundReason == refundAdmin {
		// Finished after the request that asked was cut off: the entry is
		// still the asking admin's.
		ctx = audit.WithSource(ctx, audit.Source{ActorID: p.RefundRequestedBy, ActorRole: "admin"})
	}
	return s.deps.Seats.Run(ctx, p.WebinarID, func(ctx context.Context, tx *seat.Tx) error {
		now := s.now()
		if ok, err := s.store.confirmRefund(ctx, p.ID, now); err != nil || !ok {
			return err
		}
		c, err := s.deps.Coupons.ForPayment(ctx, p.ID)
		if err != nil {
			return err
		}
		if _, err := s.deps.Coupons.SettleRefund(ctx, c.ID, true); err != nil {
			return err
		}
		if err := tx.GiveBack(ctx, p.RegistrationID); err != nil {
			return err
		}
		if to != "" {
			m, err := s.deps.RefundMail(ctx, c, p.AmountCents, to)
			if err != nil {
				return err
			}
			if err := s.deps.Mailer.Enqueue(ctx, m); err != nil {
				return err
			}
		}
		var sum audit.Changes
		sum.Note(fmt.Sprintf("%s %s credit voided: active → refunded", audit.CodeHint(c.Code), money.Format(c.ValueCents)))
		if p.RefundReason == refundProvider {
			sum.Note(fmt.Sprintf("%s refunded at the %s provider, outside watchwin", money.Format(p.AmountCents), p.Provider))
		} else {
			sum.Note(fmt.Sprintf("%s refunded through the %s provider", money.Format(p.AmountCents), p.Provider))
		}
		if p.RefundNote != "" {
			sum.Note("reason: " + p.RefundNote)
		}
		sum.Note("seat given back")
		if winner {
			sum.Note("the buyer was drawn as this webinar's giveaway winner: the draw stands; pick a new winner if the rules require it")
		}
		if note != "" {
			sum.Note(note)
		}
		slog.InfoContext(ctx, "coupon refunded", "payment_id", p.ID, "coupon_id", c.ID, "webinar_id", p.WebinarID)
		return audit.Write(ctx, s.db, now, audit.Entry{Action: audit.CouponRefund, TargetType: audit.TargetCoupon,
			TargetID: c.ID, Summary: sum.String()})
	})
}

// withdrawRefund undoes an admin's claim the provider refused: the payment
// succeeded again, the coupon active again, and an audit entry saying why.
func (s *Service) withdrawRefund(ctx context.Context, p Payment, couponID string, cause error) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		if ok, err := s.store.undoAdminRefund(ctx, p.ID, now); err != nil || !ok {
			return err
		}
		if _, err := s.deps.Coupons.SettleRefund(ctx, couponID, false); err != nil {
			return err
		}
		reason := "the provider could not be reached or refused"
		var se *StripeError
		if errors.As(cause, &se) {
			reason = "the provider answered " + se.Type + " " + se.Code
		}
		return audit.Write(ctx, s.db, now, audit.Entry{Action: audit.CouponRefundFailed, TargetType: audit.TargetCoupon,
			TargetID: couponID, Summary: "refund of " + money.Format(p.AmountCents) + " not made (" + reason + "): refunding → active"})
	})
}

// refundNoSeat gives back a payment whose refund Fulfil claimed for want of
// a seat. The buyer is told it is refunded whatever the provider answers
// now: the claim is made, and a refund the provider did not confirm is
// asked again by the reconciler with the same key.
func (s *Service) refundNoSeat(ctx context.Context, p Payment) error {
	callCtx, cancel := context.WithTimeout(ctx, refundCall)
	err := s.provider.Refund(callCtx, p.ProviderPaymentID, refundKey(p))
	cancel()
	if err != nil {
		slog.ErrorContext(ctx, "refund failed at the provider; the reconciler will ask again", "payment_id", p.ID, "err", err)
		return errRefunded
	}
	p.RefundReason = refundNoSeat
	if err := s.finishRefund(context.WithoutCancel(ctx), p, ""); err != nil {
		return err
	}
	return errRefunded
}

// finishStaleRefunds asks the provider again about claimed refunds it never
// confirmed whose request was cut off (older than refundLease), each
// re-claimed first so that two reconcilers never ask about one at once. A
// yes finishes it; a no withdraws an admin's claim (the coupon is active
// again) and leaves a no-seat refund for the next pass. It returns how
// many finished and how many failed.
func (s *Service) finishStaleRefunds(ctx context.Context) (finished, failed int) {
	stale := s.now().Add(-refundLease)
	list, err := s.store.staleRefunds(ctx, s.provider.Name(), stale, reconcileBatch)
	if err != nil {
		slog.ErrorContext(ctx, "reconcile: list stale refunds", "err", err)
		return 0, 1
	}
	for _, p := range list {
		if ctx.Err() != nil {
			return finished, failed
		}
		if ok, err := s.store.reclaimRefund(ctx, p.ID, stale, s.now()); err != nil || !ok {
			if err != nil {
				failed++
				slog.ErrorContext(ctx, "reconcile: reclaim refund", "payment_id", p.ID, "err", err)
			}
			continue
		}
		callCtx, cancel := context.WithTimeout(ctx, refundCall)
		err := s.provider.Refund(callCtx, p.ProviderPaymentID, refundKey(p))
		cancel()
		if err != nil {
			failed++
			slog.ErrorContext(ctx, "reconcile: refund failed at the provider", "payment_id", p.ID, "err", err)
			if p.RefundReason == refundAdmin {
				c, cerr := s.deps.Coupons.ForPayment(ctx, p.ID)
				if cerr == nil {
					cerr = s.withdrawRefund(ctx, p, c.ID, err)
				}
				if cerr != nil {
					slog.ErrorContext(ctx, "reconcile: withdraw refund", "payment_id", p.ID, "err", cerr)
				}
			}
			continue
		}
		if err := s.finishRefund(ctx, p, "finished by the reconciler after an interruption"); err != nil {
			failed++
			slog.ErrorContext(ctx, "reconcile: finish refund", "payment_id", p.ID, "err", err)
			continue
		}
		finished++
	}
	return finished, failed
}

// refundConfirmed acts on the provider's word that a payment's charge was
// refunded (Stripe's charge.refunded webhook): a claimed refund is
// finished, as its own request would have; a refund made outside watchwin
// (the Stripe Dashboard) voids the coupon (refundedElsewhere).
func (s *Service) refundConfirmed(ctx context.Context, p Payment) error {
	switch {
	case p.Status == PaymentRefunded && p.RefundedAt == nil:
		return s.finishRefund(ctx, p, "confirmed by the provider's webhook")
	case p.Status == PaymentSucceeded:
		return s.refundedElsewhere(ctx, p)
	}
	return nil
}

// errRaced rolls back a claim whose payment changed meanwhile.
var errRaced = errors.New("payment changed while claimed")

// refundedElsewhere voids the coupon of payment p, whose money the provider
// gave back outside watchwin (docs/api.md#refunds): the coupon and the
// payment are claimed as an admin's refund claims them (refund_reason
// provider, no admin) and finished the same way (finishRefund: the coupon
// refunded, the seat given back through the seat owner, the buyer's e-mail,
// the audit entry). A coupon already redeemed, expired or disputed stays so
// (logged).
func (s *Service) refundedElsewhere(ctx context.Context, p Payment) error {
	c, err := s.deps.Coupons.ForPayment(ctx, p.ID)
	if err != nil {
		return err
	}
	claimed := false
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if ok, err := s.deps.Coupons.ClaimRefund(ctx, c.ID); err != nil || !ok {
			return err
		}
		ok, err := s.store.claimRefund(ctx, p.ID, refundProvider, "", "", s.now())
		if err == nil && !ok {
			err = errRaced
		}
		claimed = ok
		return err
	})
	switch {
	case errors.Is(err, errRaced):
		return nil // another delivery or an admin's refund claimed it: theirs finishes it
	case err != nil:
		return err
	case !claimed:
		slog.WarnContext(ctx, "payment refunded at the provider outside watchwin; its coupon is not voided", "payment_id", p.ID, "coupon_status", c.Status)
		return nil
	}
	if p, err = s.store.get(ctx, p.ID); err != nil {
		return err
	}
	return s.finishRefund(ctx, p, "")
}

// disputed marks the coupon of payment p disputed (Stripe's
// charge.dispute.created): the counter refuses it from now on. A coupon
// already redeemed or refunded stays so (logged); a payment without a
// coupon (refunded for want of a seat) has nothing to mark.
func (s *Service) disputed(ctx context.Context, p Payment) error {
	c, err := s.deps.Coupons.ForPayment(ctx, p.ID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	ok, err := s.deps.Coupons.Dispute(ctx, c.ID)
	if err == nil && !ok {
		slog.WarnContext(ctx, "payment disputed at the provider; its coupon is not marked disputed", "payment_id", p.ID, "coupon_status", c.Status)
	}
	return err
}
