package registration

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// store runs the registration SQL on the transaction in ctx, if any. Every
// method takes ctx first and returns db.ErrNotFound when the registration
// does not exist.
type store struct{ db *db.DB }

const columns = `r.id, r.webinar_id, r.user_id, r.user_name_for_registration, r.user_email_for_registration,
	r.user_phone_for_registration, r.registration_time, r.attended_live, r.watched_video_fully, r.purchased_coupon`

// returning is columns for a RETURNING clause, which names no table alias.
const returning = `id, webinar_id, user_id, user_name_for_registration, user_email_for_registration,
	user_phone_for_registration, registration_time, attended_live, watched_video_fully, purchased_coupon`

type scanner interface{ Scan(...any) error }

func nullText(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func scanRegistration(row scanner, extra ...any) (Registration, error) {
	var r Registration
	var phone sql.NullString
	dest := append([]any{&r.ID, &r.WebinarID, &r.UserID, &r.Name, &r.Email, &phone,
		&r.RegistrationTime, &r.AttendedLive, &r.WatchedVideoFully, &r.PurchasedCoupon}, extra...)
	if err := row.Scan(dest...); err != nil {
		return Registration{}, db.MapError(err)
	}
	if phone.Valid {
		r.Phone = &phone.String
	}
	r.RegistrationTime = r.RegistrationTime.UTC()
	return r, nil
}

// insert adds r unless the user is already registered for the webinar, and
// reports whether it did. The UNIQUE (webinar_id, user_id) rule decides, so
// two registrations sent at once still make one row.
func (s store) insert(ctx context.Context, r Registration) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webinar_registrations
		(id, webinar_id, user_id, user_name_for_registration, user_email_for_registration,
		 user_phone_for_registration, registration_time, utm_source, utm_medium, utm_campaign, ref)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (webinar_id, user_id) DO NOTHING`,
		r.ID, r.WebinarID, r.UserID, r.Name, r.Email, r.Phone, r.RegistrationTime,
		nullText(r.source.UTMSource), nullText(r.source.UTMMedium), nullText(r.source.UTMCampaign), nullText(r.source.Ref))
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// get returns the user's registration for a webinar.
func (s store) get(ctx context.Context, webinarID, userID string) (Registration, error) {
	return scanRegistration(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+`
		FROM webinar_registrations r WHERE r.webinar_id = $1 AND r.user_id = $2`, webinarID, userID))
}

// markWatched sets watched_video_fully, and watched_at to now the first
// time (the offer reminder is due a day later); a repeat changes nothing.
func (s store) markWatched(ctx context.Context, webinarID, userID string, now time.Time) (Registration, error) {
	return scanRegistration(s.db.Q(ctx).QueryRowContext(ctx, `UPDATE webinar_registrations
		SET watched_video_fully = TRUE, watched_at = COALESCE(watched_at, $3) WHERE webinar_id = $1 AND user_id = $2
		RETURNING `+returning, webinarID, userID, now))
}

// resetWatched clears watched_video_fully, watched_at and the played
// stretches, and records the reset (a reset registration gets no reminders).
func (s store) resetWatched(ctx context.Context, webinarID, userID string, now time.Time) (Registration, error) {
	return scanRegistration(s.db.Q(ctx).QueryRowContext(ctx, `UPDATE webinar_registrations
		SET watched_video_fully = FALSE, watched_at = NULL, reset_at = $3,
		    watch_intervals = '', watched_seconds = 0, progress_at = NULL
		WHERE webinar_id = $1 AND user_id = $2
		RETURNING `+returning, webinarID, userID, now))
}

// markSimulated marks registration id's seat as paid by 'DEV: Simulate
// Successful Payment', which never enters the giveaway.
func (s store) markSimulated(ctx context.Context, id string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET simulated = TRUE WHERE id = $1`, id)
	return db.MapError(err)
}

// hasCoupon reports whether a coupon was issued for registration id.
func (s store) hasCoupon(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM coupons WHERE webinar_registration_id = $1`, id).Scan(&n)
	return n > 0, db.MapError(err)
}

// listMine returns the user's registrations with their webinars, newest
// registration first.
func (s store) listMine(ctx context.Context, userID string) ([]Mine, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+columns+`, w.title, w.event_datetime
		FROM webinar_registrations r JOIN webinars w ON w.id = r.webinar_id
		WHERE r.user_id = $1 ORDER BY r.registration_time DESC, r.id`, userID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Mine{}
	for rows.Next() {
		var m Mine
		reg, err := scanRegistration(rows, &m.Webinar.Title, &m.Webinar.EventDatetime)
		if err != nil {
			return nil, err
		}
		m.Registration = reg
		m.Webinar.ID = reg.WebinarID
		m.Webinar.EventDatetime = m.Webinar.EventDatetime.UTC()
		out = append(out, m)
	}
	return out, db.MapError(rows.Err())
}

// servedRow is what Served reads of a registration and its webinar; inside
// a transaction on PostgreSQL it locks the registration's row (SQLite's
// BEGIN IMMEDIATE already excludes every other writer).
type servedRow struct {
	intervals    string
	served       string
	allowSeeking bool
}

func (s store) servedRow(ctx context.Context, id string) (servedRow, error) {
	lock := ""
	if s.db.Engine == db.Postgres && s.db.InTransaction(ctx) {
		lock = " FOR NO KEY UPDATE OF r"
	}
	var r servedRow
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT r.watch_intervals, r.served_intervals, w.allow_seeking
		FROM webinar_registrations r JOIN webinars w ON w.id = r.webinar_id WHERE r.id = $1`+lock, id).
		Scan(&r.intervals, &r.served, &r.allowSeeking)
	return r, db.MapError(err)
}

// saveServed writes a registration's served seconds.
func (s store) saveServed(ctx context.Context, id string, served spans, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET served_intervals = $2, served_at = $3
		WHERE id = $1`, id, served.String(), now)
	return db.MapError(err)
}
