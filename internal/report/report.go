// Package report is the owner's books (docs/api.md#reports): for a period
// of the store's days, the money taken and refunded, the coupons issued,
// redeemed, expired and refunded, the store credit still owed, each
// webinar's funnel and a series for the chart. Every figure is an SQL
// aggregate over an indexed time column; no rows are loaded to be summed.
package report

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"watchwin/internal/money"

	"golang.org/x/sync/errgroup"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/period"
	"watchwin/internal/setting"
)

// Service computes reports; it knows nothing of HTTP.
type Service struct {
	db       *db.DB
	loc      *time.Location
	now      clock.Func
	settings Settings
	mail     Mailer
}

// Settings is what reports read of the site settings (*setting.Service):
// the books' (the POS file's headers, the dormancy, the end-of-day e-mail)
// and the site's contact e-mail.
type Settings interface {
	Books(ctx context.Context) (setting.Books, error)
	Site(ctx context.Context) (setting.Site, error)
}

// Mailer queues the end-of-day e-mail through the site's templates.
type Mailer struct {
	Outbox    *mail.Outbox
	Templates *mail.Templates
}

// NewService returns the report service on d; days are loc's (the store's).
func NewService(d *db.DB, loc *time.Location, now clock.Func, settings Settings, m Mailer) *Service {
	return &Service{db: d, loc: loc, now: now, settings: settings, mail: m}
}

// Money is a count of records and their sum in cents, shown in dollars too.
type Money struct {
	Count   int     `json:"count"`
	Cents   int64   `json:"cents"`
	Dollars float64 `json:"dollars"`
}

func counted(count int, cents int64) Money {
	return Money{Count: count, Cents: cents, Dollars: money.Dollars(cents)}
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
	// Coupons: issued and refunded by face value, redeemed by the value
	// they were redeemed for (docs/product.md#coupons), expired (their last day
	// fell in the period, neither redeemed nor refunded: the value that ended
	// then) and promotional_expired (Split bonuses whose own, earlier date
	// fell in the period on a coupon not yet redeemed or refunded).
	Coupons struct {
		Issued             Money `json:"issued"`
		Redeemed           Money `json:"redeemed"`
		Expired            Money `json:"expired"`
		PromotionalExpired Money `json:"promotional_expired"`
		Refunded           Money `json:"refunded"`
	} `json:"coupons"`
	// Outstanding is the store credit owed at AsOf (the period's end, or now
	// for a period still running): coupons issued before, expiring after,
	// and neither redeemed nor refunded by then, split into the part buyers
	// paid and the promotional bonus still live (docs/product.md#coupons:
	// accountants treat them differently).
	Outstanding struct {
		AsOf time.Time `json:"as_of"`
		Money
		Paid        Money `json:"paid"`
		Promotional Money `json:"promotional"`
		// ByAge is the same credit by the coupons' age at AsOf
		// (docs/product.md#books-that-close), youngest first.
		ByAge []AgeBucket `json:"by_age"`
	} `json:"outstanding"`
	// Breakage: the promotional value that ended unredeemed, per month.
	Breakage []Breakage `json:"breakage"`
	Funnel   []Funnel   `json:"funnel"`
	// Retention: the curve of each funnel webinar with a video length
	// (docs/product.md#retention-and-sources); Sources: the funnel of the
	// period's registrations by their first touch.
	Retention []Retention    `json:"retention"`
	Sources   []SourceFunnel `json:"sources"`
	Series    Series         `json:"series"`
	// Controls are the period's store-credit acts the owner checks by name
	// (docs/api.md#reports): redemptions of a coupon by its own
	// owner, and refunds of coupons that were redeemed before.
	Controls Controls `json:"controls"`
}

// controlsLimit bounds each list of Controls (the newest first).
const controlsLimit = 200

// Controls lists the period's self-redemptions (redeemed in the period)
// and refunds after an undone redemption (refunded in the period).
type Controls struct {
	SelfRedemptions  []SelfRedemption  `json:"self_redemptions"`
	RefundsAfterUndo []RefundAfterUndo `json:"refunds_after_undo"`
}

// SelfRedemption is one redemption of a coupon by the account that owns it.
type SelfRedemption struct {
	CouponID   string     `json:"coupon_id"`
	Code       string     `json:"code"`
	ValueCents int64      `json:"value_cents"`
	RedeemedAt time.Time  `json:"redeemed_at"`
	RedeemedBy *string    `json:"redeemed_by"` // the owner's name, else e-mail
	UndoneAt   *time.Time `json:"undone_at"`
}

