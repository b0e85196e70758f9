package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/db"
	"watchwin/internal/throttle"
)

// The second factor (docs/api.md#second-factor-and-sessions): TOTP of
// RFC 6238 with the parameters every authenticator app takes by default.
const (
	totpPeriod = 30 // seconds per step
	totpDigits = otp.DigitsSix
	// totpSkew steps either side of now are accepted, for phones whose
	// clock drifts.
	totpSkew = 1
	// RecoveryCodeCount is how many recovery codes an account gets at a time.
	RecoveryCodeCount = 10
	// ChallengeTTL is how long a login waits for its code after the password.
	ChallengeTTL = 5 * time.Minute
	// lastSeenEvery: a session's last_seen_at is written at most this often.
	lastSeenEvery = 5 * time.Minute
	// RecentPassword: a password checked on a session this recently lets it
	// change the second factor without typing the password again.
	RecentPassword = 5 * time.Minute
	// NotMineTTL is how long the "this wasn't me" link of the notice works,
	// and how recent a factor it removes.
	NotMineTTL = 7 * 24 * time.Hour
	// EnrolLinkTTL is how long a mailed enrolment link works.
	EnrolLinkTTL = time.Hour
	// wrongCodesMail: the wrong code (after a right password) that mails the
	// owner that someone knows the password, once per login.
	wrongCodesMail = 3
)

var (
	errInvalidCode = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_code", Field: "code",
		Message: "That code is not valid. Please try again."}
	// errInvalidLoginCode is the second step's answer: like a wrong
	// password, a 401.
	errInvalidLoginCode = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "invalid_code", Field: "code",
		Message: "That code is not valid. Please try again."}
	errChallenge = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "login_expired",
		Message: "Your sign-in has expired. Please log in again."}
	errFactorOn  = apperr.Conflict("second_factor_enabled", "Two-factor authentication is already on.")
	errFactorOff = apperr.Conflict("second_factor_disabled", "Two-factor authentication is not on.")
	errNoSetup   = apperr.Conflict("second_factor_not_started", "Start the set-up again: no authenticator key is waiting.")
	errPassword  = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_password", Field: "password",
		Message: "That password is not right."}
	errPasswordRequired = &apperr.Error{Kind: apperr.KindForbidden, Code: "password_required", Field: "password",
		Message: "Enter your current password to change two-factor authentication."}
	errEnrolLinkRequired = &apperr.Error{Kind: apperr.KindForbidden, Code: "enrolment_link_required",
		Message: "Open the enrolment link we mail to your address first: the store requires it before a staff or admin account sets up two-factor authentication."}
	errEnrolLinkNotNeeded = apperr.Conflict("enrolment_link_not_needed", "This account needs no enrolment link.")
	errEnrolToken         = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_token", Field: "token",
		Message: "This enrolment link is invalid or has expired. Mail yourself a new one."}
	errNotMineToken = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_token", Field: "token",
		Message: "This link is invalid, has expired or was used already."}
)

// CodeInput carries a code from the authenticator app or a recovery code.
type CodeInput struct {
	Code string `json:"code"`
}

// FactorInput changes the caller's second factor: the current password
// (optional when this session checked it in the last RecentPassword) and,
// where the change needs one, a code.
type FactorInput struct {
	Password string `json:"password"`
	Code     string `json:"code"`
}

// FactorStatus is the account's second factor as the Security tab shows it.
// EnrolmentLinkRequired: this session must open the mailed enrolment link
// before setting a factor up (RequireFactorForStaff).
type FactorStatus struct {
	Enabled               bool `json:"enabled"`
	RecoveryCodesLeft     int  `json:"recovery_codes_left"`
	EnrolmentLinkRequired bool `json:"enrolment_link_required"`
}

// FactorSetup is a new authenticator key: the otpauth:// URI the QR code
// holds and the secret for typing in by hand.
type FactorSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

// hasFactor reports whether userID has a confirmed second factor.
func (s *Service) hasFactor(ctx context.Context, userID string) (bool, error) {
	f, err := s.store.factorOf(ctx, userID)
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	return f.confirmed, err
}

