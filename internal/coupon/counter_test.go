package coupon_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// verdict is a counter answer as a client reads it.
type verdict struct {
	Verdict string `json:"verdict"`
	Coupon  struct {
		ID               string     `json:"id"`
		Code             string     `json:"code"`
		ValueCents       int64      `json:"value_cents"`
		MinPurchaseCents int64      `json:"min_purchase_cents"`
		OwnerName        *string    `json:"owner_name"`
		WebinarTitle     string     `json:"webinar_title"`
		IssuedAt         time.Time  `json:"issued_at"`
		ExpiresAt        time.Time  `json:"expires_at"`
		RedeemedAt       *time.Time `json:"redeemed_at"`
		RedeemedByName   *string    `json:"redeemed_by_name"`
		RedeemedByMe     bool       `json:"redeemed_by_me"`
		CanUndo          bool       `json:"can_undo"`
		OwnCoupon        bool       `json:"own_coupon"`
	} `json:"coupon"`
}

func counterPath(code, action string) string {
	p := "/api/counter/coupons/" + url.PathEscape(code)
	if action != "" {
		p += "/" + action
	}
	return p
}

// answer checks a 200 counter answer and decodes it.
func answer(t *testing.T, res testutil.Response) verdict {
	t.Helper()
	res.Check(t, testutil.Want{Status: 200})
	var v verdict
	res.JSON(t, &v)
	return v
}

// rename gives an account the display name the counter shows.
func rename(t *testing.T, d *db.DB, id, first, last string) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), `UPDATE profiles SET first_name = $1, last_name = $2 WHERE id = $3`, first, last, id); err != nil {
		t.Fatal(err)
	}
}

func redeemedBy(t *testing.T, d *db.DB, id string) *string {
	t.Helper()
	var by *string
	if err := d.QueryRowContext(context.Background(), `SELECT redeemed_by FROM coupons WHERE id = $1`, id).Scan(&by); err != nil {
		t.Fatal(err)
	}
	return by
}

