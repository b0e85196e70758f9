package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the SQLite database to file while the
// server keeps running (VACUUM INTO). PostgreSQL is backed up with its own
// tools (pg_dump), which know far more about it than we could.
func Backup(ctx context.Context, d *DB, file string) error {
	if d.Engine != SQLite {
		return errors.New("backup copies the SQLite database; for PostgreSQL use pg_dump")
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
