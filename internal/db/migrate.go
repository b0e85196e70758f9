package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Migrations holds one numbered set per engine; a test checks both sets
// carry the same numbers.
//
//go:embed migrations
var Migrations embed.FS

// Migrate applies every migration not yet applied, each in its own
// transaction. On PostgreSQL a session advisory lock (pg_try_advisory_lock,
// retried every second for up to 10 minutes) keeps several instances
// starting at once from migrating together: one migrates, the others wait
// and then find nothing left to do. The lock is the schema's: instances
// sharing a database in schemas of their own (the tests, each in its own
// schema) do not wait for each other.
func (d *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(Migrations, "migrations/"+string(d.Engine))
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if d.Engine == Postgres {
		dialect = goose.DialectPostgres
		id, err := d.migrationLockID(ctx)
		if err != nil {
			return err
		}
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(id), lock.WithLockTimeout(1, 600))
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, d.DB, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// migrationLockID is the advisory lock of Migrate on PostgreSQL: goose's
// own in the public schema (as every earlier release took it, so an old
// and a new instance starting together still take turns), one of the
// schema's name in any other.
func (d *DB) migrationLockID(ctx context.Context) (int64, error) {
	var schema string
	if err := d.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return 0, fmt.Errorf("migrate: current schema: %w", err)
	}
	if schema == "public" {
		return lock.DefaultLockID, nil
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(schema)) // a hash.Hash's Write never fails
	return int64(h.Sum64() & math.MaxInt64), nil
}

// SchemaVersion returns the number of the newest migration applied, read
// from goose's version table (goose_db_version, its default name), which
// Migrate creates. A plain read: unlike goose's own
// version query it takes no migration lock, so it never waits for a
// migration another instance is running.
func (d *DB) SchemaVersion(ctx context.Context) (int64, error) {
	var v sql.NullInt64
	err := d.Q(ctx).QueryRowContext(ctx, `SELECT MAX(version_id) FROM goose_db_version`).Scan(&v)
	if err != nil {
		return 0, MapError(err)
	}
	return v.Int64, nil
}
