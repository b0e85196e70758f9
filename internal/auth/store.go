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

// createAccount writes a profile and its password hash together;
// emailConfirmedAt is nil for an address still to be confirmed.
func (s store) createAccount(ctx context.Context, p Profile, ageConfirmed bool, passwordHash string, emailConfirmedAt *time.Time) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO profiles
			(id, email, role, first_name, last_name, phone_number, age_confirmed, created_at, updated_at, email_confirmed_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
			p.ID, p.Email, p.Role, p.FirstName, p.LastName, p.PhoneNumber, ageConfirmed, p.CreatedAt, emailConfirmedAt)
		if err != nil {
			return db.MapError(err)
		}
		_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO credentials (user_id, password_hash, updated_at) VALUES ($1, $2, $3)`,
			p.ID, passwordHash, p.CreatedAt)
		return db.MapError(err)
	})
}

// account is a profile with what login checks besides.
type account struct {
	Profile
	passwordHash   string
	emailConfirmed bool
}

// accountByEmail returns the account (profile, password hash, whether the
// address is confirmed) of a normalised e-mail.
func (s store) accountByEmail(ctx context.Context, email string) (account, error) {
	row := s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+profileColumns+`, c.password_hash, p.email_confirmed_at IS NOT NULL
		FROM profiles p JOIN credentials c ON c.user_id = p.id WHERE p.email = $1 AND p.deleted_at IS NULL`, email)
	var a account
	err := row.Scan(&a.ID, &a.Email, &a.Role, &a.FirstName, &a.LastName, &a.PhoneNumber, &a.CreatedAt,
		&a.passwordHash, &a.emailConfirmed)
	return a, db.MapError(err)
}

// profileByEmail returns the live account of a normalised e-mail, with or
// without a password, and whether its address is confirmed.
func (s store) profileByEmail(ctx context.Context, email string) (Profile, bool, error) {
	row := s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+profileColumns+`, p.email_confirmed_at IS NOT NULL
		FROM profiles p WHERE p.email = $1 AND p.deleted_at IS NULL`, email)
	var p Profile
	var confirmed bool
	err := row.Scan(&p.ID, &p.Email, &p.Role, &p.FirstName, &p.LastName, &p.PhoneNumber, &p.CreatedAt, &confirmed)
	return p, confirmed, db.MapError(err)
}

// insertToken stores a new account token (its hash) for the live account
// with the normalised e-mail; with no such account it writes nothing, in
// the same statement (see Service.mailLink).
func (s store) insertToken(ctx context.Context, tokenHash, email, purpose string, now, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO account_tokens (token_hash, user_id, purpose, created_at, expires_at)
		SELECT $1, p.id, $3, $4, $5 FROM profiles p WHERE p.email = $2 AND p.deleted_at IS NULL`,
		tokenHash, email, purpose, now, expires)
	return db.MapError(err)
}

// tokenUser returns the live account an unused, unexpired token of purpose
// belongs to, without spending it.
func (s store) tokenUser(ctx context.Context, tokenHash, purpose string, now time.Time) (string, error) {
	var id string
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT t.user_id FROM account_tokens t JOIN profiles p ON p.id = t.user_id
		WHERE t.token_hash = $1 AND t.purpose = $2 AND t.used_at IS NULL AND t.expires_at > $3 AND p.deleted_at IS NULL`,
		tokenHash, purpose, now).Scan(&id)
	return id, db.MapError(err)
}

// spendToken marks an unused, unexpired token of purpose used and returns
// its account; db.ErrNotFound when there is no such token. One statement,
// so of two requests with one token exactly one spends it.
func (s store) spendToken(ctx context.Context, tokenHash, purpose string, now time.Time) (string, error) {
	var id string
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE account_tokens SET used_at = $3
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
		RETURNING user_id`, tokenHash, purpose, now).Scan(&id)
	return id, db.MapError(err)
}

// spendTokens marks every unused token of purpose of userID used.
func (s store) spendTokens(ctx context.Context, userID, purpose string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE account_tokens SET used_at = $3
		WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, userID, purpose, now)
	return db.MapError(err)
}

