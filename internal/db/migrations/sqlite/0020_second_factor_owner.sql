-- +goose Up
-- The second factor belongs to the account holder
-- (docs/api.md#second-factor-and-sessions).

-- When this session last checked the account's password (its login, or a
-- password typed to change the second factor): a check in the last 5 minutes
-- lets the factor be changed without typing it again.
ALTER TABLE sessions ADD COLUMN password_checked_at TIMESTAMP;
-- When this session proved the mailed enrolment link: with
-- WATCHWIN_REQUIRE_2FA_FOR_STAFF a staff or admin account's first factor
-- needs it besides the password.
ALTER TABLE sessions ADD COLUMN enrolment_link_at TIMESTAMP;
-- Wrong codes typed for a login after its right password: the third mails
-- the owner that someone knows the password.
ALTER TABLE login_challenges ADD COLUMN wrong_codes INTEGER NOT NULL DEFAULT 0;

-- Two more links the account e-mails carry: the "this wasn't me" link of
-- the notice that a factor was turned on, and a staff account's enrolment
-- link. SQLite cannot change a CHECK: the table is made again.
CREATE TABLE account_tokens_new (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password',
    'second_factor_not_mine', 'second_factor_enrolment')),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
INSERT INTO account_tokens_new SELECT token_hash, user_id, purpose, created_at, expires_at, used_at FROM account_tokens
    WHERE purpose IN ('confirm_email', 'reset_password',
    'second_factor_not_mine', 'second_factor_enrolment');
DROP TABLE account_tokens;
ALTER TABLE account_tokens_new RENAME TO account_tokens;
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- +goose Down
CREATE TABLE account_tokens_new (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
INSERT INTO account_tokens_new SELECT token_hash, user_id, purpose, created_at, expires_at, used_at FROM account_tokens
    WHERE purpose IN ('confirm_email', 'reset_password');
DROP TABLE account_tokens;
ALTER TABLE account_tokens_new RENAME TO account_tokens;
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
ALTER TABLE login_challenges DROP COLUMN wrong_codes;
ALTER TABLE sessions DROP COLUMN enrolment_link_at;
ALTER TABLE sessions DROP COLUMN password_checked_at;
