package reminder

import (
	"context"
	"time"

	"watchwin/internal/coupon"
)

// Credit reminders' lead times (docs/api.md#reminders): a coupon's end
// is announced 7 days ahead, a Split coupon's bonus end 3 days ahead,
// counted in the store's zone as the other reminders are.
const (
	creditLeadDays = 7
	bonusLeadDays  = 3
)

// creditLead is how many days before its end kind k is due.
func creditLead(k Kind) int {
	if k == BonusExpiry {
		return bonusLeadDays
	}
	return creditLeadDays
}

// creditDue is when kind k is due for a coupon whose end (the coupon's, or
// its bonus's) is end.
func creditDue(k Kind, end time.Time, zone *time.Location) time.Time {
	return end.In(zone).AddDate(0, 0, -creditLead(k)).UTC()
}

// queueCredit queues kind k for every eligible coupon whose reminder is due
// and at most MaxLate late, each in its own short transaction: the
// reminder row (once per coupon and kind) and the mail together. A coupon
// issued after its reminder's moment gets none ("expires in 7 days" would
// not be true).
func (s *Service) queueCredit(ctx context.Context, k Kind, key []byte) (int, error) {
	now := s.now()
	zone := s.mail.TimeZone
	lead := time.Duration(creditLead(k)) * 24 * time.Hour
	// Ends whose due time may fall in (now − MaxLate, now]; creditDue
	// decides exactly (an hour to spare for daylight saving).
	from := now.Add(lead - MaxLate - time.Hour)
	to := now.Add(lead + time.Hour)
	list, err := s.store.creditCandidates(ctx, k, now, from, to)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, c := range list {
		if err := ctx.Err(); err != nil {
			return queued, err
		}
		end := c.ExpiresAt
		if k == BonusExpiry {
			end = c.BonusUntil
		}
		due := creditDue(k, end, zone)
		if due.After(now) || now.Sub(due) > MaxLate || due.Before(c.CreatedAt) {
			continue
		}
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			first, err := s.store.recordCredit(ctx, c.CouponID, k, now)
			if err != nil || !first {
				return err
			}
			m, err := s.mail.creditMessage(ctx, k, c, due, sign(key, k, c.UserID))
			if err != nil {
				return err
			}
			queued++
			return s.outbox.Enqueue(ctx, m)
		})
		if err != nil {
			return queued, err
		}
	}
	return queued, nil
}

// withdrawStaleCredit withdraws the queued credit reminders whose reason
// went away (redeemed, refunded, disputed, ended, unsubscribed), as
// withdrawStale does for the registration reminders.
func (s *Service) withdrawStaleCredit(ctx context.Context) error {
	now := s.now()
	stale, err := s.store.staleCredit(ctx, now, now.Add(-settleWindow))
	if err != nil {
		return err
	}
	_, err = withdrawQueued(ctx, s, stale, func(q queued) string { return Key(q.Kind, q.ID) }, s.store.settleCredit)
	return err
}

// valueAt is what the coupon of c is worth at t (coupon's own rule).
func (c creditCandidate) valueAt(t time.Time) int64 {
	return coupon.Coupon{PaidCents: c.PaidCents, BonusCents: c.BonusCents, ExpiresAt: c.ExpiresAt,
		BonusUntil: c.BonusUntil}.TodayCents(t)
}
