package payment

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/clock"
	"watchwin/internal/db"
)

// TestProvider is the built-in payment provider used when no Stripe keys
// are set (docs/product.md#running-it): intents live in the database (so every instance
// sees them), the SPA shows its own card form marked as test mode, and the
// card numbers behave like Stripe's test cards. No money ever moves.
type TestProvider struct {
	db  *db.DB
	now clock.Func
}

// NewTestProvider returns the test provider on d.
func NewTestProvider(d *db.DB, now clock.Func) *TestProvider { return &TestProvider{db: d, now: now} }

// Name implements Provider.
func (p *TestProvider) Name() string { return "test" }

// Create implements Provider: the same idempotency key returns the intent it
// created the first time.
func (p *TestProvider) Create(ctx context.Context, c CreateParams) (Intent, error) {
	meta, err := json.Marshal(c.Metadata)
	if err != nil {
		return Intent{}, err
	}
	id := "pi_test_" + strings.ToLower(rand.Text())
	now := p.now()
	_, err = p.db.Q(ctx).ExecContext(ctx, `INSERT INTO test_payment_intents
		(id, client_secret, idempotency_key, amount_cents, currency, metadata, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
		ON CONFLICT (idempotency_key) DO NOTHING`,
		id, id+"_secret_"+rand.Text(), c.IdempotencyKey, c.AmountCents, c.Currency, string(meta),
		StatusRequiresPaymentMethod, now)
	if err != nil {
		return Intent{}, db.MapError(err)
	}
	return p.scan(p.db.Q(ctx).QueryRowContext(ctx, `SELECT `+testIntentColumns+`
		FROM test_payment_intents WHERE idempotency_key = $1`, c.IdempotencyKey))
}

// Retrieve implements Provider.
func (p *TestProvider) Retrieve(ctx context.Context, id string) (Intent, error) {
	in, err := p.scan(p.db.Q(ctx).QueryRowContext(ctx, `SELECT `+testIntentColumns+`
		FROM test_payment_intents WHERE id = $1`, id))
	if errors.Is(err, db.ErrNotFound) {
		return Intent{}, ErrIntentNotFound
	}
	return in, err
}

