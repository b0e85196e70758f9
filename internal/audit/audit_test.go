package audit_test

import (
	"context"
	"encoding/csv"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/csvx"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

type entry struct {
	ID         string  `json:"id"`
	At         string  `json:"at"`
	ActorID    *string `json:"actor_id"`
	ActorEmail *string `json:"actor_email"`
	Action     string  `json:"action"`
	TargetType string  `json:"target_type"`
	TargetID   string  `json:"target_id"`
	Summary    string  `json:"summary"`
}

type page struct {
	Entries    []entry `json:"entries"`
	HasMore    bool    `json:"has_more"`
	NextCursor *string `json:"next_cursor"`
}

func saveTitle(t *testing.T, c *testutil.Client, title string) {
	t.Helper()
	c.Do("PUT", "/api/admin/settings/general", map[string]string{"site_title": title,
		"contact_email": "shop@example.com", "store_address": "", "store_phone": "(630) 555-0100"}).Check(t, testutil.Want{Status: 200})
}

func list(t *testing.T, c *testutil.Client, q url.Values) page {
	t.Helper()
	res := c.Do("GET", "/api/admin/audit?"+q.Encode(), nil)
	res.Check(t, testutil.Want{Status: 200})
	var p page
	res.JSON(t, &p)
	return p
}

// The audit screen's list: newest first, filtered by actor (e-mail, id or
// "system"), action, target and period, paged by cursor without repeats;
// only admins read it.
func TestAuditListFilters(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ann, annProfile := s.Login(auth.RoleAdmin)
		bob, bobProfile := s.Login(auth.RoleAdmin)
		for i := range 5 {
			saveTitle(t, ann, "Title "+string(rune('A'+i)))
		}
		s.Clock.Advance(20 * 24 * time.Hour) // within the sessions' 30 days
		w := s.CreateWebinar(testutil.WebinarSpec{})
		bob.Do("PUT", "/api/admin/settings/backgrounds/home", map[string]string{"image_path": "nope.jpg"}).Check(t, testutil.Want{Status: 400})
		bob.Do("DELETE", "/api/admin/webinars/"+w.ID, nil).Check(t, testutil.Want{Status: 204})

		all := list(t, ann, url.Values{})
		// The seeded webinar and the two accounts (made as `watchwin user
		// add` makes them) were made by no request: the system's entries.
		if len(all.Entries) != 9 {
			t.Fatalf("%d entries, want 9 (2 accounts made, 5 saves, a seeded create, a delete): %+v", len(all.Entries), all.Entries)
		}
		if e := all.Entries[0]; e.Action != audit.WebinarDelete || e.TargetID != w.ID || e.ActorEmail == nil || *e.ActorEmail != bobProfile.Email {
			t.Errorf("newest entry %+v, want bob's delete of %s", e, w.ID)
		}
		if e := all.Entries[1]; e.Action != audit.WebinarCreate || e.ActorID != nil {
			t.Errorf("second entry %+v, want the system's create", e)
		}

		for _, c := range []struct {
			name string
			q    url.Values
			want int
		}{
			{"ann by e-mail, any case", url.Values{"actor": {strings.ToUpper(annProfile.Email)}}, 5},
			{"bob by id", url.Values{"actor": {bobProfile.ID}}, 1},
			{"the system", url.Values{"actor": {"system"}}, 3},
			{"an action", url.Values{"action": {audit.SettingsGeneral}}, 5},
			{"a target", url.Values{"target_type": {audit.TargetWebinar}, "target_id": {w.ID}}, 2},
			{"the first day only", url.Values{"from": {dayOf(s, -20)}, "to": {dayOf(s, -20)}}, 7},
			{"today", url.Values{"from": {dayOf(s, 0)}, "to": {dayOf(s, 0)}}, 2},
			{"nobody", url.Values{"actor": {"nobody@example.com"}}, 0},
		} {
			if got := list(t, ann, c.q).Entries; len(got) != c.want {
				t.Errorf("%s: %d entries, want %d", c.name, len(got), c.want)
			}
		}

		// Pages of 2 walk all 9 entries once, in order.
		var walked []string
		q := url.Values{"limit": {"2"}}
		for range 10 {
			p := list(t, ann, q)
			for _, e := range p.Entries {
				walked = append(walked, e.ID)
			}
			if !p.HasMore {
				break
			}
			q.Set("cursor", *p.NextCursor)
		}
		var ids []string
		for _, e := range all.Entries {
			ids = append(ids, e.ID)
		}
		if !slices.Equal(walked, ids) {
			t.Errorf("paged walk %v, want %v", walked, ids)
		}

		user, _ := s.Login(auth.RoleUser)
		user.Do("GET", "/api/admin/audit", nil).Check(t, testutil.Want{Status: 403})
		user.Do("GET", "/api/admin/audit/export.csv", nil).Check(t, testutil.Want{Status: 403})
		s.Client().Do("GET", "/api/admin/audit", nil).Check(t, testutil.Want{Status: 401})
		ann.Do("GET", "/api/admin/audit?action=coupon.steal", nil).Check(t, testutil.Want{Status: 400, Field: "action"})
		ann.Do("GET", "/api/admin/audit?cursor=bogus", nil).Check(t, testutil.Want{Status: 400, Field: "cursor"})
	})
}

