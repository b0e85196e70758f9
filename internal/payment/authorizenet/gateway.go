package authorizenet

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
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

// chargeLease is how long a charge claim stands before a new charge may
// look for it and, finding nothing at the gateway, try again: far longer
// than one request (the client's timeout).
const chargeLease = 5 * time.Minute

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

// charge is one row of gateway_charges.
type charge struct {
	intentID, ref, currency, transID, lastError, refundTransID string
	amountCents                                                int64
	metadata                                                   map[string]string
	canceled                                                   bool
	chargeStartedAt                                            *time.Time
}

const chargeColumns = `intent_id, ref, amount_cents, currency, metadata, COALESCE(trans_id, ''), canceled,
	COALESCE(last_error, ''), charge_started_at, COALESCE(refund_trans_id, '')`

func (g *Gateway) load(ctx context.Context, where string, arg any) (charge, error) {
	var c charge
	var meta string
	var started sql.NullTime
	err := g.db.Q(ctx).QueryRowContext(ctx, `SELECT `+chargeColumns+` FROM gateway_charges WHERE `+where+` = $1 AND provider = $2`,
		arg, Name).Scan(&c.intentID, &c.ref, &c.amountCents, &c.currency, &meta, &c.transID, &c.canceled, &c.lastError, &started, &c.refundTransID)
	if errors.Is(err, sql.ErrNoRows) {
		return c, payment.ErrIntentNotFound
	}
	if err != nil {
		return c, db.MapError(err)
	}
	if started.Valid {
		t := started.Time
		c.chargeStartedAt = &t
	}
	return c, json.Unmarshal([]byte(meta), &c.metadata)
}

// Ref is a payment's refId and invoice number at the gateway: the payment
// id's first 20 hexadecimal digits (the API allows 20 characters), which the
// merchant's transaction search shows beside the charge.
func Ref(paymentID, idempotencyKey string) string {
	r := strings.ReplaceAll(paymentID, "-", "")
	if len(r) < maxRefLen {
		sum := sha256.Sum256([]byte(idempotencyKey))
		r = hex.EncodeToString(sum[:])
	}
	return r[:maxRefLen]
}

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

func (c charge) intent(st payment.IntentStatus) payment.Intent {
	return payment.Intent{ID: c.intentID, Status: st, AmountCents: c.amountCents, Currency: c.currency,
		Metadata: c.metadata, LastError: c.lastError}
}

// msgDeclined is the buyer's message for a card the gateway declined.
const msgDeclined = "Your card was declined."

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
	now := g.now()
	res, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET charge_started_at = $2, last_error = NULL
		WHERE intent_id = $1 AND trans_id IS NULL AND canceled = FALSE AND (charge_started_at IS NULL OR charge_started_at < $3)`,
		id, now, now.Add(-chargeLease))
	if err != nil {
		return payment.Intent{}, db.MapError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return g.Retrieve(ctx, id) // another charge is in flight, or done
	}
	if c.chargeStartedAt != nil {
		// An earlier charge's answer was lost: it may have charged.
		if t, err := g.findByInvoice(ctx, c.ref, c.chargeStartedAt); err != nil {
			return payment.Intent{}, err
		} else if t != "" {
			if err := g.setTrans(ctx, id, t); err != nil {
				return payment.Intent{}, err
			}
			return g.Retrieve(ctx, id)
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
		// Refused before any transaction (an expired token, bad keys).
		_ = g.release(ctx, id, "Your card could not be charged. Please enter it again.")
		return payment.Intent{}, apiError("createTransactionRequest", out.Messages)
	}
	switch tr.ResponseCode {
	case responseApproved, responseHeld:
		if err := g.setTrans(ctx, id, tr.TransID); err != nil {
			return payment.Intent{}, err
		}
		return g.Retrieve(ctx, id)
	}
	if hasError(tr, errDuplicate) {
		// The gateway saw this invoice, card and amount a moment ago.
		if t := tr.TransID; t != "" && t != "0" {
			if err := g.setTrans(ctx, id, t); err != nil {
				return payment.Intent{}, err
			}
			return g.Retrieve(ctx, id)
		}
		if t, err := g.findByInvoice(ctx, c.ref, nil); err != nil { // a moment ago: unsettled
			return payment.Intent{}, err
		} else if t != "" {
			if err := g.setTrans(ctx, id, t); err != nil {
				return payment.Intent{}, err
			}
			return g.Retrieve(ctx, id)
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

func hasError(tr *TransactionResponse, code string) bool {
	for _, e := range tr.Errors {
		if e.ErrorCode == code {
			return true
		}
	}
	return false
}

// setTrans records the intent's transaction (the first one found stays).
func (g *Gateway) setTrans(ctx context.Context, id, transID string) error {
	_, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET trans_id = $2 WHERE intent_id = $1 AND trans_id IS NULL`, id, transID)
	return db.MapError(err)
}

