package authorizenet

import (
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"watchwin/internal/payment"
)

// Webhook event types watchwin acts on. Enable these in the merchant
// interface (Account → Webhooks), docs/operations.md#authorizenet.
const (
	EventAuthCapture = "net.authorize.payment.authcapture.created"
	EventRefund      = "net.authorize.payment.refund.created"
	EventVoid        = "net.authorize.payment.void.created"
	EventFraudHeld   = "net.authorize.payment.fraud.held"
	EventFraudOK     = "net.authorize.payment.fraud.approved"
)

// Notification is a webhook delivery's body
// (https://developer.authorize.net/api/reference/features/webhooks.html).
type Notification struct {
	NotificationID string `json:"notificationId"`
	EventType      string `json:"eventType"`
	EventDate      string `json:"eventDate"`
	WebhookID      string `json:"webhookId"`
	Payload        struct {
		ResponseCode  int     `json:"responseCode"`
		AuthAmount    float64 `json:"authAmount"`
		InvoiceNumber string  `json:"invoiceNumber"`
		EntityName    string  `json:"entityName"`
		ID            string  `json:"id"` // the transaction id
	} `json:"payload"`
}

// Sign is the X-ANET-Signature header of payload for key: "sha512=" and the
// upper-case hex HMAC-SHA512 of the raw body, keyed with the signature key.
func Sign(payload []byte, key string) string {
	m := hmac.New(sha512.New, []byte(key))
	m.Write(payload)
	return "sha512=" + strings.ToUpper(hex.EncodeToString(m.Sum(nil)))
}

// lookupCall bounds the gateway calls a webhook may need to find its payment.
const lookupCall = 20 * time.Second

// ParseEvent verifies and reads one webhook delivery: signature is the
// X-ANET-Signature header, checked on the raw payload with the signature
// key (constant time). The event's id is its notificationId, which the
// payment service handles once. The event names the payment's intent
// through its transaction: authcapture.created and fraud.approved fulfil
// (payment.EventPaymentSucceeded); refund.created and void.created confirm a
// refund (payment.EventChargeRefunded); fraud.held waits (the payment
// stays open until the review ends). Unknown transactions and other types
// are acknowledged and ignored (empty IntentID). ctx is the delivery's
// request; the lookup is bounded by lookupCall.
func (g *Gateway) ParseEvent(ctx context.Context, payload []byte, signature string) (payment.WebhookEvent, error) {
	if g.cfg.SignatureKey == "" {
		return payment.WebhookEvent{}, payment.ErrWebhookSecretMissing
	}
	want := Sign(payload, g.cfg.SignatureKey)
	if !hmac.Equal([]byte(strings.ToUpper(strings.TrimSpace(signature))), []byte(strings.ToUpper(want))) {
		return payment.WebhookEvent{}, fmt.Errorf("%w: X-ANET-Signature does not match", payment.ErrWebhookInvalid)
	}
	var n Notification
	if err := json.Unmarshal(payload, &n); err != nil || n.NotificationID == "" || n.EventType == "" {
		return payment.WebhookEvent{}, fmt.Errorf("%w: not a notification", payment.ErrWebhookInvalid)
	}
	ev := payment.WebhookEvent{ID: n.NotificationID, Type: n.EventType}
	switch n.EventType {
	case EventAuthCapture, EventFraudOK:
		ev.Type = payment.EventPaymentSucceeded
	case EventRefund, EventVoid:
		ev.Type = payment.EventChargeRefunded
	default:
		return ev, nil // fraud.held and the rest: nothing to do yet
	}
	if n.Payload.ID == "" {
		return ev, nil
	}
	ctx, cancel := context.WithTimeout(ctx, lookupCall)
	defer cancel()
	id, err := g.intentOf(ctx, n.Payload.ID)
	if err != nil {
		return payment.WebhookEvent{}, err
	}
	ev.IntentID = id
	return ev, nil
}

// intentOf finds the intent a transaction belongs to: the charge itself,
// its refund, or (a transaction watchwin has not seen, such as a refund
// made in the merchant interface or a charge whose answer was lost) the
// gateway's details of it: its original's id, or its invoice number.
func (g *Gateway) intentOf(ctx context.Context, transID string) (string, error) {
	for _, col := range []string{"trans_id", "refund_trans_id"} {
		c, err := g.load(ctx, col, transID)
		if err == nil {
			return c.intentID, nil
		}
		if !errors.Is(err, payment.ErrIntentNotFound) {
			return "", err
		}
	}
	t, err := g.details(ctx, transID)
	if errors.Is(err, payment.ErrIntentNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if t.RefTransID != "" {
		c, err := g.load(ctx, "trans_id", t.RefTransID)
		if err == nil {
			return c.intentID, nil
		}
		if !errors.Is(err, payment.ErrIntentNotFound) {
			return "", err
		}
	}
	if t.Order == nil || t.Order.InvoiceNumber == "" {
		return "", nil
	}
	c, err := g.load(ctx, "ref", t.Order.InvoiceNumber)
	if errors.Is(err, payment.ErrIntentNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if t.TransactionType == txAuthCapture && charged(t.TransactionStatus) {
		if err := g.setTrans(ctx, c.intentID, transID); err != nil {
			return "", err
		}
	}
	return c.intentID, nil
}
