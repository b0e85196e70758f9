-- +goose Up
-- New-webinar alerts and credit-expiry reminders
-- (docs/api.md#new-webinar-alerts, docs/api.md#reminders). Both go through the
-- reminders' outbox, pacing and unsubscribe links.

-- When a webinar was first made active ("published"): set once, never
-- cleared, so switching a webinar off and on again alerts nobody twice.
-- Webinars active before this migration count as published already.
ALTER TABLE webinars ADD COLUMN published_at TIMESTAMPTZ;
UPDATE webinars SET published_at = created_at WHERE is_active = TRUE;
CREATE INDEX webinars_published ON webinars (published_at) WHERE published_at IS NOT NULL;

-- Who asked to hear about new webinars, by e-mail address, with or without
-- an account. status: pending (a confirmation link was mailed: token_hash,
-- valid until token_expires_at), confirmed (gets the alerts), unsubscribed.
-- Only the link's hash is kept.
CREATE TABLE alert_subscriptions (
    id               TEXT PRIMARY KEY,
    email            TEXT NOT NULL UNIQUE,
    user_id          TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    status           TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
    token_hash       TEXT UNIQUE,
    token_expires_at TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL,
    confirmed_at     TIMESTAMPTZ,
    updated_at       TIMESTAMPTZ NOT NULL
);
CREATE INDEX alert_subscriptions_confirmed ON alert_subscriptions (confirmed_at) WHERE status = 'confirmed';
CREATE INDEX alert_subscriptions_user ON alert_subscriptions (user_id) WHERE user_id IS NOT NULL;

-- One row per alert queued: the primary key makes it once per webinar and
-- subscriber, however many instances run the job. status as in reminders.
CREATE TABLE webinar_alerts (
    webinar_id      TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL REFERENCES alert_subscriptions (id) ON DELETE CASCADE,
    status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'canceled')),
    queued_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (webinar_id, subscription_id)
);
CREATE INDEX webinar_alerts_queued ON webinar_alerts (queued_at) WHERE status = 'queued';

-- One row per credit reminder queued for a coupon (once per coupon and kind).
CREATE TABLE coupon_reminders (
    coupon_id TEXT NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    kind      TEXT NOT NULL CHECK (kind IN ('credit_expiry', 'bonus_expiry')),
    status    TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'canceled')),
    queued_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (coupon_id, kind)
);
CREATE INDEX coupon_reminders_queued ON coupon_reminders (queued_at) WHERE status = 'queued';
-- The credit reminders look for coupons by their ends.
CREATE INDEX coupons_active_expiry ON coupons (expires_at) WHERE status = 'active';
CREATE INDEX coupons_active_bonus ON coupons (bonus_until) WHERE status = 'active' AND bonus_cents > 0;

-- The opt-outs take the two credit kinds.
ALTER TABLE reminder_optouts DROP CONSTRAINT reminder_optouts_kind_check;
ALTER TABLE reminder_optouts ADD CONSTRAINT reminder_optouts_kind_check
    CHECK (kind IN ('ready', 'unfinished', 'offer', 'credit_expiry', 'bonus_expiry'));

-- +goose Down
DELETE FROM reminder_optouts WHERE kind IN ('credit_expiry', 'bonus_expiry');
ALTER TABLE reminder_optouts DROP CONSTRAINT reminder_optouts_kind_check;
ALTER TABLE reminder_optouts ADD CONSTRAINT reminder_optouts_kind_check CHECK (kind IN ('ready', 'unfinished', 'offer'));
DROP INDEX coupons_active_bonus;
DROP INDEX coupons_active_expiry;
DROP TABLE coupon_reminders;
DROP TABLE webinar_alerts;
DROP TABLE alert_subscriptions;
DROP INDEX webinars_published;
ALTER TABLE webinars DROP COLUMN published_at;
