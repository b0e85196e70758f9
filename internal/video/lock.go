package video

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	tus "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"

	"watchwin/internal/db"
)

const (
	// lockPoll spaces a holder's looks for a request waiting for its upload.
	lockPoll = time.Second
	// lockWait is one wait for a held upload; Lock waits again until its
	// context ends.
	lockWait = time.Second
	// lockQueryTimeout bounds a lock's query beyond its own wait: a server
	// that no longer answers.
	lockQueryTimeout = 5 * time.Second
)

// newLocker is what keeps two requests from writing one upload at once: on
// PostgreSQL a lock every instance on the database sees (pgLocker); on
// SQLite, which one instance alone uses, tusd's in-memory locker.
func newLocker(d *db.DB) tus.Locker {
	if d.Engine == db.Postgres {
		return pgLocker{db: d, poll: lockPoll}
	}
	return memorylocker.New()
}

// pgLocker is tusd's Locker on PostgreSQL session advisory locks, one per
// upload, each held on a connection of its own for as long as its request
// holds the upload. As tusd asks, a request that wants a held upload makes
// the holder let go: it waits in pg_advisory_lock, where the holder, looking
// at pg_locks every poll, sees it and stops (keeping what it stored), so a
// client that resumes after a cut connection takes over its upload.
// Locks are the database's, whatever the schema: upload ids are unique.
type pgLocker struct {
	db   *db.DB
	poll time.Duration
}

func (l pgLocker) NewLock(id string) (tus.Lock, error) {
	return &pgLock{db: l.db, poll: l.poll, key: uploadLockKey(id)}, nil
}

// uploadLockKey is the upload's advisory lock key: a hash of its id, never
// negative.
func uploadLockKey(id string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte("watchwin video upload " + id)) // a hash.Hash's Write never fails
	return int64(h.Sum64() & math.MaxInt64)
}

type pgLock struct {
	db   *db.DB
	poll time.Duration
	key  int64

	conn *sql.Conn     // the session holding the lock
	stop chan struct{} // closed by Unlock: the watch ends
	done chan struct{} // closed by the watch as it ends
}

// Lock takes the upload's lock, waiting (until ctx ends: tus.ErrLockTimeout)
// while another request, on any instance, holds it.
func (k *pgLock) Lock(ctx context.Context, requestRelease func()) error {
	conn, err := k.db.Conn(ctx)
	if err != nil {
		return lockError(ctx, err)
	}
	for {
		err := k.wait(conn)
		if err == nil {
			break
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != lockNotAvailable {
			// The lock may have been granted as the wait failed: only
			// ending the session surely frees it.
			discard(conn)
			return fmt.Errorf("video: lock upload: %w", err)
		}
		if ctx.Err() != nil {
			_ = conn.Close() // back to the pool, holding nothing
			return tus.ErrLockTimeout
		}
	}
	k.conn, k.stop, k.done = conn, make(chan struct{}), make(chan struct{})
	go k.watch(requestRelease)
	return nil
}

// lockNotAvailable is PostgreSQL's error when lock_timeout ends a wait.
const lockNotAvailable = "55P03"

// wait takes the lock on conn's session, waiting at most lockWait. The
// server ends the wait (lock_timeout), never the client: a wait cancelled
// from here could leave a session that takes the lock once nobody waits.
func (k *pgLock) wait(conn *sql.Conn) error {
	ctx, cancel := context.WithTimeout(context.Background(), lockWait+lockQueryTimeout)
	defer cancel()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // after Commit: ErrTxDone
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("SET LOCAL lock_timeout = %d", lockWait.Milliseconds())); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, k.key); err != nil {
		return err
	}
	return tx.Commit() // the lock is the session's: it outlives the transaction
}

func lockError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return tus.ErrLockTimeout
	}
	return fmt.Errorf("video: lock upload: %w", err)
}

// waitingSQL tells whether a session waits for the advisory lock whose
// bigint key is split, as pg_locks shows it, into classid (high half) and
// objid (low half).
const waitingSQL = `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
	AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
	AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1)`

// watch asks the holder's request to let go once another request waits for
// the upload, or once the session may have ended (which frees the lock);
// it ends then, or at Unlock.
func (k *pgLock) watch(requestRelease func()) {
	defer close(k.done)
	tick := time.NewTicker(k.poll)
	defer tick.Stop()
	high, low := int64(uint64(k.key)>>32), int64(uint32(k.key))
	for {
		select {
		case <-k.stop:
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), lockQueryTimeout)
		var waiting bool
		err := k.conn.QueryRowContext(ctx, waitingSQL, high, low).Scan(&waiting)
		cancel()
		if err != nil {
			slog.Warn("video: upload lock: the holding session failed; the request stops", "err", err)
		}
		if err != nil || waiting {
			requestRelease()
			return
		}
	}
}

// Unlock frees the upload; the session goes back to the pool, or is ended
// when the unlock fails (which frees the lock as well).
func (k *pgLock) Unlock() error {
	close(k.stop)
	<-k.done
	ctx, cancel := context.WithTimeout(context.Background(), lockQueryTimeout)
	defer cancel()
	var released bool
	if err := k.conn.QueryRowContext(ctx, `SELECT pg_advisory_unlock($1)`, k.key).Scan(&released); err != nil || !released {
		slog.Warn("video: upload lock: unlock failed; ending its session instead", "released", released, "err", err)
		discard(k.conn)
		return nil
	}
	return k.conn.Close()
}

// discard ends conn's session instead of returning it to the pool.
func discard(conn *sql.Conn) {
	_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	_ = conn.Close() // already closed by Raw: ErrConnDone
}
