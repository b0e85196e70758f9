-- +goose Up
-- Coupon value policy (docs/product.md#coupons, "Value policy"): each coupon
-- keeps the part its buyer paid and the promotional bonus above it, each
-- with its own end. expires_at stays the coupon's last day (= paid_until),
-- so every status rule written against it holds. value_policy is the
-- policy the coupon was issued under (Whole or Split), which its terms
-- follow; redeemed_cents is the value it was redeemed for (its value that
-- day).
ALTER TABLE coupons ADD COLUMN value_policy TEXT NOT NULL DEFAULT 'whole' CHECK (value_policy IN ('whole', 'split'));
ALTER TABLE coupons ADD COLUMN paid_cents INTEGER NOT NULL DEFAULT 0 CHECK (paid_cents >= 0);
ALTER TABLE coupons ADD COLUMN bonus_cents INTEGER NOT NULL DEFAULT 0 CHECK (bonus_cents >= 0);
ALTER TABLE coupons ADD COLUMN paid_until TIMESTAMP;
ALTER TABLE coupons ADD COLUMN bonus_until TIMESTAMP;
ALTER TABLE coupons ADD COLUMN redeemed_cents INTEGER;
-- Coupons issued before: Whole, the paid part is what the buyer paid (at
-- most the face value), both parts end on the coupon's one expiry.
UPDATE coupons SET
    paid_cents = CASE WHEN original_payment_cents < value_cents THEN original_payment_cents ELSE value_cents END,
    bonus_cents = value_cents - CASE WHEN original_payment_cents < value_cents THEN original_payment_cents ELSE value_cents END,
    paid_until = expires_at, bonus_until = expires_at,
    redeemed_cents = CASE WHEN status = 'used' THEN value_cents END;
-- The report's promotional figures sum bonus parts by their end.
CREATE INDEX coupons_bonus_until ON coupons (bonus_until, bonus_cents);

-- +goose Down
DROP INDEX coupons_bonus_until;
ALTER TABLE coupons DROP COLUMN redeemed_cents;
ALTER TABLE coupons DROP COLUMN bonus_until;
ALTER TABLE coupons DROP COLUMN paid_until;
ALTER TABLE coupons DROP COLUMN bonus_cents;
ALTER TABLE coupons DROP COLUMN paid_cents;
ALTER TABLE coupons DROP COLUMN value_policy;