// Refund implements Provider as Stripe behaves: the whole amount of a
// succeeded intent goes back once. A repeated idempotency key answers the
// refund it made; another key for an intent already refunded is "already
// refunded", which the Stripe adapter counts as done too. Each refund made
// is a row of test_refunds.
func (p *TestProvider) Refund(ctx context.Context, id, idempotencyKey string) error {
	if idempotencyKey == "" {
		return errors.New("test provider: refund without an idempotency key")
	}
	now := p.now()
	res, err := p.db.Q(ctx).ExecContext(ctx, `INSERT INTO test_refunds (idempotency_key, intent_id, amount_cents, created_at)
		SELECT $1, id, amount_cents, $2 FROM test_payment_intents WHERE id = $3 AND status = $4
		ON CONFLICT DO NOTHING`, idempotencyKey, now, id, StatusSucceeded)
	if err != nil {
		return db.MapError(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return db.MapError(err)
	}
	if n == 0 {
		// Nothing new: this key's refund, or the intent's refund under
		// another key, or an intent that cannot be refunded.
		var refunds int
		if err := p.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM test_refunds WHERE intent_id = $1`, id).Scan(&refunds); err != nil {
			return db.MapError(err)
		}
		if refunds == 0 {
			return errors.New("test provider: only a succeeded intent can be refunded")
		}
	}
	_, err = p.db.Q(ctx).ExecContext(ctx, `UPDATE test_payment_intents SET refunded = TRUE, updated_at = $2
		WHERE id = $1 AND refunded = FALSE`, id, now)
	return db.MapError(err)
}

// Cancel implements Provider: an intent still waiting for a card can no
// longer be paid; a canceled one stays canceled.
func (p *TestProvider) Cancel(ctx context.Context, id string) error {
	if _, err := p.db.Q(ctx).ExecContext(ctx, `UPDATE test_payment_intents SET status = $2, updated_at = $3
		WHERE id = $1 AND status = $4`, id, StatusCanceled, p.now(), StatusRequiresPaymentMethod); err != nil {
		return db.MapError(err)
	}
	in, err := p.Retrieve(ctx, id)
	if err != nil {
		return err
	}
	if in.Status != StatusCanceled {
		return errors.New("test provider: a succeeded intent cannot be canceled")
	}
	return nil
}

// Refunded reports whether an intent's money was given back (tests and the
// admin check it).
func (p *TestProvider) Refunded(ctx context.Context, id string) (bool, error) {
	var refunded bool
	err := p.db.Q(ctx).QueryRowContext(ctx, `SELECT refunded FROM test_payment_intents WHERE id = $1`, id).Scan(&refunded)
	return refunded, db.MapError(err)
}

const testIntentColumns = `id, client_secret, status, amount_cents, currency, metadata, COALESCE(last_error, '')`

func (p *TestProvider) scan(row interface{ Scan(...any) error }) (Intent, error) {
	var in Intent
	var meta string
	if err := row.Scan(&in.ID, &in.ClientSecret, &in.Status, &in.AmountCents, &in.Currency, &meta, &in.LastError); err != nil {
		return Intent{}, db.MapError(err)
	}
	if err := json.Unmarshal([]byte(meta), &in.Metadata); err != nil {
		return Intent{}, err
	}
	return in, nil
}

// Card is what the test-mode card form sends.
type Card struct {
	ClientSecret string `json:"client_secret"`
	Number       string `json:"card_number"`
	ExpMonth     int    `json:"exp_month"`
	ExpYear      int    `json:"exp_year"`
	CVC          string `json:"cvc"`
	PostalCode   string `json:"postal_code"`
}

// Card outcomes, as Stripe's test cards behave (docs/product.md#card-payment). Any other
// number is refused as Stripe refuses an unknown one in test mode.
var testCards = map[string]string{
	"4242424242424242": "",
	"5555555555554444": "",
	"4000000000000002": "Your card was declined.",
	"4000000000009995": "Your card has insufficient funds.",
	"4000000000000069": "Your card has expired.",
}

// Messages of the card form, worded as Stripe's card element words them.
const (
	msgCardNumber   = "Your card number is incorrect."
	msgCardExpiry   = "Your card's expiration date is in the past."
	msgCardCVC      = "Your card's security code is incomplete."
	msgCardPostal   = "Your postal code is incomplete."
	msgIntentSecret = "This payment could not be found. Please start again." // #nosec G101: a message shown to buyers, not a credential
	msgIntentClosed = "This payment can no longer be paid. Please start again."
)

// Confirm pays intent id with a test card, as Stripe.js confirms a card
// payment: the client secret proves the caller started this payment; a
// declined card leaves the intent waiting for another card, with the decline
// as LastError; a succeeded intent is returned as it is.
func (p *TestProvider) Confirm(ctx context.Context, id string, card Card) (Intent, error) {
	in, err := p.Retrieve(ctx, id)
	if errors.Is(err, ErrIntentNotFound) || (err == nil && subtle.ConstantTimeCompare([]byte(in.ClientSecret), []byte(card.ClientSecret)) != 1) {
		return Intent{}, apperr.NotFound(msgIntentSecret)
	}
	if err != nil {
		return Intent{}, err
	}
	switch in.Status {
	case StatusSucceeded:
		return in, nil
	case StatusCanceled:
		return Intent{}, apperr.Conflict("payment_closed", msgIntentClosed)
	}
	if err := checkCard(card, p.now()); err != nil {
		return Intent{}, err
	}
	status, lastError := StatusSucceeded, testCards[digits(card.Number)]
	if lastError != "" {
		status = StatusRequiresPaymentMethod
	}
	// Only an intent still waiting for a card changes: two confirms at once
	// cannot turn a success back into a decline.
	_, err = p.db.Q(ctx).ExecContext(ctx, `UPDATE test_payment_intents SET status = $2, last_error = $3, updated_at = $4
		WHERE id = $1 AND status = $5`, id, status, nullIfEmpty(lastError), p.now(), StatusRequiresPaymentMethod)
	if err != nil {
		return Intent{}, db.MapError(err)
	}
	return p.Retrieve(ctx, id)
}

// checkCard validates the form like a card element: a known test number,
// an expiry not in the past, a 3- or 4-digit CVC, a 5-digit ZIP.
func checkCard(c Card, now time.Time) error {
	if _, ok := testCards[digits(c.Number)]; !ok {
		return apperr.Invalid("card_number", msgCardNumber)
	}
	if c.ExpMonth < 1 || c.ExpMonth > 12 || c.ExpYear < now.Year() || c.ExpYear > now.Year()+30 ||
		(c.ExpYear == now.Year() && c.ExpMonth < int(now.Month())) {
		return apperr.Invalid("exp_month", msgCardExpiry)
	}
	if n := len(c.CVC); (n != 3 && n != 4) || digits(c.CVC) != c.CVC {
		return apperr.Invalid("cvc", msgCardCVC)
	}
	if len(c.PostalCode) != 5 || digits(c.PostalCode) != c.PostalCode {
		return apperr.Invalid("postal_code", msgCardPostal)
	}
	return nil
}

// digits keeps the digits of s (card numbers are typed with spaces).
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		if r == ' ' || r == '-' {
			return -1
		}
		return 'x' // anything else makes the number unknown
	}, s)
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