// confirmEmail records that userID's address is confirmed (the first time
// only).
func (s store) confirmEmail(ctx context.Context, userID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE profiles SET email_confirmed_at = $2
		WHERE id = $1 AND email_confirmed_at IS NULL`, userID, now)
	return db.MapError(err)
}

// sessionMeta is what a session records of where it was opened (the
// account's session list shows it): a device summary and the client's
// network, never the whole user agent or address.
// passwordAt is when its login checked the password (zero: it did not,
// a passkey's sign-in).
type sessionMeta struct {
	device     string
	network    string
	passwordAt time.Time
}

func (s store) createSession(ctx context.Context, tokenHash, userID string, now, expires time.Time, meta sessionMeta) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, device, client_network,
			last_seen_at, password_checked_at)
		VALUES ($1, $2, $3, $4, $5, $6, $3, $7)`,
		tokenHash, userID, now, expires, meta.device, meta.network, sql.NullTime{Time: meta.passwordAt, Valid: !meta.passwordAt.IsZero()})
	return db.MapError(err)
}

// sessionState is what a request's session says besides the profile:
// whether the account has a second factor (a confirmed TOTP key or a
// passkey), and when the session was last seen.
type sessionState struct {
	factorOn bool
	lastSeen time.Time
}

// sessionProfile returns the profile of an unexpired session.
func (s store) sessionProfile(ctx context.Context, tokenHash string, now time.Time) (Profile, sessionState, error) {
	var p Profile
	var st sessionState
	var lastSeen sql.NullTime
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+profileColumns+`, s.last_seen_at, s.created_at,
			(EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = p.id AND f.confirmed_at IS NOT NULL)
				OR EXISTS (SELECT 1 FROM passkeys k WHERE k.user_id = p.id))
		FROM sessions s JOIN profiles p ON p.id = s.user_id
		WHERE s.token_hash = $1 AND s.expires_at > $2 AND p.deleted_at IS NULL`, tokenHash, now).
		Scan(&p.ID, &p.Email, &p.Role, &p.FirstName, &p.LastName, &p.PhoneNumber, &p.CreatedAt, &lastSeen, &st.lastSeen, &st.factorOn)
	if lastSeen.Valid {
		st.lastSeen = lastSeen.Time // else the session's start (a session older than migration 0015)
	}
	return p, st, db.MapError(err)
}

func (s store) deleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return db.MapError(err)
}

