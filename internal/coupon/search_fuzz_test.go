package coupon_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"watchwin/internal/testutil"
)

// asciiLower folds A–Z only, as SQLite's lower() does.
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

func printableASCII(s string) bool {
	for i := range len(s) {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// FuzzCouponSearch sends arbitrary search text to the admin coupon list
// through the real router: never a 5xx; text over 200 characters is a 400;
// text that is not valid UTF-8 or holds NUL is a 400 (PostgreSQL cannot
// compare it); otherwise the answer is exactly the coupons whose code, owner
// e-mail or webinar title holds the trimmed text, any case, LIKE's % _ and \
// matching themselves (checked for ASCII text, which both engines fold alike).
func FuzzCouponSearch(f *testing.F) {
	s := testutil.NewServer(f, testutil.FuzzEngine())
	var want []row // every coupon, as the list shows it
	for _, spec := range []struct{ title, email string }{
		{"100% Off_Holsters \\ Basics", "under_score@example.com"},
		{"Night Sights", "percent%sign@example.com"},
		{"ÜBER Optics", "Mixed.Case@Example.com"},
	} {
		w := s.CreateWebinar(testutil.WebinarSpec{Title: spec.title})
		paidCoupon(s, strings.ToLower(spec.email), w.ID)
	}
	admin := s.Direct("admin")
	var all listBody
	if rec := admin.Do(f, httptest.NewRequest("GET", "/api/admin/coupons", nil)); rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &all) != nil {
		f.Fatalf("list: %d %s", rec.Code, rec.Body)
	}
	want = all.Coupons
	if len(want) != 3 {
		f.Fatalf("%d coupons seeded, want 3", len(want))
	}
	for _, seed := range []string{"", "%", "_", "\\", "100%", "off_h", "LW-", want[0].Code[3:9], "ÜBER", "über", "@EXAMPLE", "' OR 1=1 --", "\x00", strings.Repeat("a", 201)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, search string) {
		rec := admin.Do(t, httptest.NewRequest("GET", "/api/admin/coupons?search="+url.QueryEscape(search), nil))
		if rec.Code >= 500 {
			t.Fatalf("search %q: %d %s", search, rec.Code, rec.Body)
		}
		trimmed := strings.TrimSpace(search)
		if !utf8.ValidString(search) || strings.ContainsRune(search, 0) {
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("search %q: %d, want 400", search, rec.Code)
			}
			return
		}
		if utf8.RuneCountInString(trimmed) > 200 {
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("search of %d characters: %d, want 400", utf8.RuneCountInString(trimmed), rec.Code)
			}
			return
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("search %q: %d %s", search, rec.Code, rec.Body)
		}
		if !printableASCII(trimmed) {
			return // case folding beyond ASCII differs by engine: only the answer is promised
		}
		var got listBody
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		needle := asciiLower(trimmed)
		var expected []string
		for _, c := range want {
			if strings.Contains(asciiLower(c.Code), needle) || strings.Contains(asciiLower(*c.UserEmail), needle) || strings.Contains(asciiLower(*c.WebinarTitle), needle) {
				expected = append(expected, c.Code)
			}
		}
		// A whole code, typed any case with or without 'LW' and hyphens,
		// lists that coupon alone (docs/api.md#admin-coupons).
		bare := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(trimmed))
		for _, c := range want {
			if code := strings.ReplaceAll(c.Code, "-", ""); bare == code || "LW"+bare == code {
				expected = []string{c.Code}
			}
		}
		gotCodes := codes(got.Coupons)
		slices.Sort(gotCodes)
		slices.Sort(expected)
		if !slices.Equal(gotCodes, expected) && !(len(gotCodes) == 0 && len(expected) == 0) {
			t.Fatalf("search %q found %v, want %v", search, gotCodes, expected)
		}
	})
}
