// Package db opens the one SQL database watchwin keeps its state in: SQLite
// in the data folder by default, PostgreSQL when a postgres:// URL is given.
// Both engines run the same hand-written SQL with $n placeholders (which pgx
// and modernc SQLite both accept); the few places where they differ are
// fenced here.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"golang.org/x/sync/semaphore"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Engine names a database engine.
type Engine string

const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is a connection pool and the engine behind it.
type DB struct {
	*sql.DB
	Engine Engine
	// writer lets one InTx transaction at a time begin on SQLite, where
	// each takes the database's one write lock (BEGIN IMMEDIATE) anyway:
	// the others queue here and start the moment it commits, instead of
	// polling the lock with the busy handler's growing sleeps. nil on
	// PostgreSQL, whose row locks let transactions run side by side.
	writer *semaphore.Weighted
}

// Open connects to the database named by url: empty means the SQLite file
// watchwin.db inside dataDir (created if missing).
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	var d *DB
	switch {
	case url == "":
		if err := os.MkdirAll(dataDir, 0o750); err != nil {
			return nil, fmt.Errorf("create data folder: %w", err)
		}
		var err error
		d, err = openSQLite(filepath.Join(dataDir, "watchwin.db"))
		if err != nil {
			return nil, err
		}
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		pool, err := sql.Open("pgx", url)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		pool.SetMaxOpenConns(20)
		pool.SetMaxIdleConns(10)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		d = &DB{DB: pool, Engine: Postgres}
	default:
		return nil, errors.New("WATCHWIN_DATABASE_URL must be empty (SQLite) or a postgres:// URL")
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := d.PingContext(pingCtx); err != nil {
		_ = d.Close() // on an error path: the first error is the one returned
		return nil, fmt.Errorf("connect to %s: %w", d.Engine, err)
	}
	if _, err := d.Optimize(pingCtx); err != nil {
		_ = d.Close() // on an error path: the first error is the one returned
		return nil, err
	}
	return d, nil
}

// openSQLite opens path with WAL (readers never wait for the writer), a busy
// timeout (writers queue instead of failing), foreign keys on, and
// BEGIN IMMEDIATE for every transaction so two read-then-write transactions
// cannot deadlock on the upgrade from reader to writer.
func openSQLite(path string) (*DB, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate&_time_format=sqlite" +
		// A larger page cache (64 MiB at most, per connection, filled only
		// as pages are read; the default is 2 MiB) keeps the hot indexes of a
		// big store in memory.
		"&_pragma=cache_size(-65536)"
	pool, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	pool.SetMaxOpenConns(8)
	pool.SetMaxIdleConns(8)
	pool.SetConnMaxLifetime(0)
	return &DB{DB: pool, Engine: SQLite, writer: semaphore.NewWeighted(1)}, nil
}

// InTx runs fn in one transaction that travels in the context fn receives:
// every store call made with that context (through Q) joins it, so one
// transaction can span several domains' stores (payment fulfilment locks
// seats, marks the registration, writes the coupon and the outbox mail
// together). It commits when fn returns nil and rolls back otherwise, so
// nothing is ever half-written. Called inside another InTx on the same
// database it joins the outer transaction, which alone commits.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := d.txFrom(ctx); ok {
		return fn(ctx)
	}
	if d.writer != nil {
		release, err := d.waitWriter(ctx)
		if err != nil {
			return err
		}
		defer release()
	}
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return MapError(err)
	}
	if err := fn(context.WithValue(ctx, txKey{}, txValue{d, tx})); err != nil {
		_ = tx.Rollback()
		return err
	}
	return MapError(tx.Commit())
}

// writerWait bounds the wait for the SQLite writer turn, as the busy
// timeout bounds the wait for the lock itself: past it the transaction
// begins anyway and SQLite's busy handler decides (so a transaction begun
// by mistake inside another one fails as before instead of hanging).
const writerWait = 10 * time.Second

// waitWriter takes the SQLite writer turn and returns its release.
func (d *DB) waitWriter(ctx context.Context) (release func(), err error) {
	waitCtx, cancel := context.WithTimeout(ctx, writerWait)
	defer cancel()
	if err := d.writer.Acquire(waitCtx, 1); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return func() {}, nil // writerWait passed: begin without the turn
	}
	return func() { d.writer.Release(1) }, nil
}

// InTransaction reports whether ctx carries a transaction of d (a rule that
// must hold under a lock, such as the seat count, checks it).
func (d *DB) InTransaction(ctx context.Context) bool {
	_, ok := d.txFrom(ctx)
	return ok
}

// Q returns what a store runs its SQL on: the transaction ctx carries (from
// InTx on this database), or else the connection pool.
func (d *DB) Q(ctx context.Context) Querier {
	if tx, ok := d.txFrom(ctx); ok {
		return tx
	}
	return d.DB
}

type txKey struct{}

// txValue remembers which database a transaction belongs to, so a context
// carried from one database to another never runs SQL on the wrong one.
type txValue struct {
	db *DB
	tx *sql.Tx
}

func (d *DB) txFrom(ctx context.Context) (*sql.Tx, bool) {
	v, ok := ctx.Value(txKey{}).(txValue)
	if !ok || v.db != d {
		return nil, false
	}
	return v.tx, true
}

// Querier is what both *sql.DB and *sql.Tx offer, so store functions can run
// inside or outside a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Strings runs query (one text column) on q and returns its rows' values.
func Strings(ctx context.Context, q Querier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, MapError(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, MapError(err)
		}
		out = append(out, v)
	}
	return out, MapError(rows.Err())
}