// deleteExpired removes sessions, device tokens and account tokens that
// have expired.
func (s store) deleteExpired(ctx context.Context, now time.Time) error {
	for _, q := range []string{
		`DELETE FROM sessions WHERE expires_at <= $1`,
		`DELETE FROM login_devices WHERE expires_at <= $1`,
		`DELETE FROM account_tokens WHERE expires_at <= $1`,
		`DELETE FROM login_challenges WHERE expires_at <= $1`,
		`DELETE FROM passkey_ceremonies WHERE expires_at <= $1`,
	} {
		if _, err := s.db.Q(ctx).ExecContext(ctx, q, now); err != nil {
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

// listUsers returns a page of the accounts that are not deleted, by e-mail:
// after the row after names (a range read of the partial index
// profiles_live_email, migration 0011), else from offset (a walk).
func (s store) listUsers(ctx context.Context, limit, offset int, after *UserCursor) ([]Profile, error) {
	where, args := ``, []any{limit, offset}
	if after != nil {
		where = ` AND p.email >= $3 AND (p.email > $3 OR p.id > $4)`
		args = append(args, after.Email, after.ID)
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+profileColumns+` FROM profiles p
		WHERE p.deleted_at IS NULL`+where+` ORDER BY p.email, p.id LIMIT $1 OFFSET $2`, args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Profile{}
	for rows.Next() {
		p, err := scanProfile(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, db.MapError(rows.Err())
}

// forUpdate is the row lock a read-then-write of profiles takes on
// PostgreSQL. NO KEY UPDATE (not UPDATE) because the id never changes, so
// inserts elsewhere that reference the profile (their foreign-key check
// takes KEY SHARE) are not held up. SQLite needs none: every transaction
// begins IMMEDIATE and holds the one write lock until it ends.
func (s store) forUpdate() string {
	if s.db.Engine == db.Postgres {
		return ` FOR NO KEY UPDATE`
	}
	return ``
}

// lockAdmins returns the ids of the admins (deleted accounts excluded) and,
// on PostgreSQL, locks their rows until the transaction ends. Always in id
// order, so two transactions lock them in the same order and cannot
// deadlock; one that waited re-reads each row once it gets the lock, so an
// admin demoted or deleted meanwhile drops out of its list. Every change
// that can take the admin role from someone calls it first: the admin count
// it sees cannot change before it commits. Must run inside InTx.
func (s store) lockAdmins(ctx context.Context) ([]string, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id FROM profiles
		WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id`+s.forUpdate())
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.MapError(err)
		}
		ids = append(ids, id)
	}
	return ids, db.MapError(rows.Err())
}

// liveProfile returns an account that is not deleted, locking its row on
// PostgreSQL when called inside a transaction (see forUpdate).
func (s store) liveProfile(ctx context.Context, id string) (Profile, error) {
	lock := ``
	if s.db.InTransaction(ctx) {
		lock = s.forUpdate()
	}
	return scanProfile(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+profileColumns+` FROM profiles p
		WHERE p.id = $1 AND p.deleted_at IS NULL`+lock, id))
}

// updateProfile writes the fields an admin edits; db.ErrConflict when the
// e-mail belongs to another account.
func (s store) updateProfile(ctx context.Context, p Profile, now time.Time) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE profiles
		SET email = $2, first_name = $3, last_name = $4, phone_number = $5, role = $6, updated_at = $7
		WHERE id = $1 AND deleted_at IS NULL`,
		p.ID, p.Email, p.FirstName, p.LastName, p.PhoneNumber, p.Role, now)
	if err != nil {
		return db.MapError(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return db.ErrNotFound
	}
	return nil
}

// setPassword stores a new password hash (an account made without one,
// such as a seeded buyer, gets one).
func (s store) setPassword(ctx context.Context, userID, hash string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO credentials (user_id, password_hash, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET password_hash = $2, updated_at = $3`, userID, hash, now)
	return db.MapError(err)
}

// deleteSessions ends every session of userID except the one whose token
// hash is keep ("" keeps none).
func (s store) deleteSessions(ctx context.Context, userID, keep string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keep)
	return db.MapError(err)
}

// tombstone deletes an account but keeps its profile row, so the coupons,
// payments, paid registrations and giveaway records that reference it stay
// whole (docs/api.md#admin-users). The row keeps only its id, dates and
// role user; the e-mail becomes a placeholder that frees the address and
// matches no login; credentials, sessions and device tokens go; the
// registrations' copies of the name, e-mail and phone are blanked too. Must
// run inside InTx.
func (s store) tombstone(ctx context.Context, id string, now time.Time) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE profiles
		SET email = 'deleted-' || id || '@deleted.invalid', role = 'user', first_name = '', last_name = '',
			phone_number = '', deleted_at = $2, updated_at = $2
		WHERE id = $1 AND deleted_at IS NULL`, id, now)
	if err != nil {
		return db.MapError(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return db.ErrNotFound
	}
	for _, q := range []string{
		`DELETE FROM credentials WHERE user_id = $1`,
		`DELETE FROM sessions WHERE user_id = $1`,
		`DELETE FROM login_devices WHERE user_id = $1`,
		`DELETE FROM account_tokens WHERE user_id = $1`,
		`DELETE FROM second_factors WHERE user_id = $1`,
		`DELETE FROM recovery_codes WHERE user_id = $1`,
		`DELETE FROM login_challenges WHERE user_id = $1`,
		`DELETE FROM passkeys WHERE user_id = $1`,
		`DELETE FROM passkey_ceremonies WHERE user_id = $1`,
		// The registrations stay (a paid one holds a seat and maybe a
		// coupon); only their contact copies are personal data.
		`UPDATE webinar_registrations SET user_name_for_registration = 'Deleted user',
			user_email_for_registration = 'deleted-' || user_id || '@deleted.invalid',
			user_phone_for_registration = NULL WHERE user_id = $1`,
	} {
		if _, err := s.db.Q(ctx).ExecContext(ctx, q, id); err != nil {
			return db.MapError(err)
		}
	}
	return nil
}
