package registration_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// The one rule of who may buy gives the same answer in Go and in SQL for
// every state a registration can be in: a payment starts (Start, the Go
// form) exactly when "Your coupon offer" invites (the reminder query, the
// SQL form), and every refusal is the one the API documents.
func TestMayBuyAgrees(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		admin, _ := s.Login(auth.RoleAdmin)
		past := s.Clock.Now().Add(-time.Hour)
		webinarFor := func(spec testutil.WebinarSpec) webinar.Webinar {
			spec.At = past
			return s.CreateWebinar(spec)
		}
		registered := func(w webinar.Webinar, watch bool) auth.Profile {
			_, p := s.Login(auth.RoleUser)
			if _, _, err := s.App.Registrations.Register(ctx, p, w.ID, registration.Input{Name: "Sam Carter", Email: p.Email}); err != nil {
				t.Fatal(err)
			}
			if watch {
				if _, err := s.App.Registrations.MarkWatched(ctx, p, w.ID); err != nil {
					t.Fatal(err)
				}
			}
			return p
		}
		states := []struct {
			name, want string // want: Start's refusal code, "" when it starts
			setup      func() (auth.Profile, webinar.Webinar)
		}{
			{"not watched", "watch_first", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{})
				return registered(w, false), w
			}},
			{"watched", "", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{})
				return registered(w, true), w
			}},
			{"bought", "already_purchased", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{})
				_, p := s.Login(auth.RoleUser)
				s.Purchase(p, w.ID)
				return p, w
			}},
			{"refunded", "coupon_refunded", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{})
				_, p := s.Login(auth.RoleUser)
				if _, err := s.App.Payments.Refund(ctx, s.Purchase(p, w.ID).ID, ""); err != nil {
					t.Fatal(err)
				}
				return p, w
			}},
			{"sold out", "sold_out", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{Seats: 1})
				p := registered(w, true)
				_, other := s.Login(auth.RoleUser)
				s.Purchase(other, w.ID)
				return p, w
			}},
			{"inactive", "not_found", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{})
				p := registered(w, true)
				res := admin.Do("PUT", "/api/admin/webinars/"+w.ID, map[string]any{
					"title": w.Title, "description": w.Description, "event_datetime": w.EventDatetime.Format(time.RFC3339),
					"display_price": 40, "total_seats": w.TotalSeats, "youtube_video_id": w.YouTubeVideoID, "is_active": false,
				})
				if res.Status != http.StatusOK {
					t.Fatalf("deactivate: %d %s", res.Status, res.Body)
				}
				return p, w
			}},
			{"free", "free_webinar", func() (auth.Profile, webinar.Webinar) {
				w := webinarFor(testutil.WebinarSpec{Price: "0"})
				return registered(w, true), w
			}},
		}
		people := make([]auth.Profile, len(states))
		webinars := make([]webinar.Webinar, len(states))
		for i, st := range states {
			people[i], webinars[i] = st.setup()
		}

		s.Clock.Advance(25 * time.Hour) // the offer is due a day after watching
		if _, err := s.App.Reminders.Run(ctx); err != nil {
			t.Fatal(err)
		}
		for i, st := range states {
			offered := false
			for _, m := range s.Mails(people[i].Email) {
				offered = offered || strings.HasPrefix(m.DedupeKey, "reminder:offer:")
			}
			_, err := s.App.Payments.Start(ctx, people[i], webinars[i].ID, "")
			got := ""
			if e, ok := apperr.As(err); ok {
				got = e.Code
			} else if err != nil {
				t.Fatalf("%s: start: %v", st.name, err)
			}
			if got != st.want {
				t.Errorf("%s: Start refused with %q, want %q", st.name, got, st.want)
			}
			if offered != (got == "") {
				t.Errorf("%s: offer e-mailed %v, but Start answered %q: the two forms of the rule disagree", st.name, offered, got)
			}
		}
		// The free webinar's seat is claimed, by the same rule.
		if _, err := s.App.Payments.Claim(ctx, people[len(states)-1], webinars[len(states)-1].ID); err != nil {
			t.Errorf("claim of the free seat: %v", err)
		}
	})
}

