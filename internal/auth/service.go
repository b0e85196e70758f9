package auth

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"runtime"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/throttle"
)

// SessionTTL is how long a login lasts.
const SessionTTL = 30 * 24 * time.Hour

// DeviceTTL is how long a browser stays known to an account after its last
// successful login there (see loginDevice).
const DeviceTTL = 90 * 24 * time.Hour

// ErrInvalidCredentials is the one answer for an unknown e-mail or a wrong
// password, so the response does not tell which accounts exist.
var ErrInvalidCredentials = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "invalid_credentials", Message: "Invalid email or password."}

// Service is the account logic; it knows nothing of HTTP.
type Service struct {
	store  store
	now    clock.Func
	limits *throttle.Throttle
	hashes *hashGate
	mail   Mail
	// background runs the work of answers that must not tell, by their
	// timing, whether an account exists (ForgotPassword).
	background background
	// sleep slows each failed login a little more than the last.
	sleep         func(context.Context, time.Duration)
	requireFactor bool // Deps.RequireFactorForStaff
	issuer        func(context.Context) string
	// rp is the passkeys' relying party (Deps.BaseURL); nil: none.
	rp *webauthn.WebAuthn
}

// Deps are the account service's collaborators and settings.
type Deps struct {
	Mail Mail
	// RequireFactorForStaff: a staff or admin account without a second
	// factor reaches only its enrolment (WATCHWIN_REQUIRE_2FA_FOR_STAFF).
	RequireFactorForStaff bool
	// Issuer names the site in authenticator apps (the site title); nil: "WatchWin".
	Issuer func(context.Context) string
	// BaseURL is the site's public URL (WATCHWIN_BASE_URL): its host is the
	// passkeys' relying party id and its origin the one they accept.
	BaseURL string
	// NoLoginSlowdown answers failed logins at once (tests only).
	NoLoginSlowdown bool
}

// Mail is how the account e-mails (address confirmation, password reset)
// go out, and whether login waits for a confirmed address.
type Mail struct {
	Outbox    *mail.Outbox
	Templates *mail.Templates
	// RequireConfirmation: login is refused (403 email_not_confirmed) until
	// the account's address is confirmed (WATCHWIN_REQUIRE_EMAIL_CONFIRMATION).
	RequireConfirmation bool
}

// NewService returns the account service on d, telling the time by now and
// sending account e-mails through deps.Mail. Password hashing runs at most
// one per CPU at a time (see hashGate).
func NewService(d *db.DB, now clock.Func, deps Deps) *Service {
	s := &Service{store: store{d}, now: now, limits: throttle.New(d, now), hashes: newHashGate(runtime.NumCPU(), hashWait),
		mail: deps.Mail, background: newBackground(), sleep: sleepCtx,
		requireFactor: deps.RequireFactorForStaff, issuer: deps.Issuer, rp: newRelyingParty(deps.BaseURL)}
	if deps.NoLoginSlowdown {
		s.sleep = func(context.Context, time.Duration) {}
	}
	return s
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// SignUp creates an account with role user. It does not log in. Each
// well-formed sign-up counts against the client address's sign-up limit
// before anything is hashed or written: the 409 for a taken e-mail tells
// whether an account exists, so probing it is rate-limited.
func (s *Service) SignUp(ctx context.Context, in SignUpInput, clientIP string) (Profile, error) {
	in.normalize()
	if err := in.validate(); err != nil {
		return Profile{}, err
	}
	now := s.now()
	attempts, refused, err := s.limits.Count(ctx, now, signUpAddress.On(throttle.ClientKey(clientIP)))
	if err != nil {
		return Profile{}, err
	}
	if refused != nil {
		return Profile{}, tooManySignUps(refused.RetryAfter(now))
	}
	p, err := s.create(ctx, in.Email, in.Password, RoleUser, in.FirstName, in.LastName, in.PhoneNumber, true)
	if errors.Is(err, errBusy) {
		s.limits.Refund(ctx, attempts) // the server turned it away: not the caller's attempt
	}
	return p, err
}

// CreateUser makes an account with any role; it is for the command line and
// the demo seed, never reachable from the sign-up form. Its address counts
// as confirmed: whoever runs the command vouches for it. It writes
// user.create to the audit log, by ctx's audit Source (audit.CommandLine).
func (s *Service) CreateUser(ctx context.Context, email, password, role, firstName, lastName string) (Profile, error) {
	email = NormalizeEmail(email)
	if !ValidEmail(email) {
		return Profile{}, apperr.Invalid("email", MsgEmail)
	}
	if err := validatePassword("password", password); err != nil {
		return Profile{}, err
	}
	if !validRole(role) {
		return Profile{}, apperr.Invalid("role", msgRole)
	}
	firstName, lastName = strings.TrimSpace(firstName), strings.TrimSpace(lastName)
	if err := validateNamePhone(firstName, lastName, "", mayBeBlank{first: true, last: true, phone: true}); err != nil {
		return Profile{}, err
	}
	return s.create(ctx, email, password, role, firstName, lastName, "", false)
}

// create makes an account. A sign-up (selfSignUp) starts with its address
// unconfirmed and queues the confirmation e-mail in the transaction that
// writes the account; any other account starts confirmed, audited.
func (s *Service) create(ctx context.Context, email, password, role, first, last, phone string, selfSignUp bool) (Profile, error) {
	var hash string
	var hashErr error
	if err := s.hashes.run(ctx, func() { hash, hashErr = hashPassword(password) }); err != nil {
		return Profile{}, err
	}
	if hashErr != nil {
		return Profile{}, hashErr
	}
	p := Profile{ID: uuid.NewString(), Email: email, Role: role, FirstName: first, LastName: last, PhoneNumber: phone, CreatedAt: s.now()}
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		if !selfSignUp {
			if err := s.store.createAccount(ctx, p, false, hash, &p.CreatedAt); err != nil {
				return err
			}
			return audit.Write(ctx, s.store.db, p.CreatedAt, audit.Entry{Action: audit.UserCreate, TargetType: audit.TargetUser,
				TargetID: p.ID, Summary: "account created with role " + role + ", address confirmed"})
		}
		if err := s.store.createAccount(ctx, p, true, hash, nil); err != nil {
			return err
		}
		return s.queueConfirmation(ctx, p)
	})
	if err != nil {
		if errors.Is(err, db.ErrConflict) {
			e := apperr.Conflict("email_taken", "An account with this email already exists.")
			e.Field = "email"
			return Profile{}, e
		}
		return Profile{}, err
	}
	return p, nil
}

