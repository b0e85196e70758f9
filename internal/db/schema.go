package db

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"strings"
)

// NewSchema creates an empty schema, named prefix and random letters, on the
// PostgreSQL server at base and returns a URL whose connections use it, and
// drop, which removes it: a fresh database for a test, a benchmark or a load
// test on a server that holds others.
func NewSchema(ctx context.Context, base, prefix string) (schemaURL string, drop func(), err error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, fmt.Errorf("database URL: %w", err)
	}
	admin, err := Open(ctx, base, "")
	if err != nil {
		return "", nil, err
	}
	schema := prefix + strings.ToLower(rand.Text()[:12])
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		_ = admin.Close() // on an error path: the first error is the one returned
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	drop = func() {
		_, _ = admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`)
		_ = admin.Close() // on an error path: the first error is the one returned
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}
