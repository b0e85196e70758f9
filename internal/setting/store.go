package setting

import (
	"context"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/db"
)

type store struct{ db *db.DB }

// get returns the stored values of keys; keys never saved are absent.
func (s store) get(ctx context.Context, keys []string) (map[string]string, error) {
	out := make(map[string]string, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	placeholders := make([]string, len(keys))
	args := make([]any, len(keys))
	for i, k := range keys {
		placeholders[i] = "$" + strconv.Itoa(i+1)
		args[i] = k
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT key, value FROM site_settings WHERE key IN (`+strings.Join(placeholders, ", ")+`)`, args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, db.MapError(err)
		}
		out[k] = v
	}
	return out, db.MapError(rows.Err())
}

// put saves every pair in one transaction (insert or replace), so a save is
// all or nothing.
func (s store) put(ctx context.Context, values map[string]string, now time.Time) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		for k, v := range values {
			_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2, $3)
				ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, k, v, now)
			if err != nil {
				return db.MapError(err)
			}
		}
		return nil
	})
}

// backgrounds returns the image path of each page that has one.
func (s store) backgrounds(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT page, image_path FROM background_images`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var page, path string
		if err := rows.Scan(&page, &path); err != nil {
			return nil, db.MapError(err)
		}
		out[page] = path
	}
	return out, db.MapError(rows.Err())
}

// putBackground sets (or replaces) the image of page.
func (s store) putBackground(ctx context.Context, page, path string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO background_images (page, image_path, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (page) DO UPDATE SET image_path = excluded.image_path, updated_at = excluded.updated_at`, page, path, now)
	return db.MapError(err)
}
