-- +goose Up
-- Login and sign-up attempts per key (an account, a client address, a known
-- browser; each hashed), counted before any password is checked, in a fixed
-- window that opens with the key's first attempt. Replaces login_failures,
-- which counted failures only after the password had been checked.
DROP TABLE login_failures;
CREATE TABLE throttle_attempts (
    key          TEXT PRIMARY KEY,
    attempts     INTEGER NOT NULL,
    window_start TIMESTAMPTZ NOT NULL
);
CREATE INDEX throttle_attempts_window ON throttle_attempts (window_start);

-- Browsers an account has signed in on (the device cookie; only the token's
-- SHA-256 is kept). Their logins are throttled per browser, not by the
-- account's limit, so strangers' guesses do not lock the owner out.
CREATE TABLE login_devices (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_devices_user ON login_devices (user_id);
CREATE INDEX login_devices_expires ON login_devices (expires_at);

-- +goose Down
DROP TABLE login_devices;
DROP TABLE throttle_attempts;
CREATE TABLE login_failures (
    key             TEXT PRIMARY KEY,
    failures        INTEGER NOT NULL,
    first_failed_at TIMESTAMPTZ NOT NULL,
    locked_until    TIMESTAMPTZ
);
