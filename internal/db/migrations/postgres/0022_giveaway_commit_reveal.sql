-- +goose Up
-- Draws anyone can check (docs/product.md#giveaway): each webinar gets a
-- secret seed (64 hex characters) when it is created, and its SHA-256, the
-- commitment, is public from then on; the seed is revealed by the draw.
-- A draw of this kind keeps the counter and the index it took; a re-pick
-- says why. Older draws keep proof_kind 'random'. A free entry keeps a
-- keyed hash of its address (/64 for IPv6), so 3 accounts per address and
-- webinar can be told without storing the address.
CREATE TABLE giveaway_commitments (
    webinar_id   TEXT PRIMARY KEY REFERENCES webinars (id) ON DELETE CASCADE,
    seed         TEXT NOT NULL,
    commitment   TEXT NOT NULL,
    committed_at TIMESTAMPTZ NOT NULL
);
ALTER TABLE giveaway_draws ADD COLUMN proof_kind TEXT NOT NULL DEFAULT 'random';
ALTER TABLE giveaway_draws ADD COLUMN counter INTEGER;
ALTER TABLE giveaway_draws ADD COLUMN winner_index INTEGER;
ALTER TABLE giveaway_draws ADD COLUMN reason TEXT;
ALTER TABLE giveaway_entries ADD COLUMN address_key TEXT;
CREATE INDEX giveaway_entries_address ON giveaway_entries (webinar_id, address_key);

-- +goose Down
DROP INDEX giveaway_entries_address;
ALTER TABLE giveaway_entries DROP COLUMN address_key;
ALTER TABLE giveaway_draws DROP COLUMN reason;
ALTER TABLE giveaway_draws DROP COLUMN winner_index;
ALTER TABLE giveaway_draws DROP COLUMN counter;
ALTER TABLE giveaway_draws DROP COLUMN proof_kind;
DROP TABLE giveaway_commitments;
