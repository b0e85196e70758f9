package report

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/period"
	"watchwin/internal/setting"
)

// Books that close (docs/product.md#books-that-close): the counter's day
// with its POS receipts, the liability by age and the breakage, the POS
// import file and the unclaimed-property list.

// dayLimit bounds the redemptions a counter summary lists (its totals
// count them all).
const dayLimit = 1000

// CounterDay is the counter's summary of a period (a day by default): each
// redemption made in it, undone or not, and the totals of those that stand.
type CounterDay struct {
	Period      period.Period   `json:"period"`
	Redemptions []DayRedemption `json:"redemptions"`
	Clerks      []ClerkTotal    `json:"clerks"`
	Total       Money           `json:"total"`
}

// DayRedemption is one redemption of the counter's history.
type DayRedemption struct {
	CouponID   string     `json:"coupon_id"`
	Code       string     `json:"code"`
	RedeemedAt time.Time  `json:"redeemed_at"`
	Clerk      *string    `json:"clerk"` // the redeemer's name, else e-mail; null once the account is gone
	ValueCents int64      `json:"value_cents"`
	POSReceipt string     `json:"pos_receipt"`
	UndoneAt   *time.Time `json:"undone_at"`
}

// ClerkTotal is what one clerk redeemed in the period (undone ones left out).
type ClerkTotal struct {
	Clerk *string `json:"clerk"`
	Money
}

// dayColumns read a redemption of the history h with its coupon c and its
// redeemer rb.
const dayColumns = `c.id, c.code, h.redeemed_at, ` + `COALESCE(NULLIF(TRIM(rb.first_name || ' ' || rb.last_name), ''), rb.email)` + `,
	COALESCE(h.value_cents, c.value_cents), COALESCE(h.pos_receipt, ''), h.undone_at
	FROM coupon_redemptions h JOIN coupons c ON c.id = h.coupon_id LEFT JOIN profiles rb ON rb.id = h.redeemed_by
	WHERE h.redeemed_at >= $1 AND h.redeemed_at < $2`

