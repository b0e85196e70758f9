-- +goose Up
-- The waiting list of sold-out webinars (docs/api.md#waiting-list).

-- A waiting-list hold: a freed seat kept for one registration until
-- expires_at (package seat counts it as held, as it counts seat_holds).
CREATE TABLE seat_offers (
    registration_id TEXT PRIMARY KEY REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    webinar_id      TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    expires_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX seat_offers_webinar ON seat_offers (webinar_id, expires_at);

-- One registration's place on its webinar's waiting list. status: waiting
-- (in line by joined_at), offered (holds a seat_offers row), then one of
-- bought, declined, lapsed (the offer ran out) or left. Joining again puts
-- the entry back in line with a new joined_at.
CREATE TABLE waitlist_entries (
    id              TEXT PRIMARY KEY,
    webinar_id      TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    registration_id TEXT NOT NULL UNIQUE REFERENCES webinar_registrations (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('waiting', 'offered', 'bought', 'declined', 'lapsed', 'left')),
    joined_at       TIMESTAMPTZ NOT NULL,
    offered_at      TIMESTAMPTZ,
    closed_at       TIMESTAMPTZ
);
CREATE INDEX waitlist_entries_line ON waitlist_entries (webinar_id, status, joined_at);

-- +goose Down
DROP TABLE waitlist_entries;
DROP TABLE seat_offers;
