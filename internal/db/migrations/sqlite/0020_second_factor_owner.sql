-- +goose Up
-- The second factor belongs to the account holder (docs/api.md, "Second
-- factor and sessions").

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

-- +goose Down
ALTER TABLE login_challenges DROP COLUMN wrong_codes;
ALTER TABLE sessions DROP COLUMN enrolment_link_at;
ALTER TABLE sessions DROP COLUMN password_checked_at;
