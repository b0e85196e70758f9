package authorizenet

import (
	"context"
	"encoding/json"
	"errors"

	"watchwin/internal/db"
	"watchwin/internal/payment"
)

// Create implements payment.Provider: it reserves the payment's intent and
// reference, with no call to the gateway (the card is charged by Charge).
// The same idempotency key returns the same intent.
func (g *Gateway) Create(ctx context.Context, p payment.CreateParams) (payment.Intent, error) {
	if p.AmountCents <= 0 || p.IdempotencyKey == "" {
		return payment.Intent{}, errors.New("payment: authorizenet create: amount and idempotency key required")
	}
	ref := Ref(p.Metadata[payment.MetaPaymentID], p.IdempotencyKey)
	meta, err := json.Marshal(p.Metadata)
	if err != nil {
		return payment.Intent{}, err
	}
	_, err = g.db.Q(ctx).ExecContext(ctx, `INSERT INTO gateway_charges (intent_id, provider, ref, amount_cents, currency, metadata, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (intent_id) DO NOTHING`,
		"anet_"+ref, Name, ref, p.AmountCents, p.Currency, string(meta), g.now())
	if err != nil {
		return payment.Intent{}, db.MapError(err)
	}
	c, err := g.load(ctx, "intent_id", "anet_"+ref)
	if err != nil {
		return payment.Intent{}, err
	}
	return c.intent(payment.StatusRequiresPaymentMethod), nil
}