// Factor returns p's second factor status, as the session of token sees it.
func (s *Service) Factor(ctx context.Context, p Profile, token string) (FactorStatus, error) {
	on, err := s.hasFactor(ctx, p.ID)
	if err != nil {
		return FactorStatus{}, err
	}
	if !on {
		err := s.enrolLinkProven(ctx, p, token)
		return FactorStatus{EnrolmentLinkRequired: errors.Is(err, errEnrolLinkRequired)}, ignore(err, errEnrolLinkRequired)
	}
	n, err := s.store.recoveryCodesLeft(ctx, p.ID)
	return FactorStatus{Enabled: true, RecoveryCodesLeft: n}, err
}

// ignore is err unless it is target.
func ignore(err, target error) error {
	if errors.Is(err, target) {
		return nil
	}
	return err
}

// SetupFactor makes a new authenticator key for p, waiting for its first
// code (EnableFactor); a key made before and never confirmed is replaced.
// It needs the password (holderCheck); 409 when the factor is on already.
func (s *Service) SetupFactor(ctx context.Context, p Profile, token string, in FactorInput) (FactorSetup, error) {
	now := s.now()
	attempts, err := s.countCode(ctx, now, p.ID, token)
	if err != nil {
		return FactorSetup{}, err
	}
	if err := s.settleCode(ctx, attempts, s.holderCheck(ctx, p, token, in.Password, now), now); err != nil {
		return FactorSetup{}, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.siteName(ctx), AccountName: p.Email, Period: totpPeriod,
		SecretSize: 20, Digits: totpDigits, Algorithm: otp.AlgorithmSHA1, Rand: rand.Reader})
	if err != nil {
		return FactorSetup{}, err
	}
	err = s.store.setPendingFactor(ctx, p.ID, key.Secret(), now)
	if errors.Is(err, db.ErrConflict) {
		return FactorSetup{}, errFactorOn
	}
	if err != nil {
		return FactorSetup{}, err
	}
	return FactorSetup{Secret: key.Secret(), URI: key.URL()}, nil
}

// EnableFactor confirms p's pending key with a first code from the app,
// turns the factor on and returns the account's first recovery codes
// (shown once: only their hashes are kept). It needs the password
// (holderCheck). The notice e-mail (with its "this wasn't me" link), the
// admins' notice of a staff or admin account's factor and the audit entry
// are written in the same transaction.
func (s *Service) EnableFactor(ctx context.Context, p Profile, token string, in FactorInput) ([]string, error) {
	now := s.now()
	attempts, err := s.countCode(ctx, now, p.ID, token)
	if err != nil {
		return nil, err
	}
	if err := s.holderCheck(ctx, p, token, in.Password, now); err != nil {
		return nil, s.settleCode(ctx, attempts, err, now)
	}
	var codes []string
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		f, err := s.store.factorOf(ctx, p.ID)
		if errors.Is(err, db.ErrNotFound) {
			return errNoSetup
		}
		if err != nil {
			return err
		}
		if f.confirmed {
			return errFactorOn
		}
		if codes, err = s.codesForCode(ctx, p.ID, f.secret, in.Code, true, now); err != nil {
			return err
		}
		if err := s.enabledNotices(ctx, p, now, "second-factor-on", "", true); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.SecondFactorEnable, TargetType: audit.TargetUser,
			TargetID: p.ID, Summary: "two-factor authentication turned on; 10 recovery codes issued"})
	})
	return codes, s.settleCode(ctx, attempts, err, now)
}

