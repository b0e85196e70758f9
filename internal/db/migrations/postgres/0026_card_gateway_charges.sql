-- +goose Up
-- A token-then-charge gateway (Authorize.Net, docs/operations.md#authorizenet)
-- has no intent of its own: watchwin keeps one row per payment here. ref is the
-- payment's refId and invoice number at the gateway (at most 20 characters), so
-- a charge whose answer was lost is found again by it; trans_id is the
-- gateway's transaction once known. charge_started_at is the claim of the one
-- charge in flight; refund_* the same for the refund.
CREATE TABLE gateway_charges (
    intent_id          TEXT PRIMARY KEY,
    provider           TEXT NOT NULL,
    ref                TEXT NOT NULL UNIQUE,
    amount_cents       BIGINT NOT NULL,
    currency           TEXT NOT NULL,
    metadata           TEXT NOT NULL,
    trans_id           TEXT,
    canceled           BOOLEAN NOT NULL DEFAULT FALSE,
    last_error         TEXT,
    charge_started_at  TIMESTAMPTZ,
    refund_started_at  TIMESTAMPTZ,
    refund_trans_id    TEXT,
    created_at         TIMESTAMPTZ NOT NULL
);
CREATE INDEX gateway_charges_trans ON gateway_charges (trans_id);

-- +goose Down
DROP TABLE gateway_charges;
