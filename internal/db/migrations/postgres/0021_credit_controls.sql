-- +goose Up
-- Controls on store credit (docs/product.md#coupons, docs/api.md#refunds).

-- A coupon whose card payment the buyer disputed with their bank is
-- 'disputed' (since disputed_at): the counter refuses it and no refund
-- claims it.
ALTER TABLE coupons DROP CONSTRAINT coupons_status_check;
ALTER TABLE coupons ADD CONSTRAINT coupons_status_check
    CHECK (status IN ('active', 'used', 'expired', 'refunding', 'refunded', 'disputed'));
ALTER TABLE coupons ADD COLUMN disputed_at TIMESTAMPTZ;

-- Every redemption of a coupon, kept when it is undone: who redeemed it and
-- when, who undid it and when. A coupon with a row was ever redeemed.
CREATE TABLE coupon_redemptions (
    id          TEXT PRIMARY KEY,
    coupon_id   TEXT NOT NULL REFERENCES coupons (id),
    redeemed_by TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    redeemed_at TIMESTAMPTZ NOT NULL,
    undone_by   TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    undone_at   TIMESTAMPTZ
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
-- admin typed for a refund.
ALTER TABLE payments DROP CONSTRAINT payments_refund_reason_check;
ALTER TABLE payments ADD CONSTRAINT payments_refund_reason_check CHECK (refund_reason IN ('no_seat', 'admin', 'provider'));
ALTER TABLE payments ADD COLUMN refund_note TEXT;

-- +goose Down
ALTER TABLE payments DROP COLUMN refund_note;
UPDATE payments SET refund_reason = 'admin' WHERE refund_reason = 'provider';
ALTER TABLE payments DROP CONSTRAINT payments_refund_reason_check;
ALTER TABLE payments ADD CONSTRAINT payments_refund_reason_check CHECK (refund_reason IN ('no_seat', 'admin'));
DROP TABLE coupon_redemptions;
UPDATE coupons SET status = 'active' WHERE status = 'disputed';
ALTER TABLE coupons DROP COLUMN disputed_at;
ALTER TABLE coupons DROP CONSTRAINT coupons_status_check;
ALTER TABLE coupons ADD CONSTRAINT coupons_status_check
    CHECK (status IN ('active', 'used', 'expired', 'refunding', 'refunded'));
