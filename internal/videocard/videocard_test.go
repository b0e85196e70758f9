package videocard_test

import (
	"net/http"
	"strings"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

type card struct {
	ID              string `json:"id"`
	StartSecond     int    `json:"start_second"`
	DurationSeconds int    `json:"duration_seconds"`
	Title           string `json:"title"`
	Action          string `json:"action"`
	LinkURL         string `json:"link_url"`
	Clicks          *int   `json:"clicks"`
}

func form(start, duration int, title string, extra ...string) map[string]any {
	f := map[string]any{"start_second": start, "duration_seconds": duration, "title": title}
	for i := 0; i+1 < len(extra); i += 2 {
		f[extra[i]] = extra[i+1]
	}
	return f
}

// TestCardValidation: a card lies inside the video, shares no second with
// another, and its link is a page of this site or an http(s) address; each
// refusal names its field.
func TestCardValidation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		a := s.Actors()
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 120})
		path := "/api/admin/webinars/" + w.ID + "/cards"
		var first struct{ Card card }
		res := a.Admin.Do("POST", path, form(10, 10, "See this holster at the counter", "line", "Aisle 3, by the register",
			"action", "link", "link_url", "/webinars"))
		res.Check(t, testutil.Want{Status: http.StatusCreated})
		res.JSON(t, &first)

		bad := []struct {
			name  string
			body  map[string]any
			field string
			msg   string
		}{
			{"ends past the video", form(115, 10, "Late"), "duration_seconds", "end by the video's end (2:00)"},
			{"starts past the video", form(120, 5, "Later"), "start_second", "inside the video"},
			{"overlaps the first card's last second", form(19, 5, "Overlap"), "start_second", `"See this holster at the counter" (0:10 to 0:20)`},
			{"covers the first card", form(5, 30, "Around"), "start_second", "same second"},
			{"no title", form(30, 5, "  "), "title", "Title is required."},
			{"two lines", form(30, 5, "Two", "line", "one\nand two"), "line", "one line"},
			{"too short", form(30, 1, "Blink"), "duration_seconds", "3 to 120 seconds"},
			{"negative start", form(-1, 5, "Before"), "start_second", "0 seconds or later"},
			{"no link", form(30, 5, "Link", "action", "link"), "link_url", "Link is required"},
			{"another site by //", form(30, 5, "Link", "action", "link", "link_url", "//evil.example/x"), "link_url", "page of this site"},
			{"javascript", form(30, 5, "Link", "action", "link", "link_url", "javascript:alert(1)"), "link_url", "https://"},
			{"unknown action", form(30, 5, "Act", "action", "call"), "action", "none, link or question"},
		}
		for _, c := range bad {
			res := a.Admin.Do("POST", path, c.body)
			res.Check(t, testutil.Want{Status: http.StatusBadRequest, Field: c.field})
			if !strings.Contains(res.ErrorMessage(), c.msg) {
				t.Errorf("%s: message %q, want it to hold %q", c.name, res.ErrorMessage(), c.msg)
			}
		}
		// Touching is not overlapping: [20, 25) starts where [10, 20) ends.
		a.Admin.Do("POST", path, form(20, 5, "Ask us about this", "action", "question")).Check(t, testutil.Want{Status: http.StatusCreated})
		a.Admin.Do("POST", path, form(100, 20, "Shop the range", "action", "link", "link_url", "https://example.com/range?x=1")).
			Check(t, testutil.Want{Status: http.StatusCreated})
		// Moving a card over its own seconds is fine; over another's is not.
		a.Admin.Do("PUT", path+"/"+first.Card.ID, form(8, 12, "See this holster at the counter")).Check(t, testutil.Want{Status: http.StatusOK})
		a.Admin.Do("PUT", path+"/"+first.Card.ID, form(8, 13, "See this holster at the counter")).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "start_second"})
		// A webinar without a length takes no cards.
		none := s.CreateWebinar(testutil.WebinarSpec{})
		res = a.Admin.Do("POST", "/api/admin/webinars/"+none.ID+"/cards", form(0, 5, "Early"))
		res.Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "start_second"})
		if !strings.Contains(res.ErrorMessage(), "video length") {
			t.Errorf("no length: %q", res.ErrorMessage())
		}

		var list struct{ Cards []card }
		a.User.Do("GET", "/api/webinars/"+w.ID+"/cards", nil).JSON(t, &list)
		if len(list.Cards) != 3 || list.Cards[0].StartSecond != 8 || list.Cards[1].Action != "question" || list.Cards[2].LinkURL != "https://example.com/range?x=1" {
			t.Fatalf("cards in timeline order: %+v", list.Cards)
		}
		if list.Cards[0].Clicks != nil {
			t.Errorf("the viewer's cards carry clicks: %+v", list.Cards[0])
		}
		// Deleting the webinar takes its cards with it.
		a.Admin.Do("DELETE", "/api/admin/webinars/"+w.ID, nil).Check(t, testutil.Want{Status: http.StatusNoContent})
		var left int
		if err := d.QueryRow(`SELECT count(*) FROM video_cards WHERE webinar_id = $1`, w.ID).Scan(&left); err != nil || left != 0 {
			t.Errorf("cards left of a deleted webinar: %d (%v)", left, err)
		}
		a.Admin.Do("GET", path, nil).Check(t, testutil.Want{Status: http.StatusNotFound})
	})
}