// The code as a clerk types it or a scanner reads it (docs/api.md#counter).
func TestNormalizeCode(t *testing.T) {
	const code = "LW-7K3M-Q9PX-4TRW"
	tests := []struct {
		in, want string // want "": names no coupon
	}{
		{code, code},
		{"lw-7k3m-q9px-4trw", code},
		{"LW7K3MQ9PX4TRW", code},
		{"  LW 7K3M Q9PX 4TRW  ", code},
		{"LW--7K3M-Q9PX4TRW-", code},
		{"LW-7K3M\tQ9PX-4TRW", code},
		{"https://webinars.example.com/counter?code=LW-7K3M-Q9PX-4TRW", code},
		{"http://127.0.0.1:8080/counter?code=lw7k3mq9px4trw&x=1", code},
		{"/counter?code=LW-7K3M-Q9PX-4TRW", code},
		{"https://webinars.example.com/counter?code=LW+7K3M+Q9PX+4TRW", code},
		// Crockford: O is 0, I and L are 1; the prefix stays LW.
		{"LW-O0OO-IIll-1111", "LW-0000-1111-1111"},
		{"lw-oooo-iiii-llll", "LW-0000-1111-1111"},
		{"", ""},
		{"LW-", ""},
		{"LW-7K3M-Q9PX-4TR", ""},   // 11 characters
		{"LW-7K3M-Q9PX-4TRWX", ""}, // 13
		{"7K3M-Q9PX-4TRW", ""},     // no LW
		{"XW-7K3M-Q9PX-4TRW", ""},  // another prefix
		{"LW-7K3M-Q9PX-4TRU", ""},  // U is not in the alphabet
		{"LW-7K3M-Q9PX-4TR!", ""},  // nor punctuation
		{"LW-7K3M-Q9PX-4TRÉ", ""},  // nor accents
		{"https://webinars.example.com/counter", ""},
		{"https://webinars.example.com/counter?code=", ""},
		{"https://webinars.example.com/LW-7K3M-Q9PX-4TRW", ""}, // a link names its code in ?code= only
		{"%zz?code=LW-7K3M-Q9PX-4TRW", ""},                     // not a link
	}
	for _, tt := range tests {
		got, ok := coupon.NormalizeCode(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("NormalizeCode(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// Every counter route as anonymous, a user, the coupon's owner, staff and
// an admin, with the exact answers, in order: staff look up, redeem, find it
// redeemed by themselves, undo; the admin redeems and undoes too.
func TestCounterRoutes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		clerk, clerkProfile := s.Login(auth.RoleStaff)
		rename(t, d, clerkProfile.ID, "Casey", "Clerk")
		owner, ownerProfile := s.Login(auth.RoleUser)
		rename(t, d, ownerProfile.ID, "Olive", "Owner")
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holsters 101", Price: "40"})
		c := s.Purchase(ownerProfile, w.ID)
		who := map[string]*testutil.Client{"anon": actors.Anon, "user": actors.User, "owner": owner, "staff": clerk, "admin": actors.Admin}

		signedOut := testutil.Want{Status: 401, Code: "unauthenticated", Message: "Please log in to continue."}
		notStaff := testutil.Want{Status: 403, Code: "forbidden", Message: "You don't have permission to do this. Please log in as store staff."}
		notFound := testutil.Want{Status: 404, Code: "coupon_not_found", Message: "No coupon with this code."}
		ok := testutil.Want{Status: 200}
		typed := strings.ToLower(strings.ReplaceAll(c.Code, "-", " ")) // as a clerk might type it
		scanned := s.URL + "/counter?code=" + c.Code                   // as the printed QR reads
		tests := []struct {
			who, method, path string
			want              testutil.Want
			verdict           string // checked on a 200
		}{
			{"anon", "GET", counterPath(c.Code, ""), signedOut, ""},
			{"user", "GET", counterPath(c.Code, ""), notStaff, ""},
			{"owner", "GET", counterPath(c.Code, ""), notStaff, ""},
			{"anon", "POST", counterPath(c.Code, "redeem"), signedOut, ""},
			{"user", "POST", counterPath(c.Code, "redeem"), notStaff, ""},
			{"owner", "POST", counterPath(c.Code, "redeem"), notStaff, ""},
			{"anon", "POST", counterPath(c.Code, "unredeem"), signedOut, ""},
			{"user", "POST", counterPath(c.Code, "unredeem"), notStaff, ""},
			{"owner", "POST", counterPath(c.Code, "unredeem"), notStaff, ""},
			{"staff", "GET", counterPath(c.Code, ""), ok, "valid"},
			{"staff", "GET", counterPath(typed, ""), ok, "valid"},
			{"staff", "GET", counterPath(scanned, ""), ok, "valid"},
			{"admin", "GET", counterPath(c.Code, ""), ok, "valid"},
			{"staff", "GET", counterPath("LW-0000-0000-0000", ""), notFound, ""},
			{"staff", "GET", counterPath("not a code", ""), notFound, ""},
			{"staff", "POST", counterPath("LW-0000-0000-0000", "redeem"), notFound, ""},
			{"staff", "POST", counterPath("LW-0000-0000-0000", "unredeem"), notFound, ""},
			{"staff", "POST", counterPath(c.Code, "unredeem"), testutil.Want{Status: 409, Code: "not_redeemed", Message: "This coupon has not been redeemed."}, ""},
			{"staff", "GET", counterPath(c.Code, "redeem"), testutil.Want{Status: 404}, ""},
			{"staff", "POST", counterPath(typed, "redeem"), ok, "redeemed"},
			{"staff", "POST", counterPath(c.Code, "redeem"), testutil.Want{Status: 409, Code: "already_redeemed", Message: "This coupon was already redeemed."}, ""},
			{"admin", "POST", counterPath(c.Code, "redeem"), testutil.Want{Status: 409, Code: "already_redeemed"}, ""},
			{"owner", "GET", counterPath(c.Code, ""), notStaff, ""},
			{"staff", "GET", counterPath(c.Code, ""), ok, "redeemed"},
			{"admin", "GET", counterPath(scanned, ""), ok, "redeemed"},
			{"staff", "POST", counterPath(c.Code, "unredeem"), ok, "valid"},
			{"admin", "POST", counterPath(scanned, "redeem"), ok, "redeemed"},
			{"admin", "POST", counterPath(scanned, "unredeem"), ok, "valid"},
			{"admin", "POST", counterPath(c.Code, "unredeem"), testutil.Want{Status: 409, Code: "not_redeemed"}, ""},
		}
		for i, tt := range tests {
			res := who[tt.who].Do(tt.method, tt.path, nil)
			if res.Status != tt.want.Status {
				t.Fatalf("step %d, %s %s as %s: %d %s, want %d", i, tt.method, tt.path, tt.who, res.Status, res.Body, tt.want.Status)
			}
			res.Check(t, tt.want)
			if strings.Contains(string(res.Body), ownerProfile.Email) {
				t.Errorf("step %d: the answer holds the owner's e-mail: %s", i, res.Body)
			}
			if res.Status == 409 && strings.Contains(string(res.Body), `"coupon"`) {
				t.Errorf("step %d: a 409 with the coupon: %s", i, res.Body)
			}
			if tt.verdict != "" {
				if v := answer(t, res); v.Verdict != tt.verdict || v.Coupon.Code != c.Code {
					t.Errorf("step %d, %s %s as %s: verdict %q of %s, want %q of %s", i, tt.method, tt.path, tt.who, v.Verdict, v.Coupon.Code, tt.verdict, c.Code)
				}
			}
		}

		// What staff see of a valid coupon, and of their own redemption.
		v := answer(t, clerk.Do("GET", counterPath(c.Code, ""), nil))
		if v.Coupon.ID != c.ID || v.Coupon.ValueCents != 4800 || v.Coupon.MinPurchaseCents != 9600 ||
			v.Coupon.OwnerName == nil || *v.Coupon.OwnerName != "Olive Owner" || v.Coupon.WebinarTitle != "Holsters 101" ||
			!v.Coupon.IssuedAt.Equal(c.CreatedAt) || !v.Coupon.ExpiresAt.Equal(c.ExpiresAt) ||
			v.Coupon.RedeemedAt != nil || v.Coupon.RedeemedByName != nil || v.Coupon.RedeemedByMe || v.Coupon.CanUndo {
			t.Errorf("valid coupon: %+v", v.Coupon)
		}
		before := s.Clock.Now()
		v = answer(t, clerk.Do("POST", counterPath(c.Code, "redeem"), nil))
		if v.Verdict != "redeemed" || v.Coupon.RedeemedAt == nil || v.Coupon.RedeemedAt.Before(before) ||
			v.Coupon.RedeemedByName == nil || *v.Coupon.RedeemedByName != "Casey Clerk" || !v.Coupon.RedeemedByMe || !v.Coupon.CanUndo {
			t.Errorf("redeemed by staff: %+v", v.Coupon)
		}
		if by := redeemedBy(t, d, c.ID); by == nil || *by != clerkProfile.ID {
			t.Errorf("redeemed_by %v, want the clerk", by)
		}
		// The admin sees who, and may undo it; the admin list names the clerk.
		v = answer(t, actors.Admin.Do("GET", counterPath(c.Code, ""), nil))
		if v.Verdict != "redeemed" || v.Coupon.RedeemedByMe || !v.Coupon.CanUndo || *v.Coupon.RedeemedByName != "Casey Clerk" {
			t.Errorf("staff's redemption as the admin sees it: %+v", v.Coupon)
		}
		rows := list(t, actors.Admin, "?search="+c.Code).Coupons
		if len(rows) != 1 || rows[0].RedeemedByName == nil || *rows[0].RedeemedByName != "Casey Clerk" {
			t.Errorf("admin list after the counter's redemption: %+v", rows)
		}
	})
}

// Two staff accounts pressing redeem 20 times at once between them: exactly
// one wins; every other answer is 409 already_redeemed; the winner is the
// recorded redeemer.
func TestCounterConcurrentRedeem(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		first, firstProfile := s.Login(auth.RoleStaff)
		second, secondProfile := s.Login(auth.RoleStaff)
		c := paidCoupon(s, "counter-race@example.com", s.CreateWebinar(testutil.WebinarSpec{}).ID)

		const presses = 20
		statuses, codes, winners := make([]int, presses), make([]string, presses), make([]string, presses)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range presses {
			clerk, id := first, firstProfile.ID
			if i%2 == 1 {
				clerk, id = second, secondProfile.ID
			}
			wg.Go(func() {
				<-start
				res := clerk.Do("POST", counterPath(c.Code, "redeem"), nil)
				statuses[i], codes[i], winners[i] = res.Status, res.ErrorCode(), id
			})
		}
		close(start)
		wg.Wait()
		won := ""
		for i := range presses {
			switch {
			case statuses[i] == http.StatusOK:
				if won != "" {
					t.Errorf("press %d also redeemed the coupon", i)
				}
				won = winners[i]
			case statuses[i] == http.StatusConflict && codes[i] == "already_redeemed":
			default:
				t.Errorf("press %d: %d %s", i, statuses[i], codes[i])
			}
		}
		if won == "" {
			t.Fatal("no press redeemed the coupon")
		}
		if st, redeemed := status(t, d, c.ID); st != coupon.StatusUsed || !redeemed {
			t.Errorf("status %s, redeemed_at set %v; want used, set", st, redeemed)
		}
		if by := redeemedBy(t, d, c.ID); by == nil || *by != won {
			t.Errorf("redeemed_by %v, want the winner %s", by, won)
		}
	})
}

