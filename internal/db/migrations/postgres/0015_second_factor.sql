-- +goose Up
-- A second factor (docs/api.md#second-factor-and-sessions): a TOTP secret
-- per account (RFC 6238), its one-time recovery codes, and the login that
-- waits for the code after the password.

-- The account's authenticator secret (base32, as the app shows it). Until
-- confirmed_at is set the factor is only being set up and login ignores it.
-- last_step is the newest 30-second step a code was accepted for: a code of
-- that step or an older one is refused, so no code works twice.
CREATE TABLE second_factors (
    user_id      TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL,
    confirmed_at TIMESTAMPTZ,
    last_step    BIGINT NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL
);

-- Recovery codes, stored as SHA-256 hashes (each is 50 random bits); a used
-- one keeps its row with used_at set, so "codes left" is a count.
CREATE TABLE recovery_codes (
    code_hash  TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- A login whose password was right and whose code is still due: no session
-- exists until the code is. Keyed by the hash of the cookie's token.
CREATE TABLE login_challenges (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_challenges_expires ON login_challenges (expires_at);

-- What the account's session list shows: a short device summary from the
-- user agent (never the whole string), the client's network (its /24 or
-- /48, never the address) and when the session was last used (written at
-- most every few minutes).
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN client_network TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE sessions DROP COLUMN last_seen_at;
ALTER TABLE sessions DROP COLUMN client_network;
ALTER TABLE sessions DROP COLUMN device;
DROP TABLE login_challenges;
DROP TABLE recovery_codes;
DROP TABLE second_factors;
