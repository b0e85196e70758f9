package reminder

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// subscription is a row of alert_subscriptions.
type subscription struct {
	ID, Email, Status string
	TokenExpiresAt    *time.Time
}

// Subscription statuses (alert_subscriptions.status).
const (
	subPending      = "pending"
	subConfirmed    = "confirmed"
	subUnsubscribed = "unsubscribed"
)

func scanSubscription(row *sql.Row) (subscription, error) {
	var s subscription
	var expires sql.NullTime
	if err := row.Scan(&s.ID, &s.Email, &s.Status, &expires); err != nil {
		return subscription{}, db.MapError(err)
	}
	if expires.Valid {
		t := expires.Time.UTC()
		s.TokenExpiresAt = &t
	}
	return s, nil
}

const subscriptionColumns = `id, email, status, token_expires_at`

// subscriptionByEmail returns the subscription of email (db.ErrNotFound).
func (s store) subscriptionByEmail(ctx context.Context, email string) (subscription, error) {
	return scanSubscription(s.db.Q(ctx).QueryRowContext(ctx,
		`SELECT `+subscriptionColumns+` FROM alert_subscriptions WHERE email = $1`, email))
}

// subscriptionByToken returns the subscription whose confirmation link has
// the hash tokenHash (db.ErrNotFound).
func (s store) subscriptionByToken(ctx context.Context, tokenHash string) (subscription, error) {
	return scanSubscription(s.db.Q(ctx).QueryRowContext(ctx,
		`SELECT `+subscriptionColumns+` FROM alert_subscriptions WHERE token_hash = $1`, tokenHash))
}

// pending makes email's subscription pending with a new confirmation link
// (its hash, valid until expires), creating it when there is none; a
// confirmed one is left as it is (the caller checked). Two requests racing
// for one address both end with one row (the address is unique).
func (s store) pending(ctx context.Context, id, email, tokenHash string, expires, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO alert_subscriptions
			(id, email, status, token_hash, token_expires_at, created_at, updated_at)
		VALUES ($1, $2, 'pending', $3, $4, $5, $5)
		ON CONFLICT (email) DO UPDATE SET status = 'pending', token_hash = excluded.token_hash,
			token_expires_at = excluded.token_expires_at, updated_at = excluded.updated_at
		WHERE alert_subscriptions.status <> 'confirmed'`, id, email, tokenHash, expires, now)
	return db.MapError(err)
}

// confirm makes subscription id confirmed at now (its link stays, so
// following it again answers the same).
func (s store) confirm(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE alert_subscriptions SET status = 'confirmed', confirmed_at = $2,
		updated_at = $2 WHERE id = $1 AND status <> 'confirmed'`, id, now)
	return db.MapError(err)
}

// subscribeAccount makes the account's own address a confirmed subscriber
// (the Settings switch: the signed-in account stands for its address).
func (s store) subscribeAccount(ctx context.Context, id, userID, email string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO alert_subscriptions
			(id, email, user_id, status, created_at, confirmed_at, updated_at)
		VALUES ($1, $2, $3, 'confirmed', $4, $4, $4)
		ON CONFLICT (email) DO UPDATE SET user_id = excluded.user_id, status = 'confirmed', token_hash = NULL,
			confirmed_at = CASE WHEN alert_subscriptions.status = 'confirmed' THEN alert_subscriptions.confirmed_at
				ELSE excluded.confirmed_at END,
			updated_at = excluded.updated_at`, id, email, userID, now)
	return db.MapError(err)
}

// unsubscribeEmail ends email's subscription, if any.
func (s store) unsubscribeEmail(ctx context.Context, email string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE alert_subscriptions SET status = 'unsubscribed', token_hash = NULL,
		updated_at = $2 WHERE email = $1 AND status <> 'unsubscribed'`, email, now)
	return db.MapError(err)
}

