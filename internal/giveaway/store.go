package giveaway

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/seat"
)

// store runs the giveaway SQL on the transaction in ctx, if any.
type store struct{ db *db.DB }

// A deleted account is a tombstone profile (deleted_at set, e-mail
// anonymised): it is joined as missing, so its e-mail shows as null.
const winnerColumns = `g.id, g.user_id, p.email, p.first_name, p.last_name, g.webinar_id, w.title,
	g.created_at, g.notified, g.notified_at, g.role_at_draw`

const winnerFrom = ` FROM giveaway_winners g
	LEFT JOIN profiles p ON p.id = g.user_id AND p.deleted_at IS NULL
	LEFT JOIN webinars w ON w.id = g.webinar_id`

type scanner interface{ Scan(...any) error }

func scanWinner(row scanner) (Winner, error) {
	var w Winner
	var email, first, last, title, role sql.NullString
	var notifiedAt sql.NullTime
	if err := row.Scan(&w.ID, &w.UserID, &email, &first, &last, &w.WebinarID, &title,
		&w.CreatedAt, &w.Notified, &notifiedAt, &role); err != nil {
		return Winner{}, db.MapError(err)
	}
	w.StaffAtDraw = role.Valid && !mayEnter(role.String)
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

// winners returns every winner, newest first (docs/product.md#timings-and-constants).
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

// entriesSQL selects the id, user id and kind of the eligible entries of
// the webinar whose id is the SQL expression webinar.
func entriesSQL(webinar string) string {
	return `SELECT r.id, r.user_id, 'paid' FROM webinar_registrations r
		JOIN profiles p ON p.id = r.user_id AND p.deleted_at IS NULL
		WHERE r.webinar_id = ` + webinar + ` AND ` + paidEntrySQL + `
		UNION ALL
		SELECT e.id, e.user_id, 'free' FROM giveaway_entries e
		JOIN profiles p ON p.id = e.user_id AND p.deleted_at IS NULL
		WHERE e.webinar_id = ` + webinar + ` AND ` + freeEntrySQL + ` AND NOT EXISTS (SELECT 1 FROM webinar_registrations r
			WHERE r.webinar_id = e.webinar_id AND r.user_id = e.user_id AND ` + paidEntrySQL + `)`
}

// entries returns a webinar's eligible giveaway entries (eligibility.go),
// one per person whose account exists (a deleted account cannot be told it
// won): a paid seat, or else a free entry. Call it under the webinar's seat
// lock, so the list cannot change before the draw is recorded.
func (s store) entries(ctx context.Context, webinarID string) ([]Entry, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, entriesSQL("$1"), webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.ID, &e.UserID, &e.Kind); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, e)
	}
	return out, db.MapError(rows.Err())
}

// entryOf returns userID's eligible entry in a webinar's giveaway, or nil:
// the paid seat when there is one, else the free entry.
func (s store) entryOf(ctx context.Context, webinarID, userID string) (*MyEntry, error) {
	q := s.db.Q(ctx)
	var at time.Time
	err := q.QueryRowContext(ctx, `SELECT r.registration_time FROM webinar_registrations r
		JOIN profiles p ON p.id = r.user_id
		WHERE r.webinar_id = $1 AND r.user_id = $2 AND `+paidEntrySQL, webinarID, userID).Scan(&at)
	if err == nil {
		return &MyEntry{Kind: KindPaid, EnteredAt: at.UTC()}, nil
	}
	if err := db.MapError(err); !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	err = q.QueryRowContext(ctx, `SELECT e.created_at FROM giveaway_entries e JOIN profiles p ON p.id = e.user_id
		WHERE e.webinar_id = $1 AND e.user_id = $2 AND `+freeEntrySQL, webinarID, userID).Scan(&at)
	if err == nil {
		return &MyEntry{Kind: KindFree, EnteredAt: at.UTC()}, nil
	}
	if err := db.MapError(err); !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	return nil, nil
}

// insertEntry records a free entry with the entrant's role now and the
// keyed hash of their address; a second
// one for the person and the webinar is db.ErrConflict.
func (s store) insertEntry(ctx context.Context, id, webinarID string, p auth.Profile, showName bool, addressKey string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO giveaway_entries (id, webinar_id, user_id, created_at, show_name, entrant_role, address_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, webinarID, p.ID, now, showName, p.Role, addressKey)
	return db.MapError(err)
}

