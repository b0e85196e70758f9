-- +goose Up
-- The lawful giveaway (docs/product.md#giveaway): free entries beside paid seats,
-- a draw deadline per webinar, and a draw anyone can check.

-- A free entry ("Enter the giveaway without purchase"): one per person per
-- webinar. It takes no seat; a person who also paid still has one entry.
CREATE TABLE giveaway_entries (
    id         TEXT PRIMARY KEY,
    webinar_id TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES profiles (id),
    created_at TIMESTAMPTZ NOT NULL,
    -- show_name: the entrant agreed to have their first name and last
    -- initial shown on the rules page if they win.
    show_name  BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (webinar_id, user_id)
);

-- A webinar's own giveaway terms; absent values fall back to the rules'
-- defaults and the draw date to 30 days after the event.
CREATE TABLE webinar_giveaways (
    webinar_id        TEXT PRIMARY KEY REFERENCES webinars (id) ON DELETE CASCADE,
    draws_at          TIMESTAMPTZ,
    prize_description TEXT,
    prize_value_cents INTEGER CHECK (prize_value_cents IS NULL OR prize_value_cents > 0),
    updated_at        TIMESTAMPTZ NOT NULL
);

-- giveaway_draws (0004) can now record a deadline draw, a draw with no
-- entrants (no winner row) and the proof of each draw: the sorted entry ids
-- it drew from (one per line, the bytes hashed), their SHA-256, the entries
-- by kind and the random value that picked. Draws made before this
-- migration keep null proofs.
ALTER TABLE giveaway_draws ALTER COLUMN winner_id DROP NOT NULL;
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_entrants_check;
-- 0004's unnamed check on candidates is giveaway_draws_check.
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_check;
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_trigger_check;
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_entrants_check CHECK (entrants >= 0);
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_candidates_check CHECK (candidates >= 0 AND candidates <= entrants);
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_trigger_check CHECK (trigger IN ('seats_filled', 'deadline', 'admin_repick'));
ALTER TABLE giveaway_draws ADD COLUMN paid_entries INTEGER CHECK (paid_entries >= 0);
ALTER TABLE giveaway_draws ADD COLUMN free_entries INTEGER CHECK (free_entries >= 0);
ALTER TABLE giveaway_draws ADD COLUMN entries_sha256 TEXT;
ALTER TABLE giveaway_draws ADD COLUMN entry_ids TEXT;
ALTER TABLE giveaway_draws ADD COLUMN random_value TEXT;
ALTER TABLE giveaway_draws ADD COLUMN winner_entry_id TEXT;
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_winner_check CHECK ((winner_id IS NULL) = (candidates = 0));
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_proof_check CHECK ((entries_sha256 IS NULL) = (entry_ids IS NULL));
-- The automatic draw (seats filled or the deadline, whichever comes first)
-- happens at most once per webinar, whatever the number of instances.
DROP INDEX giveaway_draws_one_automatic;
CREATE UNIQUE INDEX giveaway_draws_one_automatic ON giveaway_draws (webinar_id) WHERE trigger <> 'admin_repick';

-- +goose Down
DELETE FROM giveaway_draws WHERE winner_id IS NULL OR trigger = 'deadline';
DROP INDEX giveaway_draws_one_automatic;
CREATE UNIQUE INDEX giveaway_draws_one_automatic ON giveaway_draws (webinar_id) WHERE trigger = 'seats_filled';
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_proof_check;
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_winner_check;
ALTER TABLE giveaway_draws DROP COLUMN winner_entry_id;
ALTER TABLE giveaway_draws DROP COLUMN random_value;
ALTER TABLE giveaway_draws DROP COLUMN entry_ids;
ALTER TABLE giveaway_draws DROP COLUMN entries_sha256;
ALTER TABLE giveaway_draws DROP COLUMN free_entries;
ALTER TABLE giveaway_draws DROP COLUMN paid_entries;
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_trigger_check;
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_candidates_check;
ALTER TABLE giveaway_draws DROP CONSTRAINT giveaway_draws_entrants_check;
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_entrants_check CHECK (entrants >= 1);
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_check CHECK (candidates >= 1 AND candidates <= entrants);
ALTER TABLE giveaway_draws ADD CONSTRAINT giveaway_draws_trigger_check CHECK (trigger IN ('seats_filled', 'admin_repick'));
ALTER TABLE giveaway_draws ALTER COLUMN winner_id SET NOT NULL;
DROP TABLE webinar_giveaways;
DROP TABLE giveaway_entries;
