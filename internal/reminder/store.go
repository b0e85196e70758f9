package reminder

import (
	"context"
	"strings"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/seat"
)

// store runs the reminder SQL (on the transaction ctx carries, if any). It
// reads registrations, webinars, accounts and paid seats as they stand, and
// writes only its own tables: reminders and reminder_optouts.
type store struct{ db *db.DB }

// candidate is a registration a reminder may be due for, with what its
// e-mail shows.
type candidate struct {
	RegistrationID, UserID, Name, Email string
	WebinarID, Title                    string
	EventAt                             time.Time
	PriceCents                          int64
	Percentage, TotalSeats, TakenSeats  int
	Base                                time.Time // the kind's base time (Kind.due)
}

// eligible is the SQL condition under which registration r (of webinar w,
// account p) should get the reminder kind kindSQL names, for the reason
// reason: the webinar active, the account not deleted, the registration
// never reset, the account not unsubscribed from the kind, and the kind's
// own reason. The candidate query and the withdrawal of queued reminders
// use the same words, so they agree.
func eligible(kindSQL, reason string) string {
	return `w.is_active = TRUE AND p.deleted_at IS NULL AND r.reset_at IS NULL AND ` + reason + `
		AND NOT EXISTS (SELECT 1 FROM reminder_optouts o WHERE o.user_id = r.user_id AND o.kind = ` + kindSQL + `)`
}

// The kinds' reasons: Ready and Unfinished go to registrants who have not
// watched to the end (nor bought); Offer to those who may buy
// (registration.MayBuySQL, the rule Start applies) a seat of a paid webinar
// that is not sold out (seat.OpenSQL).
const notWatched = `r.watched_video_fully = FALSE AND r.purchased_coupon = FALSE`

var offerOpen = `w.display_price_cents > 0 AND ` + registration.MayBuySQL("r", "w") + ` AND ` + seat.OpenSQL("w")

func reason(k Kind) string {
	if k == Offer {
		return offerOpen
	}
	return notWatched
}

// literal is k as an SQL string literal (k is one of this package's
// constants, never input).
func literal(k Kind) string { return "'" + string(k) + "'" }

var candidateColumns = `r.id, r.user_id, r.user_name_for_registration, p.email, w.id, w.title, w.event_datetime,
	w.display_price_cents, w.actual_coupon_value_percentage, w.total_seats, ` + seat.TakenSQL("w.id")

const candidateFrom = ` FROM webinar_registrations r
	JOIN webinars w ON w.id = r.webinar_id
	JOIN profiles p ON p.id = r.user_id `

// candidates returns the registrations eligible for kind k whose base time
// is in (from, to] and that have not had k yet, oldest base first. Ready
// and Unfinished count from the later of the event time and the
// registration (two branches, each on its own index); Offer from watched_at.
func (s store) candidates(ctx context.Context, k Kind, from, to time.Time) ([]candidate, error) {
	notYet := ` AND NOT EXISTS (SELECT 1 FROM reminders x WHERE x.registration_id = r.id AND x.kind = ` + literal(k) + `)`
	cond := eligible(literal(k), reason(k)) + notYet
	var query string
	if k == Offer {
		query = `SELECT ` + candidateColumns + `, r.watched_at` + candidateFrom + `
			WHERE r.watched_at > $1 AND r.watched_at <= $2 AND ` + cond
	} else {
		query = `SELECT ` + candidateColumns + `, w.event_datetime` + candidateFrom + `
			WHERE w.event_datetime > $1 AND w.event_datetime <= $2 AND r.registration_time <= w.event_datetime
				AND ` + cond + `
			UNION ALL
			SELECT ` + candidateColumns + `, r.registration_time` + candidateFrom + `
			WHERE r.registration_time > $1 AND r.registration_time <= $2 AND r.registration_time > w.event_datetime
				AND ` + cond
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, query+` ORDER BY 12, 1 LIMIT 10000`, from, to)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.RegistrationID, &c.UserID, &c.Name, &c.Email, &c.WebinarID, &c.Title, &c.EventAt,
			&c.PriceCents, &c.Percentage, &c.TotalSeats, &c.TakenSeats, &c.Base); err != nil {
			return nil, db.MapError(err)
		}
		c.EventAt, c.Base = c.EventAt.UTC(), c.Base.UTC()
		out = append(out, c)
	}
	return out, db.MapError(rows.Err())
}