// unsubscribeID ends subscription id (its unsubscribe link); a repeat, or
// a subscription since deleted, changes nothing.
func (s store) unsubscribeID(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE alert_subscriptions SET status = 'unsubscribed', token_hash = NULL,
		updated_at = $2 WHERE id = $1 AND status <> 'unsubscribed'`, id, now)
	return db.MapError(err)
}

// alertCandidate is a confirmed subscriber a published webinar's alert is
// due for, with what the e-mail shows.
type alertCandidate struct {
	WebinarID, Title      string
	EventAt               time.Time
	PriceCents            int64
	Percentage            int
	SubscriptionID, Email string
}

// alertEligible: webinar w still active, subscription s confirmed since
// before w was published, and not of a deleted account. The candidate query
// and the withdrawal use the same words.
const alertEligible = `w.is_active = TRUE AND s.status = 'confirmed' AND s.confirmed_at <= w.published_at
	AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = s.user_id AND p.deleted_at IS NOT NULL)`

// alertCandidates returns, for the webinars published in (from, to], every
// eligible subscriber that has not had the webinar's alert yet, by
// publication then subscriber.
func (s store) alertCandidates(ctx context.Context, from, to time.Time) ([]alertCandidate, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT w.id, w.title, w.event_datetime, w.display_price_cents,
			w.actual_coupon_value_percentage, s.id, s.email
		FROM webinars w JOIN alert_subscriptions s ON s.status = 'confirmed'
		WHERE w.published_at > $1 AND w.published_at <= $2 AND `+alertEligible+`
			AND NOT EXISTS (SELECT 1 FROM webinar_alerts a WHERE a.webinar_id = w.id AND a.subscription_id = s.id)
		ORDER BY w.published_at, w.id, s.id LIMIT 10000`, from, to)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []alertCandidate
	for rows.Next() {
		var c alertCandidate
		if err := rows.Scan(&c.WebinarID, &c.Title, &c.EventAt, &c.PriceCents, &c.Percentage, &c.SubscriptionID, &c.Email); err != nil {
			return nil, db.MapError(err)
		}
		c.EventAt = c.EventAt.UTC()
		out = append(out, c)
	}
	return out, db.MapError(rows.Err())
}

// recordAlert notes that webinar's alert was queued for a subscription,
// and reports whether this call did it (the primary key lets one writer
// win, however many instances try at once).
func (s store) recordAlert(ctx context.Context, webinarID, subscriptionID string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webinar_alerts (webinar_id, subscription_id, status, queued_at)
		VALUES ($1, $2, 'queued', $3) ON CONFLICT (webinar_id, subscription_id) DO NOTHING`, webinarID, subscriptionID, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// staleAlert is a queued alert whose reason went away.
type staleAlert struct{ WebinarID, SubscriptionID string }

// staleAlerts returns the alerts queued since since, not settled yet, whose
// webinar was switched off or whose subscriber unsubscribed.
func (s store) staleAlerts(ctx context.Context, since time.Time) ([]staleAlert, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT a.webinar_id, a.subscription_id FROM webinar_alerts a
		JOIN webinars w ON w.id = a.webinar_id
		JOIN alert_subscriptions s ON s.id = a.subscription_id
		WHERE a.status = 'queued' AND a.queued_at > $1 AND NOT (`+alertEligible+`)`, since)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []staleAlert
	for rows.Next() {
		var a staleAlert
		if err := rows.Scan(&a.WebinarID, &a.SubscriptionID); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, a)
	}
	return out, db.MapError(rows.Err())
}

// settleAlert marks an alert canceled or sent (store.settle).
func (s store) settleAlert(ctx context.Context, a staleAlert, canceled bool) error {
	status := "sent"
	if canceled {
		status = "canceled"
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_alerts SET status = $3 WHERE webinar_id = $1 AND subscription_id = $2`,
		a.WebinarID, a.SubscriptionID, status)
	return db.MapError(err)
}

// accountSubscribed reports whether email is a confirmed subscriber.
func (s store) accountSubscribed(ctx context.Context, email string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM alert_subscriptions WHERE email = $1 AND status = 'confirmed'`,
		email).Scan(&n)
	return n > 0, db.MapError(err)
}
