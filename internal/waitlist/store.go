package waitlist

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/seat"
	"watchwin/internal/throttle"
)

type store struct{ db *db.DB }

// entry is a registration's row (db.ErrNotFound: none).
type entry struct {
	ID, RegistrationID string
	Status             Status
	JoinedAt           time.Time
}

func (s store) entry(ctx context.Context, registrationID string) (entry, error) {
	var e entry
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, registration_id, status, joined_at
		FROM waitlist_entries WHERE registration_id = $1`, registrationID).Scan(&e.ID, &e.RegistrationID, &e.Status, &e.JoinedAt)
	e.JoinedAt = e.JoinedAt.UTC()
	return e, db.MapError(err)
}

// join puts the registration at the back of the line (a new row, or its old
// one back in line), from the client address whose hash is addressKey.
func (s store) join(ctx context.Context, webinarID, registrationID, userID, addressKey string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO waitlist_entries (id, webinar_id, registration_id, user_id, status, joined_at, address_key)
		VALUES ($1, $2, $3, $4, 'waiting', $5, $6)
		ON CONFLICT (registration_id) DO UPDATE SET status = 'waiting', joined_at = excluded.joined_at,
			offered_at = NULL, closed_at = NULL, address_key = excluded.address_key`,
		uuid.NewString(), webinarID, registrationID, userID, now, addressKey)
	return db.MapError(err)
}

// placesFrom counts the places on webinarID's list (waiting or offered)
// taken from the client address whose hash is addressKey.
func (s store) placesFrom(ctx context.Context, webinarID, addressKey string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM waitlist_entries
		WHERE webinar_id = $1 AND address_key = $2 AND `+onListSQL("status"), webinarID, addressKey).Scan(&n)
	return n, db.MapError(err)
}

// close takes entry id off the list with status.
func (s store) close(ctx context.Context, id string, status Status, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE waitlist_entries SET status = $2, closed_at = $3 WHERE id = $1`, id, status, now)
	return db.MapError(err)
}

// anyone reports whether someone waits or holds an offer for webinarID.
func (s store) anyone(ctx context.Context, webinarID string) (bool, error) {
	var ok bool
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM waitlist_entries
		WHERE webinar_id = $1 AND `+onListSQL("status")+`)`, webinarID).Scan(&ok)
	return ok, db.MapError(err)
}

// settle takes off the list those of webinarID who bought (their seat is
// paid) and those whose offer ran out.
func (s store) settle(ctx context.Context, webinarID string, now time.Time) error {
	q := s.db.Q(ctx)
	if _, err := q.ExecContext(ctx, `UPDATE waitlist_entries SET status = 'bought', closed_at = $2
		WHERE webinar_id = $1 AND `+onListSQL("status")+`
		AND EXISTS (SELECT 1 FROM webinar_registrations r WHERE r.id = waitlist_entries.registration_id AND r.purchased_coupon = TRUE)`,
		webinarID, now); err != nil {
		return db.MapError(err)
	}
	_, err := q.ExecContext(ctx, `UPDATE waitlist_entries SET status = 'lapsed', closed_at = $2
		WHERE webinar_id = $1 AND status = 'offered' AND NOT `+seat.OfferRunningSQL("waitlist_entries.registration_id", "$2"),
		webinarID, now)
	return db.MapError(err)
}

// gone returns the entries on webinarID's list whose account was deleted.
func (s store) gone(ctx context.Context, webinarID string) ([]entry, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT e.id, e.registration_id, e.status, e.joined_at
		FROM waitlist_entries e JOIN profiles p ON p.id = e.user_id
		WHERE e.webinar_id = $1 AND `+onListSQL("e.status")+` AND p.deleted_at IS NOT NULL LIMIT 1000`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []entry
	for rows.Next() {
		var e entry
		if err := rows.Scan(&e.ID, &e.RegistrationID, &e.Status, &e.JoinedAt); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, e)
	}
	return out, db.MapError(rows.Err())
}

// next is someone waiting for webinarID who may still wait, first in line.
type next struct {
	ID, RegistrationID, Name, Email, Title string
}

