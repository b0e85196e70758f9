// Package report is the owner's books (docs/api.md, "Reports"): for a period
// of the store's days, the money taken and refunded, the coupons issued,
// redeemed, expired and refunded, the store credit still owed, each
// webinar's funnel and a series for the chart. Every figure is an SQL
// aggregate over an indexed time column; no rows are loaded to be summed.
package report

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/period"
)

// Service computes reports; it knows nothing of HTTP.
type Service struct {
	db  *db.DB
	loc *time.Location
	now clock.Func
}

// NewService returns the report service on d; days are loc's (the store's).
func NewService(d *db.DB, loc *time.Location, now clock.Func) *Service {
	return &Service{db: d, loc: loc, now: now}
}

// Money is a count of records and their sum in cents, shown in dollars too.
type Money struct {
	Count   int     `json:"count"`
	Cents   int64   `json:"cents"`
	Dollars float64 `json:"dollars"`
}

func money(count int, cents int64) Money {
	return Money{Count: count, Cents: cents, Dollars: float64(cents) / 100}
}

// Report is one period's figures.
type Report struct {
	Period period.Period `json:"period"`
	// Payments: taken (fulfilled with a coupon in the period), refunded by
	// an admin (the provider confirmed it in the period), net (taken −
	// refunded, cents), and returned at once: paid when no seat was left,
	// refunded without a coupon (money in and out, shown apart).
	Payments struct {
		Taken          Money `json:"taken"`
		Refunded       Money `json:"refunded"`
		NetCents       int64 `json:"net_cents"`
		ReturnedNoSeat Money `json:"returned_no_seat"`
	} `json:"payments"`
	// Coupons by face value: issued, redeemed, expired (their expiry fell in
	// the period, neither redeemed nor refunded) and refunded in the period.
	Coupons struct {
		Issued   Money `json:"issued"`
		Redeemed Money `json:"redeemed"`
		Expired  Money `json:"expired"`
		Refunded Money `json:"refunded"`
	} `json:"coupons"`
	// Outstanding is the store credit owed at AsOf (the period's end, or now
	// for a period still running): coupons issued before, expiring after,
	// and neither redeemed nor refunded by then.
	Outstanding struct {
		AsOf time.Time `json:"as_of"`
		Money
	} `json:"outstanding"`
	Funnel []Funnel `json:"funnel"`
	Series Series   `json:"series"`
}

// Funnel is one webinar held in the period (by its event date) and how far
// its registrations got, to date: watched the video to the end (or bought,
// which needs it), a paid seat now (card, free claim or simulated; a
// refunded one is given back), the coupon redeemed. Percentages are of the
// step before, rounded down to one decimal.
type Funnel struct {
	WebinarID       string  `json:"webinar_id"`
	Title           string  `json:"webinar_title"`
	Registered      int     `json:"registered"`
	Watched         int     `json:"watched"`
	Paid            int     `json:"paid"`
	Redeemed        int     `json:"redeemed"`
	WatchedPercent  float64 `json:"watched_percent"`
	PaidPercent     float64 `json:"paid_percent"`
	RedeemedPercent float64 `json:"redeemed_percent"`
}

// Series is the chart: sales (payments taken) and redemptions (face value)
// per day, month or year of the period, in the store's zone.
type Series struct {
	Bucket string  `json:"bucket"` // "day", "month" or "year"
	Points []Point `json:"points"`
}

// Point is one bucket: its first day and what happened in it.
type Point struct {
	Start       string `json:"start"` // YYYY-MM-DD, the store's
	Sales       Money  `json:"sales"`
	Redemptions Money  `json:"redemptions"`
}

// Report computes p's figures. Its four queries are independent reads, so
// they run at once, each on its own connection (both engines let readers
// run side by side): the chart's series (whose sums are the period's sales
// and redemptions), the other totals in one query of single-pass
// aggregates over covering indexes, the store credit owed, and the funnel.
// It reads outside any transaction.
func (s *Service) Report(ctx context.Context, p period.Period) (Report, error) {
	r := Report{Period: p}
	now := s.now()
	totals := map[string]Money{}
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { r.Series, err = s.series(ctx, p); return err })
	g.Go(func() error { return s.totals(ctx, p, now, totals) })
	g.Go(func() error { return s.outstanding(ctx, p, now, &r) })
	g.Go(func() (err error) { r.Funnel, err = s.funnel(ctx, p); return err })
	if err := g.Wait(); err != nil {
		return Report{}, err
	}
	var taken, redeemed Money
	for _, pt := range r.Series.Points {
		taken = money(taken.Count+pt.Sales.Count, taken.Cents+pt.Sales.Cents)
		redeemed = money(redeemed.Count+pt.Redemptions.Count, redeemed.Cents+pt.Redemptions.Cents)
	}
	r.Payments.Taken, r.Payments.Refunded, r.Payments.ReturnedNoSeat = taken, totals["refunded"], totals["no_seat"]
	r.Payments.NetCents = taken.Cents - totals["refunded"].Cents
	r.Coupons.Issued, r.Coupons.Redeemed = totals["issued"], redeemed
	r.Coupons.Expired, r.Coupons.Refunded = totals["expired"], totals["coupons_refunded"]
	return r, nil
}

