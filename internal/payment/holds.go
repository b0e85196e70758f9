package payment

import (
	"context"
	"slices"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
	"watchwin/internal/seat"
	"watchwin/internal/throttle"
)

// Limits on what one client address may hold (docs/api.md#seat-holds),
// so a few throwaway accounts cannot make a webinar answer sold out to
// everyone for the length of a hold. They count payments started from the
// same address (behind trusted proxies, the real client; ClientKey groups
// an IPv6 /64), checked under the webinar's seat lock.
const (
	// HoldsPerClientPerWebinar running seat holds of one webinar.
	HoldsPerClientPerWebinar = 2
	// HoldsPerClient running seat holds across every webinar.
	HoldsPerClient = 5
	// AccountsPerClient other accounts that may have started a payment from
	// the same address in AccountsWindow.
	AccountsPerClient = 3
	AccountsWindow    = time.Hour
)

const (
	msgTooManyHolds  = "Too many payments are under way from your connection. Please finish one, or try again in %s."
	msgTooManyPeople = "Too many accounts have started payments from your connection. Please try again in %s."
)

// limitHolds refuses payment p's new or renewed hold, already written in
// the transaction (its refusal rolls it back), when client is past a limit
// above; p's own hold is not counted. tx's seat lock is held. client "" is
// not limited.
func (s *Service) limitHolds(ctx context.Context, p Payment, client string, now time.Time) error {
	if client == "" {
		return nil
	}
	all, err := s.deps.Seats.ClientHolds(ctx, client)
	if err != nil {
		return err
	}
	var holds []seat.ClientHold
	onWebinar := 0
	for _, h := range all {
		if h.PaymentID == p.ID {
			continue
		}
		holds = append(holds, h)
		if h.WebinarID == p.WebinarID {
			onWebinar++
		}
	}
	if onWebinar >= HoldsPerClientPerWebinar || len(holds) >= HoldsPerClient {
		return throttle.Wait(apperr.KindTooMany, "too_many_holds", msgTooManyHolds, holds[0].Expires.Sub(now))
	}
	others, err := s.store.clientAccounts(ctx, client, p.UserID, now.Add(-AccountsWindow))
	if err != nil {
		return err
	}
	if len(others) >= AccountsPerClient {
		// The count drops below the limit when the oldest of the last
		// AccountsPerClient accounts' payments leaves the window.
		oldest := others[len(others)-AccountsPerClient]
		return throttle.Wait(apperr.KindTooMany, "too_many_accounts", msgTooManyPeople, oldest.Add(AccountsWindow).Sub(now))
	}
	return nil
}

// clientAccounts returns, for each account other than userID that started a
// payment from client since since, when it last did, oldest first.
func (s store) clientAccounts(ctx context.Context, client, userID string, since time.Time) ([]time.Time, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT user_id, created_at FROM payments
		WHERE client_key = $1 AND created_at > $2 AND user_id <> $3
		ORDER BY created_at LIMIT 1000`, client, since, userID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	last := map[string]time.Time{}
	var order []string
	for rows.Next() {
		var user string
		var at time.Time
		if err := rows.Scan(&user, &at); err != nil {
			return nil, db.MapError(err)
		}
		if _, seen := last[user]; !seen {
			order = append(order, user)
		}
		last[user] = at.UTC()
	}
	if err := rows.Err(); err != nil {
		return nil, db.MapError(err)
	}
	out := make([]time.Time, 0, len(order))
	for _, u := range order {
		out = append(out, last[u])
	}
	slices.SortFunc(out, time.Time.Compare)
	return out, nil
}
