-- +goose Up
-- An admin's "Delete user" keeps the profile row as a tombstone (deleted_at
-- set, e-mail, names and phone anonymised, credentials, sessions and device
-- tokens deleted), so the coupons, payments, paid registrations and giveaway
-- records that reference it stay whole: nothing paid for is lost, and no
-- foreign key has to change. Deleted profiles sign in nowhere and are listed
-- nowhere; the admin coupon list shows their e-mail as null ('Unknown').
ALTER TABLE profiles ADD COLUMN deleted_at TIMESTAMPTZ;

-- The admin coupon list records 'expired' on active coupons past expiry.
CREATE INDEX coupons_status_expiry ON coupons (status, expires_at);

-- +goose Down
DROP INDEX coupons_status_expiry;
ALTER TABLE profiles DROP COLUMN deleted_at;
