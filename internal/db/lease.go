package db

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"time"

	"watchwin/internal/clock"
)

// Lease is a named, time-limited claim in the leases table that lets one of
// several instances on one database do a piece of work at a time (a
// periodic job): whoever holds the unexpired lease does it, the others skip.
// The holder renews it before it runs out; if the holder dies it lapses at
// its expiry and another instance takes it over.
type Lease struct {
	db     *DB
	name   string
	holder string
	ttl    time.Duration
	now    clock.Func
}

// NewLease returns the lease name on d held, when acquired, by holder for
// ttl at a time, telling the time by now.
func (d *DB) NewLease(name, holder string, ttl time.Duration, now clock.Func) *Lease {
	return &Lease{db: d, name: name, holder: holder, ttl: ttl, now: now}
}

// Acquire takes the lease, or renews it when this holder has it already, in
// one conditional upsert: it succeeds when the lease is free, expired or
// this holder's, and reports whether this holder now holds it. Two holders
// acquiring at once cannot both succeed: PostgreSQL serialises upserts of
// one key on its row lock and re-checks the condition; SQLite has one
// writer.
func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	now := l.now()
	var holder string
	err := l.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE leases.holder = excluded.holder OR leases.expires_at <= $4
		RETURNING holder`, l.name, l.holder, now.Add(l.ttl), now).Scan(&holder)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil // held by another, unexpired
	}
	if err != nil {
		return false, MapError(err)
	}
	return holder == l.holder, nil
}

// Release gives the lease up at once if this holder has it, so another
// instance need not wait for it to expire (called at shutdown).
func (l *Lease) Release(ctx context.Context) error {
	_, err := l.db.Q(ctx).ExecContext(ctx, `UPDATE leases SET expires_at = $3 WHERE name = $1 AND holder = $2`,
		l.name, l.holder, l.now())
	return MapError(err)
}

// InstanceID names a process as a lease holder: its host name and the
// address it listens on, which no other live process on the host can share.
// A process restarted after a crash (kill -9, power loss) on the same host
// and address is the same holder, so it resumes the leases its previous
// life held at once instead of waiting for them to lapse.
func InstanceID(addr string) string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	return host + "/" + addr
}