// release ends a charge claim that charged nothing (a decline), keeping
// why for the buyer.
func (g *Gateway) release(ctx context.Context, id, lastError string) error {
	_, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET charge_started_at = NULL, last_error = $2
		WHERE intent_id = $1 AND trans_id IS NULL`, id, lastError)
	return db.MapError(err)
}

// findByInvoice looks at the gateway for a charge with invoice number ref
// that was not declined; "" when there is none. It looks among the
// unsettled transactions first (getUnsettledTransactionListRequest, newest
// first): a charge is unsettled for hours, longer than an answer takes to be
// lost. With since (when the lost charge was started), it then looks in the
// batches settled from then on, so a charge whose server was down past the
// nightly settlement is still found, never charged twice.
func (g *Gateway) findByInvoice(ctx context.Context, ref string, since *time.Time) (string, error) {
	t, err := g.findIn(ctx, "getUnsettledTransactionListRequest", ref, func(page int) any {
		return GetUnsettledTransactionList{MerchantAuthentication: g.api.auth,
			Sorting: &Sorting{OrderBy: "submitTimeUTC", OrderDescending: true}, Paging: &Paging{Limit: listPage, Offset: page}}
	})
	if err != nil || t != "" || since == nil {
		return t, err
	}
	return g.findSettled(ctx, ref, *since)
}

// listPage is the page size of transaction lists (the API's largest), and
// maxListPages how many pages a lookup reads at most.
const (
	listPage     = 1000
	maxListPages = 10
)

// settledWindow is the longest span getSettledBatchListRequest takes, and
// maxWindows how many spans from the lost charge on a lookup reads (a year).
const (
	settledWindow = 31 * 24 * time.Hour
	maxWindows    = 12
)

// findSettled looks for ref in the batches settled since since
// (getSettledBatchListRequest, then getTransactionListRequest per batch).
func (g *Gateway) findSettled(ctx context.Context, ref string, since time.Time) (string, error) {
	now := g.now()
	for from, n := since.Add(-time.Hour), 0; from.Before(now) && n < maxWindows; from, n = from.Add(settledWindow), n+1 {
		to := from.Add(settledWindow)
		if to.After(now) {
			to = now
		}
		var batches GetSettledBatchListResponse
		err := g.api.call(ctx, "getSettledBatchListRequest", GetSettledBatchList{MerchantAuthentication: g.api.auth,
			FirstSettlementDate: from.UTC().Format(settledDate), LastSettlementDate: to.UTC().Format(settledDate)}, &batches)
		if err == nil {
			err = apiError("getSettledBatchListRequest", batches.Messages)
		}
		if err != nil {
			return "", err
		}
		for _, b := range batches.BatchList {
			t, err := g.findIn(ctx, "getTransactionListRequest", ref, func(page int) any {
				return GetTransactionList{MerchantAuthentication: g.api.auth, BatchID: b.BatchID,
					Sorting: &Sorting{OrderBy: "submitTimeUTC", OrderDescending: true}, Paging: &Paging{Limit: listPage, Offset: page}}
			})
			if err != nil || t != "" {
				return t, err
			}
		}
	}
	return "", nil
}

// settledDate is how the settled batch list takes its dates.
const settledDate = "2006-01-02T15:04:05Z"

// findIn pages through the transaction list op answers (body(page) asks
// for one page) for a charge with invoice number ref that was not declined.
func (g *Gateway) findIn(ctx context.Context, op, ref string, body func(page int) any) (string, error) {
	for page := 1; page <= maxListPages; page++ {
		var out TransactionListResponse
		err := g.api.call(ctx, op, body(page), &out)
		if err == nil {
			err = apiError(op, out.Messages)
		}
		if err != nil {
			return "", err
		}
		for _, t := range out.Transactions {
			if t.InvoiceNumber == ref && charged(t.TransactionStatus) {
				return t.TransID, nil
			}
		}
		if len(out.Transactions) < listPage {
			return "", nil
		}
	}
	return "", nil
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
			_ = g.release(ctx, id, "")
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

// Cancel implements payment.Provider: an intent never charged takes no
// token from now on. One charged (or being charged) cannot be canceled.
func (g *Gateway) Cancel(ctx context.Context, id string) error {
	if _, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET canceled = TRUE
		WHERE intent_id = $1 AND trans_id IS NULL AND charge_started_at IS NULL`, id); err != nil {
		return db.MapError(err)
	}
	in, err := g.Retrieve(ctx, id)
	if err != nil {
		return err
	}
	if in.Status != payment.StatusCanceled {
		return fmt.Errorf("payment: authorizenet cancel: intent %s is %s", id, in.Status)
	}
	return nil
}

var (
	_ payment.Provider = (*Gateway)(nil)
	_ payment.Charger  = (*Gateway)(nil)
)
