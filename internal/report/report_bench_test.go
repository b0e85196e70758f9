package report_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/csvx"
	"watchwin/internal/db"
	"watchwin/internal/period"
	"watchwin/internal/report"
	"watchwin/internal/setting"
	"watchwin/internal/testutil"
)

// The report's budget (docs/api.md#reports): a year's figures over a
// store of benchCoupons coupons in under reportBudget.
const (
	benchCoupons  = 100_000
	benchWebinars = 20
	reportBudget  = 200 * time.Millisecond
)

var (
	benchStores   = map[db.Engine]*db.DB{}
	benchStoresMu sync.Mutex
)

// benchStore is a database holding benchCoupons paid coupons over the last
// year (a quarter redeemed, one in twenty refunded, the oldest expired),
// seeded once per engine for every run of the benchmark.
func benchStore(b *testing.B, engine db.Engine) *db.DB {
	benchStoresMu.Lock()
	defer benchStoresMu.Unlock()
	if d := benchStores[engine]; d != nil {
		return d
	}
	d := testutil.OpenDB(b, engine)
	ctx := context.Background()
	now := clock.Now()
	start := now.AddDate(-1, 0, 0)
	step := now.Sub(start) / benchCoupons
	webinars := make([]string, benchWebinars)
	for i := range webinars {
		webinars[i] = uuid.NewString()
		if _, err := d.ExecContext(ctx, `INSERT INTO webinars (id, title, description, event_datetime, display_price_cents,
			total_seats, youtube_video_id, created_at, updated_at) VALUES ($1, $2, 'Bench', $3, 2500, 100000, 'dQw4w9WgXcQ', $3, $3)`,
			webinars[i], fmt.Sprintf("Bench webinar %d", i), start); err != nil {
			b.Fatal(err)
		}
	}
	users := benchCoupons / benchWebinars
	// One transaction for the lot: SQLite would otherwise sync each batch.
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	insert := batcher(b, tx)
	for u := range users {
		id := fmt.Sprintf("u%06d", u)
		insert(`profiles (id, email, role, created_at, updated_at)`, id, id+"@example.com", "user", start, start)
	}
	for i := range benchCoupons {
		at := start.Add(time.Duration(i) * step).Truncate(time.Microsecond)
		user, w := fmt.Sprintf("u%06d", i%users), webinars[i/users]
		reg, pay, coupon := fmt.Sprintf("r%06d", i), fmt.Sprintf("p%06d", i), fmt.Sprintf("c%06d", i)
		insert(`webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration,
			registration_time, watched_video_fully, purchased_coupon)`, reg, w, user, "Bench Buyer", user+"@example.com", at, true, i%20 != 0)
		status, redeemed, refunded, reason := "active", any(nil), any(nil), any(nil)
		payStatus := "succeeded"
		switch {
		case i%20 == 0:
			status, refunded, reason, payStatus = "refunded", at.Add(time.Hour), "admin", "refunded"
		case i%4 == 1:
			status, redeemed = "used", at.Add(48*time.Hour)
		}
		insert(`payments (id, provider, provider_payment_id, user_id, webinar_id, registration_id, amount_cents, currency,
			coupon_value_cents, status, created_at, updated_at, fulfilled_at, refund_reason, refunded_at)`,
			pay, "test", "bench-"+pay, user, w, reg, 2500, "usd", 3000, payStatus, at, at, at, reason, refunded)
		insert(`coupons (id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents, original_payment_cents,
			status, created_at, expires_at, redeemed_at, refunded_at, paid_cents, bonus_cents, paid_until, bonus_until,
			last_activity_at)`,
			coupon, "LW-"+coupon, user, w, reg, pay, 3000, 2500, status, at, at.AddDate(0, 0, 30), redeemed, refunded,
			2500, 500, at.AddDate(0, 0, 30), at.AddDate(0, 0, 30), at)
	}
	// The redemption history of the used ones, with their POS receipts.
	for i := range benchCoupons {
		if i%20 != 0 && i%4 == 1 {
			at := start.Add(time.Duration(i) * step).Truncate(time.Microsecond).Add(48 * time.Hour)
			insert(`coupon_redemptions (id, coupon_id, redeemed_by, redeemed_at, pos_receipt, value_cents)`,
				fmt.Sprintf("h%06d", i), fmt.Sprintf("c%06d", i), fmt.Sprintf("u%06d", (i+1)%users), at, fmt.Sprintf("R-%d", i), 3000)
		}
	}
	insert("")
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if d.Engine == db.Postgres {
		if _, err := d.ExecContext(ctx, `VACUUM (ANALYZE) webinar_registrations, payments, coupons`); err != nil {
			b.Fatal(err)
		}
	} else {
		// Statistics, and the seed moved from the write-ahead log into the
		// database file, as a store that grew over months has them (the
		// log is checkpointed as it goes; reads through a log holding the
		// whole store are slower).
		for _, q := range []string{`ANALYZE`, `PRAGMA wal_checkpoint(TRUNCATE)`} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				b.Fatal(err)
			}
		}
	}
	benchStores[engine] = d
	return d
}