const webinarRowSelect = `SELECT w.id, w.title, w.event_datetime, w.created_at, w.is_active,
	g.draws_at, g.prize_description, g.prize_value_cents,
	EXISTS (SELECT 1 FROM giveaway_draws d WHERE d.webinar_id = w.id AND d.trigger <> 'admin_repick'),
	EXISTS (SELECT 1 FROM giveaway_draws d WHERE d.webinar_id = w.id)
	FROM webinars w LEFT JOIN webinar_giveaways g ON g.webinar_id = w.id`

func scanWebinarRow(row scanner) (webinarRow, error) {
	var w webinarRow
	var drawsAt sql.NullTime
	var prize sql.NullString
	var value sql.NullInt64
	if err := row.Scan(&w.ID, &w.Title, &w.EventDatetime, &w.CreatedAt, &w.IsActive, &drawsAt, &prize, &value,
		&w.AutomaticDrawn, &w.AnyDraw); err != nil {
		return webinarRow{}, db.MapError(err)
	}
	w.EventDatetime, w.CreatedAt = w.EventDatetime.UTC(), w.CreatedAt.UTC()
	w.Terms = Terms{WebinarID: w.ID, PrizeDescription: ptr(prize)}
	if drawsAt.Valid {
		t := drawsAt.Time.UTC()
		w.Terms.DrawsAt = &t
	}
	if value.Valid {
		w.Terms.PrizeValueCents = &value.Int64
	}
	return w, nil
}

// webinar returns one webinar's giveaway row.
func (s store) webinar(ctx context.Context, id string) (webinarRow, error) {
	return scanWebinarRow(s.db.Q(ctx).QueryRowContext(ctx, webinarRowSelect+` WHERE w.id = $1`, id))
}