// TestCardClicksAndAccess: each click adds one to its card's count, which
// only the admin reads; only the admin changes cards; clicks are limited.
func TestCardClicksAndAccess(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		a := s.Actors()
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 300})
		path := "/api/admin/webinars/" + w.ID + "/cards"
		var created struct{ Card card }
		a.Admin.Do("POST", path, form(30, 10, "Ask us about this", "action", "question")).JSON(t, &created)
		id := created.Card.ID
		if id == "" {
			t.Fatal("no card created")
		}

		// Users and signed-out visitors change nothing.
		for _, c := range []struct {
			who, method, path string
			status            int
		}{
			{"anon", "POST", path, http.StatusUnauthorized},
			{"user", "POST", path, http.StatusForbidden},
			{"user", "PUT", path + "/" + id, http.StatusForbidden},
			{"user", "DELETE", path + "/" + id, http.StatusForbidden},
			{"user", "GET", path, http.StatusForbidden},
			{"anon", "GET", "/api/webinars/" + w.ID + "/cards", http.StatusUnauthorized},
			{"anon", "POST", "/api/webinars/" + w.ID + "/cards/" + id + "/click", http.StatusUnauthorized},
		} {
			a.As(c.who).Do(c.method, c.path, form(40, 5, "Not mine")).Check(t, testutil.Want{Status: c.status})
		}

		click := "/api/webinars/" + w.ID + "/cards/" + id + "/click"
		for range 3 {
			a.User.Do("POST", click, nil).Check(t, testutil.Want{Status: http.StatusNoContent})
		}
		// Another webinar's path does not reach the card.
		other := s.CreateWebinar(testutil.WebinarSpec{Length: 300})
		a.User.Do("POST", "/api/webinars/"+other.ID+"/cards/"+id+"/click", nil).Check(t, testutil.Want{Status: http.StatusNotFound})

		var list struct{ Cards []card }
		a.Admin.Do("GET", path, nil).JSON(t, &list)
		if len(list.Cards) != 1 || list.Cards[0].Clicks == nil || *list.Cards[0].Clicks != 3 {
			t.Fatalf("admin's cards: %+v; want 3 clicks", list.Cards)
		}
		// Editing keeps the count.
		var edited struct{ Card card }
		a.Admin.Do("PUT", path+"/"+id, form(31, 10, "Ask us about this holster", "action", "question")).JSON(t, &edited)
		if edited.Card.Clicks == nil || *edited.Card.Clicks != 3 || edited.Card.StartSecond != 31 {
			t.Fatalf("edited: %+v", edited.Card)
		}

		// One account's clicks stop at the limit (30 per 15 minutes; the
		// click on the other webinar's path counted too).
		for range 26 {
			a.User.Do("POST", click, nil).Check(t, testutil.Want{Status: http.StatusNoContent})
		}
		a.User.Do("POST", click, nil).Check(t, testutil.Want{Status: http.StatusTooManyRequests, Code: "too_many_attempts"})

		a.Admin.Do("DELETE", path+"/"+id, nil).Check(t, testutil.Want{Status: http.StatusNoContent})
		a.Admin.Do("DELETE", path+"/"+id, nil).Check(t, testutil.Want{Status: http.StatusNotFound})
		a.User.Do("POST", click, nil).Check(t, testutil.Want{Status: http.StatusTooManyRequests})
	})
}
