package coupon

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"watchwin/internal/db"
	"watchwin/internal/keyset"
)

// The admin coupon list at 100,000 customers (docs/api.md, "Admin: coupons"):
// a whole code is one read of the unique index on code; a substring search
// uses its engine's trigram indexes (searchSQLite, searchPostgres); pages
// follow by cursor.

// searchWindow is how many of the coupons after a page's start a
// PostgreSQL search walks before it asks its indexes: a search matching
// more than about limit/searchWindow of all coupons fills its page there,
// one matching fewer has few enough candidates to sort.
const searchWindow = 500

// minTrigram is the shortest search the SQLite trigram tables can answer;
// shorter ones scan (they are broad, so the window usually answers them).
const minTrigram = 3

// likeEscaper makes a search text match itself literally in LIKE … ESCAPE '\'.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// String returns the cursor as the API sends it (next_cursor).
func (c Cursor) String() string {
	return keyset.Encode(c.CreatedAt.UTC().Format(time.RFC3339Nano), c.ID)
}

// ParseCursor reads a cursor String made; anything else is a 400 naming
// the cursor parameter.
func ParseCursor(s string) (*Cursor, error) {
	parts, err := keyset.Decode(s, 2)
	if err != nil {
		return nil, err
	}
	t, err := time.Parse(time.RFC3339Nano, parts[0])
	if err != nil || parts[1] == "" {
		_, err = keyset.Decode("", 2) // the same 400
		return nil, err
	}
	return &Cursor{CreatedAt: t.UTC(), ID: parts[1]}, nil
}

// CursorOf is the cursor of the page that follows a.
func CursorOf(a Admin) Cursor { return Cursor{CreatedAt: a.CreatedAt, ID: a.ID} }

// canonicalCode returns the code a search names when it is a whole coupon
// code typed any way a clerk might (any case, with or without 'LW' and the
// hyphens or spaces): 'LW-' and three groups of the code alphabet.
func canonicalCode(search string) (string, bool) {
	s := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(search))
	if len(s) == 2+codeGroups*groupLen {
		var ok bool
		if s, ok = strings.CutPrefix(s, "LW"); !ok {
			return "", false
		}
	}
	if len(s) != codeGroups*groupLen || strings.Trim(s, codeAlphabet) != "" {
		return "", false
	}
	return grouped(s), true
}

// query builds one statement's text and its numbered arguments.
type query struct {
	sql  strings.Builder
	args []any
}

// arg adds v and returns its placeholder.
func (q *query) arg(v any) string {
	q.args = append(q.args, v)
	return fmt.Sprintf("$%d", len(q.args))
}

func (q *query) add(parts ...string) *query {
	for _, p := range parts {
		q.sql.WriteString(p)
	}
	return q
}

// after is the keyset condition: rows after cursor in the order
// created_at DESC, id (the first term alone is an index range).
func (q *query) after(c *Cursor) string {
	if c == nil {
		return `TRUE`
	}
	t, id := q.arg(c.CreatedAt), q.arg(c.ID)
	return `c.created_at <= ` + t + ` AND (c.created_at < ` + t + ` OR c.id > ` + id + `)`
}

// page ends a statement: the list's order, the limit and (old clients) the offset.
func (q *query) page(p ListParams) {
	q.add(` ORDER BY c.created_at DESC, c.id LIMIT `, q.arg(p.Limit))
	if p.Offset > 0 {
		q.add(` OFFSET `, q.arg(p.Offset))
	}
}

// matches is the search's meaning: the code, the live owner's e-mail or the
// webinar title contains it, in any case. lower() on both sides and LIKE …
// ESCAPE '\' read the same on SQLite and PostgreSQL (SQLite's lower() folds
// ASCII only, on both sides alike). The indexes below only find candidates:
// this predicate decides, so both engines answer as it says.
func matches(pattern string) string {
	return `(lower(c.code) LIKE lower(` + pattern + `) ESCAPE '\' OR lower(p.email) LIKE lower(` + pattern + `) ESCAPE '\'
		OR lower(w.title) LIKE lower(` + pattern + `) ESCAPE '\')`
}

// adminList returns a page of every coupon, newest first, those whose code,
// owner e-mail or webinar title contain search ("" matches all).
func (s store) adminList(ctx context.Context, p ListParams) ([]Admin, error) {
	if p.Search == "" {
		q := &query{}
		q.add(`SELECT `+adminColumns+adminFrom+` WHERE `, q.after(p.After))
		q.page(p)
		return s.adminRows(ctx, q)
	}
	if code, ok := canonicalCode(p.Search); ok {
		list, found, err := s.byCode(ctx, code, p)
		if found || err != nil {
			return list, err
		}
	}
	if s.db.Engine == db.SQLite {
		return s.searchSQLite(ctx, p)
	}
	return s.searchPostgres(ctx, p)
}

