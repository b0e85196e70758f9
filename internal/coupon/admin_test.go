package coupon_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// row is a coupon of the admin list as a client reads it.
type row struct {
	ID             string     `json:"id"`
	Code           string     `json:"code"`
	UserID         string     `json:"user_id"`
	UserEmail      *string    `json:"user_email"`
	WebinarTitle   *string    `json:"webinar_title"`
	Value          float64    `json:"value"`
	ValueCents     int64      `json:"value_cents"`
	Status         string     `json:"status"`
	CreatedAt      time.Time  `json:"created_at"`
	ExpiresAt      time.Time  `json:"expires_at"`
	RedeemedAt     *time.Time `json:"redeemed_at"`
	RedeemedByName *string    `json:"redeemed_by_name"`
	EverRedeemed   bool       `json:"ever_redeemed"`
}

type listBody struct {
	Coupons []row `json:"coupons"`
	HasMore bool  `json:"has_more"`
}

type oneBody struct {
	Coupon row `json:"coupon"`
}

// paidCoupon makes an account with the given e-mail buy the coupon of w.
func paidCoupon(s *testutil.Server, email, webinarID string) coupon.Coupon {
	return s.Purchase(s.CreateUser(email, "password1", auth.RoleUser), webinarID)
}

func list(t *testing.T, c *testutil.Client, query string) listBody {
	t.Helper()
	res := c.Do("GET", "/api/admin/coupons"+query, nil)
	res.Check(t, testutil.Want{Status: 200})
	var b listBody
	res.JSON(t, &b)
	return b
}

func codes(rows []row) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Code)
	}
	return out
}

func status(t *testing.T, d *db.DB, id string) (string, bool) {
	t.Helper()
	var st string
	var redeemed *time.Time
	if err := d.QueryRowContext(context.Background(), `SELECT status, redeemed_at FROM coupons WHERE id = $1`, id).Scan(&st, &redeemed); err != nil {
		t.Fatal(err)
	}
	return st, redeemed != nil
}

// Every admin coupon route as each kind of caller, with the exact answer.
func TestAdminCouponRoutes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := paidCoupon(s, "routes@example.com", w.ID)
		missing := uuid.NewString()

		signedOut := testutil.Want{Status: 401, Code: "unauthenticated", Message: "Please log in to continue."}
		notAdmin := testutil.Want{Status: 403, Code: "forbidden", Message: "You don't have permission to do this. Please log in as an administrator."}
		tests := []struct {
			name, who, method, path string
			want                    testutil.Want
		}{
			{"list, anonymous", "anon", "GET", "/api/admin/coupons", signedOut},
			{"list, user", "user", "GET", "/api/admin/coupons", notAdmin},
			{"list, admin", "admin", "GET", "/api/admin/coupons", testutil.Want{Status: 200}},
			{"list, bad limit", "admin", "GET", "/api/admin/coupons?limit=0", testutil.Want{Status: 400, Code: "validation_failed", Field: "limit", Message: "limit must be a whole number from 1 to 500"}},
			{"list, limit too large", "admin", "GET", "/api/admin/coupons?limit=501", testutil.Want{Status: 400, Field: "limit"}},
			{"list, bad offset", "admin", "GET", "/api/admin/coupons?offset=-1", testutil.Want{Status: 400, Field: "offset", Message: "offset must be a whole number from 0 to 2147483647"}},
			{"redeem, anonymous", "anon", "POST", "/api/admin/coupons/" + c.ID + "/redeem", signedOut},
			{"redeem, user", "user", "POST", "/api/admin/coupons/" + c.ID + "/redeem", notAdmin},
			{"cancel, anonymous", "anon", "POST", "/api/admin/coupons/" + c.ID + "/cancel-redemption", signedOut},
			{"cancel, user", "user", "POST", "/api/admin/coupons/" + c.ID + "/cancel-redemption", notAdmin},
			{"cancel an active coupon, admin", "admin", "POST", "/api/admin/coupons/" + c.ID + "/cancel-redemption",
				testutil.Want{Status: 409, Code: "not_redeemed", Message: "This coupon has not been redeemed."}},
			{"redeem, admin", "admin", "POST", "/api/admin/coupons/" + c.ID + "/redeem", testutil.Want{Status: 200}},
			{"redeem again, admin", "admin", "POST", "/api/admin/coupons/" + c.ID + "/redeem",
				testutil.Want{Status: 409, Code: "already_redeemed", Message: "This coupon has already been redeemed."}},
			{"cancel, admin", "admin", "POST", "/api/admin/coupons/" + c.ID + "/cancel-redemption", testutil.Want{Status: 200}},
			{"redeem a missing coupon, admin", "admin", "POST", "/api/admin/coupons/" + missing + "/redeem",
				testutil.Want{Status: 404, Code: "not_found", Message: "Coupon not found."}},
			{"cancel a missing coupon, admin", "admin", "POST", "/api/admin/coupons/" + missing + "/cancel-redemption",
				testutil.Want{Status: 404, Code: "not_found", Message: "Coupon not found."}},
			{"redeem with GET", "admin", "GET", "/api/admin/coupons/" + c.ID + "/redeem", testutil.Want{Status: 404}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				actors.As(tt.who).Do(tt.method, tt.path, nil).Check(t, tt.want)
			})
		}
		if st, redeemed := status(t, d, c.ID); st != coupon.StatusActive || redeemed {
			t.Errorf("after redeem and cancel: status %s, redeemed_at set %v; want active, unset", st, redeemed)
		}
	})
}

