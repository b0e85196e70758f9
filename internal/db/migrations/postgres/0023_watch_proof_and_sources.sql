-- +goose Up
-- Proof of watching and where registrants came from
-- (docs/product.md#proof-of-watching,
-- docs/product.md#where-registrants-came-from).

-- The video's length the server trusts (NULL: not set yet, the webinar is
-- marked watched as before) and whether viewers may skip ahead.
ALTER TABLE webinars ADD COLUMN video_length_seconds INTEGER;
ALTER TABLE webinars ADD COLUMN allow_seeking BOOLEAN NOT NULL DEFAULT TRUE;

-- A registration's merged played intervals ("a-b,c-d", whole seconds,
-- sorted, disjoint), their total, and when the last report was accepted
-- (the wall-clock cap counts from it).
ALTER TABLE webinar_registrations ADD COLUMN watch_intervals TEXT NOT NULL DEFAULT '';
ALTER TABLE webinar_registrations ADD COLUMN watched_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE webinar_registrations ADD COLUMN progress_at TIMESTAMPTZ;

-- First touch: sanitised, length-capped; all NULL is "direct".
ALTER TABLE webinar_registrations ADD COLUMN utm_source TEXT;
ALTER TABLE webinar_registrations ADD COLUMN utm_medium TEXT;
ALTER TABLE webinar_registrations ADD COLUMN utm_campaign TEXT;
ALTER TABLE webinar_registrations ADD COLUMN ref TEXT;


-- +goose Down
ALTER TABLE webinar_registrations DROP COLUMN ref;
ALTER TABLE webinar_registrations DROP COLUMN utm_campaign;
ALTER TABLE webinar_registrations DROP COLUMN utm_medium;
ALTER TABLE webinar_registrations DROP COLUMN utm_source;
ALTER TABLE webinar_registrations DROP COLUMN progress_at;
ALTER TABLE webinar_registrations DROP COLUMN watched_seconds;
ALTER TABLE webinar_registrations DROP COLUMN watch_intervals;
ALTER TABLE webinars DROP COLUMN allow_seeking;
ALTER TABLE webinars DROP COLUMN video_length_seconds;