// RefundAfterUndo is the refund of a coupon that was redeemed, the
// redemption undone: its last redemption and undo, and the reason typed.
type RefundAfterUndo struct {
	CouponID   string     `json:"coupon_id"`
	Code       string     `json:"code"`
	ValueCents int64      `json:"value_cents"`
	RedeemedAt time.Time  `json:"redeemed_at"`
	RedeemedBy *string    `json:"redeemed_by"`
	UndoneAt   *time.Time `json:"undone_at"`
	UndoneBy   *string    `json:"undone_by"`
	RefundedAt time.Time  `json:"refunded_at"`
	RefundedBy *string    `json:"refunded_by"` // null: refunded at the payment provider
	Reason     string     `json:"reason"`
}

// Funnel is one webinar held or registered for in the period and how far
// all its registrations got, to date: watched the video to the end (or bought,
// which needs it), a paid seat now (card, free claim or simulated; a
// refunded one is given back), the coupon redeemed. Percentages are of the
// step before, rounded down to one decimal.
type Funnel struct {
	WebinarID  string `json:"webinar_id"`
	Title      string `json:"webinar_title"`
	Registered int    `json:"registered"`
	Watched    int    `json:"watched"`
	Paid       int    `json:"paid"`
	Redeemed   int    `json:"redeemed"`
	// Waiting: the people on its waiting list now, who would buy a seat if
	// there were one ("could have sold N more").
	Waiting int `json:"waiting"`
	// What brought viewers back (docs/product.md#follow-ups), to date: the
	// clicks on its video's cards, the questions asked and answered, the
	// people its follow-ups reached, of those who watched again after one and
	// who bought within 7 days of one (each follow-up counted apart).
	CardClicks        int     `json:"card_clicks"`
	Questions         int     `json:"questions"`
	QuestionsAnswered int     `json:"questions_answered"`
	FollowedUp        int     `json:"followed_up"`
	FollowUpCameBack  int     `json:"follow_up_came_back"`
	FollowUpBought    int     `json:"follow_up_bought"`
	WatchedPercent    float64 `json:"watched_percent"`
	PaidPercent       float64 `json:"paid_percent"`
	RedeemedPercent   float64 `json:"redeemed_percent"`
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

// parallel bounds the queries one report runs at once (a report is about
// a dozen independent reads; a few admins reporting at once must leave
// connections for everyone else).
const parallel = 4

// Report computes p's figures. Each figure is an independent read of a
// covering index, so they run at once, each on its own connection (both
// engines let readers run side by side): the chart's two series (whose sums
// are the period's sales and redemptions), coupons issued, expired, the
// refunds, the store credit owed, and the funnel's two passes. It reads
// outside any transaction.
func (s *Service) Report(ctx context.Context, p period.Period) (Report, error) {
	r := Report{Period: p}
	now := s.now()
	starts, bucket := s.buckets(p)
	var sales, redemptions []Money
	var refunds map[string]Money
	var funnelCounts func() []Funnel
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(parallel)
	g.Go(func() (err error) {
		sales, err = s.series(ctx, p, starts, "payments", "fulfilled_at", "amount_cents", "")
		return err
	})
	g.Go(func() (err error) {
		redemptions, err = s.series(ctx, p, starts, "coupons", "redeemed_at", "COALESCE(redeemed_cents, value_cents)", "")
		return err
	})
	g.Go(func() (err error) {
		r.Coupons.Issued, err = s.sum(ctx, `SELECT count(*), COALESCE(sum(value_cents), 0) FROM coupons
			WHERE created_at >= $1 AND created_at < $2`, p.Start, p.End)
		return err
	})
	g.Go(func() (err error) {
		r.Coupons.Expired, err = s.sum(ctx, `SELECT count(*), COALESCE(sum(paid_cents
			+ CASE WHEN COALESCE(bonus_until, expires_at) < expires_at THEN 0 ELSE bonus_cents END), 0) FROM coupons
			WHERE expires_at >= $1 AND expires_at < $2 AND expires_at <= $3 AND status IN ('active', 'expired')`, p.Start, p.End, now)
		return err
	})
	g.Go(func() (err error) {
		r.Coupons.PromotionalExpired, err = s.sum(ctx, `SELECT count(*), COALESCE(sum(bonus_cents), 0) FROM coupons
			WHERE bonus_until >= $1 AND bonus_until < $2 AND bonus_until <= $3 AND bonus_cents > 0 AND bonus_until < expires_at
			AND (redeemed_at IS NULL OR redeemed_at >= bonus_until) AND (refunded_at IS NULL OR refunded_at >= bonus_until)
			AND status <> 'refunding'`, p.Start, p.End, now)
		return err
	})
	g.Go(func() (err error) { refunds, err = s.refunds(ctx, p); return err })
	g.Go(func() (err error) { r.Controls.SelfRedemptions, err = s.selfRedemptions(ctx, p); return err })
	g.Go(func() (err error) { r.Controls.RefundsAfterUndo, err = s.refundsAfterUndo(ctx, p); return err })
	g.Go(func() error { return s.outstanding(ctx, p, now, &r) })
	g.Go(func() (err error) { r.Breakage, err = s.breakage(ctx, p, now); return err })
	g.Go(func() (err error) { funnelCounts, err = s.funnel(ctx, g, p); return err })
	g.Go(func() (err error) { r.Retention, err = s.Retention(ctx, p); return err })
	g.Go(func() (err error) { r.Sources, err = s.Sources(ctx, p); return err })
	if err := g.Wait(); err != nil {
		return Report{}, err
	}
	r.Series = Series{Bucket: bucket, Points: make([]Point, len(starts))}
	var taken, redeemed Money
	for i, t := range starts {
		r.Series.Points[i] = Point{Start: t.Format("2006-01-02"), Sales: sales[i], Redemptions: redemptions[i]}
		taken = counted(taken.Count+sales[i].Count, taken.Cents+sales[i].Cents)
		redeemed = counted(redeemed.Count+redemptions[i].Count, redeemed.Cents+redemptions[i].Cents)
	}
	r.Payments.Taken, r.Payments.Refunded, r.Payments.ReturnedNoSeat = taken, refunds["refunded"], refunds["no_seat"]
	r.Payments.NetCents = taken.Cents - refunds["refunded"].Cents
	r.Coupons.Redeemed, r.Coupons.Refunded = redeemed, refunds["coupons_refunded"]
	r.Funnel = funnelCounts()
	return r, nil
}

// sum runs a query of one row: a count and a sum of cents.
func (s *Service) sum(ctx context.Context, query string, args ...any) (Money, error) {
	var n int
	var cents int64
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&n, &cents); err != nil {
		return Money{}, db.MapError(err)
	}
	return counted(n, cents), nil
}

