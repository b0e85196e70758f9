package authorizenet

import (
	"net/http"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/payment"
)

// Name is stored with each payment made through Authorize.Net.
const Name = "authorizenet"

// Config is the merchant's account (docs/operations.md#authorizenet).
type Config struct {
	APILoginID     string
	TransactionKey string // never logged
	SignatureKey   string // the webhooks' HMAC-SHA512 key; never logged
	Sandbox        bool
	// APIURL replaces the environment's endpoint (the tests' stand-in).
	APIURL     string
	HTTPClient *http.Client // nil: 60 s timeout
}

// Gateway is Authorize.Net as a payment.Provider and payment.Charger. The
// gateway has no intent: each payment's intent is a row of gateway_charges
// (reference, amount, metadata, the transaction once charged), kept in the
// database so every instance sees it and a restart forgets nothing.
type Gateway struct {
	cfg Config
	api *client
	db  *db.DB
	now clock.Func
}

// New returns the gateway for cfg, keeping its intents in d.
func New(d *db.DB, now clock.Func, cfg Config) *Gateway {
	url := ProductionURL
	if cfg.Sandbox {
		url = SandboxURL
	}
	if cfg.APIURL != "" {
		url = cfg.APIURL
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	return &Gateway{cfg: cfg, db: d, now: now,
		api: &client{url: url, hc: hc, auth: MerchantAuthentication{Name: cfg.APILoginID, TransactionKey: cfg.TransactionKey}}}
}

// AcceptJSURL is the Accept.js script of the configured environment.
func AcceptJSURL(sandbox bool) string {
	if sandbox {
		return SandboxAcceptJS
	}
	return ProductionAcceptJS
}

// Name implements payment.Provider.
func (g *Gateway) Name() string { return Name }

var (
	_ payment.Provider = (*Gateway)(nil)
	_ payment.Charger  = (*Gateway)(nil)
)
