package auth

import (
	"context"
	"database/sql"
	"encoding/base64"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"watchwin/internal/db"
)

// passkeyRow is one stored passkey (migration 0030) with its credential
// record as go-webauthn checks it.
type passkeyRow struct {
	Passkey
	userID string
	cred   webauthn.Credential
}

var b64 = base64.RawURLEncoding

// passkeyColumns are the passkeys table's columns as scanPasskey reads them.
const passkeyColumns = `id, user_id, credential_id, public_key, sign_count, transports, backup_eligible, backup_state,
	user_verified, attestation, aaguid, name, created_at, last_used_at` // #nosec G101 -- column names, no secret

func scanPasskey(row interface{ Scan(...any) error }) (passkeyRow, error) {
	var k passkeyRow
	var credID, pub, transports, aaguid string
	var count int64
	var lastUsed sql.NullTime
	err := row.Scan(&k.ID, &k.userID, &credID, &pub, &count, &transports, &k.cred.Flags.BackupEligible, &k.cred.Flags.BackupState,
		&k.cred.Flags.UserVerified, &k.cred.AttestationFormat, &aaguid, &k.Name, &k.CreatedAt, &lastUsed)
	if err != nil {
		return k, db.MapError(err)
	}
	k.cred.Flags.UserPresent = true
	k.cred.ID, _ = b64.DecodeString(credID)
	k.cred.PublicKey, _ = b64.DecodeString(pub)
	k.cred.Authenticator.SignCount = uint32(min(max(count, 0), 1<<32-1)) // #nosec G115 -- clamped to uint32
	k.cred.Authenticator.AAGUID, _ = b64.DecodeString(aaguid)
	for t := range strings.SplitSeq(transports, ",") {
		if t != "" {
			k.cred.Transport = append(k.cred.Transport, protocol.AuthenticatorTransport(t))
		}
	}
	k.BackedUp = k.cred.Flags.BackupState
	if lastUsed.Valid {
		t := lastUsed.Time
		k.LastUsedAt = &t
	}
	return k, nil
}

// passkeysOf lists userID's passkeys, the oldest first.
func (s store) passkeysOf(ctx context.Context, userID string) ([]passkeyRow, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = $1
		ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []passkeyRow
	for rows.Next() {
		k, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, db.MapError(rows.Err())
}

// passkeyByCredential is the passkey with the credential id (db.ErrNotFound).
func (s store) passkeyByCredential(ctx context.Context, credID []byte) (passkeyRow, error) {
	return scanPasskey(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE credential_id = $1`,
		b64.EncodeToString(credID)))
}

// countPasskeys counts userID's passkeys.
func (s store) countPasskeys(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT count(*) FROM passkeys WHERE user_id = $1`, userID).Scan(&n)
	return n, db.MapError(err)
}

// insertPasskey stores a new passkey of userID; db.ErrConflict when its
// credential id is stored already.
func (s store) insertPasskey(ctx context.Context, userID, name string, c *webauthn.Credential, now time.Time) (Passkey, error) {
	k := Passkey{ID: uuid.NewString(), Name: name, CreatedAt: now, BackedUp: c.Flags.BackupState}
	transports := make([]string, len(c.Transport))
	for i, t := range c.Transport {
		transports[i] = string(t)
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO passkeys (id, user_id, credential_id, public_key, sign_count, transports,
			backup_eligible, backup_state, user_verified, attestation, aaguid, name, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		k.ID, userID, b64.EncodeToString(c.ID), b64.EncodeToString(c.PublicKey), int64(c.Authenticator.SignCount),
		strings.Join(transports, ","), c.Flags.BackupEligible, c.Flags.BackupState, c.Flags.UserVerified,
		c.AttestationFormat, b64.EncodeToString(c.Authenticator.AAGUID), name, now)
	return k, db.MapError(err)
}

// usePasskey records a sign-in with passkey id: the new signature count,
// the flags as the authenticator reported them, and when.
func (s store) usePasskey(ctx context.Context, id string, c *webauthn.Credential, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE passkeys SET sign_count = $2, backup_eligible = $3, backup_state = $4,
		user_verified = $5, last_used_at = $6 WHERE id = $1`,
		id, int64(c.Authenticator.SignCount), c.Flags.BackupEligible, c.Flags.BackupState, c.Flags.UserVerified, now)
	return db.MapError(err)
}

// renamePasskey names userID's passkey id (db.ErrNotFound).
func (s store) renamePasskey(ctx context.Context, userID, id, name string) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2`, id, userID, name)
	return affectedOne(res, err)
}

// deletePasskey removes userID's passkey id and returns its name (db.ErrNotFound).
func (s store) deletePasskey(ctx context.Context, userID, id string) (string, error) {
	var name string
	err := s.db.Q(ctx).QueryRowContext(ctx, `DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name`,
		id, userID).Scan(&name)
	return name, db.MapError(err)
}

// deletePasskeys removes userID's passkeys added after since (all when
// since is zero) and returns how many went.
func (s store) deletePasskeys(ctx context.Context, userID string, since time.Time) (int, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM passkeys WHERE user_id = $1 AND created_at > $2`, userID, since)
	if err != nil {
		return 0, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return int(n), db.MapError(err)
}

// putCeremony stores a ceremony's session data under tokenHash until
// expires, replacing the one stored there before.
func (s store) putCeremony(ctx context.Context, tokenHash, kind, userID, data string, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO passkey_ceremonies (token_hash, kind, user_id, data, expires_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (token_hash) DO UPDATE SET kind = $2, user_id = $3, data = $4, expires_at = $5`,
		tokenHash, kind, sql.NullString{String: userID, Valid: userID != ""}, data, expires)
	return db.MapError(err)
}

// spendCeremony removes the unexpired ceremony of kind under tokenHash and
// returns its account ("" for a sign-in) and data (db.ErrNotFound): a
// ceremony finishes once.
func (s store) spendCeremony(ctx context.Context, tokenHash, kind string, now time.Time) (string, string, error) {
	var userID sql.NullString
	var data string
	err := s.db.Q(ctx).QueryRowContext(ctx, `DELETE FROM passkey_ceremonies WHERE token_hash = $1 AND kind = $2 AND expires_at > $3
		RETURNING user_id, data`, tokenHash, kind, now).Scan(&userID, &data)
	return userID.String, data, db.MapError(err)
}

// affectedOne maps an update that touched no row to db.ErrNotFound.
func affectedOne(res sql.Result, err error) error {
	if err != nil {
		return db.MapError(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return db.ErrNotFound
	}
	return nil
}
