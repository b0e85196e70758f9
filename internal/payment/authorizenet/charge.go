package authorizenet

import (
	"context"
	"errors"
	"fmt"

	"watchwin/internal/payment"
)

// The buyer's messages for a card that charged nothing: one the gateway
// declined, and one refused before any transaction (an expired token, bad keys).
const (
	msgDeclined   = "Your card was declined."
	msgNotCharged = "Your card could not be charged. Please enter it again."
)

// Charge implements payment.Charger: createTransactionRequest
// (authCaptureTransaction with the token as opaqueData), refId and
// invoiceNumber the payment's reference. An intent charged already is
// answered from the gateway and never charged again; one claim per intent
// is in flight at a time. A claim older than chargeLease (its answer lost)
// is looked for at the gateway by invoice number before a new charge.
func (g *Gateway) Charge(ctx context.Context, id string, token payment.CardToken) (payment.Intent, error) {
	c, err := g.load(ctx, "intent_id", id)
	if err != nil {
		return payment.Intent{}, err
	}
	if c.transID != "" || c.canceled {
		return g.Retrieve(ctx, id)
	}
	if claimed, err := g.claim(ctx, id); err != nil {
		return payment.Intent{}, err
	} else if !claimed {
		return g.Retrieve(ctx, id) // another charge is in flight, or done
	}
	if c.chargeStartedAt != nil {
		// An earlier charge's answer was lost: it may have charged.
		if t, err := g.findByInvoice(ctx, c.ref, c.chargeStartedAt); err != nil {
			return payment.Intent{}, err
		} else if t != "" {
			return g.recordCharge(ctx, id, t)
		}
	}
	var out CreateTransactionResponse
	err = g.api.call(ctx, "createTransactionRequest", CreateTransaction{
		MerchantAuthentication: g.api.auth,
		RefID:                  c.ref,
		TransactionRequest: TransactionRequest{
			TransactionType: txAuthCapture,
			Amount:          amount(c.amountCents),
			Payment:         &Payment{OpaqueData: &OpaqueData{DataDescriptor: token.Descriptor, DataValue: token.Value}},
			Order:           &Order{InvoiceNumber: c.ref, Description: "Webinar coupon"},
		},
	}, &out)
	if err != nil {
		return payment.Intent{}, err // the claim stands: Retrieve looks for the charge
	}
	tr := out.TransactionResponse
	if tr == nil {
		refused := apiError("createTransactionRequest", out.Messages)
		if err := g.release(ctx, id, msgNotCharged); err != nil {
			// The claim stands until chargeLease; the caller logs both.
			return payment.Intent{}, errors.Join(refused, fmt.Errorf("payment: authorizenet release %s: %w", id, err))
		}
		return payment.Intent{}, refused
	}
	switch tr.ResponseCode {
	case responseApproved, responseHeld:
		return g.recordCharge(ctx, id, tr.TransID)
	}
	if hasError(tr, errDuplicate) {
		// The gateway saw this invoice, card and amount a moment ago.
		t := tr.TransID
		if t == "" || t == "0" {
			if t, err = g.findByInvoice(ctx, c.ref, nil); err != nil { // a moment ago: unsettled
				return payment.Intent{}, err
			}
		}
		if t != "" {
			return g.recordCharge(ctx, id, t)
		}
	}
	msg := msgDeclined
	if len(tr.Errors) > 0 && tr.ResponseCode == responseDeclined {
		msg = tr.Errors[0].ErrorText
	}
	if err := g.release(ctx, id, msg); err != nil {
		return payment.Intent{}, err
	}
	c.lastError = msg
	return c.intent(payment.StatusRequiresPaymentMethod), nil
}

// recordCharge records transID as the intent's charge and answers the
// intent as the gateway now reports it.
func (g *Gateway) recordCharge(ctx context.Context, id, transID string) (payment.Intent, error) {
	if err := g.setTrans(ctx, id, transID); err != nil {
		return payment.Intent{}, err
	}
	return g.Retrieve(ctx, id)
}

func hasError(tr *TransactionResponse, code string) bool {
	for _, e := range tr.Errors {
		if e.ErrorCode == code {
			return true
		}
	}
	return false
}
