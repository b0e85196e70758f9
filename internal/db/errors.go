package db

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

var (
	// ErrNotFound: the row asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a unique, check or foreign-key rule of the schema refused
	// the write. Callers that expect a particular conflict turn it into a
	// message for the user.
	ErrConflict = errors.New("conflict")
)

// MapError turns driver errors into ErrNotFound or ErrConflict (wrapping the
// original, which stays available to the log) and returns others unchanged.
func MapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 23: integrity constraint violation (unique, check, foreign key, not null).
		if len(pgErr.Code) == 5 && pgErr.Code[:2] == "23" {
			return &conflictError{err}
		}
		return err
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) && liteErr.Code()&0xff == sqlite3.SQLITE_CONSTRAINT {
		return &conflictError{err}
	}
	return err
}

type conflictError struct{ err error }

func (e *conflictError) Error() string        { return "conflict: " + e.err.Error() }
func (e *conflictError) Is(target error) bool { return target == ErrConflict }
func (e *conflictError) Unwrap() error        { return e.err }
