package coupon_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// cursorBody is a page of the admin list with its cursor.
type cursorBody struct {
	Coupons    []row   `json:"coupons"`
	HasMore    bool    `json:"has_more"`
	NextCursor *string `json:"next_cursor"`
}

// walk reads every page of a search by cursor, limit rows at a time, calling
// between (when set) before each page after the first.
func walk(t *testing.T, c *testutil.Client, search string, limit int, between func()) []string {
	t.Helper()
	var got []string
	cursor := ""
	for range 1000 {
		q := url.Values{"search": {search}, "limit": {fmt.Sprint(limit)}}
		if cursor != "" {
			q.Set("cursor", cursor)
			if between != nil {
				between()
			}
		}
		res := c.Do("GET", "/api/admin/coupons?"+q.Encode(), nil)
		res.Check(t, testutil.Want{Status: 200})
		var b cursorBody
		res.JSON(t, &b)
		got = append(got, codes(b.Coupons)...)
		if b.HasMore != (b.NextCursor != nil) {
			t.Fatalf("has_more %v with next_cursor %v", b.HasMore, b.NextCursor)
		}
		if !b.HasMore {
			return got
		}
		cursor = *b.NextCursor
	}
	t.Fatal("more than 1000 pages")
	return nil
}

// walkOffset reads every page of a search by offset (old clients).
func walkOffset(t *testing.T, c *testutil.Client, search string, limit int) []string {
	t.Helper()
	got := []string{}
	for offset := 0; ; offset += limit {
		b := list(t, c, fmt.Sprintf("?search=%s&limit=%d&offset=%d", url.QueryEscape(search), limit, offset))
		got = append(got, codes(b.Coupons)...)
		if !b.HasMore {
			return got
		}
	}
}

// oldSearch is the admin search as it was before its indexes: the meaning
// the indexed search must keep, run on the same engine.
const oldSearch = `SELECT c.code FROM coupons c LEFT JOIN webinars w ON w.id = c.webinar_id
	LEFT JOIN profiles p ON p.id = c.user_id AND p.deleted_at IS NULL
	WHERE lower(c.code) LIKE lower($1) ESCAPE '\' OR lower(p.email) LIKE lower($1) ESCAPE '\'
		OR lower(w.title) LIKE lower($1) ESCAPE '\'
	ORDER BY c.created_at DESC, c.id`

func oldResults(t *testing.T, d *db.DB, search string) []string {
	t.Helper()
	pattern := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.TrimSpace(search)) + "%"
	rows, err := d.QueryContext(context.Background(), oldSearch, pattern)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var code string
		if err := rows.Scan(&code); err != nil {
			t.Fatal(err)
		}
		out = append(out, code)
	}
	return out
}

// seedTricky buys coupons whose e-mails and titles hold LIKE's wildcards,
// a backslash, mixed case and non-ASCII letters, and deletes one buyer.
func seedTricky(t *testing.T, s *testutil.Server, admin *testutil.Client) {
	t.Helper()
	titles := []string{`100% Off_Holsters \ Basics`, "Night Sights", "ÜBER Optics", "Range Day"}
	emails := []string{"under_score@example.com", "percent%sign@example.com", "mixed.case@example.com",
		"sam@range.test", "gone@example.com", "holster.fan@example.com"}
	var ws []webinar.Webinar
	for _, title := range titles {
		ws = append(ws, s.CreateWebinar(testutil.WebinarSpec{Title: title}))
	}
	for i, email := range emails {
		u := s.CreateUser(email, "password1", auth.RoleUser)
		for j := range 2 {
			s.Purchase(u, ws[(i+j)%len(ws)].ID)
		}
		if email == "gone@example.com" {
			admin.Do("DELETE", "/api/admin/users/"+u.ID, nil).Check(t, testutil.Want{Status: 204})
		}
	}
}