// DisableFactor turns p's second factor off: it needs the password
// (holderCheck) and a current code (or an unused recovery code).
func (s *Service) DisableFactor(ctx context.Context, p Profile, token string, in FactorInput) error {
	now := s.now()
	on, err := s.hasFactor(ctx, p.ID)
	if err != nil {
		return err
	}
	if !on {
		return errFactorOff
	}
	attempts, err := s.countCode(ctx, now, p.ID, token)
	if err != nil {
		return err
	}
	if err := s.holderCheck(ctx, p, token, in.Password, now); err != nil {
		return s.settleCode(ctx, attempts, err, now)
	}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		f, err := s.store.factorOf(ctx, p.ID)
		if err != nil {
			return err
		}
		usedRecovery, ok, err := s.checkCode(ctx, p, f, in.Code, now)
		if err != nil {
			return err
		}
		if !ok {
			return errInvalidCode
		}
		if _, err := s.store.deleteFactor(ctx, p.ID, time.Time{}); err != nil {
			return err
		}
		if err := s.factorNotice(ctx, p, "second-factor-off", 0); err != nil {
			return err
		}
		summary := "two-factor authentication turned off with the password and a code"
		if usedRecovery {
			summary = "two-factor authentication turned off with the password and a recovery code"
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.SecondFactorDisable, TargetType: audit.TargetUser,
			TargetID: p.ID, Summary: summary})
	})
	return s.settleCode(ctx, attempts, err, now)
}

// RegenerateRecoveryCodes replaces p's recovery codes (the old ones, used
// or not, stop working) after the password (holderCheck) and a current
// code from the app.
func (s *Service) RegenerateRecoveryCodes(ctx context.Context, p Profile, token string, in FactorInput) ([]string, error) {
	now := s.now()
	attempts, err := s.countCode(ctx, now, p.ID, token)
	if err != nil {
		return nil, err
	}
	if err := s.holderCheck(ctx, p, token, in.Password, now); err != nil {
		return nil, s.settleCode(ctx, attempts, err, now)
	}
	var codes []string
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		f, err := s.store.factorOf(ctx, p.ID)
		if errors.Is(err, db.ErrNotFound) || (err == nil && !f.confirmed) {
			return errFactorOff
		}
		if err != nil {
			return err
		}
		if codes, err = s.codesForCode(ctx, p.ID, f.secret, in.Code, false, now); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.RecoveryCodesRegenerate, TargetType: audit.TargetUser,
			TargetID: p.ID, Summary: "10 new recovery codes issued; the old ones no longer work"})
	})
	return codes, s.settleCode(ctx, attempts, err, now)
}

// SecondStep finishes a login whose password was right (Login's
// Challenge): with a current code from the app, or a recovery code, it
// opens the session. Every code counts against its challenge, and like its
// password step against the known browser's limit, or else the address's
// and the account's code ceiling (codeAccount); past one the answer is 429
// with Retry-After. The wrongCodesMail-th wrong code mails the owner.
func (s *Service) SecondStep(ctx context.Context, challenge string, in CodeInput, c Client) (LoginResult, error) {
	if challenge == "" {
		return LoginResult{}, errChallenge
	}
	now := s.now()
	userID, passwordAt, err := s.store.challengeUser(ctx, hashToken(challenge), now)
	if errors.Is(err, db.ErrNotFound) {
		return LoginResult{}, errChallenge
	}
	if err != nil {
		return LoginResult{}, err
	}
	p, err := s.store.liveProfile(ctx, userID)
	if err != nil {
		return LoginResult{}, err
	}
	known := false
	if c.DeviceToken != "" {
		if known, err = s.store.deviceKnown(ctx, hashToken(c.DeviceToken), p.ID, now); err != nil {
			return LoginResult{}, err
		}
	}
	claims := []throttle.Claim{loginAddress.On(throttle.ClientKey(c.IP)), codeAccount.On(p.ID)}
	if known {
		claims = []throttle.Claim{loginDevice.On(hashToken(c.DeviceToken))}
	}
	attempts, refused, err := s.limits.Count(ctx, now, append(claims, codeChallenge.On(hashToken(challenge)))...)
	if err != nil {
		return LoginResult{}, err
	}
	if refused != nil {
		return LoginResult{}, tooManyCodes(refused.RetryAfter(now))
	}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		f, err := s.store.factorOf(ctx, p.ID)
		if errors.Is(err, db.ErrNotFound) || (err == nil && !f.confirmed) {
			return errChallenge // turned off (reset) since the password step
		}
		if err != nil {
			return err
		}
		_, ok, err := s.checkCode(ctx, p, f, in.Code, now)
		if err != nil {
			return err
		}
		if !ok {
			return errInvalidLoginCode
		}
		if gone, err := s.store.deleteChallenge(ctx, hashToken(challenge)); err != nil {
			return err
		} else if !gone {
			return errChallenge
		}
		return nil
	})
	if errors.Is(err, errInvalidLoginCode) {
		if err := s.countWrongCode(ctx, p, challenge, c); err != nil {
			return LoginResult{}, err
		}
		s.slowDown(ctx, attempts)
		if a, spent := throttle.LastExhausted(attempts, now); spent {
			return LoginResult{}, tooManyCodes(a.RetryAfter(now))
		}
		return LoginResult{}, err
	}
	s.limits.Refund(ctx, attempts)
	if err != nil {
		return LoginResult{}, err
	}
	return s.openSession(ctx, p, c, known, passwordAt, now)
}