// totals fills into the period's refunds, coupons issued, expired and
// refunded, by name.
func (s *Service) totals(ctx context.Context, p period.Period, now time.Time, into map[string]Money) error {
	rows, err := s.db.QueryContext(ctx, `
		SELECT 'refunded', count(*), COALESCE(sum(amount_cents), 0) FROM payments
			WHERE refunded_at >= $1 AND refunded_at < $2 AND refund_reason = 'admin'
		UNION ALL SELECT 'no_seat', count(*), COALESCE(sum(amount_cents), 0) FROM payments
			WHERE refunded_at >= $1 AND refunded_at < $2 AND refund_reason = 'no_seat'
		UNION ALL SELECT 'issued', count(*), COALESCE(sum(value_cents), 0) FROM coupons
			WHERE created_at >= $1 AND created_at < $2
		UNION ALL SELECT 'expired', count(*), COALESCE(sum(value_cents), 0) FROM coupons
			WHERE expires_at >= $1 AND expires_at < $2 AND expires_at <= $3 AND status IN ('active', 'expired')
		UNION ALL SELECT 'coupons_refunded', count(*), COALESCE(sum(value_cents), 0) FROM coupons
			WHERE refunded_at >= $1 AND refunded_at < $2`, p.Start, p.End, now)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var n int
		var cents int64
		if err := rows.Scan(&name, &n, &cents); err != nil {
			return db.MapError(err)
		}
		into[name] = money(n, cents)
	}
	return db.MapError(rows.Err())
}

// outstanding is the store credit owed at the period's end, or now for a
// period still running.
func (s *Service) outstanding(ctx context.Context, p period.Period, now time.Time, r *Report) error {
	asOf := p.End
	if now.Before(asOf) {
		asOf = now
	}
	var n int
	var cents int64
	// COALESCE keeps the planner on the expiry index (few coupons expire
	// after the date) rather than the issue one (most were issued before).
	err := s.db.QueryRowContext(ctx, `SELECT count(*), COALESCE(sum(value_cents), 0) FROM coupons
		WHERE expires_at > $1 AND COALESCE(created_at, created_at) < $1
		AND (redeemed_at IS NULL OR redeemed_at >= $1) AND (refunded_at IS NULL OR refunded_at >= $1)`, asOf).Scan(&n, &cents)
	if err != nil {
		return db.MapError(err)
	}
	r.Outstanding.AsOf, r.Outstanding.Money = asOf, money(n, cents)
	return nil
}

