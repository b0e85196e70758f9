-- +goose Up
-- client_key: the hashed client address that started a payment (never the
-- address itself), so one address cannot hold every seat of a webinar or
-- start payments for many accounts (docs/api.md#seat-holds).
ALTER TABLE payments ADD COLUMN client_key TEXT;
CREATE INDEX payments_client ON payments (client_key, created_at);

-- intent_unsettled: a canceled payment whose provider intent may still have
-- been paid. Earlier versions canceled an open payment when a new start
-- failed, although its intent could have been paid; those rows are marked
-- here and the reconciler asks the provider about each one: a paid intent
-- is fulfilled or refunded, an unpaid one is canceled at the provider.
ALTER TABLE payments ADD COLUMN intent_unsettled BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE payments SET intent_unsettled = TRUE
WHERE status = 'canceled' AND provider_payment_id NOT LIKE 'pending:%';
CREATE INDEX payments_unsettled ON payments (updated_at) WHERE intent_unsettled = TRUE;

-- +goose Down
DROP INDEX payments_unsettled;
ALTER TABLE payments DROP COLUMN intent_unsettled;
DROP INDEX payments_client;
ALTER TABLE payments DROP COLUMN client_key;
