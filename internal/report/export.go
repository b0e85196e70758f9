package report

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/coupon"
	"watchwin/internal/csvx"
	"watchwin/internal/db"
	"watchwin/internal/money"
	"watchwin/internal/period"
)

// Exports are the CSV files of a period (docs/api.md#exports), by the
// name the route takes.
var Exports = map[string]func(s *Service, ctx context.Context, p period.Period, w *csvx.Writer) error{
	"breakage.csv":      (*Service).exportBreakage,
	"counter.csv":       (*Service).exportCounter,
	"coupons.csv":       (*Service).exportCoupons,
	"liability.csv":     (*Service).exportLiability,
	"payments.csv":      (*Service).exportPayments,
	"registrations.csv": (*Service).exportRegistrations,
	"retention.csv":     (*Service).exportRetention,
	"sources.csv":       (*Service).exportSources,
}

// exportRetention is the retention table: a row per webinar and part of
// its video (from and to in seconds), with the share who watched it and
// the webinar's median and half-stopped point repeated.
func (s *Service) exportRetention(ctx context.Context, p period.Period, w *csvx.Writer) error {
	if err := w.Row("webinar", "length_seconds", "part", "from_seconds", "to_seconds", "watched_percent",
		"registrants", "viewers", "median_watched_percent", "half_stopped_seconds"); err != nil {
		return err
	}
	list, err := s.Retention(ctx, p)
	if err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, r := range list {
		if r.LengthSeconds == 0 {
			continue
		}
		part := float64(r.LengthSeconds) / RetentionBuckets
		for k, share := range r.Buckets {
			if err := w.Row(r.Title, strconv.Itoa(r.LengthSeconds), strconv.Itoa(k+1), f(float64(int(float64(k)*part*10))/10),
				f(float64(int(float64(k+1)*part*10))/10), f(share), strconv.Itoa(r.Registrants), strconv.Itoa(r.Viewers),
				f(r.MedianPercent), strconv.Itoa(r.HalfStoppedSec)); err != nil {
				return err
			}
		}
	}
	return nil
}

// exportSources is the funnel by source of the period's registrations.
func (s *Service) exportSources(ctx context.Context, p period.Period, w *csvx.Writer) error {
	if err := w.Row("source", "utm_medium", "utm_campaign", "ref", "registered", "watched", "paid", "redeemed",
		"revenue"); err != nil {
		return err
	}
	list, err := s.Sources(ctx, p)
	if err != nil {
		return err
	}
	for _, f := range list {
		if err := w.Row(f.Source, f.Medium, f.Campaign, f.Ref, strconv.Itoa(f.Registered), strconv.Itoa(f.Watched),
			strconv.Itoa(f.Paid), strconv.Itoa(f.Redeemed), money.Plain(f.Revenue.Cents)); err != nil {
			return err
		}
	}
	return nil
}

// statusLabel is a coupon's status as every table shows it.
func statusLabel(status string, expires time.Time, now time.Time) string {
	switch status {
	case "used":
		return "Redeemed"
	case "refunded":
		return "Refunded"
	case "refunding":
		return "Refund pending"
	case "expired":
		return "Expired"
	}
	if !now.Before(expires) {
		return "Expired"
	}
	return "Valid"
}

