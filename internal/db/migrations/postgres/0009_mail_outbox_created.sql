-- +goose Up
-- The outbox keeps mail for mail.Retention; the pruning job deletes by age.
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);

-- +goose Down
DROP INDEX mail_outbox_created;