// The indexed search answers exactly as the plain LIKE over every coupon
// did, in the same order, whether read by cursor (one row, two rows or a
// whole page at a time) or by offset.
func TestAdminSearchKeepsItsMeaning(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		seedTricky(t, s, admin)
		all := codes(list(t, admin, "").Coupons)
		if len(all) != 12 {
			t.Fatalf("%d coupons seeded, want 12", len(all))
		}
		searches := []string{"", "%", "_", `\`, "100%", "off_h", "OFF_H", `s \ b`, "LW-", all[3][3:9],
			strings.ToLower(all[5][4:12]), "über", "ÜBER", "@EXAMPLE", "example", "e", "xx", "gone@example",
			"deleted", "sam", " range ", "nothing-like-this", `"quoted"`, "a\"b", "' OR 1=1 --", "range.test"}
		// Every way of answering: from the candidates (every part narrow;
		// on PostgreSQL no walk first), walking the list's order (every part
		// that matches is broad; PostgreSQL's window holds every coupon), and
		// on PostgreSQL a window of two coupons, then the candidates.
		for _, way := range []struct{ broadPast, window int }{{500, 0}, {0, 500}, {0, 2}} {
			s.Clock.Advance(16 * time.Minute) // a fresh window of the search's rate limit (docs/api.md)
			restore := coupon.SetNarrowCap(way.broadPast)
			restoreWindow := coupon.SetSearchWindow(way.window)
			for _, q := range searches {
				want := oldResults(t, d, q)
				for _, limit := range []int{1, 2, 100} {
					if got := walk(t, admin, q, limit, nil); !slices.Equal(got, want) {
						t.Errorf("search %q by cursor, %d a page, %+v = %v, want %v", q, limit, way, got, want)
					}
				}
				if got := walkOffset(t, admin, q, 2); !slices.Equal(got, want) {
					t.Errorf("search %q by offset, %+v = %v, want %v", q, way, got, want)
				}
			}
			restoreWindow()
			restore()
		}
		if got := oldResults(t, d, "gone@example"); len(got) != 0 {
			t.Errorf("a deleted account's former e-mail matched %v", got)
		}
	})
}

// A search that is a whole code, typed as a clerk might, lists that coupon.
func TestAdminSearchByWholeCode(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := paidCoupon(s, "code@example.com", w.ID)
		paidCoupon(s, "other@example.com", w.ID)
		bare := strings.ReplaceAll(c.Code, "-", "")
		for _, q := range []string{c.Code, strings.ToLower(c.Code), bare, bare[2:], strings.ToLower(bare[2:]),
			" " + c.Code[3:] + " ", strings.ReplaceAll(c.Code, "-", " ")} {
			b := list(t, admin, "?search="+url.QueryEscape(q))
			if got := codes(b.Coupons); !slices.Equal(got, []string{c.Code}) || b.HasMore {
				t.Errorf("search %q = %v (more %v), want [%s]", q, got, b.HasMore, c.Code)
			}
		}
		// A code-shaped search that is no coupon's code finds nothing.
		if got := codes(list(t, admin, "?search=LW-0000-0000-0000").Coupons); len(got) != 0 {
			t.Errorf("unknown code found %v", got)
		}
	})
}

// Paging by cursor visits every coupon that exists throughout exactly once,
// while coupons are bought and deleted between pages, and rows that share a
// created_at are told apart by id.
func TestAdminCouponCursorPaging(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 100})
		for i := range 9 {
			paidCoupon(s, fmt.Sprintf("pager-%d@example.com", i), w.ID)
		}
		ctx := context.Background()
		// Three pairs of coupons share their created_at.
		if _, err := d.ExecContext(ctx, `UPDATE coupons SET created_at = $1 WHERE id IN
			(SELECT id FROM coupons ORDER BY id LIMIT 6)`, s.Clock.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		before := codes(list(t, admin, "").Coupons)
		deleted := map[string]bool{}
		n := 0
		between := func() {
			n++
			if n%2 == 1 {
				paidCoupon(s, fmt.Sprintf("late-%d@example.com", n), w.ID)
				return
			}
			// Delete the oldest coupon not yet deleted (it lies ahead).
			var id, code string
			if err := d.QueryRowContext(ctx, `SELECT id, code FROM coupons ORDER BY created_at, id DESC LIMIT 1`).Scan(&id, &code); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, `DELETE FROM coupons WHERE id = $1`, id); err != nil {
				t.Fatal(err)
			}
			deleted[code] = true
		}
		got := walk(t, admin, "", 2, between)
		seen := map[string]int{}
		for _, c := range got {
			seen[c]++
			if seen[c] > 1 {
				t.Errorf("coupon %s listed twice", c)
			}
		}
		for _, c := range before {
			if !deleted[c] && seen[c] != 1 {
				t.Errorf("coupon %s, there throughout, listed %d times", c, seen[c])
			}
		}
		if len(deleted) == 0 {
			t.Fatal("no coupon was deleted between pages")
		}
		// The order is the list's: created_at descending, then id.
		if want := oldResults(t, d, ""); !isSubsequence(got, want) {
			t.Errorf("pages in order %v, not a subsequence of the list %v", got, want)
		}
		assertSearchTablesInSync(t, d)
	})
}

func isSubsequence(got, all []string) bool {
	i := 0
	for _, c := range all {
		if i < len(got) && got[i] == c {
			i++
		}
	}
	return i == len(got)
}

// A bad cursor, or a cursor with an offset, is a 400 naming the cursor.
func TestAdminCouponCursorRefused(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		for _, q := range []string{"?cursor=nonsense", "?cursor=WyJhIiwiYiJd", "?cursor=WyJhIiwiYiJd&offset=3"} {
			admin.Do("GET", "/api/admin/coupons"+q, nil).Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: "cursor"})
		}
	})
}

// The search follows every kind of change at once: a coupon bought, an
// e-mail edited, a webinar retitled, an account deleted.
func TestAdminSearchFollowsChanges(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Alpha Course"})
		u := s.CreateUser("first.owner@example.com", "password1", auth.RoleUser)
		c := s.Purchase(u, w.ID)
		search := func(q string) []string { return codes(list(t, admin, "?search="+url.QueryEscape(q)).Coupons) }
		expect := func(q string, want ...string) {
			t.Helper()
			if want == nil {
				want = []string{}
			}
			if got := search(q); !slices.Equal(got, want) {
				t.Errorf("search %q = %v, want %v", q, got, want)
			}
		}
		expect("first.owner", c.Code)
		expect(c.Code[5:12], c.Code)

		admin.Do("PUT", "/api/admin/users/"+u.ID, auth.UserInput{Email: "second.owner@example.com",
			FirstName: "Sam", LastName: "Carter", PhoneNumber: "555-0100", Role: auth.RoleUser}).Check(t, testutil.Want{Status: 200})
		expect("first.owner")
		expect("second.owner", c.Code)

		active := true
		if _, err := s.App.Webinars.Update(ctx, w.ID, webinar.Input{Title: "Bravo Workshop", Description: "A webinar seeded by a test.",
			EventDatetime: s.Clock.Now().Add(7 * 24 * time.Hour).Format(time.RFC3339), DisplayPrice: "40", TotalSeats: "20",
			YouTubeVideoID: "dQw4w9WgXcQ", IsActive: &active}); err != nil {
			t.Fatal(err)
		}
		expect("alpha course")
		expect("bravo work", c.Code)

		admin.Do("DELETE", "/api/admin/users/"+u.ID, nil).Check(t, testutil.Want{Status: 204})
		expect("second.owner")
		expect("deleted.invalid")
		expect(c.Code, c.Code) // the coupon stays, its owner 'Unknown'
		assertSearchTablesInSync(t, d)
	})
}

// assertSearchTablesInSync checks, on SQLite, that the trigram tables hold
// exactly every coupon's code and every live account's e-mail.
func assertSearchTablesInSync(t *testing.T, d *db.DB) {
	t.Helper()
	if d.Engine != db.SQLite {
		return // PostgreSQL's indexes are the database's own
	}
	for _, tt := range []struct{ name, diff string }{
		{"codes", `SELECT coupon_id, code FROM coupon_code_search EXCEPT SELECT id, code FROM coupons`},
		{"codes missing", `SELECT id, code FROM coupons EXCEPT SELECT coupon_id, code FROM coupon_code_search`},
		{"e-mails", `SELECT profile_id, email FROM profile_email_search
			EXCEPT SELECT id, email FROM profiles WHERE deleted_at IS NULL`},
		{"e-mails missing", `SELECT id, email FROM profiles WHERE deleted_at IS NULL
			EXCEPT SELECT profile_id, email FROM profile_email_search`},
		{"duplicate codes", `SELECT coupon_id, '' FROM coupon_code_search GROUP BY coupon_id HAVING count(*) > 1`},
		{"duplicate e-mails", `SELECT profile_id, '' FROM profile_email_search GROUP BY profile_id HAVING count(*) > 1`},
	} {
		rows, err := d.QueryContext(context.Background(), tt.diff)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, text string
			if err := rows.Scan(&id, &text); err != nil {
				t.Fatal(err)
			}
			t.Errorf("search table out of sync (%s): %s %q", tt.name, id, text)
		}
		rows.Close()
	}
}
