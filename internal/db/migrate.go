package db

import (
	"context"
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
// transaction. On PostgreSQL an advisory lock keeps several instances
// starting at once from migrating twice.
func (d *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(Migrations, "migrations/"+string(d.Engine))
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if d.Engine == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
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