// MayBuy's refusals, in order of precedence (docs/api.md#payments-and-coupons).
func TestMayBuyRefusals(t *testing.T) {
	active := webinar.Webinar{IsActive: true}
	watched := registration.Registration{WatchedVideoFully: true}
	paid := registration.Registration{WatchedVideoFully: true, PurchasedCoupon: true}
	for _, tt := range []struct {
		name string
		st   registration.Standing
		want string
	}{
		{"inactive, not registered", registration.Standing{}, "Webinar not found"},
		{"not registered", registration.Standing{Webinar: active}, "Registration not found"},
		{"paid, with its coupon", registration.Standing{Webinar: active, Registered: true, Registration: paid, CouponIssued: true}, "already_purchased"},
		{"not watched, refunded", registration.Standing{Webinar: active, Registered: true, CouponIssued: true}, "watch_first"},
		{"refunded", registration.Standing{Webinar: active, Registered: true, Registration: watched, CouponIssued: true}, "coupon_refunded"},
		{"may buy", registration.Standing{Webinar: active, Registered: true, Registration: watched}, ""},
	} {
		got := ""
		if e, ok := apperr.As(tt.st.MayBuy()); ok {
			got = e.Code
			if e.Kind == apperr.KindNotFound {
				got = e.Message
			}
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// The rule of who may wait gives the same answer in Go and in SQL for every
// state a registration of a sold-out webinar can be in: joining the
// waiting list (Join asks MayWait, the Go form) succeeds exactly when
// MayWaitSQL, which picks whom a freed seat is offered to, holds for the
// registration, and every refusal is the one the API documents. The
// account's role is the one part only Go judges (at joining): staff and
// admins are refused whatever the registration.
func TestMayWaitAgrees(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		admin, _ := s.Login(auth.RoleAdmin)
		oneSeat := func() webinar.Webinar {
			return s.CreateWebinar(testutil.WebinarSpec{Seats: 1, At: s.Clock.Now().Add(-time.Hour)})
		}
		// soldOut is a webinar of one seat, bought by someone else.
		soldOut := func() webinar.Webinar {
			w := oneSeat()
			_, other := s.Login(auth.RoleUser)
			s.Purchase(other, w.ID)
			return w
		}
		registered := func(role string, w webinar.Webinar, watch bool) (*testutil.Client, auth.Profile) {
			c, p := s.Login(role)
			if _, _, err := s.App.Registrations.Register(ctx, p, w.ID, registration.Input{Name: "Sam Carter", Email: p.Email}); err != nil {
				t.Fatal(err)
			}
			if watch {
				if _, err := s.App.Registrations.MarkWatched(ctx, p, w.ID); err != nil {
					t.Fatal(err)
				}
			}
			return c, p
		}
		states := []struct {
			name, want string // want: Join's refusal (the message of a 404), "" when it joins
			goOnly     bool   // refused for the account's role, which the SQL form leaves to Join
			setup      func() (*testutil.Client, auth.Profile, webinar.Webinar)
		}{
			{"not watched", "", false, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := soldOut()
				c, p := registered(auth.RoleUser, w, false)
				return c, p, w
			}},
			{"watched", "", false, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := soldOut()
				c, p := registered(auth.RoleUser, w, true)
				return c, p, w
			}},
			{"bought", "already_purchased", false, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := oneSeat()
				c, p := s.Login(auth.RoleUser)
				s.Purchase(p, w.ID)
				return c, p, w
			}},
			{"refunded", "coupon_refunded", false, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := oneSeat()
				c, p := s.Login(auth.RoleUser)
				if _, err := s.App.Payments.Refund(ctx, s.Purchase(p, w.ID).ID, ""); err != nil {
					t.Fatal(err)
				}
				_, other := s.Login(auth.RoleUser) // the seat given back is sold again
				s.Purchase(other, w.ID)
				return c, p, w
			}},
			{"inactive", "Webinar not found", false, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := soldOut()
				c, p := registered(auth.RoleUser, w, true)
				res := admin.Do("PUT", "/api/admin/webinars/"+w.ID, map[string]any{
					"title": w.Title, "description": w.Description, "event_datetime": w.EventDatetime.Format(time.RFC3339),
					"display_price": 40, "total_seats": w.TotalSeats, "youtube_video_id": w.YouTubeVideoID, "is_active": false,
				})
				if res.Status != http.StatusOK {
					t.Fatalf("deactivate: %d %s", res.Status, res.Body)
				}
				return c, p, w
			}},
			{"not registered", "Registration not found", false, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := soldOut()
				c, p := s.Login(auth.RoleUser)
				return c, p, w
			}},
			{"staff", "staff_cannot_wait", true, func() (*testutil.Client, auth.Profile, webinar.Webinar) {
				w := soldOut()
				c, p := registered(auth.RoleStaff, w, false)
				return c, p, w
			}},
		}
		for _, st := range states {
			c, p, w := st.setup()
			res := c.Do("POST", "/api/webinars/"+w.ID+"/waitlist", nil)
			got := ""
			switch {
			case res.Status == http.StatusCreated:
			case res.Status == http.StatusNotFound:
				got = res.ErrorMessage()
			default:
				got = res.ErrorCode()
			}
			if got != st.want {
				t.Errorf("%s: join answered %d %q, want %q (%s)", st.name, res.Status, got, st.want, res.Body)
			}
			var listed bool
			if err := d.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM webinar_registrations r JOIN webinars w ON w.id = r.webinar_id
				WHERE r.webinar_id = $1 AND r.user_id = $2 AND `+registration.MayWaitSQL("r", "w")+`)`, w.ID, p.ID).Scan(&listed); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if !st.goOnly && listed != (got == "") {
				t.Errorf("%s: MayWaitSQL holds %v, but join answered %q: the two forms of the rule disagree", st.name, listed, got)
			}
			if st.goOnly && !listed {
				t.Errorf("%s: MayWaitSQL refuses the registration itself; only the role should refuse it", st.name)
			}
		}
	})
}
