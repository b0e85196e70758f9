package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/stripe/stripe-go/v85"
)

// Stripe is the Provider backed by Stripe's PaymentIntents API (stripe-go,
// API version stripe.APIVersion). It is safe for concurrent use.
//
// Nothing it returns or logs carries the secret key or a client secret:
// errors are rebuilt from Stripe's type, code and message (the raw error
// body can hold the whole PaymentIntent), and stripe-go's own logger is off.
type Stripe struct {
	key string
	sc  *stripe.Client
}

// StripeOption changes how NewStripe builds its client.
type StripeOption func(*stripeConfig)

type stripeConfig struct {
	url        string
	httpClient *http.Client
	retries    *int64
}

// WithStripeAPIURL sends API calls to url instead of https://api.stripe.com;
// tests point it at stripe-mock.
func WithStripeAPIURL(url string) StripeOption {
	return func(c *stripeConfig) { c.url = url }
}

// WithStripeHTTPClient makes API calls through hc (timeouts, proxies).
// The default is stripe-go's client, with an 80 s timeout.
func WithStripeHTTPClient(hc *http.Client) StripeOption {
	return func(c *stripeConfig) { c.httpClient = hc }
}

// WithStripeRetries sets how many times a call that failed on the network
// or with a 409/5xx is retried (stripe-go's default is 2). Retries are safe:
// every create and refund carries its idempotency key.
func WithStripeRetries(n int64) StripeOption {
	return func(c *stripeConfig) { c.retries = &n }
}

// NewStripe returns the Stripe provider for secretKey (sk_live_…, sk_test_…
// or a restricted rk_… key with write access to PaymentIntents and Refunds).
func NewStripe(secretKey string, opts ...StripeOption) *Stripe {
	var cfg stripeConfig
	for _, o := range opts {
		o(&cfg)
	}
	bc := &stripe.BackendConfig{
		HTTPClient:        cfg.httpClient,
		MaxNetworkRetries: cfg.retries,
		// stripe-go logs failed requests with Stripe's whole error body,
		// which may embed a PaymentIntent and its client secret. Callers
		// log the sanitised error this adapter returns instead.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.url != "" {
		bc.URL = stripe.String(cfg.url)
	}
	sc := stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc)))
	return &Stripe{key: secretKey, sc: sc}
}

// Name is stored with each payment made through Stripe.
func (s *Stripe) Name() string { return "stripe" }

// Create makes a card-only PaymentIntent for p.AmountCents in p.Currency,
// carrying p.Metadata. Stripe answers a repeated p.IdempotencyKey (within
// 24 hours) with the intent it made the first time, so a retried start never
// creates a second intent; reusing a key with different parameters is an
// error at Stripe. The key is required.
func (s *Stripe) Create(ctx context.Context, p CreateParams) (Intent, error) {
	switch {
	case p.AmountCents <= 0:
		return Intent{}, fmt.Errorf("payment: stripe create: amount %d cents is not positive", p.AmountCents)
	case p.Currency == "":
		return Intent{}, errors.New("payment: stripe create: currency missing")
	case p.IdempotencyKey == "":
		return Intent{}, errors.New("payment: stripe create: idempotency key missing")
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(p.AmountCents),
		Currency: stripe.String(strings.ToLower(p.Currency)),
		// Card only: the SPA shows a card element, and a card result is
		// known at once (no days-long bank debits holding a seat).
		PaymentMethodTypes: []*string{stripe.String("card")},
	}
	for k, v := range p.Metadata {
		params.AddMetadata(k, v)
	}
	params.SetIdempotencyKey(p.IdempotencyKey)
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, s.wrap("create intent", err)
	}
	return intentFromStripe(pi), nil
}

// Retrieve reads the intent id back from Stripe: its status, amount,
// currency, metadata, client secret and last decline message. An id Stripe
// does not know gives ErrIntentNotFound.
func (s *Stripe) Retrieve(ctx context.Context, id string) (Intent, error) {
	if id == "" {
		// An empty id would address the list endpoint, not an intent.
		return Intent{}, fmt.Errorf("payment: stripe retrieve: empty id: %w", ErrIntentNotFound)
	}
	pi, err := s.sc.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return Intent{}, s.wrapLookup("retrieve intent "+id, err)
	}
	return intentFromStripe(pi), nil
}