// webinars returns every webinar's giveaway row, latest event first.
func (s store) webinars(ctx context.Context, _ string) ([]webinarRow, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, webinarRowSelect+` ORDER BY w.event_datetime DESC, w.id`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []webinarRow
	for rows.Next() {
		w, err := scanWebinarRow(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, db.MapError(rows.Err())
}

// putTerms saves a webinar's own giveaway terms.
func (s store) putTerms(ctx context.Context, t Terms, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webinar_giveaways
		(webinar_id, draws_at, prize_description, prize_value_cents, updated_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (webinar_id) DO UPDATE SET draws_at = excluded.draws_at, prize_description = excluded.prize_description,
		prize_value_cents = excluded.prize_value_cents, updated_at = excluded.updated_at`,
		t.WebinarID, t.DrawsAt, t.PrizeDescription, t.PrizeValueCents, now)
	return db.MapError(err)
}

// deadlineDue returns the webinars with no draw at all whose draw deadline
// (their own, else 30 days after the event) is at or before now.
func (s store) deadlineDue(ctx context.Context, now time.Time) ([]string, error) {
	return s.ids(ctx, `SELECT w.id FROM webinars w LEFT JOIN webinar_giveaways g ON g.webinar_id = w.id
		WHERE NOT EXISTS (SELECT 1 FROM giveaway_draws d WHERE d.webinar_id = w.id)
		AND ((g.draws_at IS NOT NULL AND g.draws_at <= $1) OR (g.draws_at IS NULL AND w.event_datetime <= $2))
		ORDER BY w.id`, now, now.Add(-DefaultDrawAfter))
}

// pendingWebinars returns the webinars whose paid seats reached
// total_seats, that have an entry and no automatic draw (seats filled or
// deadline) yet.
func (s store) pendingWebinars(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT w.id FROM webinars w
		WHERE NOT EXISTS (SELECT 1 FROM giveaway_draws d WHERE d.webinar_id = w.id AND d.trigger <> 'admin_repick')
		AND `+seat.FullSQL("w")+` AND EXISTS (`+entriesSQL("w.id")+`)
		ORDER BY w.id`)
}

func (s store) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	return db.Strings(ctx, s.db.Q(ctx), query, args...)
}

// hasAutomaticDraw reports whether the webinar's automatic draw (seats
// filled or deadline, whichever came first) happened.
func (s store) hasAutomaticDraw(ctx context.Context, webinarID string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM giveaway_draws
		WHERE webinar_id = $1 AND trigger <> 'admin_repick'`, webinarID).Scan(&n)
	return n > 0, db.MapError(err)
}

// insertDraw records a draw, its entrant list and the winner it made (none
// for no entrants) with the winner's role at the draw. A second automatic
// draw for a webinar is refused by giveaway_draws_one_automatic
// (db.ErrConflict), which rolls back the winner row with it.
func (s store) insertDraw(ctx context.Context, d Draw, list string) error {
	q := s.db.Q(ctx)
	if d.WinnerID != nil {
		if _, err := q.ExecContext(ctx, `INSERT INTO giveaway_winners (id, user_id, webinar_id, created_at, notified, role_at_draw)
			VALUES ($1, $2, $3, $4, FALSE, (SELECT role FROM profiles WHERE id = $2))`,
			*d.WinnerID, *d.UserID, d.WebinarID, d.DrawnAt); err != nil {
			return db.MapError(err)
		}
	}
	_, err := q.ExecContext(ctx, `INSERT INTO giveaway_draws
		(id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger, triggered_by,
		 paid_entries, free_entries, entries_sha256, entry_ids, random_value, winner_entry_id,
		 proof_kind, counter, winner_index, reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
		d.ID, d.WebinarID, d.WinnerID, d.DrawnAt, d.Entrants, d.Candidates, d.Trigger, d.TriggeredBy,
		d.PaidEntries, d.FreeEntries, d.EntriesSHA256, list, d.RandomValue, d.WinnerEntryID,
		d.ProofKind, d.Counter, d.WinnerIndex, d.Reason)
	return db.MapError(err)
}

// The seed shows only with a draw of the commit-and-reveal kind: that draw
// revealed it.
const drawColumns = `d.id, d.webinar_id, d.winner_id, g.user_id, d.drawn_at, d.entrants, d.candidates, d.trigger,
	d.triggered_by, d.paid_entries, d.free_entries, d.entries_sha256, d.random_value, d.winner_entry_id,
	d.proof_kind, c.commitment, CASE WHEN d.proof_kind = 'commit_reveal' THEN c.seed END, d.counter, d.winner_index, d.reason`

const drawFrom = ` FROM giveaway_draws d LEFT JOIN giveaway_winners g ON g.id = d.winner_id
	LEFT JOIN giveaway_commitments c ON c.webinar_id = d.webinar_id AND d.proof_kind = 'commit_reveal'`

// scanDraw reads drawColumns and then extra.
func scanDraw(row scanner, extra ...any) (Draw, error) {
	var d Draw
	var winner, user, by, sum, value, entry, commitment, seed, reason sql.NullString
	var paid, free, counter, index sql.NullInt64
	dest := append([]any{&d.ID, &d.WebinarID, &winner, &user, &d.DrawnAt, &d.Entrants, &d.Candidates, &d.Trigger,
		&by, &paid, &free, &sum, &value, &entry, &d.ProofKind, &commitment, &seed, &counter, &index, &reason}, extra...)
	if err := row.Scan(dest...); err != nil {
		return Draw{}, db.MapError(err)
	}
	d.DrawnAt = d.DrawnAt.UTC()
	d.WinnerID, d.UserID, d.TriggeredBy = ptr(winner), ptr(user), ptr(by)
	d.EntriesSHA256, d.RandomValue, d.WinnerEntryID = ptr(sum), ptr(value), ptr(entry)
	d.PaidEntries, d.FreeEntries = intPtr(paid), intPtr(free)
	d.Commitment, d.Seed, d.Counter, d.WinnerIndex, d.Reason = ptr(commitment), ptr(seed), intPtr(counter), intPtr(index), ptr(reason)
	return d, nil
}

func intPtr(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

// draws returns a webinar's draws, newest first.
func (s store) draws(ctx context.Context, webinarID string) ([]Draw, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+drawColumns+drawFrom+`
		WHERE d.webinar_id = $1 ORDER BY d.drawn_at DESC, d.id`, webinarID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Draw{}
	for rows.Next() {
		d, err := scanDraw(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, db.MapError(rows.Err())
}

// allDraws returns every draw, newest first, with the webinar's title and
// the winner's account (null when gone).
func (s store) allDraws(ctx context.Context) ([]AdminDraw, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+drawColumns+`, w.title, p.email, p.first_name, p.last_name`+drawFrom+`
		LEFT JOIN profiles p ON p.id = g.user_id AND p.deleted_at IS NULL
		LEFT JOIN webinars w ON w.id = d.webinar_id
		ORDER BY d.drawn_at DESC, d.id`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []AdminDraw{}
	for rows.Next() {
		var title, email, first, last sql.NullString
		d, err := scanDraw(rows, &title, &email, &first, &last)
		if err != nil {
			return nil, err
		}
		out = append(out, AdminDraw{Draw: d, WebinarTitle: ptr(title), WinnerEmail: ptr(email),
			WinnerFirstName: ptr(first), WinnerLastName: ptr(last)})
	}
	return out, db.MapError(rows.Err())
}

// publicDraws returns the draws as anyone sees them (all, or the one with
// id drawID when not ""), newest first: the winner's first name and last
// initial only when they agreed at entry (show_name) and their account
// exists.
func (s store) publicDraws(ctx context.Context, drawID string) ([]PublicDraw, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT d.id, d.webinar_id, w.title, d.drawn_at, d.trigger, d.winner_id, d.entrants,
		d.paid_entries, d.free_entries, d.entries_sha256, p.first_name, p.last_name, e.show_name,
		d.proof_kind, c.commitment, c.committed_at, CASE WHEN d.proof_kind = 'commit_reveal' THEN c.seed END,
		d.counter, d.winner_index, d.winner_entry_id, d.reason
		FROM giveaway_draws d
		LEFT JOIN webinars w ON w.id = d.webinar_id
		LEFT JOIN giveaway_winners g ON g.id = d.winner_id
		LEFT JOIN profiles p ON p.id = g.user_id AND p.deleted_at IS NULL
		LEFT JOIN giveaway_entries e ON e.webinar_id = d.webinar_id AND e.user_id = g.user_id
		LEFT JOIN giveaway_commitments c ON c.webinar_id = d.webinar_id AND d.proof_kind = 'commit_reveal'
		WHERE $1 = '' OR d.id = $1
		ORDER BY d.drawn_at DESC, d.id`, drawID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []PublicDraw
	for rows.Next() {
		var d PublicDraw
		var title, winner, sum, first, last, commitment, seed, entry, reason sql.NullString
		var paid, free, counter, index sql.NullInt64
		var show sql.NullBool
		var committedAt sql.NullTime
		if err := rows.Scan(&d.ID, &d.WebinarID, &title, &d.DrawnAt, &d.Trigger, &winner, &d.Entries, &paid, &free, &sum,
			&first, &last, &show, &d.ProofKind, &commitment, &committedAt, &seed, &counter, &index, &entry, &reason); err != nil {
			return nil, db.MapError(err)
		}
		d.DrawnAt, d.PaidEntries, d.FreeEntries, d.EntriesSHA256 = d.DrawnAt.UTC(), intPtr(paid), intPtr(free), ptr(sum)
		d.Title, d.Commitment, d.Seed, d.Counter, d.WinnerIndex, d.WinnerEntryID, d.Reason = ptr(title), ptr(commitment), ptr(seed),
			intPtr(counter), intPtr(index), ptr(entry), ptr(reason)
		if committedAt.Valid {
			t := committedAt.Time.UTC()
			d.CommittedAt = &t
		}
		d.Outcome = "winner"
		if !winner.Valid {
			d.Outcome = "no_entrants"
		}
		if show.Valid && show.Bool && first.Valid && strings.TrimSpace(first.String) != "" {
			name := strings.TrimSpace(first.String)
			if l := []rune(strings.TrimSpace(last.String)); len(l) > 0 {
				name += " " + string(l[0]) + "."
			}
			d.Winner = &name
		}
		out = append(out, d)
	}
	return out, db.MapError(rows.Err())
}

// commitment returns a webinar's seed, its commitment and when it was made
// (db.ErrNotFound: none yet).
func (s store) commitment(ctx context.Context, webinarID string) (seed, commitment string, at time.Time, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT seed, commitment, committed_at FROM giveaway_commitments WHERE webinar_id = $1`,
		webinarID).Scan(&seed, &commitment, &at)
	return seed, commitment, at.UTC(), db.MapError(err)
}

// insertCommitment records a webinar's seed and commitment unless it has
// one (the first stands).
func (s store) insertCommitment(ctx context.Context, webinarID, seed, commitment string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO giveaway_commitments (webinar_id, seed, commitment, committed_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (webinar_id) DO NOTHING`, webinarID, seed, commitment, now)
	return db.MapError(err)
}

// publicCommitment is a webinar's public commitment: the SHA-256 of its seed.
type publicCommitment struct {
	Commitment  string
	CommittedAt time.Time
}

// commitments returns every webinar's commitment, by webinar id.
func (s store) commitments(ctx context.Context) (map[string]*publicCommitment, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT webinar_id, commitment, committed_at FROM giveaway_commitments`)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[string]*publicCommitment{}
	for rows.Next() {
		var id string
		var c publicCommitment
		if err := rows.Scan(&id, &c.Commitment, &c.CommittedAt); err != nil {
			return nil, db.MapError(err)
		}
		c.CommittedAt = c.CommittedAt.UTC()
		out[id] = &c
	}
	return out, db.MapError(rows.Err())
}

// uncommitted returns the webinars without a commitment (made before
// commitments existed).
func (s store) uncommitted(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT w.id FROM webinars w
		WHERE NOT EXISTS (SELECT 1 FROM giveaway_commitments c WHERE c.webinar_id = w.id) ORDER BY w.id`)
}

// fixedList is the entry list a webinar's first commit-and-reveal draw
// fixed, with its counts and the last counter taken.
type fixedList struct {
	list, sum   string
	paid, free  *int
	lastCounter int
}

// fixed returns the webinar's fixed entry list, or ok false before its
// first commit-and-reveal draw.
func (s store) fixed(ctx context.Context, webinarID string) (f fixedList, ok bool, err error) {
	q := s.db.Q(ctx)
	var paid, free sql.NullInt64
	err = q.QueryRowContext(ctx, `SELECT entry_ids, entries_sha256, paid_entries, free_entries FROM giveaway_draws
		WHERE webinar_id = $1 AND proof_kind = 'commit_reveal' ORDER BY drawn_at, id LIMIT 1`, webinarID).
		Scan(&f.list, &f.sum, &paid, &free)
	if err := db.MapError(err); errors.Is(err, db.ErrNotFound) {
		return fixedList{}, false, nil
	} else if err != nil {
		return fixedList{}, false, err
	}
	f.paid, f.free = intPtr(paid), intPtr(free)
	var last sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT MAX(counter) FROM giveaway_draws
		WHERE webinar_id = $1 AND proof_kind = 'commit_reveal'`, webinarID).Scan(&last); err != nil {
		return fixedList{}, false, db.MapError(err)
	}
	f.lastCounter = -1
	if last.Valid {
		f.lastCounter = int(last.Int64)
	}
	return f, true, nil
}

// wonEntries returns the entry ids drawn before for a webinar.
func (s store) wonEntries(ctx context.Context, webinarID string) ([]string, error) {
	return s.ids(ctx, `SELECT winner_entry_id FROM giveaway_draws WHERE webinar_id = $1 AND winner_entry_id IS NOT NULL`, webinarID)
}

// liveEntries returns the ids of a webinar's entries (paid seats and free
// entries alike) whose accounts were not deleted.
func (s store) liveEntries(ctx context.Context, webinarID string) ([]string, error) {
	return s.ids(ctx, `SELECT r.id FROM webinar_registrations r JOIN profiles p ON p.id = r.user_id AND p.deleted_at IS NULL
		WHERE r.webinar_id = $1
		UNION ALL SELECT e.id FROM giveaway_entries e JOIN profiles p ON p.id = e.user_id AND p.deleted_at IS NULL
		WHERE e.webinar_id = $1`, webinarID)
}

// entryOwner returns the person and kind of a webinar's entry id.
func (s store) entryOwner(ctx context.Context, webinarID, entryID string) (Entry, error) {
	e := Entry{ID: entryID}
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT user_id, 'paid' FROM webinar_registrations WHERE webinar_id = $1 AND id = $2
		UNION ALL SELECT user_id, 'free' FROM giveaway_entries WHERE webinar_id = $1 AND id = $2`, webinarID, entryID).
		Scan(&e.UserID, &e.Kind)
	return e, db.MapError(err)
}

// emailConfirmed reports whether the account's e-mail address is confirmed.
func (s store) emailConfirmed(ctx context.Context, userID string) (bool, error) {
	var ok bool
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT email_confirmed_at IS NOT NULL FROM profiles WHERE id = $1`, userID).Scan(&ok)
	return ok, db.MapError(err)
}

// entriesFrom counts a webinar's free entries made from addressKey.
func (s store) entriesFrom(ctx context.Context, webinarID, addressKey string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM giveaway_entries WHERE webinar_id = $1 AND address_key = $2`,
		webinarID, addressKey).Scan(&n)
	return n, db.MapError(err)
}

// entryList returns a draw's stored entrant list; a draw without one (made
// before lists were kept) or no draw is db.ErrNotFound.
func (s store) entryList(ctx context.Context, drawID string) (string, error) {
	var list sql.NullString
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT entry_ids FROM giveaway_draws WHERE id = $1`, drawID).Scan(&list)
	if err != nil {
		return "", db.MapError(err)
	}
	if !list.Valid {
		return "", db.ErrNotFound
	}
	return list.String, nil
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
