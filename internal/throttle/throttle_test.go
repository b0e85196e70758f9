package throttle_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
	"watchwin/internal/testutil"
	"watchwin/internal/throttle"
)

// A burst of parallel attempts on one key gets exactly Max through: each is
// counted in one atomic statement.
func TestCountHoldsUnderBurst(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		clock := &testutil.Clock{}
		th := throttle.New(d, clock.Now)
		limit := throttle.Limit{Kind: "burst", Max: 5, Window: time.Minute}
		var mu sync.Mutex
		allowed, refused := 0, 0
		var wg sync.WaitGroup
		for range 40 {
			wg.Go(func() {
				_, r, err := th.Count(context.Background(), clock.Now(), limit.On("k"))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					t.Errorf("count: %v", err)
				case r != nil:
					refused++
				default:
					allowed++
				}
			})
		}
		wg.Wait()
		if allowed != 5 || refused != 35 {
			t.Errorf("allowed %d, refused %d; want 5 and 35", allowed, refused)
		}
	})
}

// A refused claim gives back the attempts counted on the claims before it,
// Refund gives attempts back, and the window passing allows attempts again.
func TestCountRefundAndWindow(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := &testutil.Clock{}
		th := throttle.New(d, clock.Now)
		wide := throttle.Limit{Kind: "wide", Max: 2, Window: time.Minute}
		narrow := throttle.Limit{Kind: "narrow", Max: 1, Window: time.Minute}
		count := func(claims ...throttle.Claim) ([]throttle.Attempt, *throttle.Attempt) {
			t.Helper()
			got, refused, err := th.Count(ctx, clock.Now(), claims...)
			if err != nil {
				t.Fatal(err)
			}
			return got, refused
		}
		if _, r := count(wide.On("a"), narrow.On("b")); r != nil {
			t.Fatalf("first attempt refused on %s", r.Kind)
		}
		// Refused on narrow: the attempt on wide is given back…
		r1, r := count(wide.On("a"), narrow.On("b"))
		if r == nil || r.Kind != "narrow" || r1 != nil {
			t.Fatalf("second attempt: refused %+v, counted %v; want refused on narrow", r, r1)
		}
		if wait := r.RetryAfter(clock.Now()); wait < 59*time.Second || wait > time.Minute {
			t.Errorf("retry after %s, want about a minute", wait)
		}
		// …so wide has one attempt left, which exhausts it.
		got, r := count(wide.On("a"))
		if r != nil || len(got) != 1 || got[0].Count != 2 || !got[0].Exhausted() {
			t.Fatalf("wide after refusal: %+v refused %+v; want count 2, exhausted", got, r)
		}
		th.Refund(ctx, got)
		if _, r := count(wide.On("a")); r != nil {
			t.Fatal("refunded attempt not given back")
		}
		if _, r := count(wide.On("a")); r == nil {
			t.Fatal("third attempt in the window not refused")
		}
		clock.Advance(time.Minute)
		if _, r := count(wide.On("a"), narrow.On("b")); r != nil {
			t.Fatalf("refused on %s after the window passed", r.Kind)
		}
		// Housekeeping removes only windows older than MaxWindow.
		if err := th.DeleteStale(ctx, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if _, r := count(narrow.On("b")); r == nil {
			t.Fatal("DeleteStale removed a count still in its window")
		}
		clock.Advance(throttle.MaxWindow)
		if err := th.DeleteStale(ctx, clock.Now()); err != nil {
			t.Fatal(err)
		}
		var rows int
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM throttle_attempts`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 0 {
			t.Errorf("%d stale rows left", rows)
		}
	})
}

func TestCountRefusesBadLimit(t *testing.T) {
	d := testutil.OpenDB(t, db.SQLite)
	th := throttle.New(d, clock.Now)
	for _, l := range []throttle.Limit{
		{Kind: "long", Max: 1, Window: throttle.MaxWindow + time.Second},
		{Kind: "none", Max: 0, Window: time.Minute},
	} {
		if _, _, err := th.Count(context.Background(), clock.Now(), l.On("x")); err == nil {
			t.Errorf("limit %+v accepted", l)
		}
	}
}

// Limit limits a route per client address and per account, with a 429 in
// the API's error shape and a Retry-After; other routes and other accounts
// are not affected.
func TestLimitPerAddressAndAccount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		clock := &testutil.Clock{}
		th := throttle.New(d, clock.Now)
		mux := http.NewServeMux()
		account := func(r *http.Request) string { return r.Header.Get("X-Account") }
		rule := throttle.Rule{Name: "test", PerAccount: 2, PerAddress: 3, Window: 10 * time.Minute}
		ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
		mux.Handle("POST /limited", th.Limit(rule, account, ok))
		mux.Handle("POST /free", ok)
		srv := httptest.NewServer(httpx.ClientAddress(nil)(mux))
		defer srv.Close()
		send := func(path, account string) *http.Response {
			t.Helper()
			req, _ := http.NewRequest("POST", srv.URL+path, nil)
			req.Header.Set("X-Account", account)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if res.StatusCode == http.StatusTooManyRequests {
				var body struct {
					Error struct{ Code, Message string }
				}
				if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
					t.Fatal(err)
				}
				if body.Error.Code != "too_many_attempts" || body.Error.Message != "Too many requests. Please try again in 10 minutes." {
					t.Errorf("429 body %+v", body.Error)
				}
				if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 590 || s > 600 {
					t.Errorf("Retry-After %q, want about 600", res.Header.Get("Retry-After"))
				}
			}
			return res
		}
		want := func(path, account string, status int) {
			t.Helper()
			if got := send(path, account).StatusCode; got != status {
				t.Errorf("POST %s as %q = %d, want %d", path, account, got, status)
			}
		}
		want("/limited", "alice", 204)
		want("/limited", "alice", 204)
		want("/limited", "alice", 429) // alice's limit
		want("/limited", "bob", 204)   // the address has one left (alice's refusal was not counted)
		want("/limited", "carol", 429) // the address's limit
		for range 5 {
			want("/free", "alice", 204)
		}
		clock.Advance(10 * time.Minute)
		want("/limited", "alice", 204)
	})
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.7":               "192.0.2.7",
		"::ffff:192.0.2.7":        "192.0.2.7",
		"2001:db8:1:2:3:4:5:6":    "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1":    "2001:db8:1:2::/64",
		"not an address":          "not an address",
		"fe80::1%eth0":            "fe80::/64",
		"2001:db8:1:3:3:4:5:6":    "2001:db8:1:3::/64",
		"2001:0db8:0001:0002::99": "2001:db8:1:2::/64",
	} {
		if got := throttle.ClientKey(in); got != want {
			t.Errorf("ClientKey(%q) = %q, want %q", in, got, want)
		}
	}
}
