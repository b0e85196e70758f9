package payment

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"time"
	"watchwin/internal/money"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/httpx"
	"watchwin/internal/throttle"
)

// Handler serves the payment endpoints of docs/api.md.
type Handler struct {
	svc *Service
	// parseWebhook is nil when the provider sends no webhooks (the test provider).
	parseWebhook WebhookParser
}

// WebhookParser verifies and reads a provider's webhook request body; ctx
// is the delivery's request, for the lookups the parser makes.
type WebhookParser func(ctx context.Context, payload []byte, signature string) (WebhookEvent, error)

// NewHandler returns the payment handler; parseWebhook may be nil.
func NewHandler(svc *Service, parseWebhook WebhookParser) *Handler {
	return &Handler{svc: svc, parseWebhook: parseWebhook}
}

// TakesTestCards reports whether the built-in test provider's card form is
// served (no Stripe keys).
func (h *Handler) TakesTestCards() bool {
	_, ok := h.svc.provider.(*TestProvider)
	return ok
}

// TakesWebhooks reports whether the provider sends webhooks (Stripe,
// Authorize.Net).
func (h *Handler) TakesWebhooks() bool { return h.parseWebhook != nil }

// maxWebhookBody caps a webhook request (Stripe's events are a few KB).
const maxWebhookBody = 256 << 10

func (h *Handler) Start(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, err := h.svc.Start(r.Context(), user, r.PathValue("id"), clientKey(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, st)
	return nil
}

// clientKey is the hashed address the seat-hold limits count by (never the
// address itself in the database). The machine's own address is not
// limited: it is the operator, or a proxy missing from
// WATCHWIN_TRUSTED_PROXIES, behind which every visitor would be one client.
func clientKey(r *http.Request) string {
	ip := httpx.ClientIP(r)
	if a, err := netip.ParseAddr(ip); err == nil && a.Unmap().IsLoopback() {
		return ""
	}
	return throttle.Key("payment-client", throttle.ClientKey(ip))
}

// confirmed is POST /api/payments/confirm's answer (code, expiresAt;
// docs/api.md) with the whole coupon beside it.
type confirmed struct {
	Code      string      `json:"code"`
	ExpiresAt time.Time   `json:"expiresAt"`
	Coupon    coupon.View `json:"coupon"`
}

func (h *Handler) Confirm(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	var in struct {
		PaymentIntentID string `json:"paymentIntentId"`
		// OpaqueData is Accept.js's card token (Authorize.Net); absent
		// for Stripe and the test provider, whose browser paid already.
		OpaqueData *struct {
			DataDescriptor string `json:"dataDescriptor"`
			DataValue      string `json:"dataValue"`
		} `json:"opaqueData"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.PaymentIntentID == "" {
		return apperr.Invalid("paymentIntentId", "Payment intent ID is required")
	}
	var token CardToken
	if in.OpaqueData != nil {
		token = CardToken{Descriptor: in.OpaqueData.DataDescriptor, Value: in.OpaqueData.DataValue}
	}
	c, err := h.svc.ConfirmToken(r.Context(), user, in.PaymentIntentID, token)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, confirmed{Code: c.Code, ExpiresAt: c.ExpiresAt, Coupon: c.View(h.svc.now())})
	return nil
}

func (h *Handler) Claim(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	reg, err := h.svc.Claim(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"registration": reg})
	return nil
}

// confirmTestCard is the test provider's stand-in for Stripe.js confirming
// a card: the client secret authorises it, as it does at Stripe. A decline
// is 402 card_declined with the card's message.
func (h *Handler) ConfirmTestCard(w http.ResponseWriter, r *http.Request, _ auth.Profile) error {
	var card Card
	if err := httpx.DecodeJSON(w, r, &card); err != nil {
		return err
	}
	in, err := h.svc.provider.(*TestProvider).Confirm(r.Context(), r.PathValue("id"), card)
	if err != nil {
		return err
	}
	if in.Status != StatusSucceeded {
		return &apperr.Error{Kind: apperr.KindPaymentRequired, Code: "card_declined", Message: in.LastError, Field: "card_number"}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"id": in.ID, "status": string(in.Status)})
	return nil
}

// webhook takes a provider's event: the signature is checked on the raw
// body, the event handled once, and the answer given as soon as it is done.
func (h *Handler) Webhook(w http.ResponseWriter, r *http.Request) error {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		return apperr.TooLarge("Webhook body too large.")
	}
	sig := r.Header.Get("Stripe-Signature")
	if sig == "" {
		sig = r.Header.Get("X-ANET-Signature") // Authorize.Net's
	}
	ev, err := h.parseWebhook(r.Context(), payload, sig)
	if err != nil {
		slog.WarnContext(r.Context(), "webhook refused", "err", err)
		return apperr.BadRequest("Webhook signature could not be verified.")
	}
	if err := h.svc.HandleEvent(r.Context(), ev); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}

// Refund is POST /api/admin/coupons/{id}/refund (docs/api.md#refunds),
// with an optional body {"reason": "…"}: the coupon as it is after the
// refund, and the amount given back.
func (h *Handler) Refund(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Reason string `json:"reason"`
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	out, err := h.svc.Refund(r.Context(), r.PathValue("id"), in.Reason)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": out.Coupon.View(h.svc.now()),
		"refunded": money.Dollars(out.AmountCents), "refunded_cents": out.AmountCents})
	return nil
}
