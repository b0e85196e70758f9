-- +goose Up
-- A waiting list takes at most 3 places per client address
-- (docs/product.md#waiting-list): each entry keeps the hash of the address
-- it joined from (throttle.AddressKey), as free giveaway entries do. Rows
-- from before have none and are counted apart.
ALTER TABLE waitlist_entries ADD COLUMN address_key TEXT;
CREATE INDEX waitlist_entries_address ON waitlist_entries (webinar_id, address_key) WHERE address_key IS NOT NULL;

-- +goose Down
DROP INDEX waitlist_entries_address;
ALTER TABLE waitlist_entries DROP COLUMN address_key;
