-- +goose Up
-- Books that close (docs/product.md#books-that-close): each redemption keeps
-- the POS receipt number of the sale it paid for and the value it was
-- redeemed for, in the history no undo erases; coupons.pos_receipt is the
-- current redemption's. last_activity_at is the coupon's last indication of
-- interest (issue, redemption, undo, its owner opening it), which the
-- unclaimed-property list's dormancy counts from.
ALTER TABLE coupons ADD COLUMN pos_receipt TEXT;
ALTER TABLE coupons ADD COLUMN last_activity_at TIMESTAMP;
ALTER TABLE coupon_redemptions ADD COLUMN pos_receipt TEXT;
ALTER TABLE coupon_redemptions ADD COLUMN value_cents INTEGER;
UPDATE coupon_redemptions SET value_cents = (SELECT COALESCE(c.redeemed_cents, c.value_cents) FROM coupons c
    WHERE c.id = coupon_redemptions.coupon_id);
UPDATE coupons SET last_activity_at = COALESCE((SELECT max(CASE WHEN h.undone_at IS NOT NULL THEN h.undone_at
    ELSE h.redeemed_at END) FROM coupon_redemptions h WHERE h.coupon_id = coupons.id), created_at);
-- The unclaimed-property list reads coupons whose paid value is still owed
-- by their last activity; the liability by age reads the open ones by issue.
CREATE INDEX coupons_dormant ON coupons (last_activity_at, paid_cents) WHERE status IN ('active', 'expired') AND paid_cents > 0;
CREATE INDEX coupons_open_age ON coupons (created_at, paid_cents, bonus_cents, bonus_until, expires_at) WHERE status = 'active';

-- +goose Down
DROP INDEX coupons_open_age;
DROP INDEX coupons_dormant;
ALTER TABLE coupon_redemptions DROP COLUMN value_cents;
ALTER TABLE coupon_redemptions DROP COLUMN pos_receipt;
ALTER TABLE coupons DROP COLUMN last_activity_at;
ALTER TABLE coupons DROP COLUMN pos_receipt;
