package registration_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// apiRegistration is the JSON of docs/api.md.
type apiRegistration struct {
	ID                string  `json:"id"`
	WebinarID         string  `json:"webinar_id"`
	UserID            string  `json:"user_id"`
	Name              string  `json:"user_name_for_registration"`
	Email             string  `json:"user_email_for_registration"`
	Phone             *string `json:"user_phone_for_registration"`
	WatchedVideoFully bool    `json:"watched_video_fully"`
	PurchasedCoupon   bool    `json:"purchased_coupon"`
}

type registrationBody struct {
	Registration *apiRegistration `json:"registration"`
	Created      bool             `json:"created"`
}

func form(kv ...string) map[string]string {
	f := map[string]string{"name": "Sam Carter", "email": "Sam@Example.com ", "phone": "(630) 555-0199"}
	for i := 0; i < len(kv); i += 2 {
		f[kv[i]] = kv[i+1]
	}
	return f
}

// TestRegistrationAPI walks the registration endpoints as each kind of
// caller: signed out, the owner of the registration, another user, an admin.
func TestRegistrationAPI(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s := testutil.NewServer(t, engine)
			c := s.Actors()
			owner, ownerProfile := c.User, profileOf(t, c.User)
			other, _ := s.Login(auth.RoleUser)
			w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster fundamentals"})
			inactive := s.CreateWebinar(testutil.WebinarSpec{Title: "Hidden webinar", Inactive: true})
			soldOut := s.CreateWebinar(testutil.WebinarSpec{Title: "Sold out webinar", Seats: 1})
			buyer, _ := s.Login(auth.RoleUser)
			buyer.Do("POST", "/api/webinars/"+soldOut.ID+"/registrations", form()).Check(t, testutil.Want{Status: 201})
			markPaid(t, s.App.DB, soldOut.ID)
			missing := uuid.NewString()
			base := "/api/webinars/" + w.ID

			clients := map[string]*testutil.Client{"anon": c.Anon, "owner": owner, "other": other, "admin": c.Admin}
			tests := []struct {
				name, who, method, path string
				body                    any
				want                    testutil.Want
				check                   func(t *testing.T, b registrationBody)
			}{
				// Register.
				{name: "register anon", who: "anon", method: "POST", path: base + "/registrations", body: form(),
					want: testutil.Want{Status: 401, Code: "unauthenticated", Message: "User must be authenticated to register"}},
				{name: "short name", who: "owner", method: "POST", path: base + "/registrations", body: form("name", " S "),
					want: testutil.Want{Status: 400, Code: "validation_failed", Field: "name", Message: "Name must be at least 2 characters"}},
				{name: "bad email", who: "owner", method: "POST", path: base + "/registrations", body: form("email", "sam@"),
					want: testutil.Want{Status: 400, Code: "validation_failed", Field: "email", Message: "Please enter a valid email address"}},
				{name: "bad phone", who: "owner", method: "POST", path: base + "/registrations", body: form("phone", "call me"),
					want: testutil.Want{Status: 400, Code: "validation_failed", Field: "phone"}},
				{name: "unknown field", who: "owner", method: "POST", path: base + "/registrations", body: map[string]string{"name": "Sam", "user_id": "x"},
					want: testutil.Want{Status: 400, Code: "unknown_field", Field: "user_id"}},
				{name: "missing webinar", who: "owner", method: "POST", path: "/api/webinars/" + missing + "/registrations", body: form(),
					want: testutil.Want{Status: 404, Code: "not_found", Message: "Webinar not found"}},
				{name: "inactive webinar", who: "owner", method: "POST", path: "/api/webinars/" + inactive.ID + "/registrations", body: form(),
					want: testutil.Want{Status: 404, Code: "not_found", Message: "Webinar not found"}},
				{name: "register owner", who: "owner", method: "POST", path: base + "/registrations", body: form(),
					want: testutil.Want{Status: 201}, check: func(t *testing.T, b registrationBody) {
						r := b.Registration
						if !b.Created || r == nil || r.UserID != ownerProfile.ID || r.WebinarID != w.ID || r.Name != "Sam Carter" ||
							r.Email != "sam@example.com" || r.Phone == nil || *r.Phone != "(630) 555-0199" || r.WatchedVideoFully || r.PurchasedCoupon {
							t.Errorf("registered: %+v", b)
						}
					}},
				{name: "register again", who: "owner", method: "POST", path: base + "/registrations", body: form("name", "Another Name", "phone", ""),
					want: testutil.Want{Status: 200}, check: func(t *testing.T, b registrationBody) {
						if b.Created || b.Registration == nil || b.Registration.Name != "Sam Carter" {
							t.Errorf("second registration: %+v; want the first one back", b)
						}
					}},
				{name: "sold out still registers", who: "owner", method: "POST", path: "/api/webinars/" + soldOut.ID + "/registrations", body: form("phone", ""),
					want: testutil.Want{Status: 201}, check: func(t *testing.T, b registrationBody) {
						if b.Registration.Phone != nil {
							t.Errorf("empty phone stored as %q", *b.Registration.Phone)
						}
					}},

				// My registration.
				{name: "mine anon", who: "anon", method: "GET", path: base + "/registration", want: testutil.Want{Status: 401, Code: "unauthenticated"}},
				{name: "mine owner", who: "owner", method: "GET", path: base + "/registration", want: testutil.Want{Status: 200},
					check: func(t *testing.T, b registrationBody) {
						if b.Registration == nil || b.Registration.UserID != ownerProfile.ID {
							t.Errorf("mine: %+v", b)
						}
					}},
				{name: "mine other", who: "other", method: "GET", path: base + "/registration", want: testutil.Want{Status: 200},
					check: func(t *testing.T, b registrationBody) {
						if b.Registration != nil {
							t.Errorf("another user sees %+v", b.Registration)
						}
					}},

				// The video id.
				{name: "video anon", who: "anon", method: "GET", path: base + "/video", want: testutil.Want{Status: 401, Code: "unauthenticated"}},
				{name: "video other", who: "other", method: "GET", path: base + "/video", want: testutil.Want{Status: 403, Code: "registration_required", Message: "Please register for this webinar to watch it."}},
				{name: "video owner", who: "owner", method: "GET", path: base + "/video", want: testutil.Want{Status: 200}},
				{name: "video admin", who: "admin", method: "GET", path: base + "/video", want: testutil.Want{Status: 200}},
				{name: "video sold out owner", who: "owner", method: "GET", path: "/api/webinars/" + soldOut.ID + "/video", want: testutil.Want{Status: 200}},
				{name: "video missing", who: "admin", method: "GET", path: "/api/webinars/" + missing + "/video", want: testutil.Want{Status: 404, Code: "not_found"}},

				// Watched to the end.
				{name: "watched anon", who: "anon", method: "POST", path: base + "/registration/watched", want: testutil.Want{Status: 401}},
				{name: "watched other", who: "other", method: "POST", path: base + "/registration/watched", want: testutil.Want{Status: 404, Code: "not_found", Message: "Registration not found"}},
				{name: "watched owner", who: "owner", method: "POST", path: base + "/registration/watched", want: testutil.Want{Status: 200},
					check: func(t *testing.T, b registrationBody) {
						if !b.Registration.WatchedVideoFully {
							t.Errorf("not marked watched: %+v", b.Registration)
						}
					}},
				{name: "watched again", who: "owner", method: "POST", path: base + "/registration/watched", want: testutil.Want{Status: 200}},
				{name: "watched cross-site", who: "owner", method: "POST", path: base + "/registration/watched", body: "cross-site", want: testutil.Want{Status: 403}},

				// Reset Status (mine).
				{name: "reset anon", who: "anon", method: "POST", path: base + "/registration/reset", want: testutil.Want{Status: 401}},
				{name: "reset other", who: "other", method: "POST", path: base + "/registration/reset", want: testutil.Want{Status: 404, Message: "Registration not found"}},
				{name: "reset owner", who: "owner", method: "POST", path: base + "/registration/reset", want: testutil.Want{Status: 200},
					check: func(t *testing.T, b registrationBody) {
						if b.Registration.WatchedVideoFully {
							t.Errorf("still watched after reset: %+v", b.Registration)
						}
					}},

				// Force Reset (admin).
				{name: "force reset anon", who: "anon", method: "POST", path: "/api/admin/registrations/reset", body: map[string]string{"webinar_id": w.ID, "user_id": ownerProfile.ID}, want: testutil.Want{Status: 401}},
				{name: "force reset user", who: "other", method: "POST", path: "/api/admin/registrations/reset", body: map[string]string{"webinar_id": w.ID, "user_id": ownerProfile.ID}, want: testutil.Want{Status: 403, Code: "forbidden"}},
				{name: "force reset missing ids", who: "admin", method: "POST", path: "/api/admin/registrations/reset", body: map[string]string{"webinar_id": w.ID}, want: testutil.Want{Status: 400, Message: "Missing webinar ID or user ID"}},
				{name: "force reset unknown user", who: "admin", method: "POST", path: "/api/admin/registrations/reset", body: map[string]string{"webinar_id": w.ID, "user_id": missing}, want: testutil.Want{Status: 404, Message: "Registration not found"}},
				{name: "force reset unknown webinar", who: "admin", method: "POST", path: "/api/admin/registrations/reset", body: map[string]string{"webinar_id": missing, "user_id": ownerProfile.ID}, want: testutil.Want{Status: 404, Message: "Registration not found"}},
				{name: "force reset admin", who: "admin", method: "POST", path: "/api/admin/registrations/reset", body: map[string]string{"webinar_id": w.ID, "user_id": ownerProfile.ID}, want: testutil.Want{Status: 200}},

				// DEV: Simulate Successful Payment (admin, own registration, takes a seat).
				{name: "simulate anon", who: "anon", method: "POST", path: "/api/admin/webinars/" + w.ID + "/simulated-purchase", want: testutil.Want{Status: 401}},
				{name: "simulate user", who: "owner", method: "POST", path: "/api/admin/webinars/" + w.ID + "/simulated-purchase", want: testutil.Want{Status: 403, Code: "forbidden"}},
				{name: "simulate unregistered", who: "admin", method: "POST", path: "/api/admin/webinars/" + w.ID + "/simulated-purchase", want: testutil.Want{Status: 404, Message: "Registration not found"}},
				{name: "simulate missing webinar", who: "admin", method: "POST", path: "/api/admin/webinars/" + missing + "/simulated-purchase", want: testutil.Want{Status: 404, Message: "Webinar not found"}},
				{name: "admin registers sold out", who: "admin", method: "POST", path: "/api/webinars/" + soldOut.ID + "/registrations", body: form(), want: testutil.Want{Status: 201}},
				{name: "simulate sold out", who: "admin", method: "POST", path: "/api/admin/webinars/" + soldOut.ID + "/simulated-purchase", want: testutil.Want{Status: 409, Code: "sold_out", Message: "All coupons for this webinar have been sold."}},
				{name: "admin registers", who: "admin", method: "POST", path: base + "/registrations", body: form(), want: testutil.Want{Status: 201}},
				{name: "simulate admin", who: "admin", method: "POST", path: "/api/admin/webinars/" + w.ID + "/simulated-purchase", want: testutil.Want{Status: 200},
					check: func(t *testing.T, b registrationBody) {
						if !b.Registration.PurchasedCoupon {
							t.Errorf("not marked purchased: %+v", b.Registration)
						}
					}},
				{name: "simulate again", who: "admin", method: "POST", path: "/api/admin/webinars/" + w.ID + "/simulated-purchase", want: testutil.Want{Status: 200}},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					var res testutil.Response
					if tt.body == "cross-site" {
						req, _ := http.NewRequest(tt.method, tt.path, nil)
						req.Header.Set("Sec-Fetch-Site", "cross-site")
						res = clients[tt.who].Send(req)
					} else {
						res = clients[tt.who].Do(tt.method, tt.path, tt.body)
					}
					res.Check(t, tt.want)
					if tt.check != nil {
						var b registrationBody
						res.JSON(t, &b)
						tt.check(t, b)
					}
				})
			}

			// The video id reaches the owner only through /video, with the
			// fastest playback rate the server credits (docs/api.md#registrations).
			var v struct {
				YouTubeVideoID  string `json:"youtube_video_id"`
				MaxPlaybackRate int    `json:"max_playback_rate"`
			}
			owner.Do("GET", base+"/video", nil).JSON(t, &v)
			if v.YouTubeVideoID != "dQw4w9WgXcQ" || v.MaxPlaybackRate != 2 {
				t.Errorf("video = %+v, want id dQw4w9WgXcQ at rate 2", v)
			}

			// My registrations, newest first, with their webinars.
			var list struct {
				Registrations []struct {
					apiRegistration
					Webinar struct{ ID, Title string } `json:"webinar"`
				} `json:"registrations"`
			}
			owner.Do("GET", "/api/registrations", nil).JSON(t, &list)
			if len(list.Registrations) != 2 || list.Registrations[0].Webinar.Title != "Sold out webinar" || list.Registrations[1].Webinar.ID != w.ID {
				t.Errorf("my registrations: %+v", list.Registrations)
			}
			other.Do("GET", "/api/registrations", nil).JSON(t, &list)
			if len(list.Registrations) != 0 {
				t.Errorf("another user's list: %+v", list.Registrations)
			}
			c.Anon.Do("GET", "/api/registrations", nil).Check(t, testutil.Want{Status: 401})
		})
	}
}

