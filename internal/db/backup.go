package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrBackupPostgres answers a backup asked of PostgreSQL.
var ErrBackupPostgres = errors.New("watchwin backup copies the SQLite database; back up PostgreSQL with pg_dump " +
	"(pg_dump --format=custom --file=watchwin.dump \"$WATCHWIN_DATABASE_URL\", restored with pg_restore)")

// Backup writes a consistent copy of the SQLite database to file while the
// server keeps running (VACUUM INTO). PostgreSQL is backed up with its own
// tools (pg_dump), which know far more about it than we could.
func Backup(ctx context.Context, d *DB, file string) error {
	if d.Engine != SQLite {
		return ErrBackupPostgres
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	if _, err := os.Stat(abs); err == nil {
		return fmt.Errorf("%s already exists; choose a new file name", file)
	}
	_, err = d.ExecContext(ctx, `VACUUM INTO $1`, abs)
	return err
}
