-- +goose Up
-- The owner's books (docs/api.md#refunds, docs/api.md#reports, docs/api.md#audit-log).

-- Coupons: a refund voids one. 'refunding' is the moment between the claim
-- and the provider's answer (no counter can redeem it, no second refund can
-- claim it); 'refunded' is final, with refunded_at. SQLite cannot change a
-- CHECK in place, so the table is rebuilt (SQLite's documented procedure)
-- with its indexes and search triggers; nothing references coupons.
CREATE TABLE coupons_new (
    id                      TEXT PRIMARY KEY,
    code                    TEXT NOT NULL UNIQUE,
    user_id                 TEXT NOT NULL REFERENCES profiles (id),
    webinar_id              TEXT NOT NULL REFERENCES webinars (id),
    webinar_registration_id TEXT NOT NULL UNIQUE REFERENCES webinar_registrations (id),
    payment_id              TEXT UNIQUE REFERENCES payments (id),   -- null only for demo coupons
    value_cents             INTEGER NOT NULL CHECK (value_cents > 0),
    original_payment_cents  INTEGER NOT NULL CHECK (original_payment_cents >= 0),
    status                  TEXT NOT NULL DEFAULT 'active'
                            CHECK (status IN ('active', 'used', 'expired', 'refunding', 'refunded')),
    created_at              TIMESTAMP NOT NULL,
    expires_at              TIMESTAMP NOT NULL,
    redeemed_at             TIMESTAMP,
    redeemed_by             TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    refunded_at             TIMESTAMP,
    CHECK ((status = 'used') = (redeemed_at IS NOT NULL)),
    CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
INSERT INTO coupons_new (id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents,
    original_payment_cents, status, created_at, expires_at, redeemed_at, redeemed_by)
SELECT id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents,
    original_payment_cents, status, created_at, expires_at, redeemed_at, redeemed_by FROM coupons;
DROP TABLE coupons;
ALTER TABLE coupons_new RENAME TO coupons;
CREATE INDEX coupons_user ON coupons (user_id, created_at);
CREATE INDEX coupons_created_id ON coupons (created_at DESC, id);
CREATE INDEX coupons_webinar ON coupons (webinar_id, created_at);
CREATE INDEX coupons_status_expiry ON coupons (status, expires_at);
CREATE INDEX coupons_redeemed_by ON coupons (redeemed_by) WHERE redeemed_by IS NOT NULL;
-- The report's figures (docs/api.md#reports) sum ranges of these times;
-- each index carries the amount summed, so a report reads no table rows.
CREATE INDEX coupons_issued ON coupons (created_at, value_cents);
CREATE INDEX coupons_redeemed ON coupons (redeemed_at, value_cents);
CREATE INDEX coupons_refunded ON coupons (refunded_at, value_cents);
CREATE INDEX coupons_expires ON coupons (expires_at, status, value_cents);
CREATE INDEX coupons_webinar_status ON coupons (webinar_id, status);
-- The code search of 0011, rebuilt for the new table.
DELETE FROM coupon_code_search;
INSERT INTO coupon_code_search (coupon_id, code) SELECT id, code FROM coupons;

-- +goose StatementBegin
CREATE TRIGGER coupons_search_insert AFTER INSERT ON coupons BEGIN
    INSERT INTO coupon_code_search (coupon_id, code) VALUES (new.id, new.code);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER coupons_search_delete AFTER DELETE ON coupons BEGIN
    DELETE FROM coupon_code_search WHERE rowid IN (SELECT rowid FROM coupon_code_search
        WHERE coupon_code_search MATCH '"' || replace(old.code, '"', '""') || '"' AND coupon_id = old.id);
    DELETE FROM coupon_code_search WHERE length(old.code) < 3 AND coupon_id = old.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER coupons_search_update AFTER UPDATE OF id, code ON coupons BEGIN
    DELETE FROM coupon_code_search WHERE rowid IN (SELECT rowid FROM coupon_code_search
        WHERE coupon_code_search MATCH '"' || replace(old.code, '"', '""') || '"' AND coupon_id = old.id);
    DELETE FROM coupon_code_search WHERE length(old.code) < 3 AND coupon_id = old.id;
    INSERT INTO coupon_code_search (coupon_id, code) VALUES (new.id, new.code);
END;
-- +goose StatementEnd

-- Payments: a refund is claimed in the database before the provider is
-- asked, by one conditional update that moves the payment to 'refunded'
-- with refund_claimed_at (and why, and which admin asked), so the provider
-- is asked at most once per payment whatever replays or instances race;
-- refunded_at is set once the provider has given the money back.
ALTER TABLE payments ADD COLUMN refund_claimed_at TIMESTAMP;
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
    amount_cents    INTEGER NOT NULL,
    created_at      TIMESTAMP NOT NULL
);

-- Every change a staff member or an admin makes. actor_id is the account
-- (null: the system), never a copy of its e-mail; client_network is the
-- client's /24 (IPv4) or /48 (IPv6), never the whole address.
CREATE TABLE audit_log (
    id             TEXT PRIMARY KEY,
    at             TIMESTAMP NOT NULL,
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
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER audit_log_append_only;
DROP TABLE audit_log;
DROP TABLE test_refunds;
DROP INDEX webinar_registrations_funnel;
DROP INDEX payments_refund_claims;
DROP INDEX payments_refunded;
DROP INDEX payments_fulfilled;
ALTER TABLE payments DROP COLUMN refund_requested_by;
ALTER TABLE payments DROP COLUMN refund_reason;
ALTER TABLE payments DROP COLUMN refund_claimed_at;
-- The coupons keep their wider CHECK: a refunded coupon cannot go back.
DROP INDEX coupons_webinar_status;
DROP INDEX coupons_expires;
DROP INDEX coupons_refunded;
DROP INDEX coupons_redeemed;
DROP INDEX coupons_issued;