// batcher inserts rows 200 at a time per table, in order; insert("")
// writes what is left.
func batcher(b *testing.B, d *sql.Tx) func(table string, row ...any) {
	var head string
	var rows [][]any
	flush := func() {
		if len(rows) == 0 {
			return
		}
		var sb strings.Builder
		var args []any
		sb.WriteString("INSERT INTO " + head + " VALUES ")
		for i, r := range rows {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteByte('(')
			for j := range r {
				if j > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "$%d", len(args)+j+1)
			}
			sb.WriteByte(')')
			args = append(args, r...)
		}
		if _, err := d.ExecContext(context.Background(), sb.String(), args...); err != nil {
			b.Fatalf("%s: %v", head, err)
		}
		rows = rows[:0]
	}
	return func(table string, row ...any) {
		if table != head || len(rows) == 200 {
			flush()
			head = table
		}
		if table != "" {
			rows = append(rows, row)
		}
	}
}

// benchService is the report service on engine's bench store, telling
// the time by now, with the store's zone.
func benchService(b *testing.B, engine db.Engine, now clock.Func) (*report.Service, *time.Location) {
	d := benchStore(b, engine)
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		b.Fatal(err)
	}
	return report.NewService(d, chicago, now, setting.NewService(d, nil, now), report.Mailer{}), chicago
}

// BenchmarkReport: a year's report (every figure, the funnel, a month per
// point of the chart) over 100,000 coupons, against reportBudget.
func BenchmarkReport(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(string(engine), func(b *testing.B) {
			svc, chicago := benchService(b, engine, clock.Now)
			now := clock.Now().In(chicago)
			p, err := period.Parse(url.Values{"from": {now.AddDate(-1, 0, 0).Format("2006-01-02")},
				"to": {now.Format("2006-01-02")}}, chicago, now, period.Custom) // the whole seeded year
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var took []time.Duration
			for b.Loop() {
				began := time.Now()
				r, err := svc.Report(ctx, p)
				if err != nil {
					b.Fatal(err)
				}
				if r.Coupons.Issued.Count != benchCoupons {
					b.Fatalf("the report saw %d coupons, want %d", r.Coupons.Issued.Count, benchCoupons)
				}
				took = append(took, time.Since(began))
			}
			// The median, so one moment of a busy machine does not decide.
			slices.Sort(took)
			median := took[len(took)/2]
			b.ReportMetric(float64(median.Microseconds())/1000, "median-ms")
			if median > reportBudget {
				b.Errorf("a report over %d coupons took %s (median of %d), over the %s budget", benchCoupons, median, len(took), reportBudget)
			}
		})
	}
}

// BenchmarkBooks: the books that close over the same 100,000 coupons
// (docs/product.md#books-that-close), each against reportBudget: a
// day's counter summary and the unclaimed-property list read five years on
// (every coupon still owed is dormant then: the worst case); the POS import
// file and the unclaimed-property CSV, streamed whole, are timed for
// comparison (an export's time grows with its rows).
func BenchmarkBooks(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(string(engine), func(b *testing.B) {
			ctx := context.Background()
			svc, chicago := benchService(b, engine, clock.Now)
			later, _ := benchService(b, engine, func() time.Time { return clock.Now().AddDate(5, 0, 0) })
			day, err := svc.Day(clock.Now().In(chicago).AddDate(0, -6, 0).Format("2006-01-02"))
			if err != nil {
				b.Fatal(err)
			}
			csv := func(name string, s *report.Service) func() error {
				return func() error {
					w, err := csvx.New(io.Discard, chicago)
					if err != nil {
						return err
					}
					if err := report.Lists[name](s, ctx, w); err != nil {
						return err
					}
					return w.Close()
				}
			}
			for _, m := range []struct {
				name   string
				run    func() error
				budget bool
			}{
				{"counter-day", func() error { _, err := svc.CounterDay(ctx, day); return err }, true},
				{"unclaimed-list", func() error { _, err := later.UnclaimedList(ctx); return err }, true},
				{"pos-import.csv", csv("pos-import.csv", svc), false},
				{"unclaimed.csv", csv("unclaimed.csv", later), false},
			} {
				b.Run(m.name, func(b *testing.B) {
					var took []time.Duration
					for b.Loop() {
						began := time.Now()
						if err := m.run(); err != nil {
							b.Fatal(err)
						}
						took = append(took, time.Since(began))
					}
					slices.Sort(took)
					median := took[len(took)/2]
					b.ReportMetric(float64(median.Microseconds())/1000, "median-ms")
					if m.budget && median > reportBudget {
						b.Errorf("%s over %d coupons took %s (median of %d), over the %s budget", m.name, benchCoupons, median, len(took), reportBudget)
					}
				})
			}
		})
	}
}
