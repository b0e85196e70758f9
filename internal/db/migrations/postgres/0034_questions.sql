-- +goose Up
-- Questions to the store (docs/product.md#questions-to-the-store): a
-- registrant asks from the player at a second of the video; staff answer it
-- by e-mail, may publish it under the video, or hide an abusive one.
CREATE TABLE webinar_questions (
    id              TEXT PRIMARY KEY,
    webinar_id      TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    registration_id TEXT NOT NULL REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    at_second       INTEGER NOT NULL CHECK (at_second >= 0),
    question        TEXT NOT NULL,
    show_name       BOOLEAN NOT NULL DEFAULT FALSE, -- the asker allowed their first name under the video
    status          TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'answered', 'published', 'hidden')),
    answer          TEXT,
    answered_by     TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    answered_at     TIMESTAMPTZ,
    published_at    TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX webinar_questions_status ON webinar_questions (status, created_at);
CREATE INDEX webinar_questions_webinar ON webinar_questions (webinar_id, status, at_second);

-- +goose Down
DROP TABLE webinar_questions;
