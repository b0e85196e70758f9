-- +goose Up
-- The second factor belongs to the account holder
-- (docs/api.md#second-factor-and-sessions).

-- When this session last checked the account's password (its login, or a
-- password typed to change the second factor): a check in the last 5 minutes
-- lets the factor be changed without typing it again.
ALTER TABLE sessions ADD COLUMN password_checked_at TIMESTAMPTZ;
-- When this session proved the mailed enrolment link: with
-- WATCHWIN_REQUIRE_2FA_FOR_STAFF a staff or admin account's first factor
-- needs it besides the password.
ALTER TABLE sessions ADD COLUMN enrolment_link_at TIMESTAMPTZ;
-- Wrong codes typed for a login after its right password: the third mails
-- the owner that someone knows the password.
ALTER TABLE login_challenges ADD COLUMN wrong_codes INTEGER NOT NULL DEFAULT 0;

-- Two more links the account e-mails carry: the "this wasn't me" link of
-- the notice that a factor was turned on, and a staff account's enrolment
-- link.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN
    ('confirm_email', 'reset_password', 'second_factor_not_mine', 'second_factor_enrolment'));

-- +goose Down
DELETE FROM account_tokens WHERE purpose IN ('second_factor_not_mine', 'second_factor_enrolment');
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('confirm_email', 'reset_password'));
ALTER TABLE login_challenges DROP COLUMN wrong_codes;
ALTER TABLE sessions DROP COLUMN enrolment_link_at;
ALTER TABLE sessions DROP COLUMN password_checked_at;