// refunds are the period's refunds by name: payments refunded by an admin
// and for want of a seat, coupons refunded (few rows: one query).
func (s *Service) refunds(ctx context.Context, p period.Period) (map[string]Money, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT 'refunded', count(*), COALESCE(sum(amount_cents), 0) FROM payments
			WHERE refunded_at >= $1 AND refunded_at < $2 AND refund_reason IN ('admin', 'provider')
		UNION ALL SELECT 'no_seat', count(*), COALESCE(sum(amount_cents), 0) FROM payments
			WHERE refunded_at >= $1 AND refunded_at < $2 AND refund_reason = 'no_seat'
		UNION ALL SELECT 'coupons_refunded', count(*), COALESCE(sum(value_cents), 0) FROM coupons
			WHERE refunded_at >= $1 AND refunded_at < $2`, p.Start, p.End)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := map[string]Money{}
	for rows.Next() {
		var name string
		var n int
		var cents int64
		if err := rows.Scan(&name, &n, &cents); err != nil {
			return nil, db.MapError(err)
		}
		out[name] = counted(n, cents)
	}
	return out, db.MapError(rows.Err())
}

// nameOf is the display name of account alias (names, else e-mail).
func nameOf(alias string) string {
	return `COALESCE(NULLIF(TRIM(` + alias + `.first_name || ' ' || ` + alias + `.last_name), ''), ` + alias + `.email)`
}

// selfRedemptions are the period's redemptions by the coupon's owner
// (coupon_redemptions_at), the newest first.
func (s *Service) selfRedemptions(ctx context.Context, p period.Period) ([]SelfRedemption, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.code, c.value_cents, h.redeemed_at, `+nameOf("o")+`, h.undone_at
		FROM coupon_redemptions h JOIN coupons c ON c.id = h.coupon_id LEFT JOIN profiles o ON o.id = c.user_id
		WHERE h.redeemed_at >= $1 AND h.redeemed_at < $2 AND h.redeemed_by = c.user_id
		ORDER BY h.redeemed_at DESC, h.id LIMIT $3`, p.Start, p.End, controlsLimit)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []SelfRedemption{}
	for rows.Next() {
		var r SelfRedemption
		var undone sql.NullTime
		var by sql.NullString
		if err := rows.Scan(&r.CouponID, &r.Code, &r.ValueCents, &r.RedeemedAt, &by, &undone); err != nil {
			return nil, db.MapError(err)
		}
		r.RedeemedAt, r.RedeemedBy, r.UndoneAt = r.RedeemedAt.UTC(), strPtr(by), timePtr(undone)
		out = append(out, r)
	}
	return out, db.MapError(rows.Err())
}

