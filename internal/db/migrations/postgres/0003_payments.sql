-- +goose Up
-- Payments and coupons, revised before any code wrote these tables (they are
-- empty wherever 0001 ran), so they are recreated rather than altered. The
-- schema itself refuses what must never happen: two open payments or two
-- coupons for one registration, a coupon code twice, a payment id of one
-- provider twice, amounts that are not whole cents.
DROP TABLE seat_holds;
DROP TABLE coupons;
DROP TABLE payments;
DROP TABLE mail_outbox;

-- One attempt to pay for a registration's seat. provider names who holds the
-- money ('test' = the built-in test provider, 'stripe'); provider_payment_id
-- is that provider's id (a PaymentIntent id on Stripe).
CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    provider            TEXT NOT NULL,
    provider_payment_id TEXT NOT NULL,
    user_id             TEXT NOT NULL REFERENCES profiles (id),
    webinar_id          TEXT NOT NULL REFERENCES webinars (id),
    registration_id     TEXT NOT NULL REFERENCES webinar_registrations (id),
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    currency            TEXT NOT NULL CHECK (currency = 'usd'),
    coupon_value_cents  BIGINT NOT NULL CHECK (coupon_value_cents >= 0),
    -- open: waiting for the card; succeeded: fulfilled with a coupon;
    -- refunded: the money went back (no seat was left); canceled: abandoned.
    status              TEXT NOT NULL CHECK (status IN ('open', 'succeeded', 'refunded', 'canceled')),
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL,
    fulfilled_at        TIMESTAMPTZ,
    refunded_at         TIMESTAMPTZ,
    UNIQUE (provider, provider_payment_id)
);
CREATE INDEX payments_registration ON payments (registration_id);
CREATE INDEX payments_open ON payments (status, created_at);
-- At most one payment under way per registration.
CREATE UNIQUE INDEX payments_one_open ON payments (registration_id) WHERE status = 'open';

-- A seat held while a payment is under way, like a checkout reservation.
CREATE TABLE seat_holds (
    registration_id TEXT PRIMARY KEY REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    webinar_id      TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    payment_id      TEXT NOT NULL UNIQUE REFERENCES payments (id),
    expires_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX seat_holds_webinar ON seat_holds (webinar_id, expires_at);

CREATE TABLE coupons (
    id                      TEXT PRIMARY KEY,
    code                    TEXT NOT NULL UNIQUE,
    user_id                 TEXT NOT NULL REFERENCES profiles (id),
    webinar_id              TEXT NOT NULL REFERENCES webinars (id),
    webinar_registration_id TEXT NOT NULL UNIQUE REFERENCES webinar_registrations (id),
    payment_id              TEXT UNIQUE REFERENCES payments (id),   -- null only for demo coupons
    value_cents             BIGINT NOT NULL CHECK (value_cents > 0),
    original_payment_cents  BIGINT NOT NULL CHECK (original_payment_cents >= 0),
    status                  TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'used', 'expired')),
    created_at              TIMESTAMPTZ NOT NULL,
    expires_at              TIMESTAMPTZ NOT NULL,
    redeemed_at             TIMESTAMPTZ,
    CHECK ((status = 'used') = (redeemed_at IS NOT NULL))
);
CREATE INDEX coupons_user ON coupons (user_id, created_at);
CREATE INDEX coupons_created ON coupons (created_at);

-- Intents of the built-in test provider, kept in the database so every
-- instance sees them. No real card data ever reaches this table.
CREATE TABLE test_payment_intents (
    id                 TEXT PRIMARY KEY,
    client_secret      TEXT NOT NULL,                      -- test mode: no money, no card data
    idempotency_key    TEXT NOT NULL UNIQUE,
    amount_cents       BIGINT NOT NULL CHECK (amount_cents > 0),
    currency           TEXT NOT NULL,
    metadata           TEXT NOT NULL,                      -- JSON object of strings
    status             TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded', 'canceled')),
    last_error         TEXT,
    refunded           BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);

-- Provider events (webhooks) already handled, so a redelivery does nothing.
CREATE TABLE processed_events (
    provider     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- Mail waits here until the sender has delivered it, so a crash loses none.
-- dedupe_key makes queuing idempotent (one coupon e-mail per coupon).
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    dedupe_key      TEXT UNIQUE,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body_text       TEXT NOT NULL,
    body_html       TEXT,
    attachments     TEXT,                                  -- JSON list, see internal/mail
    created_at      TIMESTAMPTZ NOT NULL,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    locked_until    TIMESTAMPTZ,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    sent_at         TIMESTAMPTZ
);
CREATE INDEX mail_outbox_pending ON mail_outbox (sent_at, next_attempt_at);

-- +goose Down
DROP TABLE mail_outbox;
DROP TABLE processed_events;
DROP TABLE test_payment_intents;
DROP TABLE coupons;
DROP TABLE seat_holds;
DROP TABLE payments;
