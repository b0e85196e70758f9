package giveaway

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// store runs the giveaway SQL on the transaction in ctx, if any.
type store struct{ db *db.DB }

// A deleted account is a tombstone profile (deleted_at set, e-mail
// anonymised): it is joined as missing, so its e-mail shows as null.
const winnerColumns = `g.id, g.user_id, p.email, p.first_name, p.last_name, g.webinar_id, w.title,
	g.created_at, g.notified, g.notified_at`

const winnerFrom = ` FROM giveaway_winners g
	LEFT JOIN profiles p ON p.id = g.user_id AND p.deleted_at IS NULL
	LEFT JOIN webinars w ON w.id = g.webinar_id`

type scanner interface{ Scan(...any) error }

func scanWinner(row scanner) (Winner, error) {
	var w Winner
	var email, first, last, title sql.NullString
	var notifiedAt sql.NullTime
	if err := row.Scan(&w.ID, &w.UserID, &email, &first, &last, &w.WebinarID, &title,
		&w.CreatedAt, &w.Notified, &notifiedAt); err != nil {
		return Winner{}, db.MapError(err)
	}
	w.Email, w.FirstName, w.LastName, w.WebinarTitle = ptr(email), ptr(first), ptr(last), ptr(title)
	w.CreatedAt = w.CreatedAt.UTC()
	if notifiedAt.Valid {
		t := notifiedAt.Time.UTC()
		w.NotifiedAt = &t
	}
	return w, nil
}

func ptr(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

// winner returns one winner.
func (s store) winner(ctx context.Context, id string) (Winner, error) {
	return scanWinner(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+winnerColumns+winnerFrom+` WHERE g.id = $1`, id))
}

// winners returns every winner, newest first (docs/product.md §11).
func (s store) winners(ctx context.Context) ([]Winner, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+winnerColumns+winnerFrom+` ORDER BY g.created_at DESC, g.id`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Winner{}
	for rows.Next() {
		w, err := scanWinner(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, db.MapError(rows.Err())
}

// entrants returns the user ids of a webinar's paid registrants whose
// accounts exist (a deleted account cannot be told it won), in
// registration order. Call it under the webinar's seat lock, so the list
// cannot change before the draw is recorded.
func (s store) entrants(ctx context.Context, webinarID string) ([]string, error) {
	return s.ids(ctx, `SELECT r.user_id FROM webinar_registrations r
		JOIN profiles p ON p.id = r.user_id AND p.deleted_at IS NULL
		WHERE r.webinar_id = $1 AND r.purchased_coupon = TRUE
		ORDER BY r.registration_time, r.id`, webinarID)
}

// drawnUsers returns the user ids already drawn for a webinar.
func (s store) drawnUsers(ctx context.Context, webinarID string) ([]string, error) {
	return s.ids(ctx, `SELECT DISTINCT user_id FROM giveaway_winners WHERE webinar_id = $1`, webinarID)
}

// pendingWebinars returns the webinars whose paid seats reached
// total_seats and that have no automatic draw yet.
func (s store) pendingWebinars(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT w.id FROM webinars w
		WHERE NOT EXISTS (SELECT 1 FROM giveaway_draws d WHERE d.webinar_id = w.id AND d.trigger = 'seats_filled')
		AND (SELECT count(*) FROM webinar_registrations r WHERE r.webinar_id = w.id AND r.purchased_coupon = TRUE) >= w.total_seats
		ORDER BY w.id`)
}

func (s store) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, id)
	}
	return out, db.MapError(rows.Err())
}

// hasAutomaticDraw reports whether the webinar's automatic draw happened.
func (s store) hasAutomaticDraw(ctx context.Context, webinarID string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM giveaway_draws
		WHERE webinar_id = $1 AND trigger = 'seats_filled'`, webinarID).Scan(&n)
	return n > 0, db.MapError(err)
}

// insertDraw records a draw and the winner it made. A second automatic
// draw for a webinar is refused by giveaway_draws_one_automatic
// (db.ErrConflict), which rolls back the winner row with it.
func (s store) insertDraw(ctx context.Context, d Draw) error {
	q := s.db.Q(ctx)
	if _, err := q.ExecContext(ctx, `INSERT INTO giveaway_winners (id, user_id, webinar_id, created_at, notified)
		VALUES ($1, $2, $3, $4, FALSE)`, d.WinnerID, d.UserID, d.WebinarID, d.DrawnAt); err != nil {
		return db.MapError(err)
	}
	_, err := q.ExecContext(ctx, `INSERT INTO giveaway_draws
		(id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger, triggered_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		d.ID, d.WebinarID, d.WinnerID, d.DrawnAt, d.Entrants, d.Candidates, d.Trigger, d.TriggeredBy)
	return db.MapError(err)
}

// draws returns a webinar's draws, newest first.
func (s store) draws(ctx context.Context, webinarID string) ([]Draw, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT d.id, d.webinar_id, d.winner_id, g.user_id, d.drawn_at,
		d.entrants, d.candidates, d.trigger, d.triggered_by
		FROM giveaway_draws d JOIN giveaway_winners g ON g.id = d.winner_id
		WHERE d.webinar_id = $1 ORDER BY d.drawn_at DESC, d.id`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Draw{}
	for rows.Next() {
		var d Draw
		var by sql.NullString
		if err := rows.Scan(&d.ID, &d.WebinarID, &d.WinnerID, &d.UserID, &d.DrawnAt,
			&d.Entrants, &d.Candidates, &d.Trigger, &by); err != nil {
			return nil, db.MapError(err)
		}
		d.DrawnAt, d.TriggeredBy = d.DrawnAt.UTC(), ptr(by)
		out = append(out, d)
	}
	return out, db.MapError(rows.Err())
}

// markNotified sets notified and notified_at unless already set, and
// reports whether it did. On PostgreSQL the UPDATE holds the row until the
// transaction ends, so of two notifications at once only one changes it.
func (s store) markNotified(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE giveaway_winners SET notified = TRUE, notified_at = $2
		WHERE id = $1 AND notified = FALSE`, id, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// isWinner reports whether userID was drawn for webinarID.
func (s store) isWinner(ctx context.Context, webinarID, userID string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM giveaway_winners WHERE webinar_id = $1 AND user_id = $2`,
		webinarID, userID).Scan(&n)
	return n > 0, db.MapError(err)
}
