package webinar_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/testutil"
)

// publicPaths are the answers served from the public list: the list and
// the detail of webinar id.
func publicPaths(id string) []string { return []string{"/api/webinars", "/api/webinars/" + id} }

// getPublic fetches path (one of publicPaths), sending etag in If-None-Match
// when set, and returns the status, the one webinar's seats_left (-1 on 304)
// and the ETag.
func getPublic(t *testing.T, s *testutil.Server, path, etag string) (status int, seatsLeft int, gotETag string) {
	t.Helper()
	req, err := http.NewRequest("GET", s.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode == http.StatusNotModified {
		if len(body) != 0 {
			t.Errorf("304 with a body: %q", body)
		}
		return res.StatusCode, -1, res.Header.Get("ETag")
	}
	if path != "/api/webinars" {
		var one apiWebinar
		testutil.Response{Body: body}.JSON(t, &one)
		return res.StatusCode, one.SeatsLeft, res.Header.Get("ETag")
	}
	var list struct{ Webinars []apiWebinar }
	testutil.Response{Body: body}.JSON(t, &list)
	if len(list.Webinars) != 1 {
		t.Fatalf("list: %s", body)
	}
	return res.StatusCode, list.Webinars[0].SeatsLeft, res.Header.Get("ETag")
}

// A purchase shows in seats_left on the next request, in the list and in
// the webinar's detail, and their ETags change with it.
func TestPublicListFollowsPurchases(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s := testutil.NewServer(t, engine)
			w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
			etags := map[string]string{}
			for _, path := range publicPaths(w.ID) {
				_, left, etag := getPublic(t, s, path, "")
				if left != 5 || etag == "" {
					t.Fatalf("%s: seats_left %d, ETag %q", path, left, etag)
				}
				etags[path] = etag
			}
			s.Purchase(s.CreateUser("buyer@example.com", "buyer-password", auth.RoleUser), w.ID)
			for _, path := range publicPaths(w.ID) {
				status, left, etag := getPublic(t, s, path, etags[path])
				if status != http.StatusOK || left != 4 || etag == etags[path] {
					t.Errorf("%s after a purchase: %d, seats_left %d, ETag %q (was %q)", path, status, left, etag, etags[path])
				}
			}
		})
	}
}

// A change the service did not make (here, a row written with SQL, as
// another server on the same database would) shows within 2 seconds.
func TestPublicListExpires(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s := testutil.NewServer(t, engine)
			w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
			for _, path := range publicPaths(w.ID) {
				if _, left, _ := getPublic(t, s, path, ""); left != 5 {
					t.Fatalf("%s: seats_left %d", path, left)
				}
			}
			addRegistration(t, s.App.DB, w.ID, addUser(t, s.App.DB), true)
			s.Clock.Advance(2 * time.Second)
			for _, path := range publicPaths(w.ID) {
				if _, left, _ := getPublic(t, s, path, ""); left != 4 {
					t.Errorf("%s: seats_left %d 2 s after the paid registration, want 4", path, left)
				}
			}
		})
	}
}

// The list and the detail answer If-None-Match with 304 while unchanged,
// and with the new view once an admin edits the webinar.
func TestPublicListConditionalGet(t *testing.T) {
	s := testutil.NewServer(t, "sqlite")
	c := s.Actors()
	w := mustCreate(t, c.Admin, with("total_seats", 7))
	etags := map[string]string{}
	for _, path := range publicPaths(w.ID) {
		_, _, etag := getPublic(t, s, path, "")
		if status, _, again := getPublic(t, s, path, etag); status != http.StatusNotModified || again != etag {
			t.Errorf("%s If-None-Match %s: %d, ETag %q", path, etag, status, again)
		}
		etags[path] = etag
	}
	if res := c.Admin.Do("PUT", "/api/admin/webinars/"+w.ID, with("total_seats", 9)); res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	for _, path := range publicPaths(w.ID) {
		if status, left, _ := getPublic(t, s, path, etags[path]); status != http.StatusOK || left != 9 {
			t.Errorf("%s after an edit: %d, seats_left %d", path, status, left)
		}
	}
}

// A webinar the list does not hold yet (made a moment ago by another
// server on the database: here, a row written with SQL) is answered from the
// database; an inactive one is not found.
func TestPublicDetailOutsideTheList(t *testing.T) {
	s := testutil.NewServer(t, "sqlite")
	c := s.Actors()
	listed := mustCreate(t, c.Admin, with("title", "Listed"))
	if _, left, _ := getPublic(t, s, "/api/webinars", ""); left != listed.TotalSeats {
		t.Fatalf("list: seats_left %d", left)
	}
	unlisted := uuid.NewString()
	now := clock.Now()
	if _, err := s.App.DB.Exec(`INSERT INTO webinars (id, title, description, event_datetime, display_price_cents,
		actual_coupon_value_percentage, total_seats, youtube_video_id, is_active, created_at, updated_at)
		VALUES ($1, 'From another server', 'Made elsewhere.', $2, 4000, 120, 3, 'dQw4w9WgXcQ', TRUE, $2, $2)`, unlisted, now); err != nil {
		t.Fatal(err)
	}
	var got apiWebinar
	c.Anon.Do("GET", "/api/webinars/"+unlisted, nil).JSON(t, &got)
	if got.ID != unlisted || got.Title != "From another server" || got.SeatsLeft != 3 {
		t.Errorf("detail of a webinar the list does not hold: %+v", got)
	}
	if res := c.Admin.Do("PUT", "/api/admin/webinars/"+listed.ID, with("is_active", false)); res.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", res.Status, res.Body)
	}
	c.Anon.Do("GET", "/api/webinars/"+listed.ID, nil).Check(t, testutil.Want{Status: 404, Code: "not_found"})
}
