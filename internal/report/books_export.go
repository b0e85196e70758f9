package report

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"watchwin/internal/coupon"
	"watchwin/internal/csvx"
	"watchwin/internal/db"
	"watchwin/internal/money"
	"watchwin/internal/period"
)

// exportCounter is the counter's history of p: every redemption, with its
// clerk, value, POS receipt and undo, oldest first.
func (s *Service) exportCounter(ctx context.Context, p period.Period, w *csvx.Writer) error {
	z := w.Zone()
	if err := w.Row("redeemed"+z, "clerk", "code", "value_usd", "pos_receipt", "undone"+z, "coupon_id"); err != nil {
		return err
	}
	return s.eachRedemption(ctx, p, maxRows, func(r DayRedemption) error {
		clerk := ""
		if r.Clerk != nil {
			clerk = *r.Clerk
		}
		return w.Row(w.Time(r.RedeemedAt), clerk, r.Code, money.Plain(r.ValueCents), r.POSReceipt, w.TimePtr(r.UndoneAt), r.CouponID)
	})
}

// maxRows is "no limit" for a streamed export.
const maxRows = 1 << 31

// exportLiability is the store credit owed at the period's end (or now) by
// age, the paid part and the promotional one apart.
func (s *Service) exportLiability(ctx context.Context, p period.Period, w *csvx.Writer) error {
	at := asOf(p, s.now())
	if err := w.Row("as_of"+w.Zone(), "age", "from_days", "to_days", "coupons", "paid_value_usd", "promotional_coupons",
		"promotional_value_usd", "total_usd"); err != nil {
		return err
	}
	buckets, err := s.byAge(ctx, at)
	if err != nil {
		return err
	}
	for _, b := range buckets {
		to := ""
		if b.ToDays != nil {
			to = strconv.Itoa(*b.ToDays)
		}
		if err := w.Row(w.Time(at), b.Label, strconv.Itoa(b.FromDays), to, strconv.Itoa(b.Paid.Count), money.Plain(b.Paid.Cents),
			strconv.Itoa(b.Promotional.Count), money.Plain(b.Promotional.Cents), money.Plain(b.Paid.Cents+b.Promotional.Cents)); err != nil {
			return err
		}
	}
	return nil
}

// exportBreakage is the promotional value that ended unredeemed, per month of p.
func (s *Service) exportBreakage(ctx context.Context, p period.Period, w *csvx.Writer) error {
	if err := w.Row("month", "coupons", "expired_promotional_usd"); err != nil {
		return err
	}
	list, err := s.breakage(ctx, p, s.now())
	if err != nil {
		return err
	}
	for _, b := range list {
		if err := w.Row(b.Month, strconv.Itoa(b.Expired.Count), money.Plain(b.Expired.Cents)); err != nil {
			return err
		}
	}
	return nil
}

// Lists are the CSV files of the books as they stand now
// (docs/api.md#exports), by the name the route takes.
var Lists = map[string]func(s *Service, ctx context.Context, w *csvx.Writer) error{
	"pos-import.csv": (*Service).exportPOS,
	"unclaimed.csv":  (*Service).exportUnclaimed,
}

// posDate is how the POS file writes a day: the store's, as US spreadsheets and POS imports read it.
const posDate = "01/02/2006"

// exportPOS is the POS import file: one row per open coupon (active and
// unexpired), oldest first, in the columns the settings name (Orchid's by
// default): the code, issue day, face value, value today, the customer, the
// day of its last (undone) redemption, and the last day of its paid value
// (empty when it never expires).
func (s *Service) exportPOS(ctx context.Context, w *csvx.Writer) error {
	b, err := s.settings.Books(ctx)
	if err != nil {
		return err
	}
	if err := w.Row(b.POSHeaders.List()...); err != nil {
		return err
	}
	now := s.now()
	// The last redemption is the latest row itself, not max(): SQLite's aggregate
	// answers text where the column answers a time.
	rows, err := s.db.QueryContext(ctx, `SELECT c.code, c.created_at, c.value_cents, `+todayCents+`,
		COALESCE(NULLIF(TRIM(o.first_name || ' ' || o.last_name), ''), CASE WHEN o.deleted_at IS NULL THEN o.email END, ''),
		h.redeemed_at, c.paid_until, c.expires_at
		FROM coupons c LEFT JOIN profiles o ON o.id = c.user_id
		LEFT JOIN coupon_redemptions h ON h.coupon_id = c.id AND NOT EXISTS (SELECT 1 FROM coupon_redemptions l
			WHERE l.coupon_id = c.id AND (l.redeemed_at > h.redeemed_at OR (l.redeemed_at = h.redeemed_at AND l.id > h.id)))
		WHERE c.status = 'active' AND c.expires_at > $1 ORDER BY c.created_at, c.id`, now)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	day := func(t time.Time) string { return t.In(s.loc).Format(posDate) }
	for rows.Next() {
		var code, customer string
		var created, expires time.Time
		var value, today int64
		var used, paidUntil sql.NullTime
		if err := rows.Scan(&code, &created, &value, &today, &customer, &used, &paidUntil, &expires); err != nil {
			return db.MapError(err)
		}
		last := ""
		if used.Valid {
			last = day(used.Time)
		}
		if paidUntil.Valid {
			expires = paidUntil.Time
		}
		expiry := day(expires)
		if coupon.Never(expires) {
			expiry = "" // no expiration date, as the POS records a card that never expires
		}
		if err := w.Row(code, day(created), money.Plain(value), money.Plain(today), customer, last, expiry); err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

// todayCents is a coupon's value at $1 (docs/product.md#coupons): the paid
// part, and the bonus until its own date.
const todayCents = `c.paid_cents + CASE WHEN COALESCE(c.bonus_until, c.expires_at) > $1 THEN c.bonus_cents ELSE 0 END`

// exportUnclaimed is the unclaimed-property list now, the longest dormant first.
func (s *Service) exportUnclaimed(ctx context.Context, w *csvx.Writer) error {
	_, since, err := s.dormantSince(ctx)
	if err != nil {
		return err
	}
	z := w.Zone()
	if err := w.Row("owner_name", "email", "phone", "paid_value_usd", "last_activity"+z, "code", "issued"+z, "expires"+z,
		"coupon_id"); err != nil {
		return err
	}
	return s.eachUnclaimed(ctx, since, maxRows, func(u Unclaimed) error {
		return w.Row(u.OwnerName, u.Email, u.Phone, money.Plain(u.PaidCents), w.Time(u.LastActivity), u.Code,
			w.Time(u.IssuedAt), endText(w, u.ExpiresAt), u.CouponID)
	})
}
