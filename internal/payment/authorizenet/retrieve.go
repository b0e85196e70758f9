package authorizenet

import (
	"context"
	"fmt"
	"log/slog"

	"watchwin/internal/db"
	"watchwin/internal/payment"
)

// Retrieve implements payment.Provider: the intent as the gateway knows it
// (getTransactionDetailsRequest). A charge whose answer was lost is looked
// for by invoice number first. The amount is the gateway's, and the
// metadata counts only when the transaction carries this intent's invoice
// number, so fulfilment trusts the gateway's word alone.
func (g *Gateway) Retrieve(ctx context.Context, id string) (payment.Intent, error) {
	c, err := g.load(ctx, "intent_id", id)
	if err != nil {
		return payment.Intent{}, err
	}
	if c.transID == "" && c.chargeStartedAt != nil {
		t, err := g.findByInvoice(ctx, c.ref, c.chargeStartedAt)
		if err != nil {
			return payment.Intent{}, err
		}
		if t != "" {
			if err := g.setTrans(ctx, id, t); err != nil {
				return payment.Intent{}, err
			}
			c.transID = t
		} else if c.chargeStartedAt.Before(g.now().Add(-chargeLease)) {
			// Nothing reached the gateway: the intent is payable again.
			if err := g.release(ctx, id, ""); err != nil {
				// Harmless: a new charge takes over a lapsed claim anyway.
				slog.WarnContext(ctx, "authorizenet: lapsed charge claim not released", "intent_id", id, "err", err)
			}
			c.chargeStartedAt = nil
		}
	}
	switch {
	case c.transID != "":
	case c.canceled:
		return c.intent(payment.StatusCanceled), nil
	case c.chargeStartedAt != nil:
		return c.intent(payment.StatusProcessing), nil
	default:
		return c.intent(payment.StatusRequiresPaymentMethod), nil
	}
	t, err := g.details(ctx, c.transID)
	if err != nil {
		return payment.Intent{}, err
	}
	in := c.intent(status(t.TransactionStatus))
	if in.AmountCents, err = cents(t.AuthAmount); err != nil {
		return payment.Intent{}, fmt.Errorf("payment: authorizenet transaction %s: %w", c.transID, err)
	}
	if t.Order == nil || t.Order.InvoiceNumber != c.ref || t.TransactionType != txAuthCapture {
		in.Metadata = nil // not this payment's charge: fulfilment refuses it
	}
	if in.Status == payment.StatusRequiresPaymentMethod {
		// Declined after all: the intent takes another card.
		in.LastError = msgDeclined
		if _, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET trans_id = NULL, charge_started_at = NULL, last_error = $3
			WHERE intent_id = $1 AND trans_id = $2`, id, c.transID, msgDeclined); err != nil {
			return payment.Intent{}, db.MapError(err)
		}
	}
	return in, nil
}

// details is getTransactionDetailsRequest for transID.
func (g *Gateway) details(ctx context.Context, transID string) (TransactionDetails, error) {
	var out GetTransactionDetailsResponse
	err := g.api.call(ctx, "getTransactionDetailsRequest", GetTransactionDetails{MerchantAuthentication: g.api.auth, TransID: transID}, &out)
	if err == nil {
		err = apiError("getTransactionDetailsRequest", out.Messages)
	}
	if err == nil && out.Transaction == nil {
		err = fmt.Errorf("payment: authorizenet transaction %s: no details", transID)
	}
	if isNotFound(err) {
		return TransactionDetails{}, fmt.Errorf("%w: %w", payment.ErrIntentNotFound, err)
	}
	if err != nil {
		return TransactionDetails{}, err
	}
	return *out.Transaction, nil
}

// status maps a transaction's transactionStatus to the intent's status.
// A voided or refunded charge still succeeded once, as a refunded Stripe
// intent does: the refund is the payment's to record, not the intent's.
func status(s string) payment.IntentStatus {
	switch s {
	case "capturedPendingSettlement", "settledSuccessfully", "voided", "couldNotVoid",
		"refundSettledSuccessfully", "refundPendingSettlement":
		return payment.StatusSucceeded
	case "FDSPendingReview", "FDSAuthorizedPendingReview", "underReview", "approvedReview", "authorizedPendingCapture":
		return payment.StatusProcessing
	}
	return payment.StatusRequiresPaymentMethod // declined, expired, generalError, failedReview, …
}

// charged reports a transaction that took, or may still take, the money.
func charged(s string) bool { return status(s) != payment.StatusRequiresPaymentMethod }
