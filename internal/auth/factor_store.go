package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"watchwin/internal/db"
)

// factor is an account's TOTP secret as stored (migration 0015).
type factor struct {
	secret    string
	confirmed bool
	lastStep  int64
}

// factorOf returns userID's factor, confirmed or being set up
// (db.ErrNotFound when it has none).
func (s store) factorOf(ctx context.Context, userID string) (factor, error) {
	var f factor
	var confirmed sql.NullTime
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT secret, confirmed_at, last_step FROM second_factors WHERE user_id = $1`,
		userID).Scan(&f.secret, &confirmed, &f.lastStep)
	f.confirmed = confirmed.Valid
	return f, db.MapError(err)
}

// setPendingFactor stores a new secret for userID while its factor is not
// confirmed; db.ErrConflict when a confirmed one exists (it is never
// replaced this way).
func (s store) setPendingFactor(ctx context.Context, userID, secret string, now time.Time) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO second_factors (user_id, secret, last_step, created_at)
		VALUES ($1, $2, 0, $3)
		ON CONFLICT (user_id) DO UPDATE SET secret = $2, last_step = 0, created_at = $3
		WHERE second_factors.confirmed_at IS NULL`, userID, secret, now)
	if err != nil {
		return db.MapError(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return db.ErrConflict
	}
	return nil
}

// acceptStep records that a code of step was accepted for userID's factor
// (confirming a pending one when confirm is set), only if no code of that
// step or a later one was: one statement, so of two requests with the same
// code exactly one gets true.
func (s store) acceptStep(ctx context.Context, userID string, step int64, confirm bool, now time.Time) (bool, error) {
	q := `UPDATE second_factors SET last_step = $2 WHERE user_id = $1 AND last_step < $2 AND confirmed_at IS NOT NULL`
	args := []any{userID, step}
	if confirm {
		q = `UPDATE second_factors SET last_step = $2, confirmed_at = $3 WHERE user_id = $1 AND last_step < $2 AND confirmed_at IS NULL`
		args = append(args, now)
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, q, args...)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, db.MapError(err)
}

// deleteFactor removes userID's factor and recovery codes; it reports
// whether a confirmed factor was removed. With a non-zero since only a
// factor confirmed after it goes (and nothing else when there is none).
func (s store) deleteFactor(ctx context.Context, userID string, since time.Time) (bool, error) {
	q, args := `DELETE FROM second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL`, []any{userID}
	if !since.IsZero() {
		q, args = q+` AND confirmed_at > $2`, append(args, since)
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, q, args...)
	if err != nil {
		return false, db.MapError(err)
	}
	n, _ := res.RowsAffected()
	if n == 0 && !since.IsZero() {
		return false, nil
	}
	for _, q := range []string{`DELETE FROM second_factors WHERE user_id = $1`, `DELETE FROM recovery_codes WHERE user_id = $1`,
		`DELETE FROM login_challenges WHERE user_id = $1`} {
		if _, err := s.db.Q(ctx).ExecContext(ctx, q, userID); err != nil {
			return false, db.MapError(err)
		}
	}
	return n > 0, nil
}

// replaceRecoveryCodes deletes userID's recovery codes, used or not, and
// stores the given hashes.
func (s store) replaceRecoveryCodes(ctx context.Context, userID string, hashes []string, now time.Time) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
		return db.MapError(err)
	}
	for _, h := range hashes {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO recovery_codes (code_hash, user_id, created_at) VALUES ($1, $2, $3)`,
			h, userID, now); err != nil {
			return db.MapError(err)
		}
	}
	return nil
}

// spendRecoveryCode marks an unused recovery code of userID used; false
// when there is none with that hash (one statement: a code works once).
func (s store) spendRecoveryCode(ctx context.Context, userID, codeHash string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE recovery_codes SET used_at = $3
		WHERE code_hash = $1 AND user_id = $2 AND used_at IS NULL`, codeHash, userID, now)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, db.MapError(err)
}

// recoveryCodesLeft counts userID's unused recovery codes.
func (s store) recoveryCodesLeft(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
		userID).Scan(&n)
	return n, db.MapError(err)
}

