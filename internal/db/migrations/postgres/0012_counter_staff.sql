-- +goose Up
-- The counter (docs/api.md#counter): a staff role beside user and admin,
-- and who redeemed each coupon (null when unknown or never redeemed).
ALTER TABLE profiles DROP CONSTRAINT profiles_role_check;
ALTER TABLE profiles ADD CONSTRAINT profiles_role_check CHECK (role IN ('user', 'staff', 'admin'));

ALTER TABLE coupons ADD COLUMN redeemed_by TEXT REFERENCES profiles (id) ON DELETE SET NULL;
-- Deleting a profile finds the coupons it redeemed here.
CREATE INDEX coupons_redeemed_by ON coupons (redeemed_by) WHERE redeemed_by IS NOT NULL;

-- +goose Down
DROP INDEX coupons_redeemed_by;
ALTER TABLE coupons DROP COLUMN redeemed_by;
UPDATE profiles SET role = 'user' WHERE role = 'staff';
ALTER TABLE profiles DROP CONSTRAINT profiles_role_check;
ALTER TABLE profiles ADD CONSTRAINT profiles_role_check CHECK (role IN ('user', 'admin'));
