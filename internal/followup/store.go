package followup

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// store reads and writes the follow-up tables (migration 0035).
type store struct{ db *db.DB }

// recent returns who had a follow-up about webinarID after since.
func (s store) recent(ctx context.Context, webinarID string, since time.Time) (map[string]bool, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT user_id FROM follow_up_latest WHERE webinar_id = $1 AND sent_at > $2`,
		webinarID, since)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.MapError(err)
		}
		out[id] = true
	}
	return out, db.MapError(rows.Err())
}

// claim records a follow-up to userID about webinarID at now, unless one
// went out less than a Week ago: the upsert moves only a week-old time, so
// two sends at once cannot both claim the person (the row's lock on
// PostgreSQL, the single writer on SQLite). It reports whether it claimed.
func (s store) claim(ctx context.Context, webinarID, userID string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO follow_up_latest (webinar_id, user_id, sent_at) VALUES ($1, $2, $3)
		ON CONFLICT (webinar_id, user_id) DO UPDATE SET sent_at = excluded.sent_at
		WHERE follow_up_latest.sent_at <= $4`, webinarID, userID, now, now.Add(-Week))
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, db.MapError(err)
}

// create records a follow-up (its counts set by counts at the end).
func (s store) create(ctx context.Context, id, webinarID string, in Input, sentBy string, now time.Time) error {
	var percent, days, by any
	switch in.Segment {
	case LeftBefore:
		percent = in.Percent
	case NotBought:
		days = in.Days
	}
	if sentBy != "" {
		by = sentBy
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO follow_ups (id, webinar_id, segment, percent, days, subject, body,
		sent_by, queued, left_recent, left_unsubscribed, created_at, bought_until)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0, $9, $10)`,
		id, webinarID, string(in.Segment), percent, days, in.Subject, in.Body, by, now, now.Add(BoughtWithin))
	return db.MapError(err)
}

// addRecipient records that follow-up id was queued for a registration.
func (s store) addRecipient(ctx context.Context, id, registrationID string, resume int) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO follow_up_recipients (follow_up_id, registration_id, resume_second)
		VALUES ($1, $2, $3)`, id, registrationID, resume)
	return db.MapError(err)
}

// counts sets a follow-up's figures.
func (s store) counts(ctx context.Context, id string, queued int, left LeftOut) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE follow_ups SET queued = $2, left_recent = $3, left_unsubscribed = $4
		WHERE id = $1`, id, queued, left.Recent, left.Unsubscribed)
	return db.MapError(err)
}

// history returns a webinar's follow-ups, newest first.
func (s store) history(ctx context.Context, webinarID string) ([]Summary, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, segment, percent, days, subject, queued, left_recent,
		left_unsubscribed, created_at FROM follow_ups WHERE webinar_id = $1 ORDER BY created_at DESC, id`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		var x Summary
		var percent, days sql.NullInt64
		if err := rows.Scan(&x.ID, &x.Segment, &percent, &days, &x.Subject, &x.Queued, &x.LeftOut.Recent,
			&x.LeftOut.Unsubscribed, &x.CreatedAt); err != nil {
			return nil, db.MapError(err)
		}
		if percent.Valid {
			v := int(percent.Int64)
			x.Percent = &v
		}
		if days.Valid {
			v := int(days.Int64)
			x.Days = &v
		}
		x.CreatedAt = x.CreatedAt.UTC()
		out = append(out, x)
	}
	if err := rows.Err(); err != nil {
		return nil, db.MapError(err)
	}
	return out, s.outcomes(ctx, webinarID, out)
}

// outcomes counts, for each of a webinar's follow-ups in list, the
// recipients who watched after it (their last progress report is later) and
// those whose coupon was issued within BoughtWithin of it.
func (s store) outcomes(ctx context.Context, webinarID string, list []Summary) error {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT fr.follow_up_id, f.created_at, f.bought_until, r.progress_at, c.created_at
		FROM follow_up_recipients fr
		JOIN follow_ups f ON f.id = fr.follow_up_id
		JOIN webinar_registrations r ON r.id = fr.registration_id
		LEFT JOIN coupons c ON c.webinar_registration_id = r.id
		WHERE f.webinar_id = $1`, webinarID)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	byID := make(map[string]*Summary, len(list))
	for i := range list {
		byID[list[i].ID] = &list[i]
	}
	for rows.Next() {
		var id string
		var sent, until time.Time
		var watched, bought sql.NullTime
		if err := rows.Scan(&id, &sent, &until, &watched, &bought); err != nil {
			return db.MapError(err)
		}
		x := byID[id]
		if x == nil {
			continue
		}
		if watched.Valid && watched.Time.After(sent) {
			x.CameBack++
		}
		if bought.Valid && !bought.Time.Before(sent) && bought.Time.Before(until) {
			x.Bought++
		}
	}
	return db.MapError(rows.Err())
}
