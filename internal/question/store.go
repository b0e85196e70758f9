package question

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

type store struct{ db *db.DB }

// row is a question with what its answer mail and inbox line need.
type row struct {
	Item
	userID, email, firstName string
}

const itemColumns = `q.id, q.webinar_id, w.title, q.at_second, q.question, q.show_name, q.status, q.answer,
	q.created_at, q.answered_at, q.published_at, q.user_id, p.email, p.first_name`

const itemFrom = ` FROM webinar_questions q JOIN webinars w ON w.id = q.webinar_id JOIN profiles p ON p.id = q.user_id`

func scanRow(sc interface{ Scan(...any) error }) (row, error) {
	var r row
	var answer sql.NullString
	var answeredAt, publishedAt sql.NullTime
	err := sc.Scan(&r.ID, &r.WebinarID, &r.WebinarTitle, &r.Second, &r.Question, &r.ShowName, &r.Status, &answer,
		&r.CreatedAt, &answeredAt, &publishedAt, &r.userID, &r.email, &r.firstName)
	if err != nil {
		return row{}, db.MapError(err)
	}
	r.CreatedAt = r.CreatedAt.UTC()
	if answer.Valid {
		r.Answer = &answer.String
	}
	if answeredAt.Valid {
		t := answeredAt.Time.UTC()
		r.AnsweredAt = &t
	}
	if publishedAt.Valid {
		t := publishedAt.Time.UTC()
		r.PublishedAt = &t
	}
	return r, nil
}

func (s store) insert(ctx context.Context, a Asked, registrationID, userID string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webinar_questions
		(id, webinar_id, registration_id, user_id, at_second, question, show_name, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'new', $8, $8)`,
		a.ID, a.WebinarID, registrationID, userID, a.Second, a.Question, a.ShowName, a.CreatedAt)
	return db.MapError(err)
}

// get is question id (db.ErrNotFound: none).
func (s store) get(ctx context.Context, id string) (row, error) {
	return scanRow(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+itemColumns+itemFrom+` WHERE q.id = $1`, id))
}

// list is the inbox of status, newest first.
func (s store) list(ctx context.Context, status Status) ([]row, error) {
	return s.rows(ctx, `SELECT `+itemColumns+itemFrom+`
		WHERE q.status = $1 ORDER BY q.created_at DESC, q.id LIMIT $2`, status, inboxSize)
}

// rows runs a query of itemColumns and scans every row.
func (s store) rows(ctx context.Context, query string, args ...any) ([]row, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []row{}
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, db.MapError(rows.Err())
}

// counts is how many questions each status holds.
func (s store) counts(ctx context.Context) (map[Status]int, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT status, count(*) FROM webinar_questions GROUP BY status`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[Status]int{New: 0, Answered: 0, Published: 0, Hidden: 0}
	for rows.Next() {
		var st Status
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, db.MapError(err)
		}
		out[st] = n
	}
	return out, db.MapError(rows.Err())
}

// answer marks a new question answered, by staffID, with text, only while it
// is new: false when another answer came first.
func (s store) answer(ctx context.Context, id, text, staffID string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_questions SET status = 'answered', answer = $2, answered_by = $3,
		answered_at = $4, updated_at = $4 WHERE id = $1 AND status = 'new'`, id, text, staffID, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// setStatus moves question id to status (published_at kept from the first
// publication).
func (s store) setStatus(ctx context.Context, id string, status Status, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_questions SET status = $2, updated_at = $3,
		published_at = CASE WHEN $4 THEN COALESCE(published_at, $3) ELSE published_at END
		WHERE id = $1`, id, status, now, status == Published)
	return db.MapError(err)
}

// published is webinarID's published questions, in the order of the video.
func (s store) published(ctx context.Context, webinarID string) ([]row, error) {
	return s.rows(ctx, `SELECT `+itemColumns+itemFrom+`
		WHERE q.webinar_id = $1 AND q.status = 'published' ORDER BY q.at_second, q.published_at, q.id`, webinarID)
}
