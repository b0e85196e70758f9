-- +goose NO TRANSACTION
-- +goose Up
-- The counter (docs/api.md#counter): a staff role beside user and admin,
-- and who redeemed each coupon (null when unknown or never redeemed).
-- SQLite cannot alter a CHECK constraint, so profiles is rebuilt by SQLite's
-- documented procedure (sqlite.org/lang_altertable.html, "Making Other Kinds
-- Of Table Schema Changes"): foreign keys off for this connection, so dropping
-- the old table cascades nothing and the other tables' references follow the
-- name; one transaction; its index and triggers recreated.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE profiles_new (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL UNIQUE,            -- stored trimmed and lower-cased
    role               TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'staff', 'admin')),
    first_name         TEXT NOT NULL DEFAULT '',
    last_name          TEXT NOT NULL DEFAULT '',
    phone_number       TEXT NOT NULL DEFAULT '',
    age_confirmed      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    deleted_at         TIMESTAMP,
    email_confirmed_at TIMESTAMP
);
INSERT INTO profiles_new (id, email, role, first_name, last_name, phone_number, age_confirmed, created_at, updated_at, deleted_at, email_confirmed_at)
    SELECT id, email, role, first_name, last_name, phone_number, age_confirmed, created_at, updated_at, deleted_at, email_confirmed_at FROM profiles;
DROP TABLE profiles;
ALTER TABLE profiles_new RENAME TO profiles;
CREATE INDEX profiles_live_email ON profiles (email, id) WHERE deleted_at IS NULL;

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

-- +goose StatementBegin
CREATE TRIGGER profiles_search_update AFTER UPDATE OF id, email, deleted_at ON profiles BEGIN
    DELETE FROM profile_email_search WHERE rowid IN (SELECT rowid FROM profile_email_search
        WHERE profile_email_search MATCH '"' || replace(old.email, '"', '""') || '"' AND profile_id = old.id);
    DELETE FROM profile_email_search WHERE length(old.email) < 3 AND profile_id = old.id;
    INSERT INTO profile_email_search (profile_id, email) SELECT new.id, new.email WHERE new.deleted_at IS NULL;
END;
-- +goose StatementEnd

ALTER TABLE coupons ADD COLUMN redeemed_by TEXT REFERENCES profiles (id) ON DELETE SET NULL;
-- Deleting a profile finds the coupons it redeemed here.
CREATE INDEX coupons_redeemed_by ON coupons (redeemed_by) WHERE redeemed_by IS NOT NULL;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
-- The same procedure backwards: staff become users; coupons is rebuilt
-- without redeemed_by (SQLite drops no column a foreign key uses).
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DROP INDEX coupons_redeemed_by;
CREATE TABLE coupons_old (
    id                      TEXT PRIMARY KEY,
    code                    TEXT NOT NULL UNIQUE,
    user_id                 TEXT NOT NULL REFERENCES profiles (id),
    webinar_id              TEXT NOT NULL REFERENCES webinars (id),
    webinar_registration_id TEXT NOT NULL UNIQUE REFERENCES webinar_registrations (id),
    payment_id              TEXT UNIQUE REFERENCES payments (id),   -- null only for demo coupons
    value_cents             INTEGER NOT NULL CHECK (value_cents > 0),
    original_payment_cents  INTEGER NOT NULL CHECK (original_payment_cents >= 0),
    status                  TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'used', 'expired')),
    created_at              TIMESTAMP NOT NULL,
    expires_at              TIMESTAMP NOT NULL,
    redeemed_at             TIMESTAMP,
    CHECK ((status = 'used') = (redeemed_at IS NOT NULL))
);
INSERT INTO coupons_old (id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents, original_payment_cents, status, created_at, expires_at, redeemed_at)
    SELECT id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents, original_payment_cents, status, created_at, expires_at, redeemed_at FROM coupons;
DROP TABLE coupons;
ALTER TABLE coupons_old RENAME TO coupons;
CREATE INDEX coupons_user ON coupons (user_id, created_at);
CREATE INDEX coupons_status_expiry ON coupons (status, expires_at);
CREATE INDEX coupons_created_id ON coupons (created_at DESC, id);
CREATE INDEX coupons_webinar ON coupons (webinar_id, created_at);

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

UPDATE profiles SET role = 'user' WHERE role = 'staff';
CREATE TABLE profiles_old (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,            -- stored trimmed and lower-cased
    role          TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    first_name    TEXT NOT NULL DEFAULT '',
    last_name     TEXT NOT NULL DEFAULT '',
    phone_number  TEXT NOT NULL DEFAULT '',
    age_confirmed BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP,
    email_confirmed_at TIMESTAMP
);
INSERT INTO profiles_old (id, email, role, first_name, last_name, phone_number, age_confirmed, created_at, updated_at, deleted_at, email_confirmed_at)
    SELECT id, email, role, first_name, last_name, phone_number, age_confirmed, created_at, updated_at, deleted_at, email_confirmed_at FROM profiles;
DROP TABLE profiles;
ALTER TABLE profiles_old RENAME TO profiles;
CREATE INDEX profiles_live_email ON profiles (email, id) WHERE deleted_at IS NULL;

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

-- +goose StatementBegin
CREATE TRIGGER profiles_search_update AFTER UPDATE OF id, email, deleted_at ON profiles BEGIN
    DELETE FROM profile_email_search WHERE rowid IN (SELECT rowid FROM profile_email_search
        WHERE profile_email_search MATCH '"' || replace(old.email, '"', '""') || '"' AND profile_id = old.id);
    DELETE FROM profile_email_search WHERE length(old.email) < 3 AND profile_id = old.id;
    INSERT INTO profile_email_search (profile_id, email) SELECT new.id, new.email WHERE new.deleted_at IS NULL;
END;
-- +goose StatementEnd
COMMIT;
PRAGMA foreign_keys = ON;
