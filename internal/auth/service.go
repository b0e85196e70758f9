package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
)

// SessionTTL is how long a login lasts.
const SessionTTL = 30 * 24 * time.Hour

// Login throttling (DESIGN.md §3): failures are counted per account and per
// client address within a window; past the limit the key is locked.
const (
	failureWindow   = 15 * time.Minute
	lockDuration    = 15 * time.Minute
	accountLimit    = 5  // failed logins for one e-mail before it is locked
	addressLimit    = 20 // failed logins from one address before it is locked
	failureDelay    = 250 * time.Millisecond
	maxFailureDelay = 2 * time.Second
)

// ErrInvalidCredentials is the one answer for an unknown e-mail or a wrong
// password, so the response does not tell which accounts exist.
var ErrInvalidCredentials = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "invalid_credentials", Message: "Invalid email or password."}

// Service is the account logic; it knows nothing of HTTP.
type Service struct {
	store  store
	now    db.Clock
	hashes *hashGate
	// Sleep slows each failed login a little more than the last (tests replace it).
	Sleep func(context.Context, time.Duration)
}

// NewService returns the account service on d, telling the time by now.
// Password hashing runs at most one per CPU at a time (see hashGate).
func NewService(d *db.DB, now db.Clock) *Service {
	return &Service{store: store{d}, now: now, hashes: newHashGate(runtime.NumCPU(), hashWait), Sleep: sleepCtx}
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// SignUp creates an account with role user. It does not log in.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (Profile, error) {
	in.normalize()
	if err := in.validate(); err != nil {
		return Profile{}, err
	}
	return s.create(ctx, in.Email, in.Password, RoleUser, in.FirstName, in.LastName, in.PhoneNumber, true)
}

// CreateUser makes an account with any role; it is for the command line and
// the demo seed, never reachable from the sign-up form.
func (s *Service) CreateUser(ctx context.Context, email, password, role, firstName, lastName string) (Profile, error) {
	email = NormalizeEmail(email)
	if !ValidEmail(email) {
		return Profile{}, apperr.Invalid("email", msgEmail)
	}
	if err := validatePassword("password", password); err != nil {
		return Profile{}, err
	}
	if role != RoleUser && role != RoleAdmin {
		return Profile{}, apperr.Invalid("role", "Role must be user or admin")
	}
	return s.create(ctx, email, password, role, firstName, lastName, "", false)
}

func (s *Service) create(ctx context.Context, email, password, role, first, last, phone string, ageConfirmed bool) (Profile, error) {
	var hash string
	var hashErr error
	if err := s.hashes.run(ctx, func() { hash, hashErr = hashPassword(password) }); err != nil {
		return Profile{}, err
	}
	if hashErr != nil {
		return Profile{}, hashErr
	}
	p := Profile{ID: uuid.NewString(), Email: email, Role: role, FirstName: first, LastName: last, PhoneNumber: phone, CreatedAt: s.now()}
	if err := s.store.createAccount(ctx, p, ageConfirmed, hash); err != nil {
		if errors.Is(err, db.ErrConflict) {
			e := apperr.Conflict("email_taken", "An account with this email already exists.")
			e.Field = "email"
			return Profile{}, e
		}
		return Profile{}, err
	}
	return p, nil
}

// Login checks the credentials and opens a session, returning the profile and
// the session token for the cookie. Failed attempts are slowed and, past the
// limits, refused for a while for that account and for that client address.
func (s *Service) Login(ctx context.Context, in LoginInput, clientIP string) (Profile, string, error) {
	email := NormalizeEmail(in.Email)
	if !ValidEmail(email) {
		return Profile{}, "", apperr.Invalid("email", msgEmail)
	}
	if len([]rune(in.Password)) < minPassword {
		return Profile{}, "", apperr.Invalid("password", msgPassword)
	}
	now := s.now()
	accountKey, addressKey := throttleKey("account", email), throttleKey("address", clientIP)
	for _, key := range []string{accountKey, addressKey} {
		until, err := s.store.lockedUntil(ctx, key, now)
		if err != nil {
			return Profile{}, "", err
		}
		if !until.IsZero() {
			return Profile{}, "", tooManyAttempts(until.Sub(now))
		}
	}

	p, hash, err := s.store.accountByEmail(ctx, email)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return Profile{}, "", err
	}
	if errors.Is(err, db.ErrNotFound) {
		hash = dummyHash // same work as a real check
	}
	var ok bool
	var checkErr error
	if err := s.hashes.run(ctx, func() { ok, checkErr = checkPassword(hash, in.Password) }); err != nil {
		return Profile{}, "", err
	}
	if checkErr != nil {
		return Profile{}, "", checkErr
	}
	if err != nil || !ok {
		return Profile{}, "", s.failLogin(ctx, now, accountKey, addressKey)
	}

	if err := s.store.clearFailures(ctx, accountKey); err != nil {
		return Profile{}, "", err
	}
	token, err := newToken()
	if err != nil {
		return Profile{}, "", err
	}
	if err := s.store.createSession(ctx, hashToken(token), p.ID, now, now.Add(SessionTTL)); err != nil {
		return Profile{}, "", err
	}
	_ = s.store.deleteExpiredSessions(ctx, now) // housekeeping; a failure here harms nothing
	return p, token, nil
}

// failLogin records the failure on both keys, waits a little longer the more
// failures there were, and answers invalid credentials (or 429 once locked).
func (s *Service) failLogin(ctx context.Context, now time.Time, accountKey, addressKey string) error {
	windowStart, lockEnd := now.Add(-failureWindow), now.Add(lockDuration)
	accountFailures, err := s.store.recordFailure(ctx, accountKey, now, windowStart, lockEnd, accountLimit)
	if err != nil {
		return err
	}
	addressFailures, err := s.store.recordFailure(ctx, addressKey, now, windowStart, lockEnd, addressLimit)
	if err != nil {
		return err
	}
	n := max(accountFailures, addressFailures*accountLimit/addressLimit)
	s.Sleep(ctx, min(time.Duration(n)*failureDelay, maxFailureDelay))
	if accountFailures >= accountLimit || addressFailures >= addressLimit {
		return tooManyAttempts(lockDuration)
	}
	return ErrInvalidCredentials
}

func tooManyAttempts(wait time.Duration) error {
	minutes := int(math.Ceil(wait.Minutes()))
	unit := "minutes"
	if minutes == 1 {
		unit = "minute"
	}
	return apperr.TooMany(fmt.Sprintf("Too many failed login attempts. Please try again in %d %s.", minutes, unit))
}

// Logout ends the session behind token. Unknown tokens are fine.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return s.store.deleteSession(ctx, hashToken(token))
}

// Authenticate returns the profile of the session behind token, or
// db.ErrNotFound when it is unknown or expired.
func (s *Service) Authenticate(ctx context.Context, token string) (Profile, error) {
	if token == "" {
		return Profile{}, db.ErrNotFound
	}
	return s.store.sessionProfile(ctx, hashToken(token), s.now())
}

// HasAccounts reports whether any account exists (the demo seed runs only on
// an empty database).
func (s *Service) HasAccounts(ctx context.Context) (bool, error) {
	n, err := s.store.countProfiles(ctx)
	return n > 0, err
}

// newToken returns 256 random bits, URL-safe.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashToken is what the database keeps of a session token: a leaked
// database row cannot be turned back into a cookie.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// throttleKey hashes the e-mail or address so the throttle table holds no
// personal data in the clear.
func throttleKey(kind, value string) string {
	sum := sha256.Sum256([]byte(kind + ":" + value))
	return kind + ":" + hex.EncodeToString(sum[:16])
}
