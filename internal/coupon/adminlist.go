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

// The admin coupon list at 100,000 customers (docs/api.md#admin-coupons):
// a whole code is one read of the unique index on code; a substring search
// uses its engine's trigram indexes (searchSQLite, searchPostgres); pages
// follow by cursor.

// searchWindow is how many of the coupons after a page's start a
// PostgreSQL search walks before it asks its indexes: a search matching
// more than about limit/searchWindow of all coupons fills its page there,
// one matching fewer has few enough candidates to sort.
var searchWindow = 500 // a variable only so tests can change it (0: no walk)

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
	return afterKey("c", q.arg(c.CreatedAt), q.arg(c.ID))
}

// afterKey is the keyset condition on the rows named alias, after the
// cursor whose placeholders are t and id (TRUE when there is none).
func afterKey(alias, t, id string) string {
	if t == "" {
		return `TRUE`
	}
	return alias + `.created_at <= ` + t + ` AND (` + alias + `.created_at < ` + t + ` OR ` + alias + `.id > ` + id + `)`
}

// page ends a statement: the list's order, the limit and (old clients) the offset.
func (q *query) page(p ListParams) {
	q.add(` ORDER BY c.created_at DESC, c.id LIMIT `, q.arg(p.Limit))
	if p.Offset > 0 {
		q.add(` OFFSET `, q.arg(p.Offset))
	}
}

// adminList returns a page of every coupon, newest first, those whose code,
// owner e-mail or webinar title contain search ("" matches all). Each
// engine's search tests exactly lower(x) LIKE lower(pattern) ESCAPE '\' of
// each: the two engines read it the same (SQLite's lower() folds ASCII
// only, on both sides alike), and the indexes only find the rows to test.
func (s store) adminList(ctx context.Context, p ListParams) ([]Admin, error) {
	if p.Status != "" {
		return s.byStatus(ctx, p)
	}
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

// byStatus answers a list filtered by status (the admin's "Disputed only"):
// the coupons of that status (coupons_status_expiry), those whose code,
// owner e-mail or webinar title contain the search tested one by one, in
// the list's order. Built for the few disputed or refunding coupons: a
// broad status sorts all of its rows.
func (s store) byStatus(ctx context.Context, p ListParams) ([]Admin, error) {
	q := &query{}
	q.add(`SELECT `+adminColumns+adminFrom+` WHERE c.status = `, q.arg(p.Status), ` AND `, q.after(p.After))
	if p.Search != "" {
		like := `lower(` + q.arg("%"+likeEscaper.Replace(p.Search)+"%") + `) ESCAPE '\'`
		q.add(` AND (lower(c.code) LIKE `, like, ` OR lower(w.title) LIKE `, like, ` OR lower(p.email) LIKE `, like, `)`)
	}
	q.page(p)
	return s.adminRows(ctx, q)
}

// searchPostgres answers a search on PostgreSQL (docs/api.md#admin-coupons). A
// broad search fills its page within the first searchWindow coupons after the
// page's start: one statement walks them in the list's order and tests each row
// alone (the matching webinars are found once, the owner is read by primary
// key: never all of an index's matches). Otherwise the candidates are few: the
// pg_trgm GIN indexes of migration 0011 find the codes, the live owners and the
// webinars that match; each owner and each webinar gives at most a page of its
// newest coupons after the cursor (coupons_user; coupons_webinar, migration
// 0018, index-only); only their ids and dates are sorted, and the page's rows
// alone are joined.
//
// It runs in one read-only transaction whose settings are its own: the
// planner cannot estimate a LIKE '%…%' well, so it is told to prefer the
// indexes; each statement is planned once per connection (its generic plan:
// planning took as long as running); and nothing is compiled (JIT).
func (s store) searchPostgres(ctx context.Context, p ListParams) ([]Admin, error) {
	var out []Admin
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `SELECT set_config('enable_seqscan', 'off', true),
			set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)`); err != nil {
			return db.MapError(err)
		}
		var err error
		out, err = s.searchPostgresTx(ctx, p)
		return err
	})
	return out, err
}