// refundsAfterUndo are the period's coupon refunds (coupons_refunded) of
// coupons with a redemption in their history, each with its last one, the
// newest refund first.
func (s *Service) refundsAfterUndo(ctx context.Context, p period.Period) ([]RefundAfterUndo, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.code, c.value_cents, h.redeemed_at, `+nameOf("rb")+`,
			h.undone_at, `+nameOf("ub")+`, c.refunded_at, `+nameOf("ab")+`, COALESCE(pay.refund_note, '')
		FROM coupons c JOIN coupon_redemptions h ON h.id = (SELECT h2.id FROM coupon_redemptions h2
			WHERE h2.coupon_id = c.id ORDER BY h2.redeemed_at DESC, h2.id LIMIT 1)
		LEFT JOIN payments pay ON pay.id = c.payment_id
		LEFT JOIN profiles rb ON rb.id = h.redeemed_by LEFT JOIN profiles ub ON ub.id = h.undone_by
		LEFT JOIN profiles ab ON ab.id = pay.refund_requested_by
		WHERE c.refunded_at >= $1 AND c.refunded_at < $2
		ORDER BY c.refunded_at DESC, c.id LIMIT $3`, p.Start, p.End, controlsLimit)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []RefundAfterUndo{}
	for rows.Next() {
		var r RefundAfterUndo
		var undone sql.NullTime
		var by, undoneBy, refundedBy sql.NullString
		if err := rows.Scan(&r.CouponID, &r.Code, &r.ValueCents, &r.RedeemedAt, &by, &undone, &undoneBy,
			&r.RefundedAt, &refundedBy, &r.Reason); err != nil {
			return nil, db.MapError(err)
		}
		r.RedeemedAt, r.RefundedAt = r.RedeemedAt.UTC(), r.RefundedAt.UTC()
		r.RedeemedBy, r.UndoneAt, r.UndoneBy, r.RefundedBy = strPtr(by), timePtr(undone), strPtr(undoneBy), strPtr(refundedBy)
		out = append(out, r)
	}
	return out, db.MapError(rows.Err())
}

func strPtr(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

// outstanding is the store credit owed at the period's end, or now for a
// period still running.
func (s *Service) outstanding(ctx context.Context, p period.Period, now time.Time, r *Report) error {
	asOf := asOf(p, now)
	buckets, err := s.byAge(ctx, asOf)
	if err != nil {
		return err
	}
	var n, nBonus int
	var paid, bonus int64
	for _, b := range buckets {
		n, paid, nBonus, bonus = n+b.Paid.Count, paid+b.Paid.Cents, nBonus+b.Promotional.Count, bonus+b.Promotional.Cents
	}
	r.Outstanding.AsOf, r.Outstanding.Money, r.Outstanding.ByAge = asOf, counted(n, paid+bonus), buckets
	r.Outstanding.Paid, r.Outstanding.Promotional = counted(n, paid), counted(nBonus, bonus)
	return nil
}

// asOf is the moment the credit owed in p is read at: its end, or now for
// a period still running.
func asOf(p period.Period, now time.Time) time.Time {
	if now.Before(p.End) {
		return now
	}
	return p.End
}

// byAge is the store credit owed at asOf by age bucket: coupons issued
// before, expiring after, neither redeemed nor refunded by then; the paid
// part, and the bonus while its own date (bonus_until, Split coupons) is
// still ahead. COALESCE keeps the planner on the expiry index (few coupons
// expire after the date) rather than the issue one (most were issued before).
func (s *Service) byAge(ctx context.Context, asOf time.Time) ([]AgeBucket, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT CASE WHEN created_at > $2 THEN 0 WHEN created_at > $3 THEN 1
			WHEN created_at > $4 THEN 2 WHEN created_at >= $5 THEN 3 ELSE 4 END, count(*), COALESCE(sum(paid_cents), 0),
		COALESCE(sum(CASE WHEN COALESCE(bonus_until, expires_at) > $1 AND bonus_cents > 0 THEN 1 ELSE 0 END), 0),
		COALESCE(sum(CASE WHEN COALESCE(bonus_until, expires_at) > $1 THEN bonus_cents ELSE 0 END), 0) FROM coupons
		WHERE expires_at > $1 AND COALESCE(created_at, created_at) < $1
		AND (redeemed_at IS NULL OR redeemed_at >= $1) AND (refunded_at IS NULL OR refunded_at >= $1)
		GROUP BY 1`, append([]any{asOf}, ageEdges(asOf)...)...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := ageBuckets(asOf)
	for rows.Next() {
		var i, n, nBonus int
		var paid, bonus int64
		if err := rows.Scan(&i, &n, &paid, &nBonus, &bonus); err != nil {
			return nil, db.MapError(err)
		}
		if i >= 0 && i < len(out) {
			out[i].Paid, out[i].Promotional = counted(n, paid), counted(nBonus, bonus)
		}
	}
	return out, db.MapError(rows.Err())
}