// Undo: staff undo only their own redemption, within 15 minutes of it;
// admins undo any redemption at any time; can_undo says which.
func TestCounterUndoRules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		other, _ := s.Login(auth.RoleStaff)
		c := paidCoupon(s, "counter-undo@example.com", s.CreateWebinar(testutil.WebinarSpec{}).ID)
		notAllowed := testutil.Want{Status: 403, Code: "undo_not_allowed",
			Message: "Only the staff member who redeemed this coupon can undo it, within 15 minutes. Ask an admin."}
		canUndo := func(client *testutil.Client) bool {
			t.Helper()
			return answer(t, client.Do("GET", counterPath(c.Code, ""), nil)).Coupon.CanUndo
		}

		answer(t, clerk.Do("POST", counterPath(c.Code, "redeem"), nil))
		if !canUndo(clerk) || canUndo(other) || !canUndo(admin) {
			t.Errorf("can_undo right after: clerk %v, other staff %v, admin %v; want true, false, true", canUndo(clerk), canUndo(other), canUndo(admin))
		}
		other.Do("POST", counterPath(c.Code, "unredeem"), nil).Check(t, notAllowed)
		s.Clock.Advance(14 * time.Minute)
		if v := answer(t, clerk.Do("POST", counterPath(c.Code, "unredeem"), nil)); v.Verdict != "valid" || v.Coupon.RedeemedAt != nil || v.Coupon.RedeemedByName != nil {
			t.Errorf("undone within 15 minutes: %+v", v)
		}
		if by := redeemedBy(t, d, c.ID); by != nil {
			t.Errorf("redeemed_by %v after the undo, want null", *by)
		}

		answer(t, clerk.Do("POST", counterPath(c.Code, "redeem"), nil))
		s.Clock.Advance(UndoWindowAndAMinute)
		if canUndo(clerk) || !canUndo(admin) {
			t.Errorf("can_undo after 16 minutes: clerk %v, admin %v; want false, true", canUndo(clerk), canUndo(admin))
		}
		clerk.Do("POST", counterPath(c.Code, "unredeem"), nil).Check(t, notAllowed)
		if st, _ := status(t, d, c.ID); st != coupon.StatusUsed {
			t.Fatalf("a refused undo changed the coupon: %s", st)
		}
		answer(t, admin.Do("POST", counterPath(c.Code, "unredeem"), nil))
		if st, redeemed := status(t, d, c.ID); st != coupon.StatusActive || redeemed || redeemedBy(t, d, c.ID) != nil {
			t.Errorf("after the admin's undo: %s, redeemed %v", st, redeemed)
		}
	})
}

