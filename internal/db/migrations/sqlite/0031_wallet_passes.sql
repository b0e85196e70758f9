-- +goose Up
-- Wallet passes of coupons (docs/api.md#wallet-passes).

-- A coupon's pass, made when its owner first adds it to a wallet. state is
-- what the pass last showed (status, value today) and coupon_status the
-- coupon's status then; updated_at moves when state changes (the pass's
-- Last-Modified and the serials-changed tag); checked_at is when the pass
-- was last compared with its coupon. auth_token is Apple's
-- authenticationToken of this pass. google_object is set once the Google
-- Wallet object exists.
CREATE TABLE wallet_passes (
    coupon_id     TEXT PRIMARY KEY REFERENCES coupons (id) ON DELETE CASCADE,
    auth_token    TEXT NOT NULL,
    state         TEXT NOT NULL,
    coupon_status TEXT NOT NULL,
    updated_at    TIMESTAMP NOT NULL,
    checked_at    TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    google_object TEXT
);
CREATE INDEX wallet_passes_updated ON wallet_passes (updated_at);

-- An Apple device registered for a pass's updates (Apple's web service).
CREATE TABLE wallet_devices (
    device_id  TEXT NOT NULL,
    coupon_id  TEXT NOT NULL REFERENCES wallet_passes (coupon_id) ON DELETE CASCADE,
    push_token TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (device_id, coupon_id)
);
CREATE INDEX wallet_devices_coupon ON wallet_devices (coupon_id);

-- Pushes to Apple devices (kind apns, target the push token) and patches of
-- Google objects (kind google, target the coupon id) waiting to be sent,
-- retried as the mail outbox retries mail.
CREATE TABLE wallet_outbox (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('apns', 'google')),
    target          TEXT NOT NULL,
    dedupe_key      TEXT NOT NULL UNIQUE,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP,
    sent_at         TIMESTAMP,
    last_error      TEXT,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX wallet_outbox_due ON wallet_outbox (sent_at, next_attempt_at);

-- +goose Down
DROP TABLE wallet_outbox;
DROP TABLE wallet_devices;
DROP TABLE wallet_passes;