// LoginResult is a successful login: the profile, the session token for the
// session cookie, and the device token for the device cookie (the one the
// browser sent when it was already known to this account, else a new one).
// When the account has a second factor the password alone opens no
// session: Challenge is set instead (the login challenge cookie's token)
// and Token and DeviceToken are empty.
type LoginResult struct {
	Profile     Profile
	Token       string
	DeviceToken string
	Challenge   string
	// EnrolmentRequired: the session reaches only the factor's enrolment
	// (RequireFactorForStaff).
	EnrolmentRequired bool
}

// Client is where a login comes from: the client address, the browser's
// User-Agent and its device cookie ("" when it has none).
type Client struct {
	IP          string
	UserAgent   string
	DeviceToken string
}

// Login checks the credentials and opens a session. deviceToken is the
// browser's device cookie ("" when it has none).
//
// Throttling (docs/api.md): before the password is hashed the attempt is
// counted, atomically, against the browser when the account has signed in on
// it before (loginDevice), otherwise against the client address and the
// account (loginAddress, loginAccount); past a limit the answer is 429 with
// Retry-After and no hash is run. A successful login gives its attempts back,
// so only failures use up a limit; failed logins are answered a little more
// slowly each time.
func (s *Service) Login(ctx context.Context, in LoginInput, c Client) (LoginResult, error) {
	clientIP, deviceToken := c.IP, c.DeviceToken
	email := NormalizeEmail(in.Email)
	if !ValidEmail(email) {
		return LoginResult{}, apperr.Invalid("email", MsgEmail)
	}
	if len([]rune(in.Password)) < minPassword {
		return LoginResult{}, apperr.Invalid("password", msgPassword)
	}
	now := s.now()

	acct, err := s.store.accountByEmail(ctx, email)
	found := err == nil
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return LoginResult{}, err
	}
	p, hash := acct.Profile, acct.passwordHash
	if !found {
		hash = dummyHash // same work as a real check
	}
	known := false
	if found && deviceToken != "" {
		if known, err = s.store.deviceKnown(ctx, hashToken(deviceToken), p.ID, now); err != nil {
			return LoginResult{}, err
		}
	}
	claims := []throttle.Claim{loginAddress.On(throttle.ClientKey(clientIP)), loginAccount.On(email)}
	if known {
		claims = []throttle.Claim{loginDevice.On(hashToken(deviceToken))}
	}
	attempts, refused, err := s.limits.Count(ctx, now, claims...)
	if err != nil {
		return LoginResult{}, err
	}
	if refused != nil {
		return LoginResult{}, tooManyLogins(refused.RetryAfter(now))
	}

	var ok bool
	var checkErr error
	if err := s.hashes.run(ctx, func() { ok, checkErr = checkPassword(hash, in.Password) }); err != nil {
		s.limits.Refund(ctx, attempts) // turned away before the check: not the caller's attempt
		return LoginResult{}, err
	}
	if checkErr != nil {
		return LoginResult{}, checkErr
	}
	if !found || !ok {
		s.slowDown(ctx, attempts)
		if a, spent := throttle.LastExhausted(attempts, now); spent {
			return LoginResult{}, tooManyLogins(a.RetryAfter(now))
		}
		return LoginResult{}, ErrInvalidCredentials
	}

	s.limits.Refund(ctx, attempts)
	if s.mail.RequireConfirmation && !acct.emailConfirmed {
		// Only now, with the password right: the answer tells that the
		// account exists, which only its owner may learn.
		return LoginResult{}, errEmailNotConfirmed
	}
	factorOn, err := s.hasFactor(ctx, p.ID)
	if err != nil {
		return LoginResult{}, err
	}
	if factorOn {
		// The password was right; the session waits for the code
		// (SecondStep), and the attempts the code makes are counted there.
		token, err := newToken()
		if err != nil {
			return LoginResult{}, err
		}
		if err := s.store.createChallenge(ctx, hashToken(token), p.ID, now, now.Add(ChallengeTTL)); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{Profile: p, Challenge: token}, nil
	}
	if s.mustEnrol(p, false) {
		// A staff or admin account whose second factor is a passkey signs
		// in with it (docs/api.md#passkeys).
		if n, err := s.store.countPasskeys(ctx, p.ID); err != nil || n > 0 {
			return LoginResult{}, cmp.Or(err, error(errUsePasskey))
		}
	}
	res, err := s.openSession(ctx, p, c, known, now, now)
	res.EnrolmentRequired = err == nil && s.mustEnrol(p, false)
	return res, err
}

