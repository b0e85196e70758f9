package webinar

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/seat"
)

// store runs the webinar SQL. Every method takes ctx first and returns
// db.ErrNotFound, db.ErrConflict or the errors below for the cases the
// service acts on.
type store struct{ db *db.DB }

var (
	// errHasPaidSeats: delete refused, the webinar has paid registrations.
	errHasPaidSeats = errors.New("webinar has paid seats")
)

const columns = `w.id, w.title, w.description, w.event_datetime, w.display_price_cents,
	w.actual_coupon_value_percentage, w.total_seats, w.thumbnail_image_path,
	w.youtube_video_id, w.is_active, w.created_at, w.updated_at, w.video_length_seconds, w.allow_seeking,
	w.video_source`

// listQuery is the webinars with their paid and taken seats (seat.PaidSQL
// and TakenSQL, counts per webinar on indexes).
var listQuery = `SELECT ` + columns + `, ` + seatCounts + ` FROM webinars w`

// seatCounts counts webinar w's paid seats and its taken ones.
var seatCounts = seat.PaidSQL("w.id") + `, ` + seat.TakenSQL("w.id")

// listOrder is newest event first (docs/product.md#webinar-list-and-card, docs/product.md#timings-and-constants); id breaks ties so the
// order is stable.
const listOrder = ` ORDER BY w.event_datetime DESC, w.id`

// getQuery is one webinar with its paid seats.
var getQuery = `SELECT ` + columns + `, ` + seatCounts + ` FROM webinars w WHERE w.id = $1`

func scanWebinar(row interface{ Scan(...any) error }) (Webinar, error) {
	var w Webinar
	var thumb sql.NullString
	var length sql.NullInt64
	err := row.Scan(&w.ID, &w.Title, &w.Description, &w.EventDatetime, &w.DisplayPriceCents,
		&w.CouponPercentage, &w.TotalSeats, &thumb, &w.YouTubeVideoID, &w.IsActive,
		&w.CreatedAt, &w.UpdatedAt, &length, &w.AllowSeeking, &w.VideoSource, &w.PaidSeats, &w.TakenSeats)
	if err != nil {
		return Webinar{}, db.MapError(err)
	}
	w.ThumbnailImagePath = thumb.String
	w.VideoLengthSeconds = int(length.Int64)
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
	rows, err := s.db.Q(ctx).QueryContext(ctx, q+listOrder)
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
	return scanWebinar(s.db.Q(ctx).QueryRowContext(ctx, getQuery, id))
}

func nullable(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// nullableLength stores an unset video length (0) as NULL.
func nullableLength(n int) sql.NullInt64 { return sql.NullInt64{Int64: int64(n), Valid: n > 0} }

func (s store) insert(ctx context.Context, w Webinar) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webinars
		(id, title, description, event_datetime, display_price_cents, actual_coupon_value_percentage,
		 total_seats, thumbnail_image_path, youtube_video_id, is_active, created_at, updated_at, published_at,
		 video_length_seconds, allow_seeking, video_source)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15)`,
		w.ID, w.Title, w.Description, w.EventDatetime, w.DisplayPriceCents, w.CouponPercentage,
		w.TotalSeats, nullable(w.ThumbnailImagePath), w.YouTubeVideoID, w.IsActive, w.CreatedAt, publishedAt(w, w.CreatedAt),
		nullableLength(w.VideoLengthSeconds), w.AllowSeeking, w.VideoSource)
	return db.MapError(err)
}

// update replaces the editable fields of w.ID. The caller holds the seat
// lock and has checked total_seats against the seats paid and held.
func (s store) update(ctx context.Context, w Webinar) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinars SET title = $2, description = $3, event_datetime = $4,
		display_price_cents = $5, actual_coupon_value_percentage = $6, total_seats = $7,
		thumbnail_image_path = $8, youtube_video_id = $9, is_active = $10, updated_at = $11,
		published_at = COALESCE(published_at, $12),
		video_length_seconds = $13, allow_seeking = $14, video_source = $15
		WHERE id = $1`,
		w.ID, w.Title, w.Description, w.EventDatetime, w.DisplayPriceCents, w.CouponPercentage,
		w.TotalSeats, nullable(w.ThumbnailImagePath), w.YouTubeVideoID, w.IsActive, w.UpdatedAt, publishedAt(w, w.UpdatedAt),
		nullableLength(w.VideoLengthSeconds), w.AllowSeeking, w.VideoSource)
	return db.MapError(err)
}

// setVideoLength sets the webinar's video length alone.
func (s store) setVideoLength(ctx context.Context, id string, seconds int, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinars SET video_length_seconds = $2, updated_at = $3 WHERE id = $1`,
		id, seconds, now)
	return db.MapError(err)
}

// publishedAt is the published_at a write of w at now sets when the column
// is still empty: now when w is active (its first publication, which the
// new-webinar alerts follow), else nothing. Once set it never changes, so
// switching a webinar off and on again is not a new publication.
func publishedAt(w Webinar, now time.Time) *time.Time {
	if !w.IsActive {
		return nil
	}
	return &now
}

// delete removes a webinar and, by cascade, its unpaid registrations and
// seat holds. The caller holds the seat lock (for delete) and has checked
// no seat is paid. Payments, coupons and giveaway winners reference the
// webinar without cascade, so a webinar with any of those is refused by
// the database (db.ErrConflict).
func (s store) delete(ctx context.Context, id string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM webinars WHERE id = $1`, id)
	return db.MapError(err)
}

// count returns how many webinars exist.
func (s store) count(ctx context.Context) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM webinars`).Scan(&n)
	return n, db.MapError(err)
}
