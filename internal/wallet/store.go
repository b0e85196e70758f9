package wallet

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/db"
)

// store runs the wallet SQL on the transaction in ctx, if any.
type store struct{ db *db.DB }

// pass is a row of wallet_passes.
type pass struct {
	CouponID, AuthToken, State string
	UpdatedAt                  time.Time
	GoogleObject               bool
}

func (s store) pass(ctx context.Context, couponID string) (pass, error) {
	var p pass
	var google sql.NullString
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT coupon_id, auth_token, state, updated_at, google_object
		FROM wallet_passes WHERE coupon_id = $1`, couponID).Scan(&p.CouponID, &p.AuthToken, &p.State, &p.UpdatedAt, &google)
	p.UpdatedAt, p.GoogleObject = p.UpdatedAt.UTC(), google.Valid
	return p, db.MapError(err)
}

// create writes the pass of couponID unless it exists.
func (s store) create(ctx context.Context, couponID, token, state, status string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO wallet_passes
		(coupon_id, auth_token, state, coupon_status, updated_at, checked_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $5, $5) ON CONFLICT (coupon_id) DO NOTHING`, couponID, token, state, status, now)
	return db.MapError(err)
}

// changed records a check of the pass against its coupon: state moves (and
// updated_at with it) only from old, so of two checks racing one moves it;
// it reports whether this one did.
func (s store) changed(ctx context.Context, couponID, old, state, status string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE wallet_passes SET coupon_status = $4, checked_at = $5,
		state = $3, updated_at = CASE WHEN state = $3 THEN updated_at ELSE $5 END
		WHERE coupon_id = $1 AND state = $2`, couponID, old, state, status, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1 && old != state, err
}

func (s store) setGoogleObject(ctx context.Context, couponID, objectID string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE wallet_passes SET google_object = $2 WHERE coupon_id = $1`, couponID, objectID)
	return db.MapError(err)
}

// stale lists (at most limit) passes whose coupon may show differently than
// the pass last did: its status changed, or its expiry or bonus date passed
// since the last check.
func (s store) stale(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return db.Strings(ctx, s.db.Q(ctx), `SELECT p.coupon_id FROM wallet_passes p JOIN coupons c ON c.id = p.coupon_id
		WHERE p.coupon_status <> c.status
			OR (p.checked_at < c.expires_at AND c.expires_at <= $1)
			OR (p.checked_at < c.bonus_until AND c.bonus_until <= $1)
		ORDER BY p.coupon_id LIMIT $2`, now, limit)
}

// register records device's registration for couponID's updates; created
// is false when it was registered already (its push token is refreshed).
func (s store) register(ctx context.Context, device, couponID, pushToken string, now time.Time) (created bool, err error) {
	var at time.Time
	err = s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO wallet_devices (device_id, coupon_id, push_token, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (device_id, coupon_id) DO UPDATE SET push_token = excluded.push_token
		RETURNING created_at`, device, couponID, pushToken, now).Scan(&at)
	return at.Equal(now), db.MapError(err)
}

func (s store) unregister(ctx context.Context, device, couponID string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM wallet_devices WHERE device_id = $1 AND coupon_id = $2`, device, couponID)
	return db.MapError(err)
}

// forgetToken drops every registration of a push token APNs refused as gone.
func (s store) forgetToken(ctx context.Context, pushToken string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM wallet_devices WHERE push_token = $1`, pushToken)
	return db.MapError(err)
}

// updatedSince lists the serials device registered whose pass changed after
// since (all of them when since is nil), with the latest change.
func (s store) updatedSince(ctx context.Context, device string, since *time.Time) ([]string, time.Time, error) {
	q := `SELECT p.coupon_id, p.updated_at FROM wallet_devices d JOIN wallet_passes p ON p.coupon_id = d.coupon_id
		WHERE d.device_id = $1`
	args := []any{device}
	if since != nil {
		q += ` AND p.updated_at > $2`
		args = append(args, *since)
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, q+` ORDER BY p.coupon_id`, args...)
	if err != nil {
		return nil, time.Time{}, db.MapError(err)
	}
	defer rows.Close()
	var serials []string
	var last time.Time
	for rows.Next() {
		var id string
		var at time.Time
		if err := rows.Scan(&id, &at); err != nil {
			return nil, time.Time{}, db.MapError(err)
		}
		serials = append(serials, id)
		if at.After(last) {
			last = at.UTC()
		}
	}
	return serials, last, db.MapError(rows.Err())
}

// queue adds a push (kind apns, target a push token) or a Google patch
// (kind google, target a coupon id) for the change of at; the same change
// is queued once.
func (s store) queue(ctx context.Context, kind, target string, at, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO wallet_outbox (id, kind, target, dedupe_key, next_attempt_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (dedupe_key) DO NOTHING`,
		uuid.NewString(), kind, target, kind+":"+target+":"+at.UTC().Format(time.RFC3339Nano), now)
	return db.MapError(err)
}

// queuePushes queues the push to every device registered for couponID.
func (s store) queuePushes(ctx context.Context, couponID string, at, now time.Time) error {
	tokens, err := db.Strings(ctx, s.db.Q(ctx), `SELECT DISTINCT push_token FROM wallet_devices WHERE coupon_id = $1`, couponID)
	if err != nil {
		return err
	}
	for _, t := range tokens {
		if err := s.queue(ctx, kindAPNs, t, at, now); err != nil {
			return err
		}
	}
	return nil
}

// outboxItem is a due row of wallet_outbox.
type outboxItem struct {
	ID, Kind, Target string
	Attempts         int
}

func (s store) due(ctx context.Context, now time.Time, maxAttempts, limit int) ([]outboxItem, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, kind, target, attempts FROM wallet_outbox
		WHERE sent_at IS NULL AND next_attempt_at <= $1 AND attempts < $2
		ORDER BY next_attempt_at, id LIMIT $3`, now, maxAttempts, limit)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []outboxItem
	for rows.Next() {
		var it outboxItem
		if err := rows.Scan(&it.ID, &it.Kind, &it.Target, &it.Attempts); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, it)
	}
	return out, db.MapError(rows.Err())
}

func (s store) sent(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE wallet_outbox SET sent_at = $2, last_error = NULL WHERE id = $1`, id, now)
	return db.MapError(err)
}

func (s store) failed(ctx context.Context, id string, attempts int, next time.Time, msg string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE wallet_outbox SET attempts = $2, next_attempt_at = $3, last_error = $4
		WHERE id = $1`, id, attempts, next, msg)
	return db.MapError(err)
}

// prune deletes outbox rows queued before cutoff.
func (s store) prune(ctx context.Context, cutoff time.Time) (int, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM wallet_outbox WHERE created_at < $1`, cutoff)
	if err != nil {
		return 0, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