// first returns up to n people waiting for webinarID, in line order, who
// may still wait (registration.MayWaitSQL), at most one per client address
// and none from an address that holds an offer already (after settle, every
// offered entry's offer runs): one address holds one offer at a time. An
// entry from before addresses were kept counts as its own address.
func (s store) first(ctx context.Context, webinarID string, n int) ([]next, error) {
	// An address has at most AccountsPerAddress places on the list, so
	// that many rows per seat hold n addresses.
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT e.id, e.registration_id, p.first_name, p.email, w.title, e.address_key
		FROM waitlist_entries e
		JOIN webinar_registrations r ON r.id = e.registration_id
		JOIN webinars w ON w.id = e.webinar_id
		JOIN profiles p ON p.id = e.user_id
		WHERE e.webinar_id = $1 AND e.status = 'waiting' AND `+registration.MayWaitSQL("r", "w")+`
		AND NOT EXISTS (SELECT 1 FROM waitlist_entries o
			WHERE o.webinar_id = e.webinar_id AND o.address_key = e.address_key AND o.status = 'offered')
		ORDER BY e.joined_at, e.id LIMIT $2`, webinarID, n*throttle.AccountsPerAddress)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []next
	seen := map[string]bool{}
	for rows.Next() && len(out) < n {
		var x next
		var address sql.NullString
		if err := rows.Scan(&x.ID, &x.RegistrationID, &x.Name, &x.Email, &x.Title, &address); err != nil {
			return nil, db.MapError(err)
		}
		if address.Valid {
			if seen[address.String] {
				continue
			}
			seen[address.String] = true
		}
		out = append(out, x)
	}
	return out, db.MapError(rows.Err())
}

// offered marks entry id offered at now.
func (s store) offered(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE waitlist_entries SET status = 'offered', offered_at = $2 WHERE id = $1`, id, now)
	return db.MapError(err)
}

// place returns e's place among those waiting for webinarID (1 is next)
// and how many wait.
func (s store) place(ctx context.Context, webinarID string, e entry) (pos, waiting int, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM waitlist_entries WHERE webinar_id = $1 AND status = 'waiting'
			AND (joined_at < $2 OR (joined_at = $2 AND id <= $3))),
		(SELECT count(*) FROM waitlist_entries WHERE webinar_id = $1 AND status = 'waiting')`,
		webinarID, e.JoinedAt, e.ID).Scan(&pos, &waiting)
	return pos, waiting, db.MapError(err)
}

// waitingCount is how many wait for webinarID.
func (s store) waitingCount(ctx context.Context, webinarID string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM waitlist_entries WHERE webinar_id = $1 AND status = 'waiting'`,
		webinarID).Scan(&n)
	return n, db.MapError(err)
}

// listed is a row of the admin's list, with the registration whose offer
// expiry the seat owner tells.
type listed struct {
	Entry
	registrationID string
}

// list returns the people on webinarID's list: offers first, then the line.
func (s store) list(ctx context.Context, webinarID string) ([]listed, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT e.registration_id, e.user_id, p.first_name, p.last_name, p.email, e.status, e.joined_at
		FROM waitlist_entries e JOIN profiles p ON p.id = e.user_id
		WHERE e.webinar_id = $1 AND `+onListSQL("e.status")+`
		ORDER BY CASE e.status WHEN 'offered' THEN 0 ELSE 1 END, e.joined_at, e.id LIMIT 10000`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []listed
	for rows.Next() {
		var e listed
		var first, last string
		if err := rows.Scan(&e.registrationID, &e.UserID, &first, &last, &e.Email, &e.Status, &e.JoinedAt); err != nil {
			return nil, db.MapError(err)
		}
		e.Name = strings.TrimSpace(first + " " + last)
		e.JoinedAt = e.JoinedAt.UTC()
		out = append(out, e)
	}
	return out, db.MapError(rows.Err())
}

// counts returns, per webinar with anyone on its list, how many wait and
// how many hold an offer.
func (s store) counts(ctx context.Context) (map[string]Count, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT webinar_id, status, count(*) FROM waitlist_entries
		WHERE `+onListSQL("status")+` GROUP BY webinar_id, status`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[string]Count{}
	for rows.Next() {
		var id string
		var status Status
		var n int
		if err := rows.Scan(&id, &status, &n); err != nil {
			return nil, db.MapError(err)
		}
		c := out[id]
		if status == Offered {
			c.Offered = n
		} else {
			c.Waiting = n
		}
		out[id] = c
	}
	return out, db.MapError(rows.Err())
}

// webinarsWaiting returns the webinars someone waits for or holds an offer
// of (the periodic job's work).
func (s store) webinarsWaiting(ctx context.Context) ([]string, error) {
	return db.Strings(ctx, s.db.Q(ctx), `SELECT DISTINCT webinar_id FROM waitlist_entries
		WHERE `+onListSQL("status")+` LIMIT 10000`)
}
