package couponlink_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/couponlink"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

const msgLogin = "Please log in to access the migration tool."

// Both routes as each kind of caller.
func TestMigrationRoutes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		signedOut := testutil.Want{Status: 401, Code: "unauthenticated", Message: msgLogin}
		ok := testutil.Want{Status: 200}
		empty := map[string]any{"coupons": []any{}}
		for _, tt := range []struct {
			name, who, method, path string
			body                    any
			want                    testutil.Want
		}{
			{"status, anonymous", "anon", "GET", "/api/migration/status", nil, signedOut},
			{"status, user", "user", "GET", "/api/migration/status", nil, ok},
			{"status, admin", "admin", "GET", "/api/migration/status", nil, ok},
			{"run, anonymous", "anon", "POST", "/api/migration/run", empty, signedOut},
			{"run, user", "user", "POST", "/api/migration/run", empty, ok},
			{"run, admin", "admin", "POST", "/api/migration/run", empty, ok},
			{"run with GET", "user", "GET", "/api/migration/run", nil, testutil.Want{Status: 404}},
			{"status with POST", "user", "POST", "/api/migration/status", empty, testutil.Want{Status: 404}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				actors.As(tt.who).Do(tt.method, tt.path, tt.body).Check(t, tt.want)
			})
		}
	})
}

// The status card: the engine, the schema version and the caller's own
// counts, never another user's.
func TestMigrationStatus(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		c, me := s.Login(auth.RoleUser)
		_, other := s.Login(auth.RoleUser)
		bought := s.CreateWebinar(testutil.WebinarSpec{})
		watched := s.CreateWebinar(testutil.WebinarSpec{})
		s.Purchase(me, bought.ID)
		if _, _, err := s.App.Registrations.Register(ctx, me, watched.ID, registration.Input{Name: "Sam Carter", Email: me.Email}); err != nil {
			t.Fatal(err)
		}
		s.Purchase(other, bought.ID)
		s.Purchase(other, watched.ID)

		version, err := d.SchemaVersion(ctx)
		if err != nil || version < 5 {
			t.Fatalf("schema version %d, %v", version, err)
		}
		var got couponlink.Status
		res := c.Do("GET", "/api/migration/status", nil)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &got)
		want := couponlink.Status{Engine: string(d.Engine), MigrationVersion: version, Coupons: 1, Registrations: 2}
		if got != want {
			t.Errorf("status = %+v, want %+v", got, want)
		}
		fresh, _ := s.Login(auth.RoleUser)
		fresh.Do("GET", "/api/migration/status", nil).JSON(t, &got)
		if got.Coupons != 0 || got.Registrations != 0 {
			t.Errorf("a new account sees %+v", got)
		}
	})
}

// totals returns the number and the summed value of a user's coupons.
func totals(t *testing.T, d *db.DB, userID string) (int, int64) {
	t.Helper()
	var n int
	var cents int64
	if err := d.QueryRowContext(context.Background(), `SELECT count(*), COALESCE(SUM(value_cents), 0) FROM coupons WHERE user_id = $1`, userID).Scan(&n, &cents); err != nil {
		t.Fatal(err)
	}
	return n, cents
}

