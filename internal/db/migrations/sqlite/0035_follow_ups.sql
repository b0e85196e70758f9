-- +goose Up
-- Follow-ups by where they left (docs/product.md#follow-ups): the owner
-- mails one segment of a webinar's registrants once; each person gets at
-- most one follow-up per webinar a week (follow_up_latest, whose upsert
-- only moves a week-old time, decides it inside the send's transaction).
CREATE TABLE follow_ups (
    id           TEXT PRIMARY KEY,
    webinar_id   TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    segment      TEXT NOT NULL CHECK (segment IN ('left_before', 'not_bought', 'never_started')),
    percent      INTEGER,
    days         INTEGER,
    subject      TEXT NOT NULL,
    body         TEXT NOT NULL,
    sent_by      TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    queued       INTEGER NOT NULL CHECK (queued >= 0),
    left_recent  INTEGER NOT NULL CHECK (left_recent >= 0),
    left_unsubscribed INTEGER NOT NULL CHECK (left_unsubscribed >= 0),
    created_at   TIMESTAMP NOT NULL,
    bought_until TIMESTAMP NOT NULL -- a purchase before it counts as the follow-up's result (reports)
);
CREATE INDEX follow_ups_webinar ON follow_ups (webinar_id, created_at);

-- Who each follow-up was queued for (the reports count who came back).
CREATE TABLE follow_up_recipients (
    follow_up_id    TEXT NOT NULL REFERENCES follow_ups (id) ON DELETE CASCADE,
    registration_id TEXT NOT NULL REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    resume_second   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (follow_up_id, registration_id)
);

-- The last follow-up a person got about a webinar: the once-a-week rule.
CREATE TABLE follow_up_latest (
    webinar_id TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    sent_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (webinar_id, user_id)
);

-- +goose Down
DROP TABLE follow_up_latest;
DROP TABLE follow_up_recipients;
DROP TABLE follow_ups;
