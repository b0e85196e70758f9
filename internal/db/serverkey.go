package db

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"
)

// ServerKey returns the 32-byte secret called name, made from a
// cryptographic source on first use and kept in server_keys, so every
// instance on the database signs with the same key and a restart keeps it
// (links already mailed stay valid). Two instances making it at once keep
// the first one written.
func (d *DB) ServerKey(ctx context.Context, name string, now time.Time) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	q := d.Q(ctx)
	if _, err := q.ExecContext(ctx, `INSERT INTO server_keys (name, secret, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO NOTHING`, name, base64.StdEncoding.EncodeToString(fresh), now); err != nil {
		return nil, MapError(err)
	}
	var stored string
	if err := q.QueryRowContext(ctx, `SELECT secret FROM server_keys WHERE name = $1`, name).Scan(&stored); err != nil {
		return nil, MapError(err)
	}
	key, err := base64.StdEncoding.DecodeString(stored)
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("server key %s: not 32 bytes of base64", name)
	}
	return key, nil
}
