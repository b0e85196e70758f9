package webinar_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/testutil"
)

// getList fetches the public list, sending etag in If-None-Match when set.
func getList(t *testing.T, s *testutil.Server, etag string) (status int, seatsLeft int, gotETag string) {
	t.Helper()
	req, err := http.NewRequest("GET", s.URL+"/api/webinars", nil)
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
	var list struct{ Webinars []apiWebinar }
	testutil.Response{Body: body}.JSON(t, &list)
	if len(list.Webinars) != 1 {
		t.Fatalf("list: %s", body)
	}
	return res.StatusCode, list.Webinars[0].SeatsLeft, res.Header.Get("ETag")
}

// A purchase shows in the public list's seats_left on the next request,
// and its ETag changes with it.
func TestPublicListFollowsPurchases(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s := testutil.NewServer(t, engine)
			w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})
			_, left, etag := getList(t, s, "")
			if left != 5 || etag == "" {
				t.Fatalf("seats_left %d, ETag %q", left, etag)
			}
			s.Purchase(s.CreateUser("buyer@example.com", "buyer-password", auth.RoleUser), w.ID)
			status, left, etag2 := getList(t, s, etag)
			if status != http.StatusOK || left != 4 || etag2 == etag {
				t.Errorf("after a purchase: %d, seats_left %d, ETag %q (was %q)", status, left, etag2, etag)
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
			if _, left, _ := getList(t, s, ""); left != 5 {
				t.Fatalf("seats_left %d", left)
			}
			addRegistration(t, s.App.DB, w.ID, addUser(t, s.App.DB), true)
			s.Clock.Advance(2 * time.Second)
			if _, left, _ := getList(t, s, ""); left != 4 {
				t.Errorf("seats_left %d 2 s after the paid registration, want 4", left)
			}
		})
	}
}

// The list answers If-None-Match with 304 while it is unchanged, and with
// the new list once an admin edits a webinar.
func TestPublicListConditionalGet(t *testing.T) {
	s := testutil.NewServer(t, "sqlite")
	c := s.Actors()
	w := mustCreate(t, c.Admin, with("total_seats", 7))
	_, _, etag := getList(t, s, "")
	if status, _, again := getList(t, s, etag); status != http.StatusNotModified || again != etag {
		t.Errorf("If-None-Match %s: %d, ETag %q", etag, status, again)
	}
	if res := c.Admin.Do("PUT", "/api/admin/webinars/"+w.ID, with("total_seats", 9)); res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	if status, left, _ := getList(t, s, etag); status != http.StatusOK || left != 9 {
		t.Errorf("after an edit: %d, seats_left %d", status, left)
	}
}