// countWrongCode records a wrong code of challenge; the wrongCodesMail-th
// mails p that someone knows the password (once per login: the count only
// grows), saying from which device and network.
func (s *Service) countWrongCode(ctx context.Context, p Profile, challenge string, c Client) error {
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		n, err := s.store.addWrongCode(ctx, hashToken(challenge))
		if err != nil || n != wrongCodesMail || s.mail.Templates == nil || s.mail.Outbox == nil {
			return err
		}
		m, err := s.mail.Templates.Render(ctx, "password-known", p.Email, passwordKnownData{FirstName: PlainName(p.FirstName),
			Device: DeviceSummary(c.UserAgent), Network: audit.Network(c.IP), Link: s.mail.Templates.Link(forgotPath)})
		if err != nil {
			return err
		}
		return s.mail.Outbox.Enqueue(ctx, m)
	})
}

// passwordKnownData is what the mail after wrong codes shows: the device
// summary and the network of the login (never text the stranger typed).
type passwordKnownData struct {
	FirstName string
	Device    string
	Network   string
	Link      string
}

// forgotPath is the page that mails a password-reset link.
const forgotPath = "/auth/forgot-password"

// checkCode accepts a current code of f (spending its step) or an unused
// recovery code of p (spending it, with the notice e-mail and the audit
// entry), on the transaction ctx carries. usedRecovery tells which.
func (s *Service) checkCode(ctx context.Context, p Profile, f factor, code string, now time.Time) (usedRecovery, ok bool, err error) {
	if isTOTPCode(code) {
		ok, err = s.acceptTOTP(ctx, p.ID, f.secret, code, false, now)
		return false, ok, err
	}
	norm, valid := normalizeRecoveryCode(code)
	if !valid {
		return false, false, nil
	}
	if ok, err = s.store.spendRecoveryCode(ctx, p.ID, hashToken(norm), now); err != nil || !ok {
		return false, false, err
	}
	left, err := s.store.recoveryCodesLeft(ctx, p.ID)
	if err != nil {
		return false, false, err
	}
	if err := s.factorNotice(ctx, p, "recovery-code-used", left); err != nil {
		return false, false, err
	}
	src, _ := audit.SourceFrom(ctx)
	if src.ActorID == "" {
		// The login's second step: the account itself acts.
		src.ActorID, src.ActorRole = p.ID, p.Role
		ctx = audit.WithSource(ctx, src)
	}
	err = audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.RecoveryCodeUse, TargetType: audit.TargetUser,
		TargetID: p.ID, Summary: "a recovery code was used; " + plural(left, "code") + " left"})
	return true, err == nil, err
}

// acceptTOTP reports whether code is the code of secret for the step of
// now or one either side (totpSkew), and spends that step: a step at or
// before the last accepted one is refused, so a code never works twice.
// confirm: the key is a pending one, confirmed by this code.
func (s *Service) acceptTOTP(ctx context.Context, userID, secret, code string, confirm bool, now time.Time) (bool, error) {
	code = strings.Join(strings.Fields(code), "")
	if !isTOTPCode(code) {
		return false, nil
	}
	step := now.Unix() / totpPeriod
	for at := step - totpSkew; at <= step+totpSkew; at++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(at*totpPeriod, 0).UTC(),
			totp.ValidateOpts{Period: totpPeriod, Digits: totpDigits, Algorithm: otp.AlgorithmSHA1})
		if err != nil {
			return false, err
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s.store.acceptStep(ctx, userID, at, confirm, now)
		}
	}
	return false, nil
}

