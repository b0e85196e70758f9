package auth

import (
	"context"
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

// deleteExpired removes sessions and device tokens that have expired and
// throttle counts whose window opened before staleBefore.
func (s store) deleteExpired(ctx context.Context, now, staleBefore time.Time) error {
	for _, q := range []struct {
		sql string
		arg time.Time
	}{
		{`DELETE FROM sessions WHERE expires_at <= $1`, now},
		{`DELETE FROM login_devices WHERE expires_at <= $1`, now},
		{`DELETE FROM throttle_attempts WHERE window_start <= $1`, staleBefore},
	} {
		if _, err := s.db.Q(ctx).ExecContext(ctx, q.sql, q.arg); err != nil {
			return db.MapError(err)
		}
	}
	return nil
}

func (s store) countProfiles(ctx context.Context) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM profiles`).Scan(&n)
	return n, db.MapError(err)
}

// countAttempt counts one attempt on key and returns the count in the
// current window and when that window opened. A window that opened at or
// before expired is over, so the count starts again at 1 in a window opening
// now. It is one statement: PostgreSQL locks the row for the upsert and
// SQLite has one writer, so parallel callers each get their own count and
// no burst can read the same count twice.
func (s store) countAttempt(ctx context.Context, key string, now, expired time.Time) (int, time.Time, error) {
	var count int
	var windowStart time.Time
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO throttle_attempts (key, attempts, window_start) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			attempts = CASE WHEN throttle_attempts.window_start <= $3 THEN 1 ELSE throttle_attempts.attempts + 1 END,
			window_start = CASE WHEN throttle_attempts.window_start <= $3 THEN $2 ELSE throttle_attempts.window_start END
		RETURNING attempts, window_start`, key, now, expired).Scan(&count, &windowStart)
	return count, windowStart.UTC(), db.MapError(err)
}

// refundAttempt gives one attempt back to key, only in the window it was
// counted in (a window opened since then owes nothing).
func (s store) refundAttempt(ctx context.Context, key string, windowStart time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE throttle_attempts SET attempts = attempts - 1
		WHERE key = $1 AND window_start = $2 AND attempts > 0`, key, windowStart)
	return db.MapError(err)
}

// deviceKnown reports whether the device token (hashed) is an unexpired
// token of userID's: the browser holding it has signed in as that account.
func (s store) deviceKnown(ctx context.Context, tokenHash, userID string, now time.Time) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM login_devices
		WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3`, tokenHash, userID, now).Scan(&n)
	return n > 0, db.MapError(err)
}

// rememberDevice records (or extends) a device token for userID.
func (s store) rememberDevice(ctx context.Context, tokenHash, userID string, now, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO login_devices (token_hash, user_id, created_at, expires_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (token_hash) DO UPDATE SET expires_at = $4 WHERE login_devices.user_id = $2`,
		tokenHash, userID, now, expires)
	return db.MapError(err)
}

func (s store) forgetDevice(ctx context.Context, tokenHash string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM login_devices WHERE token_hash = $1`, tokenHash)
	return db.MapError(err)
}