// The admin list: every field, newest first, 'Unknown Webinar' as null, and
// a search by code, e-mail or title that ignores case and surrounding spaces
// and takes LIKE's wildcards literally.
func TestAdminCouponListAndSearch(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		holsters := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Price: "40"})
		optics := s.CreateWebinar(testutil.WebinarSpec{Title: "Red Dot Optics 100% Off_Season", Price: "25"})
		first := paidCoupon(s, "sam.carter@example.com", holsters.ID)
		second := paidCoupon(s, "jo_ann@example.com", optics.ID)
		third := paidCoupon(s, "pat@store.test", holsters.ID)

		all := list(t, admin, "")
		if got, want := codes(all.Coupons), []string{third.Code, second.Code, first.Code}; !slices.Equal(got, want) || all.HasMore {
			t.Fatalf("list = %v (more %v), want newest first %v", got, all.HasMore, want)
		}
		r := all.Coupons[2]
		if r.ID != first.ID || r.UserEmail == nil || *r.UserEmail != "sam.carter@example.com" || r.WebinarTitle == nil ||
			*r.WebinarTitle != "Holster Fundamentals" || r.ValueCents != 4800 || r.Value != 48 || r.Status != "active" ||
			r.RedeemedAt != nil || !r.ExpiresAt.Equal(first.ExpiresAt) {
			t.Errorf("row = %+v", r)
		}

		search := func(q string) []string {
			return codes(list(t, admin, "?search="+url.QueryEscape(q)).Coupons)
		}
		for _, tt := range []struct {
			name, q string
			want    []string
		}{
			{"whole code", first.Code, []string{first.Code}},
			{"part of a code, lower case, with spaces", "  " + lower(second.Code[3:10]) + " ", []string{second.Code}},
			{"e-mail, upper case", "SAM.CARTER@EXAMPLE.COM", []string{first.Code}},
			{"part of an e-mail", "@store.", []string{third.Code}},
			{"title, mixed case", "hOLSTER fund", []string{third.Code, first.Code}},
			{"title with spaces around", "  red dot ", []string{second.Code}},
			{"percent is literal", "100%", []string{second.Code}},
			{"percent alone matches only a percent", "%", []string{second.Code}},
			{"underscore is literal", "jo_ann", []string{second.Code}},
			{"underscore does not match any character", "sam_carter", []string{}},
			{"backslash is literal", `\`, []string{}},
			{"no match", "nothing like it", []string{}},
			{"only spaces lists all", "   ", []string{third.Code, second.Code, first.Code}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				if got := search(tt.q); !slices.Equal(got, tt.want) {
					t.Errorf("search %q = %v, want %v", tt.q, got, tt.want)
				}
			})
		}

		// Paging: limit and offset, has_more while rows follow.
		page := list(t, admin, "?limit=2")
		if got := codes(page.Coupons); !slices.Equal(got, []string{third.Code, second.Code}) || !page.HasMore {
			t.Errorf("first page = %v (more %v)", got, page.HasMore)
		}
		page = list(t, admin, "?limit=2&offset=2")
		if got := codes(page.Coupons); !slices.Equal(got, []string{first.Code}) || page.HasMore {
			t.Errorf("second page = %v (more %v)", got, page.HasMore)
		}
		page = list(t, admin, "?search=holster&limit=1&offset=1")
		if got := codes(page.Coupons); !slices.Equal(got, []string{first.Code}) || page.HasMore {
			t.Errorf("searched second page = %v (more %v)", got, page.HasMore)
		}
		long := make([]byte, 201)
		for i := range long {
			long[i] = 'a'
		}
		admin.Do("GET", "/api/admin/coupons?search="+string(long), nil).Check(t,
			testutil.Want{Status: 400, Field: "search", Message: "Search must be at most 200 characters"})
	})
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// 'Mark Redeemed' pressed by 20 clerks at once redeems the coupon once:
// one 200, nineteen 409 already_redeemed.
func TestConcurrentRedeem(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := paidCoupon(s, "race@example.com", w.ID)

		const clerks = 20
		statuses := make([]int, clerks)
		codes := make([]string, clerks)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range clerks {
			wg.Go(func() {
				<-start
				res := admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil)
				statuses[i], codes[i] = res.Status, res.ErrorCode()
			})
		}
		close(start)
		wg.Wait()
		ok := 0
		for i := range clerks {
			switch {
			case statuses[i] == http.StatusOK:
				ok++
			case statuses[i] == http.StatusConflict && codes[i] == "already_redeemed":
			default:
				t.Errorf("clerk %d: %d %s", i, statuses[i], codes[i])
			}
		}
		if ok != 1 {
			t.Errorf("%d clerks redeemed the coupon, want exactly 1", ok)
		}
		if st, redeemed := status(t, d, c.ID); st != coupon.StatusUsed || !redeemed {
			t.Errorf("status %s, redeemed_at set %v; want used, set", st, redeemed)
		}
	})
}

// Redeem, cancel, redeem again: each step's answer and row.
func TestRedeemCancelRedeem(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		c := paidCoupon(s, "cycle@example.com", w.ID)
		redeem, cancel := "/api/admin/coupons/"+c.ID+"/redeem", "/api/admin/coupons/"+c.ID+"/cancel-redemption"

		step := func(path, wantStatus string, wantRedeemed bool) row {
			t.Helper()
			res := admin.Do("POST", path, nil)
			res.Check(t, testutil.Want{Status: 200})
			var b oneBody
			res.JSON(t, &b)
			if b.Coupon.ID != c.ID || b.Coupon.Status != wantStatus || (b.Coupon.RedeemedAt != nil) != wantRedeemed ||
				b.Coupon.UserEmail == nil || *b.Coupon.UserEmail != "cycle@example.com" {
				t.Fatalf("%s: %+v", path, b.Coupon)
			}
			if st, redeemed := status(t, d, c.ID); st != wantStatus || redeemed != wantRedeemed {
				t.Fatalf("%s: row %s redeemed %v", path, st, redeemed)
			}
			return b.Coupon
		}
		before := s.Clock.Now()
		first := step(redeem, "used", true)
		if first.RedeemedAt.Before(before) || first.RedeemedAt.After(s.Clock.Now()) {
			t.Errorf("redeemed_at %v is not now", first.RedeemedAt)
		}
		step(cancel, "active", false)
		admin.Do("POST", cancel, nil).Check(t, testutil.Want{Status: 409, Code: "not_redeemed"})
		s.Clock.Advance(time.Hour)
		second := step(redeem, "used", true)
		if !second.RedeemedAt.After(*first.RedeemedAt) {
			t.Errorf("second redemption at %v, not after the first %v", second.RedeemedAt, first.RedeemedAt)
		}
		var mine struct{ Coupons []row }
		// The owner sees it redeemed too.
		owner := s.Client()
		owner.Do("POST", "/api/auth/login", map[string]string{"email": "cycle@example.com", "password": "password1"}).Check(t, testutil.Want{Status: 200})
		owner.Do("GET", "/api/coupons", nil).JSON(t, &mine)
		if len(mine.Coupons) != 1 || mine.Coupons[0].Status != "used" {
			t.Errorf("owner's coupons: %+v", mine.Coupons)
		}
	})
}

// An expired coupon cannot be redeemed and is recorded expired; listing
// records expiry on every active coupon past it; cancelling the redemption
// of a coupon whose expiry passed meanwhile leaves it expired.
func TestExpiredCoupons(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		lapsed := paidCoupon(s, "lapsed@example.com", w.ID)
		listed := paidCoupon(s, "listed@example.com", w.ID)
		used := paidCoupon(s, "used@example.com", w.ID)
		admin.Do("POST", "/api/admin/coupons/"+used.ID+"/redeem", nil).Check(t, testutil.Want{Status: 200})

		s.Clock.Advance(31 * 24 * time.Hour)
		admin, _ = s.Login(auth.RoleAdmin) // the first session has ended too
		admin.Do("POST", "/api/admin/coupons/"+lapsed.ID+"/redeem", nil).Check(t,
			testutil.Want{Status: 409, Code: "coupon_expired", Message: "This coupon has expired."})
		if st, redeemed := status(t, d, lapsed.ID); st != coupon.StatusExpired || redeemed {
			t.Errorf("refused coupon: %s, redeemed %v; want expired", st, redeemed)
		}
		admin.Do("POST", "/api/admin/coupons/"+lapsed.ID+"/redeem", nil).Check(t, testutil.Want{Status: 409, Code: "coupon_expired"})

		if st, _ := status(t, d, listed.ID); st != coupon.StatusActive {
			t.Fatalf("before listing: %s", st)
		}
		byID := map[string]row{}
		for _, r := range list(t, admin, "").Coupons {
			byID[r.ID] = r
		}
		if byID[listed.ID].Status != "expired" || byID[used.ID].Status != "used" {
			t.Errorf("listed statuses: %s, %s; want expired, used", byID[listed.ID].Status, byID[used.ID].Status)
		}
		if st, _ := status(t, d, listed.ID); st != coupon.StatusExpired {
			t.Errorf("listing did not record the expiry: %s", st)
		}
		if st, _ := status(t, d, used.ID); st != coupon.StatusUsed {
			t.Errorf("listing changed a used coupon: %s", st)
		}

		res := admin.Do("POST", "/api/admin/coupons/"+used.ID+"/cancel-redemption", nil)
		res.Check(t, testutil.Want{Status: 200})
		var b oneBody
		res.JSON(t, &b)
		if b.Coupon.Status != "expired" || b.Coupon.RedeemedAt != nil {
			t.Errorf("cancelled past expiry: %+v", b.Coupon)
		}
		if st, redeemed := status(t, d, used.ID); st != coupon.StatusExpired || redeemed {
			t.Errorf("row after cancel: %s, redeemed %v", st, redeemed)
		}
		admin.Do("POST", "/api/admin/coupons/"+used.ID+"/redeem", nil).Check(t, testutil.Want{Status: 409, Code: "coupon_expired"})
	})
}