// exportCoupons writes the coupons issued in p, oldest first.
func (s *Service) exportCoupons(ctx context.Context, p period.Period, w *csvx.Writer) error {
	z := w.Zone()
	if err := w.Row("code", "status", "value_usd", "paid_usd", "owner_email", "owner_name", "webinar",
		"issued"+z, "expires"+z, "redeemed"+z, "refunded"+z, "coupon_id", "payment_id",
		"value_policy", "paid_value_usd", "paid_until"+z, "promotional_value_usd", "promotional_until"+z,
		"value_today_usd", "redeemed_value_usd", "pos_receipt"); err != nil {
		return err
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT c.code, c.status, c.value_cents, c.original_payment_cents,
		COALESCE(pr.email, ''), COALESCE(pr.first_name, ''), COALESCE(pr.last_name, ''), COALESCE(w.title, ''),
		c.created_at, c.expires_at, c.redeemed_at, c.refunded_at, c.id, COALESCE(c.payment_id, ''),
		c.value_policy, c.paid_cents, c.paid_until, c.bonus_cents, c.bonus_until, c.redeemed_cents, COALESCE(c.pos_receipt, '')
		FROM coupons c
		LEFT JOIN profiles pr ON pr.id = c.user_id AND pr.deleted_at IS NULL
		LEFT JOIN webinars w ON w.id = c.webinar_id
		WHERE c.created_at >= $1 AND c.created_at < $2 ORDER BY c.created_at, c.id`, p.Start, p.End)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	now := s.now()
	for rows.Next() {
		var code, status, email, first, last, title, id, payment, policy, receipt string
		var value, paid, paidPart, bonusPart int64
		var created, expires time.Time
		var redeemed, refunded, paidUntil, bonusUntil sql.NullTime
		var redeemedValue sql.NullInt64
		if err := rows.Scan(&code, &status, &value, &paid, &email, &first, &last, &title,
			&created, &expires, &redeemed, &refunded, &id, &payment,
			&policy, &paidPart, &paidUntil, &bonusPart, &bonusUntil, &redeemedValue, &receipt); err != nil {
			return db.MapError(err)
		}
		// Today's value (docs/product.md#coupons): the bonus until its date, the
		// paid part until the coupon's last day; nothing once used or void.
		paidEnd, bonusEnd := expires, expires // rows written without their parts' dates end whole
		if paidUntil.Valid {
			paidEnd = paidUntil.Time
		}
		if bonusUntil.Valid {
			bonusEnd = bonusUntil.Time
		}
		var today int64
		if statusLabel(status, expires, now) == "Valid" {
			today = paidPart
			if now.Before(bonusEnd) {
				today += bonusPart
			}
		}
		redeemedUSD := ""
		if redeemedValue.Valid {
			redeemedUSD = money.Plain(redeemedValue.Int64)
		}
		err := w.Row(code, statusLabel(status, expires, now), money.Plain(value), money.Plain(paid), email,
			strings.TrimSpace(first+" "+last), title, w.Time(created), endText(w, expires), w.TimePtr(timePtr(redeemed)),
			w.TimePtr(timePtr(refunded)), id, payment,
			policy, money.Plain(paidPart), endText(w, paidEnd), money.Plain(bonusPart), endText(w, bonusEnd),
			money.Plain(today), redeemedUSD, receipt)
		if err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

// endText writes a coupon's end t in w's zone, or "never" for a paid value
// that never expires (coupon.NoExpiry; docs/api.md#coupon-value).
func endText(w *csvx.Writer, t time.Time) string {
	if coupon.Never(t) {
		return "never"
	}
	return w.Time(t)
}

// exportPayments writes the payments taken or refunded in p (a refund of
// an earlier sale is in the period it was made), oldest first.
func (s *Service) exportPayments(ctx context.Context, p period.Period, w *csvx.Writer) error {
	z := w.Zone()
	if err := w.Row("payment_id", "provider", "provider_payment_id", "status", "buyer_email", "webinar",
		"amount_usd", "coupon_value_usd", "started"+z, "taken"+z, "refund_reason", "refunded"+z); err != nil {
		return err
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT p.id, p.provider, p.provider_payment_id, p.status,
		COALESCE(pr.email, ''), COALESCE(w.title, ''), p.amount_cents, p.coupon_value_cents,
		p.created_at, p.fulfilled_at, COALESCE(p.refund_reason, ''), p.refunded_at
		FROM payments p
		LEFT JOIN profiles pr ON pr.id = p.user_id AND pr.deleted_at IS NULL
		LEFT JOIN webinars w ON w.id = p.webinar_id
		WHERE (p.fulfilled_at >= $1 AND p.fulfilled_at < $2) OR (p.refunded_at >= $1 AND p.refunded_at < $2)
		ORDER BY p.created_at, p.id`, p.Start, p.End)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, provider, providerID, status, email, title, reason string
		var amount, value int64
		var created time.Time
		var fulfilled, refunded sql.NullTime
		if err := rows.Scan(&id, &provider, &providerID, &status, &email, &title, &amount, &value,
			&created, &fulfilled, &reason, &refunded); err != nil {
			return db.MapError(err)
		}
		err := w.Row(id, provider, providerID, status, email, title, money.Plain(amount), money.Plain(value),
			w.Time(created), w.TimePtr(timePtr(fulfilled)), reason, w.TimePtr(timePtr(refunded)))
		if err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

// exportRegistrations writes the registrations made in p, oldest first,
// with the contact details the registrant typed.
func (s *Service) exportRegistrations(ctx context.Context, p period.Period, w *csvx.Writer) error {
	z := w.Zone()
	if err := w.Row("registration_id", "webinar", "name", "email", "phone", "registered"+z,
		"watched_fully", "paid_seat", "coupon_status"); err != nil {
		return err
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT r.id, COALESCE(w.title, ''), r.user_name_for_registration,
		r.user_email_for_registration, COALESCE(r.user_phone_for_registration, ''), r.registration_time,
		r.watched_video_fully, r.purchased_coupon, COALESCE(c.status, ''), c.expires_at
		FROM webinar_registrations r
		LEFT JOIN webinars w ON w.id = r.webinar_id
		LEFT JOIN coupons c ON c.webinar_registration_id = r.id
		WHERE r.registration_time >= $1 AND r.registration_time < $2 ORDER BY r.registration_time, r.id`, p.Start, p.End)
	if err != nil {
		return db.MapError(err)
	}
	defer rows.Close()
	now := s.now()
	for rows.Next() {
		var id, title, name, email, phone, couponStatus string
		var registered time.Time
		var watched, paid bool
		var expires sql.NullTime
		if err := rows.Scan(&id, &title, &name, &email, &phone, &registered, &watched, &paid, &couponStatus, &expires); err != nil {
			return db.MapError(err)
		}
		if couponStatus != "" {
			couponStatus = statusLabel(couponStatus, expires.Time, now)
		}
		if err := w.Row(id, title, name, email, phone, w.Time(registered), yesNo(watched), yesNo(paid), couponStatus); err != nil {
			return err
		}
	}
	return db.MapError(rows.Err())
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}