// profileOf returns the profile of a signed-in client.
func profileOf(t *testing.T, c *testutil.Client) auth.Profile {
	t.Helper()
	var b struct{ Profile auth.Profile }
	c.Do("GET", "/api/auth/session", nil).JSON(t, &b)
	if b.Profile.ID == "" {
		t.Fatal("client is not signed in")
	}
	return b.Profile
}

// markPaid marks every registration of a webinar paid, as a purchase would.
func markPaid(t *testing.T, d *db.DB, webinarID string) {
	t.Helper()
	if _, err := d.ExecContext(t.Context(), `UPDATE webinar_registrations SET purchased_coupon = TRUE WHERE webinar_id = $1`, webinarID); err != nil {
		t.Fatal(err)
	}
}

// TestRegisterConcurrently: a burst of registrations from one user for one
// webinar makes one row, and every answer carries it.
func TestRegisterConcurrently(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		user, _ := s.Login(auth.RoleUser)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		const n = 20
		ids := make(chan string, n)
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				res := user.Do("POST", "/api/webinars/"+w.ID+"/registrations", form())
				if res.Status != 200 && res.Status != 201 {
					t.Errorf("status %d: %s", res.Status, res.Body)
					return
				}
				var b registrationBody
				res.JSON(t, &b)
				ids <- b.Registration.ID
			})
		}
		wg.Wait()
		close(ids)
		seen := map[string]bool{}
		for id := range ids {
			seen[id] = true
		}
		var rows int
		if err := d.QueryRowContext(t.Context(), `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1`, w.ID).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 1 || len(seen) != 1 {
			t.Errorf("%d rows and %d distinct ids after %d concurrent registrations; want 1 and 1", rows, len(seen), n)
		}
	})
}
