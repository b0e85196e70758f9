package registration

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// Watcher is one registrant of a webinar with what the server knows of
// their watching: what follow-ups choose from (docs/product.md#follow-ups).
type Watcher struct {
	RegistrationID string
	UserID         string
	FirstName      string // the account's, for the greeting (auth.PlainName it)
	Name           string // as registered
	Email          string // the account's own address, where bulk mail goes
	Progress       Progress
	// LastWatchedAt is the last progress report (nil: never played).
	LastWatchedAt *time.Time
	Purchased     bool
}

// Watchers lists a webinar's registrants (not the admin's simulated
// purchases, not deleted accounts) in registration order, each with their
// progress as the watch page would show it (Progress, resume point
// included); 404 for a webinar that does not exist.
func (s *Service) Watchers(ctx context.Context, webinarID string) ([]Watcher, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT r.id, r.user_id, COALESCE(p.first_name, ''),
		r.user_name_for_registration, p.email, r.watch_intervals, r.watched_video_fully, r.purchased_coupon,
		r.progress_at
		FROM webinar_registrations r JOIN profiles p ON p.id = r.user_id
		WHERE r.webinar_id = $1 AND r.simulated = FALSE AND p.deleted_at IS NULL
		ORDER BY r.registration_time, r.id`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Watcher{}
	for rows.Next() {
		var x Watcher
		var intervals string
		var watched bool
		var at sql.NullTime
		if err := rows.Scan(&x.RegistrationID, &x.UserID, &x.FirstName, &x.Name, &x.Email, &intervals, &watched,
			&x.Purchased, &at); err != nil {
			return nil, db.MapError(err)
		}
		x.Progress = s.progressOf(w, parseSpans(intervals), watched)
		if at.Valid {
			t := at.Time.UTC()
			x.LastWatchedAt = &t
		}
		out = append(out, x)
	}
	return out, db.MapError(rows.Err())
}