// UndoWindowAndAMinute is just past the staff's undo window.
const UndoWindowAndAMinute = coupon.UndoWindow + time.Minute

// Expiry: a coupon past its expiry is answered expired and recorded so on
// lookup; one that expires while on screen cannot be redeemed (the server
// checks at redeem time).
func TestCounterExpiry(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		looked := paidCoupon(s, "counter-looked@example.com", w.ID)
		onScreen := paidCoupon(s, "counter-onscreen@example.com", w.ID)
		expired := testutil.Want{Status: 409, Code: "coupon_expired", Message: "This coupon has expired."}

		clerk, _ := s.Login(auth.RoleStaff)
		if v := answer(t, clerk.Do("GET", counterPath(onScreen.Code, ""), nil)); v.Verdict != "valid" {
			t.Fatalf("before expiry: %s", v.Verdict)
		}
		s.Clock.Advance(onScreen.ExpiresAt.Sub(s.Clock.Now()) + time.Second)
		clerk, _ = s.Login(auth.RoleStaff) // the first session ended meanwhile
		clerk.Do("POST", counterPath(onScreen.Code, "redeem"), nil).Check(t, expired)
		if st, redeemed := status(t, d, onScreen.ID); st != coupon.StatusExpired || redeemed {
			t.Errorf("refused at redeem time: %s, redeemed %v; want expired", st, redeemed)
		}

		if st, _ := status(t, d, looked.ID); st != coupon.StatusActive {
			t.Fatalf("before the lookup: %s", st)
		}
		v := answer(t, clerk.Do("GET", counterPath(looked.Code, ""), nil))
		if v.Verdict != "expired" || v.Coupon.CanUndo {
			t.Errorf("lookup past expiry: %+v", v)
		}
		if st, _ := status(t, d, looked.ID); st != coupon.StatusExpired {
			t.Errorf("the lookup did not record the expiry: %s", st)
		}
		clerk.Do("POST", counterPath(looked.Code, "redeem"), nil).Check(t, expired)
	})
}

