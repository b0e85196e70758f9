package registration_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// progressBudget is the p99 a progress report must hold at 10,000 viewers
// reporting every 10 s (1,000 reports a second) on SQLite (docs/performance.md).
const progressBudget = 50 * time.Millisecond

// BenchmarkProgressReports: 10,000 signed-in viewers of one webinar, each
// reporting its next 10 s every 10 s, sent open-loop at 1,000 reports a
// second for 5 s to the endpoint itself (POST
// /api/webinars/{id}/registration/progress through the app's handler: the
// session lookup, the route's limit, the JSON and the write), in process;
// reports the p99 and fails past the budget. SQLite, run by `make bench`
// (go test -bench), never by `make test`.
func BenchmarkProgressReports(b *testing.B) {
	const viewers, rate, seconds = 10_000, 1000, 5
	s := testutil.NewServer(b, db.SQLite)
	ctx := context.Background()
	w := s.CreateWebinar(testutil.WebinarSpec{Length: 3600})
	d := s.App.DB
	// Each viewer's session is a row of sessions under the SHA-256 of its
	// cookie's token, as a login leaves it.
	tokens := make([]string, viewers)
	err := d.InTx(ctx, func(ctx context.Context) error {
		now := s.Clock.Now()
		for i := range tokens {
			id := uuid.NewString()
			email := fmt.Sprintf("viewer%d@example.com", i)
			tokens[i] = rand.Text()
			sum := sha256.Sum256([]byte(tokens[i]))
			if _, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO profiles (id, email, role, created_at, updated_at)
				VALUES ($1, $2, 'user', $3, $3)`, id, email, now); err != nil {
				return err
			}
			if _, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
				VALUES ($1, $2, $3, $4, $3)`, hex.EncodeToString(sum[:]), id, now, now.Add(24*time.Hour)); err != nil {
				return err
			}
			if _, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO webinar_registrations (id, webinar_id, user_id,
				user_name_for_registration, user_email_for_registration, registration_time, progress_at)
				VALUES ($1, $2, $3, 'Bench Viewer', $4, $5, $5)`, uuid.NewString(), w.ID, id, email, now.Add(-time.Hour)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	h := s.App.Handler()
	path := "/api/webinars/" + w.ID + "/registration/progress"
	b.ResetTimer()
	for range b.N {
		latencies := make([]time.Duration, 0, rate*seconds)
		var mu sync.Mutex
		var wg sync.WaitGroup
		tick := time.NewTicker(time.Second / rate)
		start := time.Now()
		for i := range rate * seconds {
			<-tick.C
			token := tokens[i%viewers]
			at := (i / viewers) * 10
			wg.Go(func() {
				req := httptest.NewRequest("POST", path, strings.NewReader(fmt.Sprintf(`{"intervals":[[%d,%d]]}`, at, at+10)))
				req.Header.Set("Content-Type", "application/json")
				req.AddCookie(&http.Cookie{Name: auth.CookieName, Value: token})
				rec := httptest.NewRecorder()
				t0 := time.Now()
				h.ServeHTTP(rec, req)
				took := time.Since(t0)
				if rec.Code != http.StatusOK {
					b.Errorf("progress report: %d %s", rec.Code, rec.Body)
				}
				mu.Lock()
				latencies = append(latencies, took)
				mu.Unlock()
			})
		}
		tick.Stop()
		wg.Wait()
		slices.Sort(latencies)
		p99 := latencies[len(latencies)*99/100]
		b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(len(latencies))/time.Since(start).Seconds(), "reports/s")
		if p99 > progressBudget {
			b.Errorf("progress report p99 %v at %d reports a second; budget %v", p99, rate, progressBudget)
		}
	}
}