// dayOf is the store's date days from the server's now.
func dayOf(s *testutil.Server, days int) string {
	return s.Clock.Now().AddDate(0, 0, days).In(s.App.Config.Timezone).Format("2006-01-02")
}

// The export is the filtered list as CSV: a header, then one parsed row per
// entry, times in the store's zone.
func TestAuditExport(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, profile := s.Login(auth.RoleAdmin)
		saveTitle(t, admin, "=cmd|' /C calc'!A0")
		saveTitle(t, admin, "Plain")
		res := admin.Do("GET", "/api/admin/audit/export.csv?action=settings.general", nil)
		res.Check(t, testutil.Want{Status: 200})
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv; charset=utf-8") {
			t.Errorf("Content-Type %q", ct)
		}
		if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") {
			t.Errorf("Content-Disposition %q", cd)
		}
		body := string(res.Body)
		if !strings.HasPrefix(body, csvx.BOM) {
			t.Fatal("no byte-order mark")
		}
		records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, csvx.BOM))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(records) != 3 || records[0][0] != "time (America/Chicago)" || records[0][1] != "actor_email" {
			t.Fatalf("records %q", records)
		}
		for _, r := range records[1:] {
			if r[1] != profile.Email || r[4] != audit.SettingsGeneral || r[9] != "127.0.0.0/24" {
				t.Errorf("row %q", r)
			}
			if _, err := time.ParseInLocation(csvx.TimeLayout, r[0], s.App.Config.Timezone); err != nil {
				t.Errorf("time %q: %v", r[0], err)
			}
		}
		if !strings.Contains(records[2][7], `"=cmd|' /C calc'!A0"`) {
			t.Errorf("older entry's summary %q", records[2][7])
		}
	})
}

// Entries older than the retention (two years by default) are pruned by the
// housekeeping job; younger ones stay.
func TestAuditPrune(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		saveTitle(t, admin, "Old")
		s.Clock.Advance(700 * 24 * time.Hour)
		admin, _ = s.Login(auth.RoleAdmin) // the first session has expired
		saveTitle(t, admin, "Newer")
		s.Clock.Advance(31 * 24 * time.Hour)
		if ran := s.App.RunJobs(context.Background()); !slices.Contains(ran, "audit.prune") {
			t.Fatalf("jobs ran %v", ran)
		}
		reader, _ := s.Login(auth.RoleAdmin)
		p := list(t, reader, url.Values{"action": {audit.SettingsGeneral}})
		if len(p.Entries) != 1 || !strings.Contains(p.Entries[0].Summary, "Newer") {
			t.Errorf("after pruning: %+v, want the newer entry only", p.Entries)
		}
	})
}
