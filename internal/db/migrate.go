package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

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
// and then find nothing left to do.
func (d *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(Migrations, "migrations/"+string(d.Engine))
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if d.Engine == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 600))
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