// walkChunk is how many coupons, in the list's order, a PostgreSQL search
// tests at a time: their ids go to the test as one array, so the plan is
// always a primary-key lookup of each, whatever the statistics say.
const walkChunk = 250

// searchPostgres answers a search on PostgreSQL. A broad search fills its
// page within the first searchWindow coupons after the page's start: it
// walks them walkChunk at a time and stops when the page is full. Otherwise
// the pg_trgm GIN indexes of migration 0011 find the candidates: a UNION
// lets each LIKE use its own index (an OR of three would not), and the
// planner is told to prefer them (SET LOCAL enable_seqscan = off, for this
// one read-only transaction), since it cannot estimate a LIKE '%…%' well.
func (s store) searchPostgres(ctx context.Context, p ListParams) ([]Admin, error) {
	pattern := "%" + likeEscaper.Replace(p.Search) + "%"
	if p.Offset == 0 {
		out := []Admin{}
		after := p.After
		for walked := 0; walked < searchWindow; walked += walkChunk {
			ids, last, err := s.nextIDs(ctx, after, walkChunk)
			if err != nil || len(ids) == 0 {
				return out, err
			}
			q := &query{}
			q.add(`SELECT `+adminColumns+adminFrom+` WHERE c.id = ANY(`, q.arg(ids), `) AND `, matches(q.arg(pattern)),
				` ORDER BY c.created_at DESC, c.id LIMIT `, q.arg(p.Limit-len(out)))
			list, err := s.adminRows(ctx, q)
			if err != nil {
				return nil, err
			}
			out = append(out, list...)
			if len(out) == p.Limit || len(ids) < walkChunk {
				return out, nil // a full page, or the end of the list
			}
			after = &last
		}
	}
	q := &query{}
	like := q.arg(pattern)
	q.add(`SELECT `+adminColumns+adminFrom+` WHERE c.id IN (
			SELECT c1.id FROM coupons c1 WHERE lower(c1.code) LIKE lower(`+like+`) ESCAPE '\'
			UNION SELECT c2.id FROM profiles p2 JOIN coupons c2 ON c2.user_id = p2.id
				WHERE p2.deleted_at IS NULL AND lower(p2.email) LIKE lower(`+like+`) ESCAPE '\'
			UNION SELECT c3.id FROM webinars w3 JOIN coupons c3 ON c3.webinar_id = w3.id
				WHERE lower(w3.title) LIKE lower(`+like+`) ESCAPE '\')
		AND `, q.after(p.After))
	q.page(p)
	var out []Admin
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
			return db.MapError(err)
		}
		var err error
		out, err = s.adminRows(ctx, q)
		return err
	})
	return out, err
}

// nextIDs returns the ids of the n coupons after cursor c (all from the
// start when nil) in the list's order, and the cursor of the last one: an
// index-only read of coupons_created_id.
func (s store) nextIDs(ctx context.Context, c *Cursor, n int) ([]string, Cursor, error) {
	q := &query{}
	q.add(`SELECT c.id, c.created_at FROM coupons c WHERE `, q.after(c), ` ORDER BY c.created_at DESC, c.id LIMIT `, q.arg(n))
	rows, err := s.db.Q(ctx).QueryContext(ctx, q.sql.String(), q.args...)
	if err != nil {
		return nil, Cursor{}, db.MapError(err)
	}
	defer rows.Close()
	var ids []string
	var last Cursor
	for rows.Next() {
		if err := rows.Scan(&last.ID, &last.CreatedAt); err != nil {
			return nil, Cursor{}, db.MapError(err)
		}
		ids = append(ids, last.ID)
	}
	return ids, last, db.MapError(rows.Err())
}

// narrowCap is the most matches a part of a SQLite search (codes, e-mails,
// coupons of the matching webinars) may have for the search to be answered
// from its candidates; past it the search is broad and a walk of the list's
// order meets a page of matches soon.
var narrowCap = 500 // a variable only so tests can make every search broad