// The migration never increases anyone's coupons from browser data: forged
// codes, another user's code, huge values, duplicates and junk entries are
// unknown; only the caller's own code is linked; nothing is written.
func TestMigrationNeverMintsValue(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c, me := s.Login(auth.RoleUser)
		_, victim := s.Login(auth.RoleUser)
		w := s.CreateWebinar(testutil.WebinarSpec{Price: "40"})
		other := s.CreateWebinar(testutil.WebinarSpec{Price: "25"})
		mine := s.Purchase(me, w.ID)
		theirs := s.Purchase(victim, w.ID)
		s.Purchase(victim, other.ID)

		// The admin's simulated purchase and a free claim are paid seats
		// without a payment: no coupon is owed for them.
		admin, adminProfile := s.Login(auth.RoleAdmin)
		ctx := context.Background()
		if _, _, err := s.App.Registrations.Register(ctx, adminProfile, other.ID, registration.Input{Name: "Ada Admin", Email: adminProfile.Email}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.App.Registrations.SimulatePurchase(ctx, adminProfile, other.ID); err != nil {
			t.Fatal(err)
		}

		var all int
		count := func() int {
			t.Helper()
			if err := d.QueryRowContext(ctx, `SELECT count(*) FROM coupons`).Scan(&all); err != nil {
				t.Fatal(err)
			}
			return all
		}
		before := count()
		myN, myCents := totals(t, d, me.ID)
		theirN, theirCents := totals(t, d, victim.ID)
		adminN, _ := totals(t, d, adminProfile.ID)

		forged := []any{
			map[string]any{"code": mine.Code, "value": 1_000_000, "webinarId": other.ID, "expiresAt": "2099-01-01T00:00:00Z"},
			map[string]any{"code": " " + strings.ToLower(mine.Code) + " ", "value": 5}, // the same coupon again
			map[string]any{"code": theirs.Code, "value": 48, "userId": me.ID},
			map[string]any{"code": "LW-AAAA-BBBB-CCCC", "value": 1e12, "originalPaymentAmount": 0},
			map[string]any{"code": "LW-" + strings.Repeat("Z", 5000), "value": 25},
			map[string]any{"value": 500},               // no code
			map[string]any{"code": 12345, "value": 25}, // not a string
			map[string]any{"code": ""},
			"LW-NOT-AN-OBJECT",
			nil,
			[]any{mine.Code},
		}
		var res couponlink.Result
		for run := range 2 { // a repeat changes nothing either
			r := c.Do("POST", "/api/migration/run", map[string]any{"coupons": forged})
			r.Check(t, testutil.Want{Status: 200})
			r.JSON(t, &res)
			want := couponlink.Result{Success: true, Migrated: 1, Linked: 1, Rederived: 0, Unknown: len(forged) - 2, LinkedCodes: []string{mine.Code}}
			if res.Success != want.Success || res.Migrated != want.Migrated || res.Linked != want.Linked || res.Rederived != 0 ||
				res.Unknown != want.Unknown || !slices.Equal(res.LinkedCodes, want.LinkedCodes) {
				t.Errorf("run %d = %+v, want %+v", run, res, want)
			}
		}
		// The victim's code, sent by its owner, links for them.
		var victimRes couponlink.Result
		victimClient := s.Client()
		if r := victimClient.Do("POST", "/api/auth/login", map[string]string{"email": victim.Email, "password": "password1"}); r.Status != 200 {
			t.Fatalf("victim login: %d", r.Status)
		}
		victimClient.Do("POST", "/api/migration/run", map[string]any{"coupons": []any{map[string]any{"code": theirs.Code}}}).JSON(t, &victimRes)
		if victimRes.Linked != 1 || victimRes.Unknown != 0 {
			t.Errorf("the owner's run = %+v", victimRes)
		}
		var adminRes couponlink.Result
		admin.Do("POST", "/api/migration/run", map[string]any{"coupons": []any{map[string]any{"code": mine.Code}}}).JSON(t, &adminRes)
		if adminRes.Linked != 0 || adminRes.Unknown != 1 || adminRes.Rederived != 0 || adminRes.Migrated != 0 {
			t.Errorf("an admin sending another user's code = %+v", adminRes)
		}

		if n := count(); n != before {
			t.Errorf("%d coupons after the runs, %d before", n, before)
		}
		if n, cents := totals(t, d, me.ID); n != myN || cents != myCents {
			t.Errorf("caller: %d coupons worth %d cents, before %d worth %d", n, cents, myN, myCents)
		}
		if n, cents := totals(t, d, victim.ID); n != theirN || cents != theirCents {
			t.Errorf("victim: %d coupons worth %d cents, before %d worth %d", n, cents, theirN, theirCents)
		}
		if n, _ := totals(t, d, adminProfile.ID); n != adminN || n != 0 {
			t.Errorf("admin with a simulated purchase: %d coupons, want 0", n)
		}
	})
}

// The request is size-capped and must be a list of entries.
func TestMigrationRunLimits(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	c, _ := s.Login(auth.RoleUser)
	entries := func(n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = map[string]any{"code": "LW-FAKE"}
		}
		return out
	}
	var res couponlink.Result
	r := c.Do("POST", "/api/migration/run", map[string]any{"coupons": entries(couponlink.MaxCoupons)})
	r.Check(t, testutil.Want{Status: 200})
	r.JSON(t, &res)
	if res.Unknown != 1 || res.Linked != 0 || res.LinkedCodes == nil {
		t.Errorf("200 copies of one forged code = %+v, want it counted once", res)
	}
	for _, tt := range []struct {
		name string
		body any
		want testutil.Want
	}{
		{"201 coupons", map[string]any{"coupons": entries(couponlink.MaxCoupons + 1)},
			testutil.Want{Status: 400, Code: "validation_failed", Field: "coupons", Message: "At most 200 coupons can be migrated at once."}},
		{"coupons keyed by code", `{"coupons": {"LW-FAKE": {"code": "LW-FAKE"}}}`,
			testutil.Want{Status: 400, Field: "coupons", Message: "coupons must be a list."}},
		{"an unknown field", map[string]any{"coupons": []any{}, "userId": "someone"}, testutil.Want{Status: 400, Code: "unknown_field", Field: "userId"}},
		{"not JSON", "coupons", testutil.Want{Status: 400, Code: "bad_request"}},
		{"empty object", map[string]any{}, testutil.Want{Status: 200}},
		{"over 1 MB", map[string]any{"coupons": []any{map[string]any{"code": strings.Repeat("x", 1<<20)}}},
			testutil.Want{Status: 413, Code: "body_too_large"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c.Do("POST", "/api/migration/run", tt.body).Check(t, tt.want)
		})
	}
}
