package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/cluster"
)

// TestCluster proves issue 13's promise with the real binary: two
// instances on one PostgreSQL database keep every guarantee one instance
// keeps, with the requests of each case spread across both: 1,000 buyers
// racing for 20 seats get exactly 20 coupons; 50 replays of one payment's
// confirm (the account's confirm limit is 60) make one coupon and one e-mail; 20 admins' clicks on one coupon's
// Redeem make one redemption; and each queued e-mail is sent by exactly one
// of the two instances' mail workers. It runs when WATCHWIN_TEST_DATABASE_URL
// is set (always under CI).
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary twice")
	}
	dbURL := testutil.PostgresSchema(t)
	dir := t.TempDir()
	bin := binary(t)
	runBinary(t, bin, append(os.Environ(), "WATCHWIN_DATABASE_URL="+dbURL), dir,
		"user", "add", "--email", "boss@example.com", "--password", "secret12", "--role", "admin")

	logs := []*lockedBuffer{{}, {}}
	c, err := cluster.Start(t.Context(), cluster.Options{
		Binary: bin, DatabaseURL: dbURL, Instances: 2, DataDir: dir,
		Log: func(i int) io.Writer { return logs[i] },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Stop)
	d, err := db.Open(t.Context(), dbURL, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	api := &spread{urls: c.URLs, http: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 100}}}

	admin := api.login(t, "boss@example.com", "secret12")
	webinar := func(seats int) string {
		var w struct{ ID string }
		api.must(t, admin, "POST", "/api/admin/webinars", map[string]any{
			"title": "Cluster course", "description": "Two instances, one store.",
			"event_datetime": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339),
			"display_price":  40, "total_seats": seats, "youtube_video_id": "dQw4w9WgXcQ", "is_active": true,
		}, 201, &w)
		return w.ID
	}

	t.Run("1,000 buyers, 20 seats: 20 coupons", func(t *testing.T) {
		const seats, buyers = 20, 1000
		w := webinar(seats)
		people := seedBuyers(t, d, buyers)
		parallel(buyers, 50, func(i int) {
			api.must(t, people[i], "POST", "/api/webinars/"+w+"/registrations", map[string]string{"name": "Sam Carter", "email": people[i].email}, 201, nil)
			api.must(t, people[i], "POST", "/api/webinars/"+w+"/registration/watched", nil, 200, nil)
		})
		var coupons, soldOut, other atomic.Int32
		parallel(buyers, 100, func(i int) {
			status, body := api.do(t, people[i], "POST", "/api/webinars/"+w+"/payments", nil, nil)
			if status == 409 && (strings.Contains(body, `"sold_out"`) || strings.Contains(body, `"seats_held"`)) {
				soldOut.Add(1)
				return
			}
			if status != 201 {
				other.Add(1)
				t.Errorf("start payment: %d %s", status, body)
				return
			}
			if api.buy(t, people[i], body) != "" {
				coupons.Add(1)
			}
		})
		if coupons.Load() != seats || soldOut.Load() != buyers-seats || other.Load() != 0 {
			t.Errorf("coupons %d, sold out %d, other %d; want %d, %d, 0", coupons.Load(), soldOut.Load(), other.Load(), seats, buyers-seats)
		}
		paid := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon`, w)
		issued := testutil.Count(t, d, `SELECT count(*) FROM coupons WHERE webinar_id = $1`, w)
		if paid != seats || issued != seats {
			t.Errorf("paid seats %d, coupons %d; want %d each", paid, issued, seats)
		}
	})

	t.Run("50 confirm replays: 1 coupon, 1 e-mail", func(t *testing.T) {
		w := webinar(20)
		p := seedBuyers(t, d, 1)[0]
		api.must(t, p, "POST", "/api/webinars/"+w+"/registrations", map[string]string{"name": "Sam Carter", "email": p.email}, 201, nil)
		api.must(t, p, "POST", "/api/webinars/"+w+"/registration/watched", nil, 200, nil)
		var st struct{ ID, ClientSecret string }
		api.must(t, p, "POST", "/api/webinars/"+w+"/payments", nil, 201, &st)
		api.must(t, p, "POST", "/api/payments/test-intents/"+st.ID+"/confirm", testCard(st.ClientSecret), 200, nil)
		codes := make([]string, 50)
		parallel(50, 50, func(i int) {
			var got struct{ Code string }
			api.must(t, p, "POST", "/api/payments/confirm", map[string]string{"paymentIntentId": st.ID}, 200, &got)
			codes[i] = got.Code
		})
		for _, code := range codes {
			if code == "" || code != codes[0] {
				t.Fatalf("replays answered different codes: %q and %q", codes[0], code)
			}
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM coupons WHERE webinar_id = $1`, w); n != 1 {
			t.Errorf("coupons %d, want 1", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE to_address = $1 AND strpos(body_text, $2) > 0`, p.email, codes[0]); n != 1 {
			t.Errorf("e-mails with the coupon code queued %d, want 1", n)
		}
	})

	t.Run("20 clicks on Redeem: one redemption", func(t *testing.T) {
		var couponID string
		if err := d.QueryRow(`SELECT id FROM coupons WHERE status = 'active' LIMIT 1`).Scan(&couponID); err != nil {
			t.Fatal(err)
		}
		var ok, refused atomic.Int32
		parallel(20, 20, func(int) {
			status, body := api.do(t, admin, "POST", "/api/admin/coupons/"+couponID+"/redeem", nil, nil)
			switch {
			case status == 200:
				ok.Add(1)
			case status == 409 && strings.Contains(body, "already_redeemed"):
				refused.Add(1)
			default:
				t.Errorf("redeem: %d %s", status, body)
			}
		})
		if ok.Load() != 1 || refused.Load() != 19 {
			t.Errorf("redeemed %d times, refused %d; want 1 and 19", ok.Load(), refused.Load())
		}
	})

	t.Run("every e-mail sent once by one of the instances", func(t *testing.T) {
		queued := testutil.Count(t, d, `SELECT count(*) FROM mail_outbox`)
		deadline := time.Now().Add(30 * time.Second)
		for testutil.Count(t, d, `SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL`) > 0 {
			if time.Now().After(deadline) {
				t.Fatal("mail still unsent after 30 s")
			}
			time.Sleep(200 * time.Millisecond)
		}
		// A worker logs "mail sent" after it marks the row sent: read the
		// logs until every queued mail is there (or the deadline passes).
		var sent map[string]int
		var perInstance []int
		for {
			sent, perInstance = map[string]int{}, make([]int, len(logs))
			for i, l := range logs {
				for _, id := range sentMail(l.String()) {
					sent[id]++
					perInstance[i]++
				}
			}
			if len(sent) >= queued || time.Now().After(deadline) {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		if len(sent) != queued {
			t.Errorf("%d distinct mails logged as sent, %d queued", len(sent), queued)
		}
		for id, n := range sent {
			if n != 1 {
				t.Errorf("mail %s sent %d times", id, n)
			}
		}
		t.Logf("mails sent per instance: %v", perInstance)
	})

	t.Run("both instances answered", func(t *testing.T) {
		for i, n := range api.perInstance() {
			if n == 0 {
				t.Errorf("instance %d answered no request", i)
			}
		}
	})
}

// buyer is a signed-in account with its own client address.
type buyer struct {
	email, session, address string
}

// seedBuyers creates n accounts and a session for each straight in the
// database (as testutil's seeds do: a password hash per account would make
// this test about argon2), each with a client address of its own, so the
// per-address limits see n visitors.
func seedBuyers(t *testing.T, d *db.DB, n int) []buyer {
	t.Helper()
	now := clock.Now()
	out := make([]buyer, n)
	for i := range out {
		id := uuid.NewString()
		token := rand.Text()
		sum := sha256.Sum256([]byte(token))
		b := buyer{email: "buyer-" + id[:13] + "@example.com", session: token,
			address: fmt.Sprintf("10.%d.%d.%d", (i>>16)&255, (i>>8)&255, i&255)}
		if _, err := d.Exec(`INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ($1, $2, 'user', $3, $3)`, id, b.email, now); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
			hex.EncodeToString(sum[:]), id, now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		out[i] = b
	}
	return out
}

// spread sends each request to the next instance in turn.
type spread struct {
	urls []string
	http *http.Client
	next atomic.Uint64
	hits sync.Map // instance index → *atomic.Int64
}

func (s *spread) perInstance() []int64 {
	out := make([]int64, len(s.urls))
	for i := range out {
		if v, ok := s.hits.Load(i); ok {
			out[i] = v.(*atomic.Int64).Load()
		}
	}
	return out
}

// do sends one request as b and returns the status and body; out, when
// not nil, receives the decoded JSON.
func (s *spread) do(t *testing.T, b buyer, method, path string, body, out any) (int, string) {
	t.Helper()
	i := int(s.next.Add(1)-1) % len(s.urls)
	v, _ := s.hits.LoadOrStore(i, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequestWithContext(context.Background(), method, s.urls[i]+path, rd)
	req.Header.Set("Origin", s.urls[i])
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if b.session != "" {
		req.AddCookie(&http.Cookie{Name: "watchwin_session", Value: b.session})
	}
	if b.address != "" {
		req.Header.Set("X-Forwarded-For", b.address)
	}
	res, err := s.http.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", method, path, err)
		return 0, ""
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode/100 == 2 {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Errorf("%s %s: %v", method, path, err)
		}
	}
	return res.StatusCode, string(raw)
}

// must is do that fails the test on another status than want.
func (s *spread) must(t *testing.T, b buyer, method, path string, body any, want int, out any) {
	t.Helper()
	if status, text := s.do(t, b, method, path, body, out); status != want {
		t.Errorf("%s %s: %d, want %d: %.300s", method, path, status, want, text)
	}
}

// login signs in through the API and returns the session.
func (s *spread) login(t *testing.T, email, password string) buyer {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, _ := http.NewRequest("POST", s.urls[0]+"/api/auth/login", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := s.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if c.Name == "watchwin_session" {
			return buyer{email: email, session: c.Value}
		}
	}
	t.Fatalf("login %s: %d, no session cookie", email, res.StatusCode)
	return buyer{}
}

// buy pays a started payment (its JSON in started) with the test card and
// confirms it; it returns the coupon code ("" on failure).
func (s *spread) buy(t *testing.T, b buyer, started string) string {
	t.Helper()
	var st struct{ ID, ClientSecret string }
	if err := json.Unmarshal([]byte(started), &st); err != nil {
		t.Errorf("start payment answer %q: %v", started, err)
		return ""
	}
	s.must(t, b, "POST", "/api/payments/test-intents/"+st.ID+"/confirm", testCard(st.ClientSecret), 200, nil)
	var c struct{ Code string }
	s.must(t, b, "POST", "/api/payments/confirm", map[string]string{"paymentIntentId": st.ID}, 200, &c)
	return c.Code
}

func testCard(secret string) map[string]any {
	return map[string]any{"client_secret": secret, "card_number": "4242 4242 4242 4242", "exp_month": 12,
		"exp_year": time.Now().Year() + 1, "cvc": "123", "postal_code": "60540"}
}

// parallel calls fn(0) … fn(n-1) with at most width running at once.
func parallel(n, width int, fn func(i int)) {
	sem := make(chan struct{}, width)
	var wg sync.WaitGroup
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			fn(i)
		})
	}
	wg.Wait()
}

// sentMail returns the ids of the mails an instance's worker logged as sent
// (its log is JSON lines).
func sentMail(log string) []string {
	var ids []string
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line struct {
			Msg    string `json:"msg"`
			MailID string `json:"mail_id"`
		}
		if json.Unmarshal(sc.Bytes(), &line) != nil {
			continue // not JSON: the mail's own text, logged by the log sender
		}
		if line.Msg == "mail sent" {
			ids = append(ids, line.MailID)
		}
	}
	return ids
}
