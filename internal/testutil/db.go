// Package testutil runs tests against the real application: a real database
// (SQLite always, PostgreSQL too when WATCHWIN_TEST_DATABASE_URL is set), the
// real HTTP handler, and a small client with a cookie jar.
package testutil

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"watchwin/internal/db"
)

// PostgresURLEnv names the variable that points the tests at a PostgreSQL
// server. CI sets it; on a laptop without PostgreSQL those runs are skipped.
const PostgresURLEnv = "WATCHWIN_TEST_DATABASE_URL"

// Engines lists the engines the current run can test on.
func Engines() []db.Engine {
	if os.Getenv(PostgresURLEnv) != "" {
		return []db.Engine{db.SQLite, db.Postgres}
	}
	return []db.Engine{db.SQLite}
}

var skipNote sync.Once

// ForEachEngine runs fn as a subtest per engine, each on a new, migrated,
// empty database. Without WATCHWIN_TEST_DATABASE_URL the PostgreSQL subtest
// is skipped with a message saying how to run it.
func ForEachEngine(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, e := range []db.Engine{db.SQLite, db.Postgres} {
		t.Run(string(e), func(t *testing.T) {
			if e == db.Postgres && os.Getenv(PostgresURLEnv) == "" {
				if os.Getenv("CI") == "true" {
					t.Fatalf("%s is not set under CI: the PostgreSQL runs must not be skipped there", PostgresURLEnv)
				}
				skipNote.Do(func() {
					fmt.Fprintf(os.Stderr, "testutil: %s is not set: PostgreSQL runs are skipped (SQLite runs still count)\n", PostgresURLEnv)
				})
				t.Skipf("%s not set: skipping the PostgreSQL run", PostgresURLEnv)
			}
			fn(t, OpenDB(t, e))
		})
	}
}

// OpenDB returns a new, migrated, empty database of the given engine, removed
// when the test ends. On PostgreSQL each call gets its own schema, so tests
// and packages can run in parallel on one server.
func OpenDB(t testing.TB, engine db.Engine) *db.DB {
	t.Helper()
	ctx := context.Background()
	var (
		d   *db.DB
		err error
	)
	switch engine {
	case db.SQLite:
		d, err = db.Open(ctx, "", t.TempDir())
	case db.Postgres:
		d, err = db.Open(ctx, PostgresSchema(t), "")
	default:
		t.Fatalf("unknown engine %q", engine)
	}
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		t.Fatalf("migrate %s: %v", engine, err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// PostgresSchema creates an empty schema on the PostgreSQL server named by
// WATCHWIN_TEST_DATABASE_URL (skipping the test when it is not set) and
// returns a URL whose connections use it, so several pools or processes
// (instances of the app) can share one fresh database. The schema is
// dropped when the test ends.
func PostgresSchema(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI: the PostgreSQL runs must not be skipped there", PostgresURLEnv)
		}
		t.Skipf("%s not set: skipping the PostgreSQL run", PostgresURLEnv)
	}
	u, drop, err := db.NewSchema(context.Background(), base, "t_")
	if err != nil {
		t.Fatalf("postgres schema: %v", err)
	}
	t.Cleanup(drop)
	return u
}

// Count runs a query that returns a single integer (a count(*), a sum) on d
// and returns it, failing t if the query fails.
func Count(t testing.TB, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