// searchPostgresTx is searchPostgres inside its transaction.
func (s store) searchPostgresTx(ctx context.Context, p ListParams) ([]Admin, error) {
	pattern := "%" + likeEscaper.Replace(p.Search) + "%"
	if p.Offset == 0 && searchWindow > 0 {
		// The window is written as a number: a generic plan would assume a
		// LIMIT parameter reads a tenth of the table.
		window := fmt.Sprint(searchWindow)
		q := &query{}
		like := `lower(` + q.arg(pattern) + `) ESCAPE '\'`
		q.add(`SELECT c.id, c.created_at FROM (SELECT c.id, c.created_at, c.code, c.user_id, c.webinar_id FROM coupons c
			WHERE `, q.after(p.After), ` ORDER BY c.created_at DESC, c.id LIMIT `, window, `) c
			WHERE lower(c.code) LIKE `+like+`
			OR c.webinar_id IN (SELECT w.id FROM webinars w WHERE lower(w.title) LIKE `+like+`)
			OR (SELECT lower(p.email) FROM profiles p WHERE p.id = c.user_id AND p.deleted_at IS NULL) LIKE `+like+`
			ORDER BY c.created_at DESC, c.id LIMIT `, q.arg(p.Limit))
		list, err := s.pageOf(ctx, q)
		if err != nil || len(list) == p.Limit {
			return list, err
		}
		// A window cut short by the list's end held every match.
		var n int
		q = &query{}
		q.add(`SELECT count(*) FROM (SELECT 1 FROM coupons c WHERE `, q.after(p.After),
			` ORDER BY c.created_at DESC, c.id LIMIT `, window, `) n`)
		if err := s.db.Q(ctx).QueryRowContext(ctx, q.sql.String(), q.args...).Scan(&n); err != nil {
			return nil, db.MapError(err)
		}
		if n < searchWindow {
			return list, nil
		}
	}
	q := &query{}
	like := `lower(` + q.arg(pattern) + `) ESCAPE '\'`
	t, id := "", ""
	if p.After != nil {
		t, id = q.arg(p.After.CreatedAt), q.arg(p.After.ID)
	}
	limit, eachLimit := q.arg(p.Limit), q.arg(p.Limit+p.Offset)
	// The newest coupons after the cursor of the owner or webinar named by
	// column = x.id: a LIMIT keeps each a loop of index reads.
	each := func(column string) string {
		return `CROSS JOIN LATERAL (SELECT c.id, c.created_at FROM coupons c WHERE c.` + column + ` = x.id AND ` +
			afterKey("c", t, id) + ` ORDER BY c.created_at DESC, c.id LIMIT ` + eachLimit + `) c`
	}
	q.add(`SELECT cand.id, cand.created_at FROM (
			SELECT c.id, c.created_at FROM coupons c WHERE lower(c.code) LIKE ` + like + `
			UNION SELECT c.id, c.created_at FROM profiles x ` + each("user_id") + `
				WHERE x.deleted_at IS NULL AND lower(x.email) LIKE ` + like + `
			UNION SELECT c.id, c.created_at FROM webinars x ` + each("webinar_id") + `
				WHERE lower(x.title) LIKE ` + like + `) cand
		WHERE ` + afterKey("cand", t, id) + ` ORDER BY cand.created_at DESC, cand.id LIMIT ` + limit)
	if p.Offset > 0 {
		q.add(` OFFSET `, q.arg(p.Offset))
	}
	return s.pageOf(ctx, q)
}

// pageOf returns the admin rows of the coupons q selects (their id and
// created_at, at most a page of them), in the list's order.
func (s store) pageOf(ctx context.Context, q *query) ([]Admin, error) {
	top := q.sql.String()
	q.sql.Reset()
	q.add(`SELECT `+adminColumns+` FROM (`, top, `) top JOIN coupons c ON c.id = top.id
		LEFT JOIN webinars w ON w.id = c.webinar_id LEFT JOIN profiles p ON p.id = c.user_id AND p.deleted_at IS NULL
		ORDER BY c.created_at DESC, c.id`)
	return s.adminRows(ctx, q)
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
