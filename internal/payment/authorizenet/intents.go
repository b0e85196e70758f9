package authorizenet

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/payment"
)

// charge is one row of gateway_charges: a payment's intent.
type charge struct {
	intentID, ref, currency, transID, lastError, refundTransID string
	amountCents                                                int64
	metadata                                                   map[string]string
	canceled                                                   bool
	chargeStartedAt                                            *time.Time
}

const chargeColumns = `intent_id, ref, amount_cents, currency, metadata, COALESCE(trans_id, ''), canceled,
	COALESCE(last_error, ''), charge_started_at, COALESCE(refund_trans_id, '')`

// load reads the intent whose column where equals arg;
// payment.ErrIntentNotFound when there is none.
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

func (c charge) intent(st payment.IntentStatus) payment.Intent {
	return payment.Intent{ID: c.intentID, Status: st, AmountCents: c.amountCents, Currency: c.currency,
		Metadata: c.metadata, LastError: c.lastError}
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

// chargeLease is how long a charge claim stands before a new charge may
// look for it and, finding nothing at the gateway, try again: far longer
// than one request (the client's timeout).
const chargeLease = 5 * time.Minute

// claim takes the intent's one charge claim; false when it was charged,
// canceled, or another claim younger than chargeLease stands.
func (g *Gateway) claim(ctx context.Context, id string) (bool, error) {
	now := g.now()
	res, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET charge_started_at = $2, last_error = NULL
		WHERE intent_id = $1 AND trans_id IS NULL AND canceled = FALSE AND (charge_started_at IS NULL OR charge_started_at < $3)`,
		id, now, now.Add(-chargeLease))
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, db.MapError(err)
	}
	return n > 0, nil
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
