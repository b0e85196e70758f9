-- +goose Up
-- The audit of every giveaway draw: when, among how many, and who or what
-- triggered it. giveaway_winners (0001) keeps one row per winner drawn; each
-- draw makes exactly one of them (winner_id UNIQUE), so re-picks keep history.
CREATE TABLE giveaway_draws (
    id           TEXT PRIMARY KEY,
    webinar_id   TEXT NOT NULL REFERENCES webinars (id),
    winner_id    TEXT NOT NULL UNIQUE REFERENCES giveaway_winners (id),
    drawn_at     TIMESTAMP NOT NULL,
    -- entrants: the webinar's paid registrants at the draw; candidates: how
    -- many of them had an equal chance (a re-pick leaves out earlier winners
    -- while any other entrant is left).
    entrants     INTEGER NOT NULL CHECK (entrants >= 1),
    candidates   INTEGER NOT NULL CHECK (candidates >= 1 AND candidates <= entrants),
    trigger      TEXT NOT NULL CHECK (trigger IN ('seats_filled', 'admin_repick')),
    triggered_by TEXT REFERENCES profiles (id),        -- the admin of a re-pick; null for the automatic draw
    CHECK ((trigger = 'admin_repick') = (triggered_by IS NOT NULL))
);
CREATE INDEX giveaway_draws_webinar ON giveaway_draws (webinar_id, drawn_at);
-- The automatic draw happens at most once per webinar, whatever the number
-- of instances or concurrent purchases: the database refuses a second one.
CREATE UNIQUE INDEX giveaway_draws_one_automatic ON giveaway_draws (webinar_id) WHERE trigger = 'seats_filled';

-- The admin list of winners is newest first.
CREATE INDEX giveaway_winners_created ON giveaway_winners (created_at);

-- +goose Down
DROP INDEX giveaway_winners_created;
DROP TABLE giveaway_draws;