// Refund gives back the whole amount of the succeeded intent id. Stripe
// answers a repeated idempotencyKey with the first refund, and an intent
// already refunded in full counts as done, so calling it again is harmless.
// An unknown id gives ErrIntentNotFound.
func (s *Stripe) Refund(ctx context.Context, id, idempotencyKey string) error {
	if id == "" {
		return fmt.Errorf("payment: stripe refund: empty id: %w", ErrIntentNotFound)
	}
	if idempotencyKey == "" {
		return errors.New("payment: stripe refund: idempotency key missing")
	}
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(id)}
	params.SetIdempotencyKey(idempotencyKey)
	if _, err := s.sc.V1Refunds.Create(ctx, params); err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeChargeAlreadyRefunded {
			return nil // the money is back already: the goal of the call
		}
		return s.wrapLookup("refund intent "+id, err)
	}
	return nil
}

// Cancel cancels the intent id at Stripe. An intent Stripe already canceled
// counts as done; one that succeeded gives an error (the caller fulfils or
// refunds it instead).
func (s *Stripe) Cancel(ctx context.Context, id string) error {
	if id == "" {
		return fmt.Errorf("payment: stripe cancel: empty id: %w", ErrIntentNotFound)
	}
	if _, err := s.sc.V1PaymentIntents.Cancel(ctx, id, nil); err != nil {
		if in, rerr := s.Retrieve(ctx, id); rerr == nil && in.Status == StatusCanceled {
			return nil
		}
		return s.wrapLookup("cancel intent "+id, err)
	}
	return nil
}

// intentFromStripe keeps the fields fulfilment checks. Stripe's status names
// are the IntentStatus values; requires_capture never occurs because intents
// are created with automatic capture.
func intentFromStripe(pi *stripe.PaymentIntent) Intent {
	in := Intent{
		ID:           pi.ID,
		ClientSecret: pi.ClientSecret,
		Status:       IntentStatus(pi.Status),
		AmountCents:  pi.Amount,
		Currency:     strings.ToLower(string(pi.Currency)),
		Metadata:     make(map[string]string, len(pi.Metadata)),
	}
	for k, v := range pi.Metadata {
		in.Metadata[k] = v
	}
	if pi.LastPaymentError != nil {
		in.LastError = pi.LastPaymentError.Msg
	}
	return in
}

// StripeError is a failed Stripe API call, described by the fields of
// Stripe's error that are safe to log and show to an operator.
type StripeError struct {
	Op          string // what the adapter was doing, e.g. "create intent"
	Status      int    // HTTP status, 0 when none came back
	Type        string // Stripe's error type, e.g. "card_error", "invalid_request_error"
	Code        string // e.g. "resource_missing", "idempotency_key_in_use"
	DeclineCode string // card errors: e.g. "insufficient_funds"
	Message     string // Stripe's message, with the secret key masked
	RequestID   string // req_…, to look the call up in Stripe's dashboard
}

func (e *StripeError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "payment: stripe %s: status %d %s", e.Op, e.Status, e.Type)
	if e.Code != "" {
		b.WriteString("/" + e.Code)
	}
	if e.DeclineCode != "" {
		b.WriteString("/" + e.DeclineCode)
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.RequestID != "" {
		b.WriteString(" (request " + e.RequestID + ")")
	}
	return b.String()
}

// wrap turns a stripe-go error into one safe to log. *stripe.Error is not
// wrapped as is: its Error() is the whole JSON body. Transport errors keep
// their chain (context.Canceled, net errors) unless they somehow quote the
// key.
func (s *Stripe) wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		return &StripeError{
			Op:          op,
			Status:      se.HTTPStatusCode,
			Type:        string(se.Type),
			Code:        string(se.Code),
			DeclineCode: string(se.DeclineCode),
			Message:     s.redact(se.Msg),
			RequestID:   se.RequestID,
		}
	}
	if s.key != "" && strings.Contains(err.Error(), s.key) {
		return fmt.Errorf("payment: stripe %s: %s", op, s.redact(err.Error()))
	}
	return fmt.Errorf("payment: stripe %s: %w", op, err)
}

// wrapLookup is wrap for calls that name an intent: Stripe's
// resource_missing (HTTP 404) for it becomes ErrIntentNotFound as well.
func (s *Stripe) wrapLookup(op string, err error) error {
	werr := s.wrap(op, err)
	var se *StripeError
	if errors.As(werr, &se) && se.Code == string(stripe.ErrorCodeResourceMissing) {
		return fmt.Errorf("%w: %w", ErrIntentNotFound, werr)
	}
	return werr
}

// redact masks the secret key wherever a message quotes it.
func (s *Stripe) redact(msg string) string {
	if s.key == "" {
		return msg
	}
	return strings.ReplaceAll(msg, s.key, "sk_…redacted")
}

var _ Provider = (*Stripe)(nil)
