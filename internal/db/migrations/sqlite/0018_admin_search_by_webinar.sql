-- +goose Up
-- Nothing on SQLite: migration 0018 is PostgreSQL's index for the admin
-- search by webinar title (SQLite's search reads its webinars' coupons by
-- the index of migration 0011). Both engines keep the same numbers.
SELECT 1;

-- +goose Down
SELECT 1;
