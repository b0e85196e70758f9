-- +goose Up
-- The owner's books (docs/api.md#refunds, docs/api.md#reports, docs/api.md#audit-log).

-- Coupons: a refund voids one. 'refunding' is the moment between the claim
-- and the provider's answer (no counter can redeem it, no second refund can
-- claim it); 'refunded' is final, with refunded_at.
ALTER TABLE coupons DROP CONSTRAINT coupons_status_check;
ALTER TABLE coupons ADD CONSTRAINT coupons_status_check
    CHECK (status IN ('active', 'used', 'expired', 'refunding', 'refunded'));
ALTER TABLE coupons ADD COLUMN refunded_at TIMESTAMPTZ;
ALTER TABLE coupons ADD CONSTRAINT coupons_refunded_check CHECK ((status = 'refunded') = (refunded_at IS NOT NULL));
-- The report's figures (docs/api.md#reports) sum ranges of these times;
-- each index carries the amount summed, so a report reads no table rows.
CREATE INDEX coupons_issued ON coupons (created_at, value_cents);
CREATE INDEX coupons_redeemed ON coupons (redeemed_at, value_cents);
CREATE INDEX coupons_refunded ON coupons (refunded_at, value_cents);
CREATE INDEX coupons_expires ON coupons (expires_at, status, value_cents);
CREATE INDEX coupons_webinar_status ON coupons (webinar_id, status);

-- Payments: a refund is claimed in the database before the provider is
-- asked, by one conditional update that moves the payment to 'refunded'
-- with refund_claimed_at (and why, and which admin asked), so the provider
-- is asked at most once per payment whatever replays or instances race;
-- refunded_at is set once the provider has given the money back.
ALTER TABLE payments ADD COLUMN refund_claimed_at TIMESTAMPTZ;
ALTER TABLE payments ADD COLUMN refund_reason TEXT CHECK (refund_reason IN ('no_seat', 'admin'));
ALTER TABLE payments ADD COLUMN refund_requested_by TEXT;
-- Refunds made before: every one was for want of a seat.
UPDATE payments SET refund_reason = 'no_seat', refund_claimed_at = COALESCE(refunded_at, updated_at) WHERE status = 'refunded';
CREATE INDEX payments_fulfilled ON payments (fulfilled_at, amount_cents);
CREATE INDEX payments_refunded ON payments (refunded_at, refund_reason, amount_cents);
CREATE INDEX payments_refund_claims ON payments (refund_claimed_at) WHERE status = 'refunded' AND refunded_at IS NULL;

-- A report's funnel asks of each webinar whether it was registered for in
-- a period (a seek), then counts its registrations by their flags; the
-- registrations export reads a period's by time (webinar_registrations_time,
-- migration 0013).
CREATE INDEX webinar_registrations_funnel ON webinar_registrations
    (webinar_id, registration_time, watched_video_fully, purchased_coupon);

-- The built-in test provider's refunds: one per intent, found again by its
-- idempotency key, as Stripe does.
CREATE TABLE test_refunds (
    idempotency_key TEXT PRIMARY KEY,
    intent_id       TEXT NOT NULL UNIQUE REFERENCES test_payment_intents (id),
    amount_cents    BIGINT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);

-- Every change a staff member or an admin makes. actor_id is the account
-- (null: the system), never a copy of its e-mail; client_network is the
-- client's /24 (IPv4) or /48 (IPv6), never the whole address.
CREATE TABLE audit_log (
    id             TEXT PRIMARY KEY,
    at             TIMESTAMPTZ NOT NULL,
    actor_id       TEXT,
    actor_role     TEXT,
    action         TEXT NOT NULL,
    target_type    TEXT NOT NULL,
    target_id      TEXT NOT NULL,
    summary        TEXT NOT NULL,
    request_id     TEXT,
    client_network TEXT
);
CREATE INDEX audit_log_at ON audit_log (at, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at, id);
CREATE INDEX audit_log_action ON audit_log (action, at, id);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, at, id);

-- Append-only: an entry is never changed (only pruned past its retention).
-- +goose StatementBegin
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END
$$;
-- +goose StatementEnd
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- +goose Down
DROP TRIGGER audit_log_no_update ON audit_log;
DROP FUNCTION audit_log_append_only();
DROP TABLE audit_log;
DROP TABLE test_refunds;
DROP INDEX webinar_registrations_funnel;
DROP INDEX payments_refund_claims;
DROP INDEX payments_refunded;
DROP INDEX payments_fulfilled;
ALTER TABLE payments DROP COLUMN refund_requested_by;
ALTER TABLE payments DROP COLUMN refund_reason;
ALTER TABLE payments DROP COLUMN refund_claimed_at;
DROP INDEX coupons_webinar_status;
DROP INDEX coupons_expires;
DROP INDEX coupons_refunded;
DROP INDEX coupons_redeemed;
DROP INDEX coupons_issued;
ALTER TABLE coupons DROP CONSTRAINT coupons_refunded_check;
ALTER TABLE coupons DROP COLUMN refunded_at;
ALTER TABLE coupons DROP CONSTRAINT coupons_status_check;
ALTER TABLE coupons ADD CONSTRAINT coupons_status_check CHECK (status IN ('active', 'used', 'expired'));