// isTOTPCode: six digits (spaces allowed, as apps show "123 456").
func isTOTPCode(code string) bool {
	code = strings.Join(strings.Fields(code), "")
	if len(code) != int(totpDigits) {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// recoveryAlphabet: lower-case letters and digits without 0, 1, l, o (read
// aloud and typed without mistakes); 32 symbols, so 5 bits each.
const recoveryAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

var recoveryEncoding = base32.NewEncoding(recoveryAlphabet).WithPadding(base32.NoPadding)

// codesForCode issues a new set of recovery codes once code, from the app
// holding secret, is accepted (acceptTOTP; confirm when it switches the
// factor on); errInvalidCode when it is not.
func (s *Service) codesForCode(ctx context.Context, userID, secret, code string, confirm bool, now time.Time) ([]string, error) {
	ok, err := s.acceptTOTP(ctx, userID, secret, code, confirm, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errInvalidCode
	}
	return s.newRecoveryCodes(ctx, userID, now)
}

// newRecoveryCodes replaces userID's recovery codes with RecoveryCodeCount
// new ones (10 symbols, 50 random bits each, shown as "abcde-fghij") and
// returns them; only their hashes are stored.
func (s *Service) newRecoveryCodes(ctx context.Context, userID string, now time.Time) ([]string, error) {
	codes := make([]string, RecoveryCodeCount)
	hashes := make([]string, RecoveryCodeCount)
	for i := range codes {
		b := make([]byte, 7)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		raw := recoveryEncoding.EncodeToString(b)[:10]
		codes[i] = raw[:5] + "-" + raw[5:]
		hashes[i] = hashToken(raw)
	}
	return codes, s.store.replaceRecoveryCodes(ctx, userID, hashes, now)
}

// normalizeRecoveryCode reads a typed recovery code: any case, with or
// without the hyphen and spaces.
func normalizeRecoveryCode(code string) (string, bool) {
	code = strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(code)))
	if len(code) != 10 {
		return "", false
	}
	for _, r := range code {
		if !strings.ContainsRune(recoveryAlphabet, r) {
			return "", false
		}
	}
	return code, true
}

// countCode counts one attempt (a code, a password or both) of the session
// of token for userID before anything is checked; 429 past a limit.
func (s *Service) countCode(ctx context.Context, now time.Time, userID, token string) ([]throttle.Attempt, error) {
	attempts, refused, err := s.limits.Count(ctx, now, codeSession.On(hashToken(token)), codeAccount.On(userID))
	if err != nil {
		return nil, err
	}
	if refused != nil {
		return nil, tooManyCodes(refused.RetryAfter(now))
	}
	return attempts, nil
}

// settleCode ends a counted code attempt: a wrong code or password keeps
// its count (the last one the window allows answers 429 at once), any
// other outcome gives it back.
func (s *Service) settleCode(ctx context.Context, attempts []throttle.Attempt, err error, now time.Time) error {
	if errors.Is(err, errInvalidCode) || errors.Is(err, errPassword) {
		if a, spent := throttle.LastExhausted(attempts, now); spent {
			return tooManyCodes(a.RetryAfter(now))
		}
		return err
	}
	s.limits.Refund(ctx, attempts)
	return err
}

// holderCheck tells that the caller of the session of token is p's holder
// (docs/api.md#second-factor-and-sessions): with RequireFactorForStaff,
// a staff or admin account without a factor must have opened its mailed
// enrolment link on this session; and the password must be right now
// (recorded on the session) or have been checked on this session in the
// last RecentPassword. 403 password_required without one, 400
// invalid_password for a wrong one.
func (s *Service) holderCheck(ctx context.Context, p Profile, token, password string, now time.Time) error {
	if err := s.enrolLinkProven(ctx, p, token); err != nil {
		return err
	}
	if password == "" {
		checked, _, err := s.store.sessionChecks(ctx, hashToken(token))
		if err != nil {
			return err
		}
		if checked.Valid && now.Sub(checked.Time) < RecentPassword {
			return nil
		}
		return errPasswordRequired
	}
	ok, err := s.passwordRight(ctx, p.ID, password)
	if err != nil {
		return err
	}
	if !ok {
		return errPassword
	}
	return s.store.setPasswordChecked(ctx, hashToken(token), now)
}

