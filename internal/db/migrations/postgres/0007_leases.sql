-- +goose Up
-- Leases let one instance of several run a periodic job (the payment
-- reconciler, pending giveaway draws, housekeeping) at a time: an instance
-- runs the job only while it holds the job's lease, which it takes or renews
-- with one conditional upsert and which lapses at expires_at if the holder
-- stops renewing it (crash, shutdown).
CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE leases;