// inPeriod selects the webinars a report's funnel follows: those held in
// the period (their event date) and those registered for in it.
// For each webinar one index seek answers whether it was registered for:
// the webinars are few, a period's registrations many.
const inPeriod = `(SELECT w.id FROM webinars w WHERE (w.event_datetime >= $1 AND w.event_datetime < $2)
	OR EXISTS (SELECT 1 FROM webinar_registrations r
		WHERE r.webinar_id = w.id AND r.registration_time >= $1 AND r.registration_time < $2))`

// funnel lists the webinars of inPeriod, then counts, in six more tasks
// of g, all their registrations to date (a grouped pass over a covering
// index), their redeemed coupons (another) and the people on their waiting
// lists. The returned function gives the
// rows once g is done. (It runs as a task of g and adds tasks to it: g.Go
// waits for a free slot, which the other tasks, none of which waits on g,
// always give back.)
func (s *Service) funnel(ctx context.Context, g *errgroup.Group, p period.Period) (func() []Funnel, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, title FROM webinars
		WHERE id IN `+inPeriod+` ORDER BY event_datetime, title, id`, p.Start, p.End)
	if err != nil {
		return nil, db.MapError(err)
	}
	var out []Funnel
	index := map[string]int{}
	for rows.Next() {
		var f Funnel
		if err := rows.Scan(&f.WebinarID, &f.Title); err != nil {
			_ = rows.Close() // on an error path: the first error is the one returned
			return nil, db.MapError(err)
		}
		index[f.WebinarID] = len(out)
		out = append(out, f)
	}
	if err := rows.Close(); err != nil {
		return nil, db.MapError(err)
	}
	regs := make([]Funnel, len(out))
	redeemed := make([]int, len(out))
	waiting := make([]int, len(out))
	// Each task writes its own slice, by the webinar's index. Watched: the
	// video's end was recorded, or the seat is paid (which needs it; a reset
	// clears the one flag, not the other).
	g.Go(func() error {
		return s.eachWebinar(ctx, p, index, `SELECT webinar_id, count(*),
			sum(CASE WHEN watched_video_fully = TRUE OR purchased_coupon = TRUE THEN 1 ELSE 0 END),
			sum(CASE WHEN purchased_coupon = TRUE THEN 1 ELSE 0 END)
			FROM webinar_registrations WHERE webinar_id IN `+inPeriod+` GROUP BY webinar_id`, 3,
			func(i int) []any { return []any{&regs[i].Registered, &regs[i].Watched, &regs[i].Paid} })
	})
	g.Go(func() error {
		return s.eachWebinar(ctx, p, index, `SELECT webinar_id, count(*) FROM coupons
			WHERE status = 'used' AND webinar_id IN `+inPeriod+` GROUP BY webinar_id`, 1,
			func(i int) []any { return []any{&redeemed[i]} })
	})
	g.Go(func() error {
		return s.eachWebinar(ctx, p, index, `SELECT webinar_id, count(*) FROM waitlist_entries
			WHERE status = 'waiting' AND webinar_id IN `+inPeriod+` GROUP BY webinar_id`, 1,
			func(i int) []any { return []any{&waiting[i]} })
	})
	back := make([]Funnel, len(out))
	g.Go(func() error {
		return s.eachWebinar(ctx, p, index, `SELECT webinar_id, COALESCE(sum(clicks), 0) FROM video_cards
			WHERE webinar_id IN `+inPeriod+` GROUP BY webinar_id`, 1,
			func(i int) []any { return []any{&back[i].CardClicks} })
	})
	g.Go(func() error {
		return s.eachWebinar(ctx, p, index, `SELECT webinar_id, count(*),
			sum(CASE WHEN answered_at IS NOT NULL THEN 1 ELSE 0 END) FROM webinar_questions
			WHERE webinar_id IN `+inPeriod+` GROUP BY webinar_id`, 2,
			func(i int) []any { return []any{&back[i].Questions, &back[i].QuestionsAnswered} })
	})
	g.Go(func() error {
		return s.eachWebinar(ctx, p, index, `SELECT f.webinar_id, count(*),
			sum(CASE WHEN r.progress_at > f.created_at THEN 1 ELSE 0 END),
			sum(CASE WHEN c.created_at >= f.created_at AND c.created_at < f.bought_until THEN 1 ELSE 0 END)
			FROM follow_up_recipients fr JOIN follow_ups f ON f.id = fr.follow_up_id
			JOIN webinar_registrations r ON r.id = fr.registration_id
			LEFT JOIN coupons c ON c.webinar_registration_id = r.id
			WHERE f.webinar_id IN `+inPeriod+` GROUP BY f.webinar_id`, 3,
			func(i int) []any {
				return []any{&back[i].FollowedUp, &back[i].FollowUpCameBack, &back[i].FollowUpBought}
			})
	})
	return func() []Funnel {
		if out == nil {
			return []Funnel{}
		}
		for i := range out {
			f := &out[i]
			f.Registered, f.Watched, f.Paid, f.Redeemed = regs[i].Registered, regs[i].Watched, regs[i].Paid, redeemed[i]
			f.Waiting = waiting[i]
			f.CardClicks, f.Questions, f.QuestionsAnswered = back[i].CardClicks, back[i].Questions, back[i].QuestionsAnswered
			f.FollowedUp, f.FollowUpCameBack, f.FollowUpBought = back[i].FollowedUp, back[i].FollowUpCameBack, back[i].FollowUpBought
			f.WatchedPercent, f.PaidPercent, f.RedeemedPercent = percent(f.Watched, f.Registered), percent(f.Paid, f.Watched), percent(f.Redeemed, f.Paid)
		}
		return out
	}, nil
}

// eachWebinar runs a query of rows (webinar id, n counts) and scans each
// row's counts into into(i), i the webinar's place in index (a webinar
// added since the list was read is skipped).
func (s *Service) eachWebinar(ctx context.Context, p period.Period, index map[string]int, query string, n int, into func(i int) []any) error {
	rows, err := s.db.QueryContext(ctx, query, p.Start, p.End)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var counts [3]int
		dst := []any{&id}
		for k := range n {
			dst = append(dst, &counts[k])
		}
		if err := rows.Scan(dst...); err != nil {
			return db.MapError(err)
		}
		if i, ok := index[id]; ok {
			for k, v := range into(i) {
				*v.(*int) = counts[k]
			}
		}
	}
	return db.MapError(rows.Err())
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

// series sums one column's amounts per bucket (starts, then p.End): one
// query whose parts each aggregate one bucket's range of a covering index
// (a GROUP BY over a computed bucket would sort every row; both engines
// share this SQL). table, column and amount are the code's own names.
//
// where, when not "", narrows every part; its parameters are args, $1 on.
func (s *Service) series(ctx context.Context, p period.Period, starts []time.Time, table, column, amount string,
	where string, args ...any) ([]Money, error) {
	out := make([]Money, len(starts))
	bounds := append(make([]any, 0, len(args)+len(starts)+1), args...)
	for _, t := range starts {
		bounds = append(bounds, t.UTC())
	}
	bounds = append(bounds, p.End)
	if where != "" {
		where = " AND " + where
	}
	var q strings.Builder
	for i := range starts {
		if i > 0 {
			q.WriteString(" UNION ALL ")
		}
		fmt.Fprintf(&q, `SELECT %d, count(*), COALESCE(sum(%s), 0) FROM %s WHERE %s >= $%d AND %s < $%d%s`,
			i, amount, table, column, len(args)+i+1, column, len(args)+i+2, where)
	}
	rows, err := s.db.QueryContext(ctx, q.String(), bounds...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var i, n int
		var cents int64
		if err := rows.Scan(&i, &n, &cents); err != nil {
			return nil, db.MapError(err)
		}
		if i >= 0 && i < len(out) {
			out[i] = counted(n, cents)
		}
	}
	return out, db.MapError(rows.Err())
}
