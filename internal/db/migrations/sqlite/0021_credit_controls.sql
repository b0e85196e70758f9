-- +goose Up
-- Controls on store credit (docs/product.md#coupons, docs/api.md#refunds).

-- A coupon whose card payment the buyer disputed with their bank is
-- 'disputed' (since disputed_at): the counter refuses it and no refund
-- claims it. SQLite cannot change a CHECK in place, so the table is rebuilt
-- as migration 0014 did, with its indexes and search triggers.
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
                            CHECK (status IN ('active', 'used', 'expired', 'refunding', 'refunded', 'disputed')),
    created_at              TIMESTAMP NOT NULL,
    expires_at              TIMESTAMP NOT NULL,
    redeemed_at             TIMESTAMP,
    redeemed_by             TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    refunded_at             TIMESTAMP,
    value_policy            TEXT NOT NULL DEFAULT 'whole' CHECK (value_policy IN ('whole', 'split')),
    paid_cents              INTEGER NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
    bonus_cents             INTEGER NOT NULL DEFAULT 0 CHECK (bonus_cents >= 0),
    paid_until              TIMESTAMP,
    bonus_until             TIMESTAMP,
    redeemed_cents          INTEGER,
    disputed_at             TIMESTAMP,
    CHECK ((status = 'used') = (redeemed_at IS NOT NULL)),
    CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
INSERT INTO coupons_new (id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents,
    original_payment_cents, status, created_at, expires_at, redeemed_at, redeemed_by, refunded_at,
    value_policy, paid_cents, bonus_cents, paid_until, bonus_until, redeemed_cents)
SELECT id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents,
    original_payment_cents, status, created_at, expires_at, redeemed_at, redeemed_by, refunded_at,
    value_policy, paid_cents, bonus_cents, paid_until, bonus_until, redeemed_cents FROM coupons;
DROP TABLE coupons;
ALTER TABLE coupons_new RENAME TO coupons;
CREATE INDEX coupons_user ON coupons (user_id, created_at);
CREATE INDEX coupons_created_id ON coupons (created_at DESC, id);
CREATE INDEX coupons_webinar ON coupons (webinar_id, created_at);
CREATE INDEX coupons_status_expiry ON coupons (status, expires_at);
CREATE INDEX coupons_redeemed_by ON coupons (redeemed_by) WHERE redeemed_by IS NOT NULL;
CREATE INDEX coupons_issued ON coupons (created_at, value_cents);
CREATE INDEX coupons_redeemed ON coupons (redeemed_at, value_cents);
CREATE INDEX coupons_refunded ON coupons (refunded_at, value_cents);
CREATE INDEX coupons_expires ON coupons (expires_at, status, value_cents);
CREATE INDEX coupons_webinar_status ON coupons (webinar_id, status);
CREATE INDEX coupons_bonus_until ON coupons (bonus_until, bonus_cents);
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

-- Every redemption of a coupon, kept when it is undone: who redeemed it and
-- when, who undid it and when. A coupon with a row was ever redeemed.
CREATE TABLE coupon_redemptions (
    id          TEXT PRIMARY KEY,
    coupon_id   TEXT NOT NULL REFERENCES coupons (id),
    redeemed_by TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    redeemed_at TIMESTAMP NOT NULL,
    undone_by   TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    undone_at   TIMESTAMP
);
CREATE INDEX coupon_redemptions_coupon ON coupon_redemptions (coupon_id, redeemed_at);
CREATE INDEX coupon_redemptions_at ON coupon_redemptions (redeemed_at);
-- The history before: each redemption the audit log still holds, undone by
-- the first undo logged after it; then every coupon redeemed now that the
-- log no longer explains.
INSERT INTO coupon_redemptions (id, coupon_id, redeemed_by, redeemed_at, undone_by, undone_at)
SELECT a.id, a.target_id, (SELECT p.id FROM profiles p WHERE p.id = a.actor_id), a.at,
    (SELECT p.id FROM profiles p WHERE p.id = (SELECT u.actor_id FROM audit_log u WHERE u.action = 'coupon.unredeem'
        AND u.target_type = 'coupon' AND u.target_id = a.target_id AND u.at > a.at ORDER BY u.at, u.id LIMIT 1)),
    (SELECT u.at FROM audit_log u WHERE u.action = 'coupon.unredeem'
        AND u.target_type = 'coupon' AND u.target_id = a.target_id AND u.at > a.at ORDER BY u.at, u.id LIMIT 1)
FROM audit_log a WHERE a.action = 'coupon.redeem' AND a.target_type = 'coupon'
    AND a.target_id IN (SELECT id FROM coupons);
INSERT INTO coupon_redemptions (id, coupon_id, redeemed_by, redeemed_at)
SELECT c.id, c.id, c.redeemed_by, c.redeemed_at FROM coupons c WHERE c.status = 'used'
    AND NOT EXISTS (SELECT 1 FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.undone_at IS NULL);

-- Payments: 'provider' is a refund made at the payment provider outside
-- watchwin (its webhook voids the coupon); refund_note is the reason the
-- admin typed for a refund. The reason's CHECK is widened by moving the
-- column (SQLite cannot change a CHECK in place).
DROP INDEX payments_refunded;
ALTER TABLE payments RENAME COLUMN refund_reason TO refund_reason_0014;
ALTER TABLE payments ADD COLUMN refund_reason TEXT CHECK (refund_reason IN ('no_seat', 'admin', 'provider'));
UPDATE payments SET refund_reason = refund_reason_0014;
ALTER TABLE payments DROP COLUMN refund_reason_0014;
CREATE INDEX payments_refunded ON payments (refunded_at, refund_reason, amount_cents);
ALTER TABLE payments ADD COLUMN refund_note TEXT;

-- +goose Down
-- The coupons and the refund reason keep their wider CHECKs, as in 0014.
ALTER TABLE payments DROP COLUMN refund_note;
DROP TABLE coupon_redemptions;
ALTER TABLE coupons DROP COLUMN disputed_at;