// eachRedemption calls each for the period's redemptions, oldest first
// (the index coupon_redemptions_at), at most limit of them.
func (s *Service) eachRedemption(ctx context.Context, p period.Period, limit int, each func(DayRedemption) error) error {
	rows, err := s.db.QueryContext(ctx, `SELECT `+dayColumns+` ORDER BY h.redeemed_at, h.id LIMIT $3`, p.Start, p.End, limit)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var r DayRedemption
		var clerk sql.NullString
		var undone sql.NullTime
		if err := rows.Scan(&r.CouponID, &r.Code, &r.RedeemedAt, &clerk, &r.ValueCents, &r.POSReceipt, &undone); err != nil {
			return db.MapError(err)
		}
		r.RedeemedAt, r.Clerk, r.UndoneAt = r.RedeemedAt.UTC(), strPtr(clerk), timePtr(undone)
		if err := each(r); err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

// CounterDay is the counter's summary of p.
func (s *Service) CounterDay(ctx context.Context, p period.Period) (CounterDay, error) {
	out := CounterDay{Period: p, Redemptions: []DayRedemption{}, Clerks: []ClerkTotal{}}
	err := s.eachRedemption(ctx, p, dayLimit, func(r DayRedemption) error {
		out.Redemptions = append(out.Redemptions, r)
		return nil
	})
	if err != nil {
		return CounterDay{}, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+nameOf("rb")+`, count(*), COALESCE(sum(COALESCE(h.value_cents, c.value_cents)), 0)
		FROM coupon_redemptions h JOIN coupons c ON c.id = h.coupon_id LEFT JOIN profiles rb ON rb.id = h.redeemed_by
		WHERE h.redeemed_at >= $1 AND h.redeemed_at < $2 AND h.undone_at IS NULL
		GROUP BY h.redeemed_by, rb.first_name, rb.last_name, rb.email ORDER BY 1`, p.Start, p.End)
	if err != nil {
		return CounterDay{}, db.MapError(err)
	}
	defer rows.Close()
	var n int
	var cents int64
	for rows.Next() {
		var t ClerkTotal
		var clerk sql.NullString
		if err := rows.Scan(&clerk, &t.Count, &t.Cents); err != nil {
			return CounterDay{}, db.MapError(err)
		}
		t.Clerk, t.Money = strPtr(clerk), counted(t.Count, t.Cents)
		out.Clerks = append(out.Clerks, t)
		n, cents = n+t.Count, cents+t.Cents
	}
	out.Total = counted(n, cents)
	return out, db.MapError(rows.Err())
}

// AgeBucket is the store credit owed at AsOf of coupons of one age (whole
// days since issue, from FromDays to ToDays; ToDays null: no upper end).
type AgeBucket struct {
	Label       string `json:"label"`
	FromDays    int    `json:"from_days"`
	ToDays      *int   `json:"to_days"`
	Paid        Money  `json:"paid"`
	Promotional Money  `json:"promotional"`
}

// ageLabels name the buckets of the liability by age, youngest first.
var ageLabels = []string{"0–30 days", "31–90 days", "91–365 days", "1–5 years", "Over 5 years"}

// ageEdges are the first instants of each bucket but the last, at asOf: a
// coupon issued after edge k is younger than bucket k+1 (0–30 days: issued
// less than 31 days before; 1–5 years: issued on or after the day five
// years before).
func ageEdges(asOf time.Time) []any {
	day := 24 * time.Hour
	return []any{asOf.Add(-31 * day), asOf.Add(-91 * day), asOf.Add(-366 * day), asOf.AddDate(-5, 0, 0)}
}

// ageBuckets are the empty buckets, with their days.
func ageBuckets(asOf time.Time) []AgeBucket {
	ends := []int{30, 90, 365, int(asOf.Sub(asOf.AddDate(-5, 0, 0)).Hours() / 24)}
	out := make([]AgeBucket, len(ageLabels))
	from := 0
	for i, l := range ageLabels {
		out[i] = AgeBucket{Label: l, FromDays: from, Paid: counted(0, 0), Promotional: counted(0, 0)}
		if i < len(ends) {
			end := ends[i]
			out[i].ToDays, from = &end, end+1
		}
	}
	return out
}

// Breakage is the promotional value that ended unredeemed in one month of
// the store's (its first day), ASC 606's breakage.
type Breakage struct {
	Month   string `json:"month"` // YYYY-MM-DD, the month's first day in the period
	Expired Money  `json:"expired"`
}

// breakage sums, per month of p, the bonuses whose date fell in it (and has
// passed) before their coupon was redeemed or refunded, under either
// policy: a Whole coupon's bonus ends with it.
func (s *Service) breakage(ctx context.Context, p period.Period, now time.Time) ([]Breakage, error) {
	start := p.Start.In(s.loc)
	var starts []time.Time
	for t := start; t.Before(p.End); t = time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, s.loc) {
		starts = append(starts, t)
	}
	sums, err := s.series(ctx, p, starts, "coupons", "bonus_until", "bonus_cents", `bonus_until <= $1 AND bonus_cents > 0
		AND (redeemed_at IS NULL OR redeemed_at >= bonus_until) AND (refunded_at IS NULL OR refunded_at >= bonus_until)
		AND status <> 'refunding'`, now)
	if err != nil {
		return nil, err
	}
	out := make([]Breakage, len(starts))
	for i, t := range starts {
		out[i] = Breakage{Month: t.Format("2006-01-02"), Expired: sums[i]}
	}
	return out, nil
}

// Unclaimed is a coupon whose paid value may be reportable as unclaimed
// property (docs/operations.md#unclaimed-property): unredeemed and
// untouched for the dormancy period. What a holder report asks for.
type Unclaimed struct {
	CouponID     string    `json:"coupon_id"`
	Code         string    `json:"code"`
	OwnerName    string    `json:"owner_name"`
	Email        string    `json:"email"`
	Phone        string    `json:"phone"`
	PaidCents    int64     `json:"paid_cents"`
	LastActivity time.Time `json:"last_activity_at"`
	IssuedAt     time.Time `json:"issued_at"`
	ExpiresAt    time.Time `json:"expires_at"`
	// PaidNeverExpires: its paid value has no expiry (expires_at is then
	// coupon.NoExpiry), the case docs/operations.md#unclaimed-property discusses.
	PaidNeverExpires bool `json:"paid_never_expires"`
}