func (s store) createChallenge(ctx context.Context, tokenHash, userID string, now, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO login_challenges (token_hash, user_id, created_at, expires_at)
		VALUES ($1, $2, $3, $4)`, tokenHash, userID, now, expires)
	return db.MapError(err)
}

// challengeUser is the live account of an unexpired login challenge, and
// when its password was checked (the challenge's start).
func (s store) challengeUser(ctx context.Context, tokenHash string, now time.Time) (string, time.Time, error) {
	var id string
	var created time.Time
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT c.user_id, c.created_at FROM login_challenges c JOIN profiles p ON p.id = c.user_id
		WHERE c.token_hash = $1 AND c.expires_at > $2 AND p.deleted_at IS NULL`, tokenHash, now).Scan(&id, &created)
	return id, created, db.MapError(err)
}

// addWrongCode counts a wrong code of a login challenge and returns how
// many it has had (0 when the challenge is gone).
func (s store) addWrongCode(ctx context.Context, tokenHash string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE login_challenges SET wrong_codes = wrong_codes + 1
		WHERE token_hash = $1 RETURNING wrong_codes`, tokenHash).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, db.MapError(err)
}

// sessionChecks is what a session has proved besides its login: when it
// last checked the password, and when it opened the mailed enrolment link
// (each null when never).
func (s store) sessionChecks(ctx context.Context, tokenHash string) (password, enrolLink sql.NullTime, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT password_checked_at, enrolment_link_at FROM sessions WHERE token_hash = $1`,
		tokenHash).Scan(&password, &enrolLink)
	return password, enrolLink, db.MapError(err)
}

// setPasswordChecked records that the session checked the password at now.
func (s store) setPasswordChecked(ctx context.Context, tokenHash string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET password_checked_at = $2 WHERE token_hash = $1`, tokenHash, now)
	return db.MapError(err)
}

// setEnrolLinkOpened records that the session opened the mailed enrolment link.
func (s store) setEnrolLinkOpened(ctx context.Context, tokenHash string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET enrolment_link_at = $2 WHERE token_hash = $1`, tokenHash, now)
	return db.MapError(err)
}

// adminEmails lists the addresses of the admins but except's.
func (s store) adminEmails(ctx context.Context, except string) ([]string, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT email FROM profiles
		WHERE role = 'admin' AND deleted_at IS NULL AND id <> $1 ORDER BY email`, except)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, e)
	}
	return out, db.MapError(rows.Err())
}

// deleteChallenge removes a challenge; false when it was gone already (a
// parallel request with the same cookie finished the login first).
func (s store) deleteChallenge(ctx context.Context, tokenHash string) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM login_challenges WHERE token_hash = $1`, tokenHash)
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n == 1, db.MapError(err)
}

// sessionRow is one session as the account's list shows it.
type sessionRow struct {
	tokenHash string
	device    string
	network   string
	created   time.Time
	lastSeen  time.Time
}

// sessionsOf lists userID's unexpired sessions, the newest first.
func (s store) sessionsOf(ctx context.Context, userID string, now time.Time) ([]sessionRow, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT token_hash, device, client_network, created_at, last_seen_at
		FROM sessions WHERE user_id = $1 AND expires_at > $2 ORDER BY COALESCE(last_seen_at, created_at) DESC, created_at DESC`, userID, now)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []sessionRow
	for rows.Next() {
		var r sessionRow
		var lastSeen sql.NullTime
		if err := rows.Scan(&r.tokenHash, &r.device, &r.network, &r.created, &lastSeen); err != nil {
			return nil, db.MapError(err)
		}
		r.lastSeen = r.created
		if lastSeen.Valid {
			r.lastSeen = lastSeen.Time
		}
		out = append(out, r)
	}
	return out, db.MapError(rows.Err())
}

// touchSession writes last_seen_at when the stored one is older than
// before (at most one write per session every lastSeenEvery).
func (s store) touchSession(ctx context.Context, tokenHash string, now, before time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET last_seen_at = $2
		WHERE token_hash = $1 AND COALESCE(last_seen_at, created_at) < $3`, tokenHash, now, before)
	return db.MapError(err)
}

// countSessions counts userID's sessions other than keep's.
func (s store) countSessions(ctx context.Context, userID, keep string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE user_id = $1 AND token_hash <> $2`,
		userID, keep).Scan(&n)
	return n, db.MapError(err)
}

// passwordHash is userID's stored password hash.
func (s store) passwordHash(ctx context.Context, userID string) (string, error) {
	var h string
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT password_hash FROM credentials WHERE user_id = $1`, userID).Scan(&h)
	return h, db.MapError(err)
}
