-- +goose Up
-- The lawful giveaway (docs/product.md#giveaway): free entries beside paid seats,
-- a draw deadline per webinar, and a draw anyone can check.

-- A free entry ("Enter the giveaway without purchase"): one per person per
-- webinar. It takes no seat; a person who also paid still has one entry.
CREATE TABLE giveaway_entries (
    id         TEXT PRIMARY KEY,
    webinar_id TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES profiles (id),
    created_at TIMESTAMP NOT NULL,
    -- show_name: the entrant agreed to have their first name and last
    -- initial shown on the rules page if they win.
    show_name  BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (webinar_id, user_id)
);

-- A webinar's own giveaway terms; absent values fall back to the rules'
-- defaults and the draw date to 30 days after the event.
CREATE TABLE webinar_giveaways (
    webinar_id        TEXT PRIMARY KEY REFERENCES webinars (id) ON DELETE CASCADE,
    draws_at          TIMESTAMP,
    prize_description TEXT,
    prize_value_cents INTEGER CHECK (prize_value_cents IS NULL OR prize_value_cents > 0),
    updated_at        TIMESTAMP NOT NULL
);

-- giveaway_draws (0004) again, now able to record a deadline draw, a draw
-- with no entrants (no winner row) and the proof of each draw: the sorted
-- entry ids it drew from (one per line, the bytes hashed), their SHA-256,
-- the entries by kind and the random value that picked. Draws made before
-- this migration keep null proofs.
CREATE TABLE giveaway_draws_new (
    id              TEXT PRIMARY KEY,
    webinar_id      TEXT NOT NULL REFERENCES webinars (id),
    winner_id       TEXT UNIQUE REFERENCES giveaway_winners (id),  -- null: no entrants
    drawn_at        TIMESTAMP NOT NULL,
    entrants        INTEGER NOT NULL CHECK (entrants >= 0),
    candidates      INTEGER NOT NULL CHECK (candidates >= 0 AND candidates <= entrants),
    trigger         TEXT NOT NULL CHECK (trigger IN ('seats_filled', 'deadline', 'admin_repick')),
    triggered_by    TEXT REFERENCES profiles (id),
    paid_entries    INTEGER CHECK (paid_entries >= 0),
    free_entries    INTEGER CHECK (free_entries >= 0),
    entries_sha256  TEXT,
    entry_ids       TEXT,
    random_value    TEXT,
    winner_entry_id TEXT,
    CHECK ((trigger = 'admin_repick') = (triggered_by IS NOT NULL)),
    CHECK ((winner_id IS NULL) = (candidates = 0)),
    CHECK ((entries_sha256 IS NULL) = (entry_ids IS NULL))
);
INSERT INTO giveaway_draws_new (id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger, triggered_by)
SELECT id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger, triggered_by FROM giveaway_draws;
DROP TABLE giveaway_draws;
ALTER TABLE giveaway_draws_new RENAME TO giveaway_draws;
CREATE INDEX giveaway_draws_webinar ON giveaway_draws (webinar_id, drawn_at);
-- The automatic draw (seats filled or the deadline, whichever comes first)
-- happens at most once per webinar, whatever the number of instances.
CREATE UNIQUE INDEX giveaway_draws_one_automatic ON giveaway_draws (webinar_id) WHERE trigger <> 'admin_repick';

-- +goose Down
DELETE FROM giveaway_draws WHERE winner_id IS NULL OR trigger = 'deadline';
CREATE TABLE giveaway_draws_old (
    id           TEXT PRIMARY KEY,
    webinar_id   TEXT NOT NULL REFERENCES webinars (id),
    winner_id    TEXT NOT NULL UNIQUE REFERENCES giveaway_winners (id),
    drawn_at     TIMESTAMP NOT NULL,
    entrants     INTEGER NOT NULL CHECK (entrants >= 1),
    candidates   INTEGER NOT NULL CHECK (candidates >= 1 AND candidates <= entrants),
    trigger      TEXT NOT NULL CHECK (trigger IN ('seats_filled', 'admin_repick')),
    triggered_by TEXT REFERENCES profiles (id),
    CHECK ((trigger = 'admin_repick') = (triggered_by IS NOT NULL))
);
INSERT INTO giveaway_draws_old SELECT id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger, triggered_by FROM giveaway_draws;
DROP TABLE giveaway_draws;
ALTER TABLE giveaway_draws_old RENAME TO giveaway_draws;
CREATE INDEX giveaway_draws_webinar ON giveaway_draws (webinar_id, drawn_at);
CREATE UNIQUE INDEX giveaway_draws_one_automatic ON giveaway_draws (webinar_id) WHERE trigger = 'seats_filled';
DROP TABLE webinar_giveaways;
DROP TABLE giveaway_entries;
