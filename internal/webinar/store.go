package webinar

import (
	"context"
	"database/sql"
	"errors"

	"watchwin/internal/db"
)

// store runs the webinar SQL. Every method takes ctx first and returns
// db.ErrNotFound, db.ErrConflict or the errors below for the cases the
// service acts on.
type store struct{ db *db.DB }

var (
	// errHasPaidSeats: delete refused, the webinar has paid registrations.
	errHasPaidSeats = errors.New("webinar has paid seats")
)

// tooFewSeatsError: update refused, total_seats would fall below the paid seats.
type tooFewSeatsError struct{ paid int }

func (e tooFewSeatsError) Error() string { return paidSeatsMessage(e.paid) }

const columns = `w.id, w.title, w.description, w.event_datetime, w.display_price_cents,
	w.actual_coupon_value_percentage, w.total_seats, w.thumbnail_image_path,
	w.youtube_video_id, w.is_active, w.created_at, w.updated_at`

// listQuery counts paid seats for every webinar in the same query: one
// grouped pass over the paid registrations (index webinar_registrations_paid)
// joined to the webinars, instead of a count per webinar.
const listQuery = `SELECT ` + columns + `, COALESCE(p.paid, 0)
	FROM webinars w
	LEFT JOIN (
		SELECT webinar_id, count(*) AS paid
		FROM webinar_registrations
		WHERE purchased_coupon = TRUE
		GROUP BY webinar_id
	) p ON p.webinar_id = w.id`

// listOrder is newest event first (SPEC.md §2, §9); id breaks ties so the
// order is stable.
const listOrder = ` ORDER BY w.event_datetime DESC, w.id`

// getQuery is one webinar with its paid seats.
const getQuery = `SELECT ` + columns + `,
	(SELECT count(*) FROM webinar_registrations r WHERE r.webinar_id = w.id AND r.purchased_coupon = TRUE)
	FROM webinars w WHERE w.id = $1`

func scanWebinar(row interface{ Scan(...any) error }) (Webinar, error) {
	var w Webinar
	var thumb sql.NullString
	err := row.Scan(&w.ID, &w.Title, &w.Description, &w.EventDatetime, &w.DisplayPriceCents,
		&w.CouponPercentage, &w.TotalSeats, &thumb, &w.YouTubeVideoID, &w.IsActive,
		&w.CreatedAt, &w.UpdatedAt, &w.PaidSeats)
	if err != nil {
		return Webinar{}, db.MapError(err)
	}
	w.ThumbnailImagePath = thumb.String
	w.EventDatetime = w.EventDatetime.UTC()
	w.CreatedAt = w.CreatedAt.UTC()
	w.UpdatedAt = w.UpdatedAt.UTC()
	return w, nil
}

// list returns the webinars (only active ones when activeOnly), newest
// event first, each with its paid seats.
func (s store) list(ctx context.Context, activeOnly bool) ([]Webinar, error) {
	q := listQuery
	if activeOnly {
		q += ` WHERE w.is_active = TRUE`
	}
	rows, err := s.db.QueryContext(ctx, q+listOrder)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Webinar{}
	for rows.Next() {
		w, err := scanWebinar(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, db.MapError(rows.Err())
}

// get returns one webinar with its paid seats, active or not.
func (s store) get(ctx context.Context, id string) (Webinar, error) {
	return scanWebinar(s.db.QueryRowContext(ctx, getQuery, id))
}

func nullable(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func (s store) insert(ctx context.Context, w Webinar) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO webinars
		(id, title, description, event_datetime, display_price_cents, actual_coupon_value_percentage,
		 total_seats, thumbnail_image_path, youtube_video_id, is_active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
		w.ID, w.Title, w.Description, w.EventDatetime, w.DisplayPriceCents, w.CouponPercentage,
		w.TotalSeats, nullable(w.ThumbnailImagePath), w.YouTubeVideoID, w.IsActive, w.CreatedAt)
	return db.MapError(err)
}

// Locking (PostgreSQL; SQLite runs every transaction with BEGIN IMMEDIATE,
// so a writing transaction already excludes all others): the webinar row is
// locked first, then every registration of it (FOR SHARE, which waits for
// any update under way and blocks new ones until commit), and only then are
// paid seats counted. A purchase under way holds its registration row, so
// the count waits for it and sees its outcome; a purchase that starts later
// waits for this transaction. Either way no paid seat is missed. Code that
// marks a seat paid should lock in the same order (webinar row, then
// registration) so the two never deadlock.
func (s store) lockSuffix(mode string) string {
	if s.db.Engine == db.Postgres {
		return " FOR " + mode
	}
	return ""
}

// lockedPaidSeats locks webinar id (mode: "UPDATE" before deleting it, "NO
// KEY UPDATE" before changing it, which still lets new registrations
// reference it) and its registrations, and returns its paid seats.
func (s store) lockedPaidSeats(ctx context.Context, tx *sql.Tx, id, mode string) (int, error) {
	var got string
	err := tx.QueryRowContext(ctx, `SELECT id FROM webinars WHERE id = $1`+s.lockSuffix(mode), id).Scan(&got)
	if err != nil {
		return 0, db.MapError(err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT purchased_coupon FROM webinar_registrations
		WHERE webinar_id = $1`+s.lockSuffix("SHARE"), id)
	if err != nil {
		return 0, db.MapError(err)
	}
	defer rows.Close()
	paid := 0
	for rows.Next() {
		var p bool
		if err := rows.Scan(&p); err != nil {
			return 0, db.MapError(err)
		}
		if p {
			paid++
		}
	}
	return paid, db.MapError(rows.Err())
}

// update replaces the editable fields of w.ID, refusing (tooFewSeatsError)
// a total_seats below the paid seats, checked under the locks above.
func (s store) update(ctx context.Context, w Webinar) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		paid, err := s.lockedPaidSeats(ctx, tx, w.ID, "NO KEY UPDATE")
		if err != nil {
			return err
		}
		if w.TotalSeats < paid {
			return tooFewSeatsError{paid}
		}
		_, err = tx.ExecContext(ctx, `UPDATE webinars SET title = $2, description = $3, event_datetime = $4,
			display_price_cents = $5, actual_coupon_value_percentage = $6, total_seats = $7,
			thumbnail_image_path = $8, youtube_video_id = $9, is_active = $10, updated_at = $11
			WHERE id = $1`,
			w.ID, w.Title, w.Description, w.EventDatetime, w.DisplayPriceCents, w.CouponPercentage,
			w.TotalSeats, nullable(w.ThumbnailImagePath), w.YouTubeVideoID, w.IsActive, w.UpdatedAt)
		return db.MapError(err)
	})
}

// delete removes a webinar and, by cascade, its unpaid registrations and
// seat holds. It refuses (errHasPaidSeats) when any registration is paid,
// checked in the same transaction under the locks above, so a purchase
// completing at the same moment is either seen here or fails on its own
// side; it is never silently deleted. Payments, coupons and giveaway
// winners reference the webinar without cascade, so a webinar with any of
// those is refused by the database (db.ErrConflict).
func (s store) delete(ctx context.Context, id string) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		paid, err := s.lockedPaidSeats(ctx, tx, id, "UPDATE")
		if err != nil {
			return err
		}
		if paid > 0 {
			return errHasPaidSeats
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM webinars WHERE id = $1`, id)
		return db.MapError(err)
	})
}

// count returns how many webinars exist.
func (s store) count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM webinars`).Scan(&n)
	return n, db.MapError(err)
}