// UnclaimedList is the list as of AsOf: coupons whose last activity was on
// or before DormantSince.
type UnclaimedList struct {
	AsOf          time.Time   `json:"as_of"`
	DormancyYears int         `json:"dormancy_years"`
	DormantSince  time.Time   `json:"dormant_since"`
	Total         Money       `json:"total"`
	Coupons       []Unclaimed `json:"coupons"`
}

// unclaimedLimit bounds the rows the screen lists; the CSV has them all.
const unclaimedLimit = 500

// dormantWhere selects coupons whose paid part is still owed (neither
// redeemed nor refunded, expired or not) and whose last activity was on or
// before $1 (the partial index coupons_dormant).
const dormantWhere = ` WHERE c.status IN ('active', 'expired') AND c.paid_cents > 0 AND c.last_activity_at <= $1`

// eachUnclaimed calls each for the dormant coupons, the longest dormant
// first, at most limit.
func (s *Service) eachUnclaimed(ctx context.Context, since time.Time, limit int, each func(Unclaimed) error) error {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.code,
		COALESCE(NULLIF(TRIM(o.first_name || ' ' || o.last_name), ''), r.user_name_for_registration, ''),
		COALESCE(CASE WHEN o.deleted_at IS NULL THEN o.email END, r.user_email_for_registration, ''),
		COALESCE(NULLIF(CASE WHEN o.deleted_at IS NULL THEN o.phone_number END, ''), r.user_phone_for_registration, ''),
		c.paid_cents, c.last_activity_at, c.created_at, c.expires_at
		FROM coupons c LEFT JOIN profiles o ON o.id = c.user_id
		LEFT JOIN webinar_registrations r ON r.id = c.webinar_registration_id`+dormantWhere+`
		ORDER BY c.last_activity_at, c.id LIMIT $2`, since, limit)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var u Unclaimed
		if err := rows.Scan(&u.CouponID, &u.Code, &u.OwnerName, &u.Email, &u.Phone, &u.PaidCents, &u.LastActivity,
			&u.IssuedAt, &u.ExpiresAt); err != nil {
			return db.MapError(err)
		}
		u.LastActivity, u.IssuedAt, u.ExpiresAt = u.LastActivity.UTC(), u.IssuedAt.UTC(), u.ExpiresAt.UTC()
		u.PaidNeverExpires = coupon.Never(u.ExpiresAt)
		if err := each(u); err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

// dormantSince is the last activity a coupon may have had and be dormant
// now: the dormancy period (years, a setting) before now.
func (s *Service) dormantSince(ctx context.Context) (setting.Books, time.Time, error) {
	b, err := s.settings.Books(ctx)
	if err != nil {
		return setting.Books{}, time.Time{}, err
	}
	return b, s.now().AddDate(-b.DormancyYears, 0, 0), nil
}

// UnclaimedList returns the unclaimed-property list now.
func (s *Service) UnclaimedList(ctx context.Context) (UnclaimedList, error) {
	b, since, err := s.dormantSince(ctx)
	if err != nil {
		return UnclaimedList{}, err
	}
	out := UnclaimedList{AsOf: s.now(), DormancyYears: b.DormancyYears, DormantSince: since, Coupons: []Unclaimed{}}
	if out.Total, err = s.sum(ctx, `SELECT count(*), COALESCE(sum(c.paid_cents), 0) FROM coupons c`+dormantWhere, since); err != nil {
		return UnclaimedList{}, err
	}
	err = s.eachUnclaimed(ctx, since, unclaimedLimit, func(u Unclaimed) error {
		out.Coupons = append(out.Coupons, u)
		return nil
	})
	return out, err
}
