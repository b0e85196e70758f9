package authorizenet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"watchwin/internal/db"
	"watchwin/internal/payment"
)

// Refund implements payment.Provider: a charge not yet settled is voided
// (voidTransaction), a settled one refunded in full (refundTransaction, by
// transaction id, with the card's last four digits and "XXXX" as its
// expiry). Asking again is harmless: a voided charge, "already voided" and
// "credits would exceed the original debit" all count as done.
func (g *Gateway) Refund(ctx context.Context, id, idempotencyKey string) error {
	if idempotencyKey == "" {
		return errors.New("payment: authorizenet refund: idempotency key missing")
	}
	in, err := g.Retrieve(ctx, id)
	if err != nil {
		return err
	}
	c, err := g.load(ctx, "intent_id", id)
	if err != nil {
		return err
	}
	if c.transID == "" || in.Status != payment.StatusSucceeded {
		return fmt.Errorf("payment: authorizenet refund: intent %s has no charge to refund", id)
	}
	if c.refundTransID != "" {
		return nil
	}
	if _, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET refund_started_at = $2 WHERE intent_id = $1`, id, g.now()); err != nil {
		return db.MapError(err)
	}
	t, err := g.details(ctx, c.transID)
	if err != nil {
		return err
	}
	req := TransactionRequest{TransactionType: txVoid, RefTransID: c.transID}
	switch t.TransactionStatus {
	case "voided":
		return nil
	case "settledSuccessfully":
		last4 := ""
		if t.Payment != nil && t.Payment.CreditCard != nil {
			n := t.Payment.CreditCard.CardNumber
			last4 = n[max(0, len(n)-4):]
		}
		req = TransactionRequest{TransactionType: txRefund, Amount: amount(c.amountCents),
			Payment:    &Payment{CreditCard: &CreditCard{CardNumber: last4, ExpirationDate: "XXXX"}},
			RefTransID: c.transID, Order: &Order{InvoiceNumber: c.ref}}
	}
	var out CreateTransactionResponse
	if err := g.api.call(ctx, "createTransactionRequest", CreateTransaction{MerchantAuthentication: g.api.auth, RefID: c.ref, TransactionRequest: req}, &out); err != nil {
		return err
	}
	tr := out.TransactionResponse
	switch {
	case tr == nil:
		return apiError("createTransactionRequest", out.Messages)
	case tr.ResponseCode == responseApproved:
		_, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET refund_trans_id = $2 WHERE intent_id = $1`, id, tr.TransID)
		return db.MapError(err)
	case hasError(tr, errAlreadyVoided), hasError(tr, errCreditExceeds):
		return nil // the money is back already
	}
	msg := ""
	if len(tr.Errors) > 0 {
		msg = tr.Errors[0].ErrorCode + " " + tr.Errors[0].ErrorText
	}
	slog.WarnContext(ctx, "authorizenet refused a refund", "intent_id", id, "type", req.TransactionType, "answer", msg)
	return fmt.Errorf("payment: authorizenet %s refused: %s", req.TransactionType, msg)
}
