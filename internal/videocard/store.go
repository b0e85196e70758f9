package videocard

import (
	"context"

	"watchwin/internal/db"
)

type store struct{ db *db.DB }

const columns = `id, webinar_id, start_second, duration_seconds, title, line, action, link_url, clicks, created_at, updated_at`

// list returns webinarID's cards in timeline order.
func (s store) list(ctx context.Context, webinarID string) ([]AdminCard, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+columns+` FROM video_cards
		WHERE webinar_id = $1 ORDER BY start_second, id`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []AdminCard{}
	for rows.Next() {
		var c AdminCard
		if err := rows.Scan(&c.ID, &c.WebinarID, &c.StartSecond, &c.DurationSeconds, &c.Title, &c.Line, &c.Action,
			&c.LinkURL, &c.Clicks, &c.CreatedAt, &c.UpdatedAt); err != nil {
			return nil, err
		}
		c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
		out = append(out, c)
	}
	return out, db.MapError(rows.Err())
}

// lockWebinar takes webinarID's row lock (PostgreSQL; SQLite's writer lock
// already serialises), so two admins' saves check overlaps one after the
// other. It reports whether the webinar exists.
func (s store) lockWebinar(ctx context.Context, webinarID string) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinars SET id = id WHERE id = $1`, webinarID)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s store) insert(ctx context.Context, c Card) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO video_cards (`+columns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10)`,
		c.ID, c.WebinarID, c.StartSecond, c.DurationSeconds, c.Title, c.Line, c.Action, c.LinkURL, c.CreatedAt, c.UpdatedAt)
	return db.MapError(err)
}

func (s store) update(ctx context.Context, c Card) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE video_cards SET start_second = $3, duration_seconds = $4, title = $5,
		line = $6, action = $7, link_url = $8, updated_at = $9 WHERE id = $1 AND webinar_id = $2`,
		c.ID, c.WebinarID, c.StartSecond, c.DurationSeconds, c.Title, c.Line, c.Action, c.LinkURL, c.UpdatedAt)
	return db.MapError(err)
}

func (s store) delete(ctx context.Context, webinarID, id string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM video_cards WHERE id = $1 AND webinar_id = $2`, id, webinarID)
	return db.MapError(err)
}

// click adds one to a card's count; false when webinarID has no such card.
func (s store) click(ctx context.Context, webinarID, id string) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE video_cards SET clicks = clicks + 1
		WHERE id = $1 AND webinar_id = $2`, id, webinarID)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
