package payment

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"watchwin/internal/apperr"
)

// DefaultReconcileGrace is how old an open payment must be before the
// reconciler asks the provider about it: the buyer's browser normally
// confirms within seconds, and its own confirm should win.
const DefaultReconcileGrace = 30 * time.Second

// reconcileBatch bounds the payments one Reconcile looks at.
const reconcileBatch = 100

// Reconcile fulfils payments that succeeded at the provider but were never
// confirmed here: the browser closed, the webhook was lost, or the server
// was killed between the card payment and the fulfilment. It looks at up to
// reconcileBatch open payments whose intent exists and that are older than
// the grace period, the least recently looked at first, asks the provider
// about each and fulfils those that succeeded through Fulfil, so the coupon
// is issued exactly once whoever gets there first (a payment with no seat
// left is refunded, as Fulfil does). A payment still unpaid stays open.
// Refunds claimed but never confirmed by the provider (their request was
// cut off) are asked about again (finishStaleRefunds). An error on one
// payment is logged and does not stop the others. Every instance may run
// it.
func (s *Service) Reconcile(ctx context.Context) (fulfilled int, err error) {
	grace := s.deps.ReconcileGrace
	if grace == 0 {
		grace = DefaultReconcileGrace
	}
	open, err := s.store.unsettled(ctx, s.provider.Name(), s.now().Add(-grace), reconcileBatch)
	if err != nil {
		return 0, err
	}
	failed := 0
	for _, p := range open {
		if ctx.Err() != nil {
			return fulfilled, ctx.Err()
		}
		// Fulfil asks the provider itself and proceeds only on success.
		c, err := s.Fulfil(ctx, p)
		if e, ok := apperr.As(err); ok {
			// Still unpaid (the intent stays open), or a final outcome
			// (refunded for want of a seat, mismatch): look again later.
			if e.Code != "payment_not_successful" {
				slog.WarnContext(ctx, "reconcile: payment not fulfilled", "payment_id", p.ID, "code", e.Code)
			}
			if err := s.store.touch(ctx, p.ID, s.now()); err != nil {
				slog.ErrorContext(ctx, "reconcile: touch payment", "payment_id", p.ID, "err", err)
			}
			continue
		}
		if err != nil {
			failed++
			slog.ErrorContext(ctx, "reconcile: fulfil payment", "payment_id", p.ID, "err", err)
			continue
		}
		fulfilled++
		slog.InfoContext(ctx, "reconcile: payment fulfilled", "payment_id", p.ID, "coupon_id", c.ID)
	}
	failed += s.settleCanceled(ctx)
	refunds, refundsFailed := s.finishStaleRefunds(ctx)
	fulfilled += refunds
	failed += refundsFailed
	if failed > 0 {
		return fulfilled, errors.New("reconcile: some payments failed (see the log)")
	}
	return fulfilled, nil
}

// settleCanceled asks the provider about canceled payments whose intent may
// still have been paid (intent_unsettled: earlier versions canceled open
// payments whose intents stayed payable). A paid intent is fulfilled, or
// refunded when no seat is left, through Fulfil; an unpaid one is canceled
// at the provider, so no old tab can pay it. It returns how many failed.
func (s *Service) settleCanceled(ctx context.Context) (failed int) {
	canceled, err := s.store.unsettledCanceled(ctx, s.provider.Name(), reconcileBatch)
	if err != nil {
		slog.ErrorContext(ctx, "reconcile: list canceled payments", "err", err)
		return 1
	}
	for _, p := range canceled {
		if ctx.Err() != nil {
			return failed
		}
		if err := s.settle(ctx, p); err != nil {
			failed++
			slog.ErrorContext(ctx, "reconcile: settle canceled payment", "payment_id", p.ID, "err", err)
			if err := s.store.touch(ctx, p.ID, s.now()); err != nil {
				slog.ErrorContext(ctx, "reconcile: touch payment", "payment_id", p.ID, "err", err)
			}
		}
	}
	return failed
}

// settle closes the question of one canceled payment's intent.
func (s *Service) settle(ctx context.Context, p Payment) error {
	in, err := s.provider.Retrieve(ctx, p.ProviderPaymentID)
	if errors.Is(err, ErrIntentNotFound) {
		return s.store.settle(ctx, p.ID, s.now()) // nothing there to pay
	}
	if err != nil {
		return err
	}
	if in.Status == StatusSucceeded {
		c, err := s.Fulfil(ctx, p)
		if e, ok := apperr.As(err); ok {
			// Refunded (final), or a mismatch to look at again later.
			if e.Code != "payment_refunded" {
				slog.WarnContext(ctx, "reconcile: canceled payment not fulfilled", "payment_id", p.ID, "code", e.Code)
			}
			return s.store.touch(ctx, p.ID, s.now())
		}
		if err == nil {
			slog.InfoContext(ctx, "reconcile: canceled payment fulfilled", "payment_id", p.ID, "coupon_id", c.ID)
		}
		return err
	}
	if err := s.provider.Cancel(ctx, p.ProviderPaymentID); err != nil {
		return err // paid a moment ago: the next pass fulfils it
	}
	return s.store.settle(ctx, p.ID, s.now())
}
