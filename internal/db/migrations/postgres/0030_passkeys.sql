-- +goose Up
-- Passkeys (docs/api.md#passkeys): an account's WebAuthn credentials, and
-- the ceremonies between their begin and finish requests.

-- One passkey: the credential id and COSE public key (base64url), the
-- authenticator's signature count (a count that goes back is a clone and is
-- refused), its transports (comma-separated), its backup-eligible and
-- backup-state flags (updated on every use: a synced passkey's state
-- changes), the attestation format and AAGUID, the owner's name for it.
CREATE TABLE passkeys (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    credential_id   TEXT NOT NULL UNIQUE,
    public_key      TEXT NOT NULL,
    sign_count      BIGINT NOT NULL DEFAULT 0,
    transports      TEXT NOT NULL DEFAULT '',
    backup_eligible BOOLEAN NOT NULL DEFAULT FALSE,
    backup_state    BOOLEAN NOT NULL DEFAULT FALSE,
    user_verified   BOOLEAN NOT NULL DEFAULT FALSE,
    attestation     TEXT NOT NULL DEFAULT '',
    aaguid          TEXT NOT NULL DEFAULT '',
    name            TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    last_used_at    TIMESTAMPTZ
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- A ceremony under way: go-webauthn's session data (JSON), keyed by the
-- hash of the sign-in cookie's token (kind 'login') or of the session
-- adding a passkey (kind 'add', with its account), until expires_at.
CREATE TABLE passkey_ceremonies (
    token_hash TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    user_id    TEXT REFERENCES profiles (id) ON DELETE CASCADE,
    data       TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX passkey_ceremonies_expires ON passkey_ceremonies (expires_at);

-- +goose Down
DROP TABLE passkey_ceremonies;
DROP TABLE passkeys;
