-- +goose Up
-- Account e-mails
-- (docs/api.md#account-e-mails-address-confirmation-and-password-reset): a
-- confirmed address, and the one-time tokens of the confirmation and
-- password-reset links. Accounts that exist now count as confirmed; a new
-- sign-up is confirmed by its link (or by a password reset, which proves the
-- same thing).
ALTER TABLE profiles ADD COLUMN email_confirmed_at TIMESTAMP;
UPDATE profiles SET email_confirmed_at = created_at;

-- A token is 32 random bytes sent in a link; only its SHA-256 is kept, so a
-- leaked row opens nothing. Single use (used_at), and short-lived.
CREATE TABLE account_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- +goose Down
DROP TABLE account_tokens;
ALTER TABLE profiles DROP COLUMN email_confirmed_at;