// funnel follows each webinar held in the period (its event date) through
// all its registrations to date: two grouped passes over covering indexes,
// one of the registrations, one of the redeemed coupons.
func (s *Service) funnel(ctx context.Context, p period.Period) ([]Funnel, error) {
	q := s.db
	rows, err := q.QueryContext(ctx, `SELECT id, title FROM webinars
		WHERE event_datetime >= $1 AND event_datetime < $2 ORDER BY event_datetime, title, id`, p.Start, p.End)
	if err != nil {
		return nil, db.MapError(err)
	}
	out := []Funnel{}
	index := map[string]int{}
	for rows.Next() {
		var f Funnel
		if err := rows.Scan(&f.WebinarID, &f.Title); err != nil {
			rows.Close()
			return nil, db.MapError(err)
		}
		index[f.WebinarID] = len(out)
		out = append(out, f)
	}
	if err := rows.Close(); err != nil {
		return nil, db.MapError(err)
	}
	const held = `(SELECT id FROM webinars WHERE event_datetime >= $1 AND event_datetime < $2)`
	counts := func(query string, scan func(f *Funnel) []any) error {
		rows, err := q.QueryContext(ctx, query, p.Start, p.End)
		if err != nil {
			return db.MapError(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var f Funnel
			if err := rows.Scan(append([]any{&id}, scan(&f)...)...); err != nil {
				return db.MapError(err)
			}
			if i, ok := index[id]; ok {
				out[i].Registered, out[i].Watched, out[i].Paid = out[i].Registered+f.Registered, out[i].Watched+f.Watched, out[i].Paid+f.Paid
				out[i].Redeemed += f.Redeemed
			}
		}
		return db.MapError(rows.Err())
	}
	// Watched: the video's end was recorded, or the seat is paid (which
	// needs it; a reset clears the one flag, not the other).
	err = counts(`SELECT webinar_id, count(*),
		sum(CASE WHEN watched_video_fully = TRUE OR purchased_coupon = TRUE THEN 1 ELSE 0 END),
		sum(CASE WHEN purchased_coupon = TRUE THEN 1 ELSE 0 END)
		FROM webinar_registrations WHERE webinar_id IN `+held+` GROUP BY webinar_id`,
		func(f *Funnel) []any { return []any{&f.Registered, &f.Watched, &f.Paid} })
	if err != nil {
		return nil, err
	}
	err = counts(`SELECT webinar_id, count(*) FROM coupons WHERE status = 'used' AND webinar_id IN `+held+` GROUP BY webinar_id`,
		func(f *Funnel) []any { return []any{&f.Redeemed} })
	if err != nil {
		return nil, err
	}
	for i := range out {
		f := &out[i]
		f.WatchedPercent, f.PaidPercent, f.RedeemedPercent = percent(f.Watched, f.Registered), percent(f.Paid, f.Watched), percent(f.Redeemed, f.Paid)
	}
	return out, nil
}

// percent is part of whole in percent, one decimal; 0 of nothing is 0.
func percent(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*1000/whole) / 10
}

// Bucket sizes of the chart: days for a period of up to two months,
// months up to three years, years beyond.
const (
	maxDayBuckets   = 62
	maxMonthBuckets = 36
)

// buckets are the first instants of the period's chart buckets, in order,
// the first at p.Start, and the bucket's name.
func (s *Service) buckets(p period.Period) ([]time.Time, string) {
	start := p.Start.In(s.loc)
	days := p.Days(s.loc)
	step, name := func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }, "day"
	switch {
	case days > maxMonthBuckets*31:
		step, name = func(t time.Time) time.Time { return time.Date(t.Year()+1, 1, 1, 0, 0, 0, 0, s.loc) }, "year"
	case days > maxDayBuckets:
		step, name = func(t time.Time) time.Time { return time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, s.loc) }, "month"
	}
	var out []time.Time
	for t := start; t.Before(p.End); t = step(t) {
		out = append(out, t)
	}
	return out, name
}

// series sums sales and redemptions per bucket: one query whose parts each
// aggregate one bucket's range of a covering index (a GROUP BY over a
// computed bucket would sort every row; both engines share this SQL).
func (s *Service) series(ctx context.Context, p period.Period) (Series, error) {
	starts, name := s.buckets(p)
	out := Series{Bucket: name, Points: make([]Point, len(starts))}
	bounds := make([]any, 0, len(starts)+1)
	for i, t := range starts {
		out.Points[i].Start = t.Format("2006-01-02")
		bounds = append(bounds, t.UTC())
	}
	bounds = append(bounds, p.End)
	var sql strings.Builder
	for i := range starts {
		from, to := "$"+strconv.Itoa(i+1), "$"+strconv.Itoa(i+2)
		if i > 0 {
			sql.WriteString(" UNION ALL ")
		}
		fmt.Fprintf(&sql, `SELECT %d, 'sales', count(*), COALESCE(sum(amount_cents), 0) FROM payments
			WHERE fulfilled_at >= %s AND fulfilled_at < %s
			UNION ALL SELECT %d, 'redemptions', count(*), COALESCE(sum(value_cents), 0) FROM coupons
			WHERE redeemed_at >= %s AND redeemed_at < %s`, i, from, to, i, from, to)
	}
	rows, err := s.db.QueryContext(ctx, sql.String(), bounds...)
	if err != nil {
		return Series{}, db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var i, n int
		var kind string
		var cents int64
		if err := rows.Scan(&i, &kind, &n, &cents); err != nil {
			return Series{}, db.MapError(err)
		}
		if i < 0 || i >= len(out.Points) {
			continue
		}
		if kind == "sales" {
			out.Points[i].Sales = money(n, cents)
		} else {
			out.Points[i].Redemptions = money(n, cents)
		}
	}
	return out, db.MapError(rows.Err())
}