// openSession creates the session of a completed login, whose password was
// checked at passwordAt, and remembers the browser as one the account
// signed in on (see loginDevice).
func (s *Service) openSession(ctx context.Context, p Profile, c Client, known bool, passwordAt, now time.Time) (LoginResult, error) {
	deviceToken := c.DeviceToken
	res := LoginResult{Profile: p, DeviceToken: deviceToken}
	var err error
	if res.Token, err = newToken(); err != nil {
		return LoginResult{}, err
	}
	if !known {
		if res.DeviceToken, err = newToken(); err != nil {
			return LoginResult{}, err
		}
	}
	meta := sessionMeta{device: DeviceSummary(c.UserAgent), network: audit.Network(c.IP), passwordAt: passwordAt}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.createSession(ctx, hashToken(res.Token), p.ID, now, now.Add(SessionTTL), meta); err != nil {
			return err
		}
		if !known && deviceToken != "" {
			// The browser's old device token belongs to another account (or
			// has expired); this browser now remembers this account.
			if err := s.store.forgetDevice(ctx, hashToken(deviceToken)); err != nil {
				return err
			}
		}
		return s.store.rememberDevice(ctx, hashToken(res.DeviceToken), p.ID, now, now.Add(DeviceTTL))
	})
	if err != nil {
		return LoginResult{}, err
	}
	// Housekeeping; a failure here harms nothing.
	_ = s.store.deleteExpired(ctx, now)
	_ = s.limits.DeleteStale(ctx, now)
	return res, nil
}

// Housekeep removes expired sessions, device and account tokens, and
// throttle counts whose window has closed (Login does it too; Serve runs it
// periodically so the tables stay small when nobody logs in). It reports 0
// rows: the count is not worth a log line.
func (s *Service) Housekeep(ctx context.Context) (int, error) {
	now := s.now()
	if err := s.store.deleteExpired(ctx, now); err != nil {
		return 0, err
	}
	return 0, s.limits.DeleteStale(ctx, now)
}

// Logout ends the session behind token. Unknown tokens are fine.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return s.store.deleteSession(ctx, hashToken(token))
}

// Authenticate returns the profile of the session behind token, or
// db.ErrNotFound when it is unknown or expired, and whether the session
// reaches only the second factor's enrolment (RequireFactorForStaff). It
// records when the session was last seen, at most every lastSeenEvery.
func (s *Service) Authenticate(ctx context.Context, token string) (Profile, bool, error) {
	if token == "" {
		return Profile{}, false, db.ErrNotFound
	}
	now := s.now()
	p, st, err := s.store.sessionProfile(ctx, hashToken(token), now)
	if err != nil {
		return Profile{}, false, err
	}
	if now.Sub(st.lastSeen) >= lastSeenEvery {
		// A failure here costs only the list's accuracy.
		_ = s.store.touchSession(ctx, hashToken(token), now, now.Add(-lastSeenEvery))
	}
	return p, s.mustEnrol(p, st.factorOn), nil
}

// mustEnrol: p must set up a second factor before anything else, because
// the store requires one of staff and admins
// (docs/api.md#second-factor-and-sessions).
func (s *Service) mustEnrol(p Profile, factorOn bool) bool {
	return s.requireFactor && p.AtCounter() && !factorOn
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
