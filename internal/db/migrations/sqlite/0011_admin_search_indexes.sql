-- +goose Up
-- Admin lists that stay fast at 100,000 accounts (docs/api.md#admin-coupons
-- and "Admin: users").

-- The admin user list pages by (email, id) over live accounts: a keyset walk
-- of this index never reads a deleted account's row.
CREATE INDEX profiles_live_email ON profiles (email, id) WHERE deleted_at IS NULL;

-- The admin coupon list, newest first, pages by (created_at DESC, id).
DROP INDEX coupons_created;
CREATE INDEX coupons_created_id ON coupons (created_at DESC, id);
-- A webinar's coupons, for a search that matches its title.
CREATE INDEX coupons_webinar ON coupons (webinar_id, created_at);

-- Paid seats: the public list counts them per webinar; this index holds the
-- paid registrations only, so the count does not read the unpaid ones.
CREATE INDEX webinar_registrations_paid_only ON webinar_registrations (webinar_id) WHERE purchased_coupon = TRUE;

-- Substring search: FTS5 trigram tables over coupon codes and live accounts'
-- e-mails (a search of 3 or more characters finds its candidates here, then
-- the exact LIKE decides). Triggers keep them in the same transaction as the
-- change. Each row carries its source's id; deletions find the row by
-- matching its old text, which is indexed, then check the id.
CREATE VIRTUAL TABLE coupon_code_search USING fts5(coupon_id UNINDEXED, code, tokenize = 'trigram');
CREATE VIRTUAL TABLE profile_email_search USING fts5(profile_id UNINDEXED, email, tokenize = 'trigram');
INSERT INTO coupon_code_search (coupon_id, code) SELECT id, code FROM coupons;
INSERT INTO profile_email_search (profile_id, email) SELECT id, email FROM profiles WHERE deleted_at IS NULL;

-- +goose StatementBegin
CREATE TRIGGER coupons_search_insert AFTER INSERT ON coupons BEGIN
    INSERT INTO coupon_code_search (coupon_id, code) VALUES (new.id, new.code);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER coupons_search_delete AFTER DELETE ON coupons BEGIN
    DELETE FROM coupon_code_search WHERE rowid IN (SELECT rowid FROM coupon_code_search
        WHERE coupon_code_search MATCH '"' || replace(old.code, '"', '""') || '"' AND coupon_id = old.id);
    -- Under 3 characters the trigram index finds nothing: look at every row.
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

-- +goose StatementBegin
CREATE TRIGGER profiles_search_insert AFTER INSERT ON profiles WHEN new.deleted_at IS NULL BEGIN
    INSERT INTO profile_email_search (profile_id, email) VALUES (new.id, new.email);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER profiles_search_delete AFTER DELETE ON profiles BEGIN
    DELETE FROM profile_email_search WHERE rowid IN (SELECT rowid FROM profile_email_search
        WHERE profile_email_search MATCH '"' || replace(old.email, '"', '""') || '"' AND profile_id = old.id);
    DELETE FROM profile_email_search WHERE length(old.email) < 3 AND profile_id = old.id;
END;
-- +goose StatementEnd

-- An e-mail edit, an account deletion (the tombstone's e-mail is not
-- searchable) or a restore: out with the old row, in with the new when live.
-- +goose StatementBegin
CREATE TRIGGER profiles_search_update AFTER UPDATE OF id, email, deleted_at ON profiles BEGIN
    DELETE FROM profile_email_search WHERE rowid IN (SELECT rowid FROM profile_email_search
        WHERE profile_email_search MATCH '"' || replace(old.email, '"', '""') || '"' AND profile_id = old.id);
    DELETE FROM profile_email_search WHERE length(old.email) < 3 AND profile_id = old.id;
    INSERT INTO profile_email_search (profile_id, email) SELECT new.id, new.email WHERE new.deleted_at IS NULL;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER profiles_search_update;
DROP TRIGGER profiles_search_delete;
DROP TRIGGER profiles_search_insert;
DROP TRIGGER coupons_search_update;
DROP TRIGGER coupons_search_delete;
DROP TRIGGER coupons_search_insert;
DROP TABLE profile_email_search;
DROP TABLE coupon_code_search;
DROP INDEX webinar_registrations_paid_only;
DROP INDEX coupons_webinar;
DROP INDEX coupons_created_id;
CREATE INDEX coupons_created ON coupons (created_at);
DROP INDEX profiles_live_email;
