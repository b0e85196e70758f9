package audit

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/keyset"
)

// DefaultRetention is how long entries are kept (WATCHWIN_AUDIT_RETENTION_DAYS).
const DefaultRetention = 730 * 24 * time.Hour

// pruneBatch bounds the entries one Prune deletes, so a first run on a
// large log holds no lock for long; the next runs take the rest.
const pruneBatch = 10000

// Paging of GET /api/admin/audit.
const (
	DefaultPage = 100
	MaxPage     = 500
)

// Log reads the audit log and prunes it; entries are written with Write.
type Log struct {
	db        *db.DB
	now       clock.Func
	pruneNow  clock.Func // the clock an entry's age is told by
	retention time.Duration
}

// NewLog returns the audit log on d, keeping entries for retention; its
// screen and its export tell time by now. Prune tells an entry's age by
// machine, the machine's own clock: with the browser tests' movable clock
// on, a move past the retention must not erase the log.
func NewLog(d *db.DB, now, machine clock.Func, retention time.Duration) *Log {
	if retention <= 0 {
		retention = DefaultRetention
	}
	return &Log{db: d, now: now, pruneNow: machine, retention: retention}
}

// Row is an entry as the screen and the export show it: the actor's e-mail
// is read from the account now (null for the system, or once the account
// was deleted: the log keeps the account id, not a copy of its address).
type Row struct {
	ID            string    `json:"id"`
	At            time.Time `json:"at"`
	ActorID       *string   `json:"actor_id"`
	ActorEmail    *string   `json:"actor_email"`
	ActorRole     *string   `json:"actor_role"`
	Action        string    `json:"action"`
	TargetType    string    `json:"target_type"`
	TargetID      string    `json:"target_id"`
	Summary       string    `json:"summary"`
	RequestID     *string   `json:"request_id"`
	ClientNetwork *string   `json:"client_network"`
}

// Filter selects entries; empty fields select everything.
type Filter struct {
	// Actor is an account id, an account's e-mail (any case), or "system".
	Actor      string
	Action     string
	TargetType string
	TargetID   string
	Start, End time.Time // [Start, End); zero: unbounded
	Limit      int       // 0: no limit (the export)
	After      *Cursor
}

// Cursor is an entry's place in the log's order (newest first: at, then id).
type Cursor struct {
	At time.Time
	ID string
}

// String is the cursor as the API sends it.
func (c Cursor) String() string { return keyset.Encode(c.At.Format(time.RFC3339Nano), c.ID) }

// ParseCursor reads a cursor String made (400 naming `cursor` otherwise).
func ParseCursor(s string) (*Cursor, error) {
	parts, err := keyset.Decode(s, 2)
	if err != nil {
		return nil, err
	}
	at, err := time.Parse(time.RFC3339Nano, parts[0])
	if err != nil {
		return nil, keyset.Invalid()
	}
	return &Cursor{At: at.UTC(), ID: parts[1]}, nil
}

// List returns a page of entries, newest first, and whether more follow.
func (l *Log) List(ctx context.Context, f Filter) ([]Row, bool, error) {
	limit := f.Limit
	f.Limit++
	var out []Row
	err := l.Each(ctx, f, func(r Row) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	if len(out) > limit {
		return out[:limit], true, nil
	}
	if out == nil {
		out = []Row{}
	}
	return out, false, nil
}

// Each calls fn with every entry f selects, newest first, one row at a time
// (the export streams them).
func (l *Log) Each(ctx context.Context, f Filter, fn func(Row) error) error {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	switch a := strings.TrimSpace(f.Actor); {
	case a == "":
	case strings.EqualFold(a, "system"):
		where = append(where, "a.actor_id IS NULL")
	case strings.Contains(a, "@"):
		where = append(where, "a.actor_id IN (SELECT id FROM profiles WHERE lower(email) = lower("+arg(a)+"))")
	default:
		where = append(where, "a.actor_id = "+arg(a))
	}
	if f.Action != "" {
		where = append(where, "a.action = "+arg(f.Action))
	}
	if f.TargetType != "" {
		where = append(where, "a.target_type = "+arg(f.TargetType))
	}
	if f.TargetID != "" {
		where = append(where, "a.target_id = "+arg(strings.TrimSpace(f.TargetID)))
	}
	if !f.Start.IsZero() {
		where = append(where, "a.at >= "+arg(f.Start))
	}
	if !f.End.IsZero() {
		where = append(where, "a.at < "+arg(f.End))
	}
	if f.After != nil {
		at := arg(f.After.At)
		where = append(where, "(a.at < "+at+" OR (a.at = "+at+" AND a.id < "+arg(f.After.ID)+"))")
	}
	q := `SELECT a.id, a.at, a.actor_id, p.email, a.actor_role, a.action, a.target_type, a.target_id, a.summary,
		a.request_id, a.client_network
		FROM audit_log a LEFT JOIN profiles p ON p.id = a.actor_id AND p.deleted_at IS NULL`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY a.at DESC, a.id DESC"
	if f.Limit > 0 {
		q += " LIMIT " + arg(f.Limit)
	}
	rows, err := l.db.Q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var r Row
		var actor, email, role, req, network sql.NullString
		if err := rows.Scan(&r.ID, &r.At, &actor, &email, &role, &r.Action, &r.TargetType, &r.TargetID, &r.Summary,
			&req, &network); err != nil {
			return db.MapError(err)
		}
		r.At = r.At.UTC()
		r.ActorID, r.ActorEmail, r.ActorRole = ptr(actor), ptr(email), ptr(role)
		r.RequestID, r.ClientNetwork = ptr(req), ptr(network)
		if err := fn(r); err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

// Prune deletes the entries older than the retention, at most pruneBatch a
// run: the housekeeping job calls it under its lease every minute.
func (l *Log) Prune(ctx context.Context) (int, error) {
	res, err := l.db.Q(ctx).ExecContext(ctx, `DELETE FROM audit_log WHERE id IN
		(SELECT id FROM audit_log WHERE at < $1 ORDER BY at LIMIT $2)`, l.pruneNow().Add(-l.retention), pruneBatch)
	if err != nil {
		return 0, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Retention is how long entries are kept.
func (l *Log) Retention() time.Duration { return l.retention }

func ptr(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}