// record notes that kind k was queued for a registration, and reports
// whether this call did it: the primary key lets one writer win, however
// many instances try at once.
func (s store) record(ctx context.Context, registrationID string, k Kind, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO reminders (registration_id, kind, status, queued_at)
		VALUES ($1, $2, 'queued', $3) ON CONFLICT (registration_id, kind) DO NOTHING`, registrationID, string(k), now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// queued is a reminder that was queued and may still wait in the outbox.
type queued struct {
	ID   string // the registration's (registration kinds) or the coupon's (credit kinds)
	Kind Kind
}

// stale returns the reminders queued since since, not settled yet, whose
// reason has gone away: the registrant watched or bought, the seats sold
// out, the registration was reset, the account unsubscribed or was
// deleted, the webinar was deactivated, or the kind was turned off (on
// lists the kinds that are on).
func (s store) stale(ctx context.Context, since time.Time, on []Kind) ([]queued, error) {
	enabled := `FALSE`
	if len(on) > 0 {
		names := make([]string, len(on))
		for i, k := range on {
			names[i] = literal(k)
		}
		enabled = `x.kind IN (` + strings.Join(names, ", ") + `)`
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT x.registration_id, x.kind FROM reminders x
		JOIN webinar_registrations r ON r.id = x.registration_id
		JOIN webinars w ON w.id = r.webinar_id
		JOIN profiles p ON p.id = r.user_id
		WHERE x.status = 'queued' AND x.queued_at > $1
			AND NOT (`+enabled+` AND `+eligible("x.kind",
		`((x.kind = 'offer' AND `+offerOpen+`) OR (x.kind <> 'offer' AND `+notWatched+`))`)+`)`, since)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []queued
	for rows.Next() {
		var q queued
		if err := rows.Scan(&q.ID, &q.Kind); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, q)
	}
	return out, db.MapError(rows.Err())
}

// settle marks a reminder canceled (withdrawn from the outbox unsent) or
// sent (it had gone out already), so it is not looked at again.
func (s store) settle(ctx context.Context, q queued, canceled bool) error {
	status := "sent"
	if canceled {
		status = "canceled"
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE reminders SET status = $3 WHERE registration_id = $1 AND kind = $2`,
		q.ID, string(q.Kind), status)
	return db.MapError(err)
}

// optouts returns the kinds userID unsubscribed from.
func (s store) optouts(ctx context.Context, userID string) (map[Kind]bool, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT kind FROM reminder_optouts WHERE user_id = $1`, userID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[Kind]bool{}
	for rows.Next() {
		var k Kind
		if err := rows.Scan(&k); err != nil {
			return nil, db.MapError(err)
		}
		out[k] = true
	}
	return out, db.MapError(rows.Err())
}

// optOut records userID's unsubscribe from kind k; a repeat changes nothing.
func (s store) optOut(ctx context.Context, userID string, k Kind, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO reminder_optouts (user_id, kind, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, kind) DO NOTHING`, userID, string(k), now)
	return db.MapError(err)
}

// optIn removes userID's unsubscribe from kind k (the dashboard switch).
func (s store) optIn(ctx context.Context, userID string, k Kind) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM reminder_optouts WHERE user_id = $1 AND kind = $2`, userID, string(k))
	return db.MapError(err)
}

// stats counts, per kind, webinarID's registrations that were sent the
// kind (queued and not withdrawn) and of those how many have since watched
// to the end and bought.
func (s store) stats(ctx context.Context, webinarID string) (map[Kind]KindStats, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT x.kind, count(*),
			COALESCE(SUM(CASE WHEN r.watched_video_fully THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN r.purchased_coupon THEN 1 ELSE 0 END), 0)
		FROM reminders x JOIN webinar_registrations r ON r.id = x.registration_id
		WHERE r.webinar_id = $1 AND x.status <> 'canceled'
		GROUP BY x.kind`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[Kind]KindStats{}
	for rows.Next() {
		var ks KindStats
		if err := rows.Scan(&ks.Kind, &ks.Sent, &ks.Watched, &ks.Bought); err != nil {
			return nil, db.MapError(err)
		}
		out[ks.Kind] = ks
	}
	return out, db.MapError(rows.Err())
}

// optedOut returns which of userIDs unsubscribed from k.
func (s store) optedOut(ctx context.Context, k Kind, userIDs []string) (map[string]bool, error) {
	out := map[string]bool{}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT user_id FROM reminder_optouts WHERE kind = $1`, string(k))
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	want := make(map[string]bool, len(userIDs))
	for _, id := range userIDs {
		want[id] = true
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.MapError(err)
		}
		if want[id] {
			out[id] = true
		}
	}
	return out, db.MapError(rows.Err())
}