// searchSQLite answers a search on SQLite. E-mails (validated ASCII) and
// codes (ASCII) are in the FTS5 trigram tables of migration 0011, whose
// quoted phrase matches a substring folding ASCII case as lower() does: for
// an ASCII search it is the same test as the LIKE. Webinars are few: their
// titles are scanned. Each part is first counted up to narrowCap (a capped
// read of an index, under a millisecond even when broad); when all are
// narrow, the page is sorted from their candidates, else the list's index
// is walked in order with the cheapest test of each part.
func (s store) searchSQLite(ctx context.Context, p ListParams) ([]Admin, error) {
	pattern := "%" + likeEscaper.Replace(p.Search) + "%"
	ascii := isASCII(p.Search)
	trigram := ascii && utf8.RuneCountInString(p.Search) >= minTrigram
	phrase := `"` + strings.ReplaceAll(p.Search, `"`, `""`) + `"`
	const titled = `SELECT c3.id FROM coupons c3 WHERE c3.webinar_id IN
		(SELECT w3.id FROM webinars w3 WHERE lower(w3.title) LIKE lower($1) ESCAPE '\')`
	const emailed = `SELECT profile_id FROM profile_email_search WHERE profile_email_search MATCH $2`
	const coded = `SELECT coupon_id FROM coupon_code_search WHERE coupon_code_search MATCH $2`
	nTitle, err := s.countUpTo(ctx, titled, pattern)
	if err != nil {
		return nil, err
	}
	nEmail, nCode := 0, 0
	if trigram {
		if nEmail, err = s.countUpTo(ctx, emailed, pattern, phrase); err != nil { // $2 alone is used
			return nil, err
		}
		if nCode, err = s.countUpTo(ctx, coded, pattern, phrase); err != nil {
			return nil, err
		}
	}
	q := &query{}
	like := q.arg(pattern)
	q.arg(phrase) // $1 and $2, as the parts above name them
	if (trigram || !ascii) && nTitle <= narrowCap && nEmail <= narrowCap && nCode <= narrowCap {
		// Narrow: sort the candidates' ids (one index read each), then join
		// the page's rows only. A non-ASCII search can match titles alone:
		// codes and e-mails are ASCII.
		cand := titled
		if trigram {
			cand += ` UNION ` + coded + ` UNION SELECT c2.id FROM coupons c2 WHERE c2.user_id IN (` + emailed + `)`
		}
		q.add(`SELECT `+adminColumns+` FROM (SELECT c.id FROM coupons c WHERE c.id IN (`, cand, `) AND `,
			q.after(p.After), ` ORDER BY c.created_at DESC, c.id LIMIT `, q.arg(p.Limit))
		if p.Offset > 0 {
			q.add(` OFFSET `, q.arg(p.Offset))
		}
		q.add(`) top JOIN coupons c ON c.id = top.id LEFT JOIN webinars w ON w.id = c.webinar_id
			LEFT JOIN profiles p ON p.id = c.user_id AND p.deleted_at IS NULL
			ORDER BY c.created_at DESC, c.id`)
		return s.adminRows(ctx, q)
	}
	// Broad (or under 3 characters): walk the list's order. Each part's test
	// reads the coupon row alone where it can (a narrow e-mail part as a set
	// of owners), so only the matches are joined.
	email := `lower(p.email) LIKE lower(` + like + `) ESCAPE '\'`
	if trigram && nEmail <= narrowCap {
		email = `c.user_id IN (` + emailed + `)`
	}
	q.add(`SELECT `+adminColumns+adminFrom+` WHERE `, q.after(p.After), ` AND (lower(c.code) LIKE lower(`, like,
		`) ESCAPE '\' OR c.webinar_id IN (SELECT w3.id FROM webinars w3 WHERE lower(w3.title) LIKE lower(`, like,
		`) ESCAPE '\') OR `, email, `)`)
	q.page(p)
	return s.adminRows(ctx, q)
}

// countUpTo counts the rows of part (a query on args), reading at most
// narrowCap+1 of them.
func (s store) countUpTo(ctx context.Context, part string, args ...any) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM (`+part+` LIMIT `+fmt.Sprint(narrowCap+1)+`)`,
		args...).Scan(&n)
	return n, db.MapError(err)
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// byCode returns the page of a search that names a whole code: the coupon
// with that code alone, when there is one (found reports whether).
func (s store) byCode(ctx context.Context, code string, p ListParams) ([]Admin, bool, error) {
	q := &query{}
	q.add(`SELECT `+adminColumns+adminFrom+` WHERE c.code = `, q.arg(code))
	list, err := s.adminRows(ctx, q)
	if err != nil || len(list) == 0 {
		return nil, false, err
	}
	c := list[0]
	if p.Offset > 0 || (p.After != nil && !after(c, *p.After)) {
		return []Admin{}, true, nil
	}
	return list, true, nil
}

// after reports whether a comes after cursor c in the list's order.
func after(a Admin, c Cursor) bool {
	return a.CreatedAt.Before(c.CreatedAt) || (a.CreatedAt.Equal(c.CreatedAt) && a.ID > c.ID)
}

func (s store) adminRows(ctx context.Context, q *query) ([]Admin, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, q.sql.String(), q.args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Admin{}
	for rows.Next() {
		a, err := scanAdmin(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, db.MapError(rows.Err())
}
