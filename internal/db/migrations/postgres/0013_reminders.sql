-- +goose Up
-- Reminder e-mails (docs/api.md#reminders): "It's ready to watch" at the
-- event, "You didn't finish" two days later, "Your coupon offer" a day after
-- watching. Each is sent at most once per registration.

-- When the video was first watched to the end (the offer reminder is due a
-- day later) and when the registration was last reset (a reset registration
-- gets no reminders). Rows watched before this migration have no time and
-- get no offer reminder.
ALTER TABLE webinar_registrations ADD COLUMN watched_at TIMESTAMPTZ;
ALTER TABLE webinar_registrations ADD COLUMN reset_at TIMESTAMPTZ;
CREATE INDEX webinar_registrations_watched_at ON webinar_registrations (watched_at) WHERE watched_at IS NOT NULL;
CREATE INDEX webinar_registrations_time ON webinar_registrations (registration_time);

-- One row per reminder queued for a registration: the primary key makes it
-- once per kind, whatever the number of instances. status: queued (in the
-- outbox, may still be withdrawn), sent (past withdrawal), canceled
-- (withdrawn unsent because its reason went away).
CREATE TABLE reminders (
    registration_id TEXT NOT NULL REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('ready', 'unfinished', 'offer')),
    status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'canceled')),
    queued_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (registration_id, kind)
);
CREATE INDEX reminders_queued ON reminders (queued_at) WHERE status = 'queued';

-- An account's "no more reminders of this kind" (the unsubscribe link or the
-- dashboard switch). Transactional mail never reads it.
CREATE TABLE reminder_optouts (
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('ready', 'unfinished', 'offer')),
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- Secret keys the server makes for itself on first use (the HMAC key of
-- unsubscribe links), shared by every instance on the database.
CREATE TABLE server_keys (
    name       TEXT PRIMARY KEY,
    secret     TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- Bulk mail (reminders) goes out after every transactional mail that is due,
-- at a store-wide pace: a sender takes the next slot of mail_pace before it
-- claims a bulk mail. list_unsubscribe is the one-click URL (RFC 8058).
ALTER TABLE mail_outbox ADD COLUMN bulk BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT;
CREATE INDEX mail_outbox_due ON mail_outbox (bulk, next_attempt_at) WHERE sent_at IS NULL;
CREATE TABLE mail_pace (
    name    TEXT PRIMARY KEY,
    next_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE mail_pace;
DROP INDEX mail_outbox_due;
ALTER TABLE mail_outbox DROP COLUMN list_unsubscribe;
ALTER TABLE mail_outbox DROP COLUMN bulk;
DROP TABLE server_keys;
DROP TABLE reminder_optouts;
DROP TABLE reminders;
DROP INDEX webinar_registrations_time;
DROP INDEX webinar_registrations_watched_at;
ALTER TABLE webinar_registrations DROP COLUMN reset_at;
ALTER TABLE webinar_registrations DROP COLUMN watched_at;