// The owner's name at the counter: the account's names, else the name given
// at registration, and nothing once the account is deleted.
func TestCounterOwnerName(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		clerk, _ := s.Login(auth.RoleStaff)
		nameless, err := s.App.Auth.CreateUser(context.Background(), "counter-nameless@example.com", "password1", auth.RoleUser, "", "")
		if err != nil {
			t.Fatal(err)
		}
		c := s.Purchase(nameless, s.CreateWebinar(testutil.WebinarSpec{}).ID) // registered as "Sam Carter"
		owner := func() *string {
			return answer(t, clerk.Do("GET", counterPath(c.Code, ""), nil)).Coupon.OwnerName
		}
		if got := owner(); got == nil || *got != "Sam Carter" {
			t.Errorf("owner without names: %v, want the registration's Sam Carter", got)
		}
		admin.Do("DELETE", "/api/admin/users/"+nameless.ID, nil).Check(t, testutil.Want{Status: 204})
		if got := owner(); got != nil {
			t.Errorf("deleted owner: %q, want null", *got)
		}
	})
}

// The admin's own redemption is recorded too, named in the admin list (by
// the e-mail when the account has no name, never at the counter); cancelling
// it clears the name.
func TestAdminRedeemRecordsRedeemer(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, me := s.Login(auth.RoleAdmin)
		rename(t, d, me.ID, "Avery", "Admin")
		c := paidCoupon(s, "admin-redeemer@example.com", s.CreateWebinar(testutil.WebinarSpec{}).ID)
		if rows := list(t, admin, "").Coupons; len(rows) != 1 || rows[0].RedeemedByName != nil {
			t.Fatalf("before: %+v", rows)
		}
		res := admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil)
		res.Check(t, testutil.Want{Status: 200})
		var b oneBody
		res.JSON(t, &b)
		if b.Coupon.RedeemedByName == nil || *b.Coupon.RedeemedByName != "Avery Admin" {
			t.Errorf("redeem answer: redeemed_by_name %v", b.Coupon.RedeemedByName)
		}
		if rows := list(t, admin, "").Coupons; rows[0].RedeemedByName == nil || *rows[0].RedeemedByName != "Avery Admin" {
			t.Errorf("list: redeemed_by_name %v", rows[0].RedeemedByName)
		}
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/cancel-redemption", nil).Check(t, testutil.Want{Status: 200})
		if rows := list(t, admin, "").Coupons; rows[0].RedeemedByName != nil || redeemedBy(t, d, c.ID) != nil {
			t.Errorf("after cancel: redeemed_by_name %v", rows[0].RedeemedByName)
		}

		rename(t, d, me.ID, "", "")
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		if rows := list(t, admin, "").Coupons; rows[0].RedeemedByName == nil || *rows[0].RedeemedByName != me.Email {
			t.Errorf("list, a nameless redeemer: redeemed_by_name %v, want the e-mail", rows[0].RedeemedByName)
		}
		if v := answer(t, admin.Do("GET", counterPath(c.Code, ""), nil)); v.Coupon.RedeemedByName != nil {
			t.Errorf("counter, a nameless redeemer: redeemed_by_name %q, want null", *v.Coupon.RedeemedByName)
		}
	})
}

// The counter limit (docs/api.md#counter): lookups, redemptions and undos
// count together per staff account; past the limit, 429 too_many_attempts
// with Retry-After; another account still gets through.
func TestCounterLookupLimit(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		guesser, _ := s.Login(auth.RoleStaff)
		honest, _ := s.Login(auth.RoleStaff)
		const perAccount = 300
		for i := range perAccount {
			path := counterPath("LW-0000-0000-"+strconv.Itoa(1000+i%9000), "")
			if i%3 == 2 {
				path = counterPath("LW-0000-0000-0000", "redeem")
			}
			if res := guesser.Do(map[bool]string{true: "POST", false: "GET"}[i%3 == 2], path, nil); res.Status != http.StatusNotFound {
				t.Fatalf("request %d: %d %s", i+1, res.Status, res.Body)
			}
		}
		res := guesser.Do("GET", counterPath("LW-0000-0000-0000", ""), nil)
		res.Check(t, testutil.Want{Status: 429, Code: "too_many_attempts"})
		if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || secs < 1 || secs > 15*60 {
			t.Errorf("Retry-After %q", res.Header.Get("Retry-After"))
		}
		honest.Do("GET", counterPath("LW-0000-0000-0000", ""), nil).Check(t, testutil.Want{Status: 404, Code: "coupon_not_found"})
	})
}
