package reminder

import (
	"context"
	"time"

	"watchwin/internal/db"
)

// creditCandidate is a coupon a credit reminder may be due for, with what
// its e-mail shows.
type creditCandidate struct {
	CouponID, UserID, FirstName, Email, Title string
	Policy                                    string
	ValueCents, PaidCents, BonusCents         int64
	CreatedAt, ExpiresAt, BonusUntil          time.Time
}

// creditEligible is the SQL condition under which coupon c (of account p)
// should get the credit reminder kind kindSQL names: still active (not
// redeemed, refunded, refunding or disputed), its end (end) still ahead of
// $1, the account not deleted and not unsubscribed from the kind. The
// candidate query and the withdrawal use the same words, so they agree.
func creditEligible(kindSQL, end string) string {
	return `c.status = 'active' AND ` + end + ` > $1 AND p.deleted_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM reminder_optouts o WHERE o.user_id = c.user_id AND o.kind = ` + kindSQL + `)`
}

// creditEnd is the column kind k counts back from: the coupon's end, or
// its promotional bonus's end (a Split coupon whose bonus ends before the
// coupon does).
func creditEnd(k Kind) string {
	if k == BonusExpiry {
		return `c.bonus_until`
	}
	return `c.expires_at`
}

const bonusOnly = `c.value_policy = 'split' AND c.bonus_cents > 0 AND c.bonus_until < c.expires_at`

// creditCandidates returns the coupons eligible for kind k at now whose end
// is in (from, to] and that have not had k yet, soonest first.
func (s store) creditCandidates(ctx context.Context, k Kind, now, from, to time.Time) ([]creditCandidate, error) {
	end := creditEnd(k)
	cond := creditEligible(literal(k), end)
	if k == BonusExpiry {
		cond += ` AND ` + bonusOnly
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT c.id, c.user_id, p.first_name, p.email, COALESCE(w.title, ''),
			c.value_policy, c.value_cents, c.paid_cents, c.bonus_cents, c.created_at, c.expires_at, c.bonus_until
		FROM coupons c
		JOIN profiles p ON p.id = c.user_id
		LEFT JOIN webinars w ON w.id = c.webinar_id
		WHERE `+end+` > $2 AND `+end+` <= $3 AND `+cond+`
			AND NOT EXISTS (SELECT 1 FROM coupon_reminders x WHERE x.coupon_id = c.id AND x.kind = `+literal(k)+`)
		ORDER BY `+end+`, c.id LIMIT 10000`, now, from, to)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []creditCandidate
	for rows.Next() {
		var c creditCandidate
		if err := rows.Scan(&c.CouponID, &c.UserID, &c.FirstName, &c.Email, &c.Title, &c.Policy, &c.ValueCents,
			&c.PaidCents, &c.BonusCents, &c.CreatedAt, &c.ExpiresAt, &c.BonusUntil); err != nil {
			return nil, db.MapError(err)
		}
		c.CreatedAt, c.ExpiresAt, c.BonusUntil = c.CreatedAt.UTC(), c.ExpiresAt.UTC(), c.BonusUntil.UTC()
		out = append(out, c)
	}
	return out, db.MapError(rows.Err())
}

// recordCredit notes that kind k was queued for a coupon, and reports
// whether this call did it (the primary key lets one writer win).
func (s store) recordCredit(ctx context.Context, couponID string, k Kind, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO coupon_reminders (coupon_id, kind, status, queued_at)
		VALUES ($1, $2, 'queued', $3) ON CONFLICT (coupon_id, kind) DO NOTHING`, couponID, string(k), now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// staleCredit returns the credit reminders queued since since, not settled
// yet, whose reason has gone away at now: the coupon was redeemed,
// refunded, disputed or has ended, the account unsubscribed or was deleted.
func (s store) staleCredit(ctx context.Context, now, since time.Time) ([]queued, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT x.coupon_id, x.kind FROM coupon_reminders x
		JOIN coupons c ON c.id = x.coupon_id
		JOIN profiles p ON p.id = c.user_id
		WHERE x.status = 'queued' AND x.queued_at > $2
			AND NOT ((x.kind = 'credit_expiry' AND `+creditEligible("x.kind", creditEnd(CreditExpiry))+`)
				OR (x.kind = 'bonus_expiry' AND `+creditEligible("x.kind", creditEnd(BonusExpiry))+`))`, now, since)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []queued
	for rows.Next() {
		var q queued
		if err := rows.Scan(&q.ID, &q.Kind); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, q)
	}
	return out, db.MapError(rows.Err())
}

// settleCredit marks a credit reminder canceled or sent (store.settle).
func (s store) settleCredit(ctx context.Context, q queued, canceled bool) error {
	status := "sent"
	if canceled {
		status = "canceled"
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE coupon_reminders SET status = $3 WHERE coupon_id = $1 AND kind = $2`,
		q.ID, string(q.Kind), status)
	return db.MapError(err)
}
