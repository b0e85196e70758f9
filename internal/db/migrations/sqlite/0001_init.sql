-- +goose Up
-- SQLite: the same schema as postgres/0001_init.sql; TIMESTAMP columns hold UTC text
-- that modernc.org/sqlite reads back as time.Time, INTEGER holds 64 bits.
-- Accounts: a profile per account, its password hash and its sessions beside it.
CREATE TABLE profiles (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,            -- stored trimmed and lower-cased
    role          TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    first_name    TEXT NOT NULL DEFAULT '',
    last_name     TEXT NOT NULL DEFAULT '',
    phone_number  TEXT NOT NULL DEFAULT '',
    age_confirmed BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

CREATE TABLE credentials (
    user_id       TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    password_hash TEXT NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,                   -- SHA-256 of the cookie token; the token itself is never stored
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);

-- Failed logins per account and per client address (both keyed by a hash).
CREATE TABLE login_failures (
    key             TEXT PRIMARY KEY,
    failures        INTEGER NOT NULL,
    first_failed_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP
);

CREATE TABLE webinars (
    id                             TEXT PRIMARY KEY,
    title                          TEXT NOT NULL,
    description                    TEXT NOT NULL,
    event_datetime                 TIMESTAMP NOT NULL,
    display_price_cents            INTEGER NOT NULL CHECK (display_price_cents >= 0),
    total_seats                    INTEGER NOT NULL DEFAULT 20 CHECK (total_seats >= 1),
    thumbnail_image_path           TEXT,
    actual_coupon_value_percentage INTEGER NOT NULL DEFAULT 120 CHECK (actual_coupon_value_percentage >= 0),
    youtube_video_id               TEXT NOT NULL,
    is_active                      BOOLEAN NOT NULL DEFAULT TRUE,
    created_at                     TIMESTAMP NOT NULL,
    updated_at                     TIMESTAMP NOT NULL
);
CREATE INDEX webinars_active_event ON webinars (is_active, event_datetime);

CREATE TABLE webinar_registrations (
    id                          TEXT PRIMARY KEY,
    webinar_id                  TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    user_id                     TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    user_name_for_registration  TEXT NOT NULL,
    user_email_for_registration TEXT NOT NULL,
    user_phone_for_registration TEXT,
    registration_time           TIMESTAMP NOT NULL,
    attended_live               BOOLEAN NOT NULL DEFAULT FALSE,
    watched_video_fully         BOOLEAN NOT NULL DEFAULT FALSE,
    purchased_coupon            BOOLEAN NOT NULL DEFAULT FALSE,
    metadata                    TEXT,
    UNIQUE (webinar_id, user_id)
);
CREATE INDEX webinar_registrations_user ON webinar_registrations (user_id);
CREATE INDEX webinar_registrations_paid ON webinar_registrations (webinar_id, purchased_coupon);

-- A seat held while a payment is under way, like a checkout reservation.
CREATE TABLE seat_holds (
    id              TEXT PRIMARY KEY,
    webinar_id      TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    registration_id TEXT NOT NULL UNIQUE REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    expires_at      TIMESTAMP NOT NULL,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX seat_holds_webinar ON seat_holds (webinar_id, expires_at);

CREATE TABLE payments (
    id                 TEXT PRIMARY KEY,
    provider           TEXT NOT NULL,
    payment_intent_id  TEXT NOT NULL UNIQUE,
    user_id            TEXT NOT NULL REFERENCES profiles (id),
    webinar_id         TEXT NOT NULL REFERENCES webinars (id),
    registration_id    TEXT NOT NULL REFERENCES webinar_registrations (id),
    amount_cents       INTEGER NOT NULL CHECK (amount_cents >= 0),
    currency           TEXT NOT NULL DEFAULT 'usd',
    coupon_value_cents INTEGER NOT NULL CHECK (coupon_value_cents >= 0),
    status             TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'refunded')),
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    fulfilled_at       TIMESTAMP,
    refunded_at        TIMESTAMP
);
CREATE INDEX payments_registration ON payments (registration_id);

CREATE TABLE coupons (
    id                       TEXT PRIMARY KEY,
    code                     TEXT NOT NULL UNIQUE,
    user_id                  TEXT NOT NULL REFERENCES profiles (id),
    webinar_id               TEXT NOT NULL REFERENCES webinars (id),
    webinar_registration_id  TEXT NOT NULL UNIQUE REFERENCES webinar_registrations (id),
    value_cents              INTEGER NOT NULL CHECK (value_cents >= 0),
    original_payment_cents   INTEGER NOT NULL CHECK (original_payment_cents >= 0),
    stripe_payment_intent_id TEXT UNIQUE,
    status                   TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'used', 'expired')),
    created_at               TIMESTAMP NOT NULL,
    expires_at               TIMESTAMP NOT NULL,
    redeemed_at              TIMESTAMP
);
CREATE INDEX coupons_user ON coupons (user_id, created_at);
CREATE INDEX coupons_created ON coupons (created_at);

CREATE TABLE giveaway_winners (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES profiles (id),
    webinar_id  TEXT NOT NULL REFERENCES webinars (id),
    created_at  TIMESTAMP NOT NULL,
    notified    BOOLEAN NOT NULL DEFAULT FALSE,
    notified_at TIMESTAMP
);
CREATE INDEX giveaway_winners_webinar ON giveaway_winners (webinar_id, created_at);

CREATE TABLE site_settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE background_images (
    page       TEXT PRIMARY KEY CHECK (page IN ('home', 'webinars', 'user_dashboard', 'admin_dashboard')),
    image_path TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Mail waits here until the sender has delivered it, so a crash loses none.
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body_text       TEXT NOT NULL,
    body_html       TEXT,
    created_at      TIMESTAMP NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    sent_at         TIMESTAMP
);
CREATE INDEX mail_outbox_pending ON mail_outbox (sent_at, next_attempt_at);

-- +goose Down
DROP TABLE mail_outbox;
DROP TABLE background_images;
DROP TABLE site_settings;
DROP TABLE giveaway_winners;
DROP TABLE coupons;
DROP TABLE payments;
DROP TABLE seat_holds;
DROP TABLE webinar_registrations;
DROP TABLE webinars;
DROP TABLE login_failures;
DROP TABLE sessions;
DROP TABLE credentials;
DROP TABLE profiles;