// enrolLinkProven: 403 enrolment_link_required while p must enrol
// (RequireFactorForStaff, a staff or admin account without a factor) and
// the session of token has not opened the mailed enrolment link.
func (s *Service) enrolLinkProven(ctx context.Context, p Profile, token string) error {
	if enrolling, err := s.enrolling(ctx, p); err != nil || !enrolling {
		return err
	}
	_, linked, err := s.store.sessionChecks(ctx, hashToken(token))
	if err != nil {
		return err
	}
	if !linked.Valid {
		return errEnrolLinkRequired
	}
	return nil
}

// passwordRight checks userID's password through the hashing gate.
func (s *Service) passwordRight(ctx context.Context, userID, password string) (bool, error) {
	hash, err := s.store.passwordHash(ctx, userID)
	found := err == nil
	if errors.Is(err, db.ErrNotFound) {
		hash = dummyHash // an account without a password: same work, never right
	} else if err != nil {
		return false, err
	}
	var ok bool
	var checkErr error
	if err := s.hashes.run(ctx, func() { ok, checkErr = checkPassword(hash, password) }); err != nil {
		return false, err
	}
	return ok && found, checkErr
}

// ResetFactor removes the second factor and the passkeys of the account
// with email: the break-glass of `watchwin user reset-2fa` for an owner who
// lost both the phone and the recovery codes, or their passkeys. The account's sessions end, the owner is
// told by e-mail and the audit log records it as the system's (no actor).
func (s *Service) ResetFactor(ctx context.Context, email string) (Profile, error) {
	email = NormalizeEmail(email)
	p, _, err := s.store.profileByEmail(ctx, email)
	if errors.Is(err, db.ErrNotFound) {
		return Profile{}, errUserNotFound
	}
	if err != nil {
		return Profile{}, err
	}
	now := s.now()
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		removed, err := s.store.deleteFactor(ctx, p.ID, time.Time{})
		if err != nil {
			return err
		}
		keys, err := s.store.deletePasskeys(ctx, p.ID, time.Time{})
		if err != nil {
			return err
		}
		if !removed && keys == 0 {
			return errFactorOff
		}
		if err := s.store.deleteSessions(ctx, p.ID, ""); err != nil {
			return err
		}
		if err := s.factorNotice(ctx, p, "second-factor-off", 0); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.SecondFactorReset, TargetType: audit.TargetUser,
			TargetID: p.ID, Summary: "two-factor authentication and " + plural(keys, "passkey") +
				" removed from the command line (watchwin user reset-2fa); sessions ended"})
	})
	return p, err
}

// factorNotice queues the e-mail that tells p their second factor changed
// (template: second-factor-on, second-factor-off, recovery-code-used), on
// the transaction ctx carries.
func (s *Service) factorNotice(ctx context.Context, p Profile, template string, codesLeft int) error {
	if s.mail.Templates == nil || s.mail.Outbox == nil {
		return nil
	}
	m, err := s.mail.Templates.Render(ctx, template, p.Email, factorMailData{FirstName: PlainName(p.FirstName),
		Link: s.mail.Templates.Link(securityPath), CodesLeft: codesLeft})
	if err != nil {
		return err
	}
	return s.mail.Outbox.Enqueue(ctx, m)
}

// securityPath is the dashboard's Security tab, which the notices link to.
const securityPath = "/dashboard?tab=security"

// factorMailData is what the second factor's notices show; NotMineLink is
// the "this wasn't me" link of the notice that it was turned on (or a
// passkey added), PasskeyName the passkey's name.
type factorMailData struct {
	FirstName   string
	Link        string
	CodesLeft   int
	NotMineLink string
	PasskeyName string
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func tooManyCodes(wait time.Duration) error {
	return throttle.TooMany("Too many attempts. Please try again in %s.", wait)
}
