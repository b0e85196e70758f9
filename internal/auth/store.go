package auth

import (
	"context"
	"database/sql"
	"time"

	"watchwin/internal/db"
)

// store runs the account SQL. Every method takes ctx first and returns
// db.ErrNotFound or db.ErrConflict for the cases callers act on.
type store struct{ db *db.DB }

const profileColumns = `p.id, p.email, p.role, p.first_name, p.last_name, p.phone_number, p.created_at`

func scanProfile(row interface{ Scan(...any) error }) (Profile, error) {
	var p Profile
	err := row.Scan(&p.ID, &p.Email, &p.Role, &p.FirstName, &p.LastName, &p.PhoneNumber, &p.CreatedAt)
	return p, db.MapError(err)
}

// createAccount writes a profile and its password hash together.
func (s store) createAccount(ctx context.Context, p Profile, ageConfirmed bool, passwordHash string) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO profiles
			(id, email, role, first_name, last_name, phone_number, age_confirmed, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
			p.ID, p.Email, p.Role, p.FirstName, p.LastName, p.PhoneNumber, ageConfirmed, p.CreatedAt)
		if err != nil {
			return db.MapError(err)
		}
		_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO credentials (user_id, password_hash, updated_at) VALUES ($1, $2, $3)`,
			p.ID, passwordHash, p.CreatedAt)
		return db.MapError(err)
	})
}

// accountByEmail returns the profile and password hash for a normalised e-mail.
func (s store) accountByEmail(ctx context.Context, email string) (Profile, string, error) {
	row := s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+profileColumns+`, c.password_hash
		FROM profiles p JOIN credentials c ON c.user_id = p.id WHERE p.email = $1`, email)
	var p Profile
	var hash string
	err := row.Scan(&p.ID, &p.Email, &p.Role, &p.FirstName, &p.LastName, &p.PhoneNumber, &p.CreatedAt, &hash)
	return p, hash, db.MapError(err)
}

func (s store) createSession(ctx context.Context, tokenHash, userID string, now, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		tokenHash, userID, now, expires)
	return db.MapError(err)
}

// sessionProfile returns the profile of an unexpired session.
func (s store) sessionProfile(ctx context.Context, tokenHash string, now time.Time) (Profile, error) {
	return scanProfile(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+profileColumns+`
		FROM sessions s JOIN profiles p ON p.id = s.user_id
		WHERE s.token_hash = $1 AND s.expires_at > $2`, tokenHash, now))
}

func (s store) deleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return db.MapError(err)
}

func (s store) deleteExpiredSessions(ctx context.Context, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, now)
	return db.MapError(err)
}

func (s store) countProfiles(ctx context.Context) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM profiles`).Scan(&n)
	return n, db.MapError(err)
}

// lockedUntil returns when the lock on key ends, or the zero time when none holds.
func (s store) lockedUntil(ctx context.Context, key string, now time.Time) (time.Time, error) {
	var until sql.NullTime
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT locked_until FROM login_failures WHERE key = $1`, key).Scan(&until)
	switch {
	case err == sql.ErrNoRows:
		return time.Time{}, nil
	case err != nil:
		return time.Time{}, db.MapError(err)
	case !until.Valid || !until.Time.After(now):
		return time.Time{}, nil
	}
	return until.Time, nil
}

// recordFailure counts a failed login for key in one atomic statement (the
// count restarts when the window has passed) and locks the key until lockEnd
// once the count reaches limit. It returns the count.
func (s store) recordFailure(ctx context.Context, key string, now, windowStart, lockEnd time.Time, limit int) (int, error) {
	var failures int
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO login_failures (key, failures, first_failed_at) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN login_failures.first_failed_at < $3 THEN 1 ELSE login_failures.failures + 1 END,
			first_failed_at = CASE WHEN login_failures.first_failed_at < $3 THEN $2 ELSE login_failures.first_failed_at END
		RETURNING failures`, key, now, windowStart).Scan(&failures)
	if err != nil {
		return 0, db.MapError(err)
	}
	if failures >= limit {
		_, err = s.db.Q(ctx).ExecContext(ctx, `UPDATE login_failures SET locked_until = $2 WHERE key = $1`, key, lockEnd)
	}
	return failures, db.MapError(err)
}

func (s store) clearFailures(ctx context.Context, key string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM login_failures WHERE key = $1`, key)
	return db.MapError(err)
}
