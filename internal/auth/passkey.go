package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/db"
)

// Passkeys (docs/api.md#passkeys): WebAuthn credentials through
// go-webauthn, added from the Security tab after the password, used to
// sign in without one. The relying party is the host of WATCHWIN_BASE_URL.
const (
	// CeremonyTTL is how long a begun ceremony waits for the browser's
	// answer (a sign-in page offers passkeys in its autofill all along).
	CeremonyTTL = 10 * time.Minute
	// MaxPasskeys is how many passkeys an account may have.
	MaxPasskeys = 20
	// passkeyNameMax is the longest name, in characters.
	passkeyNameMax = 60

	ceremonyLogin = "login"
	ceremonyAdd   = "add"
)

var (
	errPasskeysOff = &apperr.Error{Kind: apperr.KindUnavailable, Code: "passkeys_unavailable",
		Message: "Passkeys need the site's address to be a domain name."}
	errPasskeyCeremony = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "passkey_expired",
		Message: "That took too long. Please try again."}
	errPasskeyRefused = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "passkey_not_accepted",
		Message: "That passkey was not accepted. Try again, or log in with your password."}
	errPasskeyUnknown = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "passkey_unknown",
		Message: "This passkey is not on any account here (it may have been removed). Log in with your password."}
	errPasskeyCloned = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "passkey_cloned",
		Message: "This passkey was refused: its signature counter went backwards, which happens when a passkey has been copied. Log in with your password and remove it on your Security page."}
	errPasskeyInvalid = &apperr.Error{Kind: apperr.KindInvalid, Code: "passkey_invalid",
		Message: "Your browser's passkey could not be checked. Please try again."}
	errPasskeyTaken = apperr.Conflict("passkey_exists", "This passkey is already on an account here.")
	errPasskeyLimit = apperr.Conflict("passkey_limit", "An account can have at most 20 passkeys. Remove one first.")
	errPasskeyName  = apperr.Invalid("name", "Name the passkey (at most 60 characters).")
	errNoPasskey    = apperr.NotFound("That passkey is not on your account.")
	// errUsePasskey: a staff or admin account whose second factor is a
	// passkey signs in with it (WATCHWIN_REQUIRE_2FA_FOR_STAFF).
	errUsePasskey = &apperr.Error{Kind: apperr.KindForbidden, Code: "passkey_required",
		Message: "This account signs in with its passkey: choose Sign in with a passkey."}
)

// Passkey is one passkey as the Security tab lists it. BackedUp: the
// authenticator said, at its last use, that it is synced to other devices.
type Passkey struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	BackedUp   bool       `json:"backed_up"`
}

// AddPasskeyInput finishes adding a passkey: its name and the browser's
// answer (PublicKeyCredential as JSON).
type AddPasskeyInput struct {
	Name       string          `json:"name"`
	Credential json.RawMessage `json:"credential"`
}

// PasskeyLoginInput finishes a sign-in: the browser's answer.
type PasskeyLoginInput struct {
	Credential json.RawMessage `json:"credential"`
}

// NameInput renames a passkey.
type NameInput struct {
	Name string `json:"name"`
}

// newRelyingParty is the relying party of the site at baseURL: its host is
// the id, its origin the one origin accepted; nil when that is no site a
// browser accepts passkeys for (an IP address). A loopback address stands
// for localhost, the name browsers take passkeys on without HTTPS
// (docs/operations.md#passkeys).
func newRelyingParty(baseURL string) *webauthn.WebAuthn {
	u, err := url.Parse(baseURL)
	if err != nil || u.Hostname() == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		host = "localhost"
	}
	origin := u.Scheme + "://" + host
	if port := u.Port(); port != "" {
		origin += ":" + port
	}
	rp, err := webauthn.New(&webauthn.Config{RPID: host, RPDisplayName: "WatchWin", RPOrigins: []string{origin}})
	if err != nil {
		return nil
	}
	return rp
}

// passkeyUser is an account as go-webauthn sees it: the user handle is the
// account id (no personal data), its passkeys the credentials.
type passkeyUser struct {
	p    Profile
	keys []passkeyRow
}

func (u passkeyUser) WebAuthnID() []byte   { return []byte(u.p.ID) }
func (u passkeyUser) WebAuthnName() string { return u.p.Email }
func (u passkeyUser) WebAuthnDisplayName() string {
	if name := strings.TrimSpace(PlainName(u.p.FirstName) + " " + PlainName(u.p.LastName)); name != "" {
		return name
	}
	return u.p.Email
}
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential {
	out := make([]webauthn.Credential, len(u.keys))
	for i, k := range u.keys {
		out[i] = k.cred
	}
	return out
}

// hasSecondFactor: p has a confirmed TOTP key or a passkey (either
// satisfies RequireFactorForStaff).
func (s *Service) hasSecondFactor(ctx context.Context, userID string) (bool, error) {
	if on, err := s.hasFactor(ctx, userID); err != nil || on {
		return on, err
	}
	n, err := s.store.countPasskeys(ctx, userID)
	return n > 0, err
}

// Passkeys lists p's passkeys, the oldest first.
func (s *Service) Passkeys(ctx context.Context, p Profile) ([]Passkey, error) {
	rows, err := s.store.passkeysOf(ctx, p.ID)
	out := make([]Passkey, len(rows))
	for i, k := range rows {
		out[i] = k.Passkey
	}
	return out, err
}

// BeginAddPasskey starts adding a passkey to p from the session of token:
// after the password (holderCheck, counted like a code), the creation
// options for navigator.credentials.create, whose session data waits
// CeremonyTTL under the session. A discoverable credential with user
// verification is asked for; p's passkeys are excluded.
func (s *Service) BeginAddPasskey(ctx context.Context, p Profile, token string, in FactorInput) (*protocol.CredentialCreation, error) {
	if s.rp == nil {
		return nil, errPasskeysOff
	}
	now := s.now()
	attempts, err := s.countCode(ctx, now, p.ID, token)
	if err != nil {
		return nil, err
	}
	if err := s.settleCode(ctx, attempts, s.holderCheck(ctx, p, token, in.Password, now), now); err != nil {
		return nil, err
	}
	keys, err := s.store.passkeysOf(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	if len(keys) >= MaxPasskeys {
		return nil, errPasskeyLimit
	}
	user := passkeyUser{p: p, keys: keys}
	exclude := make([]protocol.CredentialDescriptor, len(keys))
	for i, k := range keys {
		exclude[i] = k.cred.Descriptor()
	}
	creation, session, err := s.rp.BeginRegistration(user,
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{ResidentKey: protocol.ResidentKeyRequirementRequired,
			RequireResidentKey: protocol.ResidentKeyRequired(), UserVerification: protocol.VerificationRequired}),
		webauthn.WithExclusions(exclude), webauthn.WithRegistrationRelyingPartyName(s.siteName(ctx)))
	if err != nil {
		return nil, err
	}
	return creation, s.putCeremony(ctx, hashToken(token), ceremonyAdd, p.ID, session, now)
}

// AddPasskey finishes adding a passkey begun on the session of token: it
// checks the browser's answer against the ceremony (spent whatever the
// outcome), stores the passkey under its name, mails p the notice with a
// "this wasn't me" link (and, when it is a staff or admin account's first
// factor, the admins) and writes the audit entry, in one transaction.
func (s *Service) AddPasskey(ctx context.Context, p Profile, token string, in AddPasskeyInput) (Passkey, error) {
	if s.rp == nil {
		return Passkey{}, errPasskeysOff
	}
	name, err := passkeyName(in.Name)
	if err != nil {
		return Passkey{}, err
	}
	now := s.now()
	userID, session, err := s.spendCeremony(ctx, hashToken(token), ceremonyAdd, now)
	if err != nil || userID != p.ID {
		return Passkey{}, errPasskeyCeremony
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(in.Credential)
	if err != nil {
		return Passkey{}, errPasskeyInvalid
	}
	keys, err := s.store.passkeysOf(ctx, p.ID)
	if err != nil {
		return Passkey{}, err
	}
	cred, err := s.rp.CreateCredential(passkeyUser{p: p, keys: keys}, session, parsed)
	if err != nil {
		return Passkey{}, errPasskeyInvalid
	}
	var k Passkey
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		first, err := s.hasSecondFactor(ctx, p.ID)
		if err != nil {
			return err
		}
		if k, err = s.store.insertPasskey(ctx, p.ID, name, cred, now); errors.Is(err, db.ErrConflict) {
			return errPasskeyTaken
		} else if err != nil {
			return err
		}
		if err := s.enabledNotices(ctx, p, now, "passkey-added", name, !first); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.PasskeyAdd, TargetType: audit.TargetUser,
			TargetID: p.ID, Summary: "passkey \"" + name + "\" added"})
	})
	return k, err
}

// RenamePasskey names p's passkey id.
func (s *Service) RenamePasskey(ctx context.Context, p Profile, id string, in NameInput) error {
	name, err := passkeyName(in.Name)
	if err != nil {
		return err
	}
	if err := s.store.renamePasskey(ctx, p.ID, id, name); errors.Is(err, db.ErrNotFound) {
		return errNoPasskey
	} else if err != nil {
		return err
	}
	return nil
}

// RemovePasskey removes p's passkey id after the password (holderCheck),
// mails p and writes the audit entry. The password keeps working, so the
// last passkey going locks nobody out (docs/product.md#passkeys).
func (s *Service) RemovePasskey(ctx context.Context, p Profile, token, id string, in FactorInput) error {
	now := s.now()
	attempts, err := s.countCode(ctx, now, p.ID, token)
	if err != nil {
		return err
	}
	if err := s.settleCode(ctx, attempts, s.holderCheck(ctx, p, token, in.Password, now), now); err != nil {
		return err
	}
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		name, err := s.store.deletePasskey(ctx, p.ID, id)
		if errors.Is(err, db.ErrNotFound) {
			return errNoPasskey
		}
		if err != nil {
			return err
		}
		if err := s.passkeyNotice(ctx, p, "passkey-removed", name); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.PasskeyRemove, TargetType: audit.TargetUser,
			TargetID: p.ID, Summary: "passkey \"" + name + "\" removed"})
	})
}

// BeginPasskeyLogin starts a sign-in with a passkey (the button, or the
// e-mail field's autofill): the request options for
// navigator.credentials.get, with no account named (the passkey says whose
// it is) and user verification required, and the token of the cookie its
// session data waits under for CeremonyTTL.
func (s *Service) BeginPasskeyLogin(ctx context.Context) (*protocol.CredentialAssertion, string, error) {
	if s.rp == nil {
		return nil, "", errPasskeysOff
	}
	assertion, session, err := s.rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return nil, "", err
	}
	token, err := newToken()
	if err != nil {
		return nil, "", err
	}
	return assertion, token, s.putCeremony(ctx, hashToken(token), ceremonyLogin, "", session, s.now())
}

// PasskeyLogin finishes a sign-in begun under the cookie token: the
// passkey's signature, the user verification and the counter are checked
// (a counter that went back is refused as a clone), the passkey's count
// and backup flags are stored as the authenticator now reports them, and
// the session opens. A passkey is both factors: no code follows, and a
// staff or admin account's requirement is met.
func (s *Service) PasskeyLogin(ctx context.Context, token string, in PasskeyLoginInput, c Client) (LoginResult, error) {
	if s.rp == nil {
		return LoginResult{}, errPasskeysOff
	}
	now := s.now()
	_, session, err := s.spendCeremony(ctx, hashToken(token), ceremonyLogin, now)
	if err != nil {
		return LoginResult{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(in.Credential)
	if err != nil {
		return LoginResult{}, errPasskeyInvalid
	}
	var used passkeyRow
	var user passkeyUser
	var lookupErr error
	find := func(rawID, userHandle []byte) (webauthn.User, error) {
		k, err := s.store.passkeyByCredential(ctx, rawID)
		if err == nil && !bytes.Equal([]byte(k.userID), userHandle) {
			err = db.ErrNotFound
		}
		var p Profile
		if err == nil {
			p, err = s.store.liveProfile(ctx, k.userID)
		}
		var keys []passkeyRow
		if err == nil {
			keys, err = s.store.passkeysOf(ctx, p.ID)
		}
		if err != nil {
			lookupErr = err
			return nil, err
		}
		used, user = k, passkeyUser{p: p, keys: keys}
		return user, nil
	}
	_, cred, err := s.rp.ValidatePasskeyLogin(find, session, parsed)
	switch {
	case errors.Is(lookupErr, db.ErrNotFound):
		return LoginResult{}, errPasskeyUnknown
	case lookupErr != nil:
		return LoginResult{}, lookupErr
	case err != nil:
		return LoginResult{}, errPasskeyRefused
	case cred.Authenticator.CloneWarning:
		return LoginResult{}, errPasskeyCloned
	}
	p := user.p
	if err := s.store.usePasskey(ctx, used.ID, cred, now); err != nil {
		return LoginResult{}, err
	}
	known := false
	if c.DeviceToken != "" {
		if known, err = s.store.deviceKnown(ctx, hashToken(c.DeviceToken), p.ID, now); err != nil {
			return LoginResult{}, err
		}
	}
	return s.openSession(ctx, p, c, known, time.Time{}, now)
}

// putCeremony stores a ceremony's session data for CeremonyTTL.
func (s *Service) putCeremony(ctx context.Context, tokenHash, kind, userID string, session *webauthn.SessionData, now time.Time) error {
	data, err := json.Marshal(session)
	if err != nil {
		return err
	}
	return s.store.putCeremony(ctx, tokenHash, kind, userID, string(data), now.Add(CeremonyTTL))
}

// spendCeremony takes the ceremony of kind under tokenHash (once);
// errPasskeyCeremony when there is none or it expired.
func (s *Service) spendCeremony(ctx context.Context, tokenHash, kind string, now time.Time) (string, webauthn.SessionData, error) {
	var session webauthn.SessionData
	userID, data, err := s.store.spendCeremony(ctx, tokenHash, kind, now)
	if errors.Is(err, db.ErrNotFound) {
		return "", session, errPasskeyCeremony
	}
	if err != nil {
		return "", session, err
	}
	return userID, session, json.Unmarshal([]byte(data), &session)
}

// siteName names the site in the browser's passkey prompts (the site title).
func (s *Service) siteName(ctx context.Context) string {
	if s.issuer != nil {
		if t := strings.TrimSpace(s.issuer(ctx)); t != "" {
			return t
		}
	}
	return "WatchWin"
}

// passkeyName is a passkey's name as typed: trimmed, 1 to passkeyNameMax
// characters, no control characters.
func passkeyName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" || utf8.RuneCountInString(name) > passkeyNameMax {
		return "", errPasskeyName
	}
	return name, nil
}

// passkeyNotice queues the mail that a passkey of p's was removed, on the
// transaction ctx carries.
func (s *Service) passkeyNotice(ctx context.Context, p Profile, template, name string) error {
	if s.mail.Templates == nil || s.mail.Outbox == nil {
		return nil
	}
	m, err := s.mail.Templates.Render(ctx, template, p.Email, factorMailData{FirstName: PlainName(p.FirstName),
		Link: s.mail.Templates.Link(securityPath), PasskeyName: name})
	if err != nil {
		return err
	}
	return s.mail.Outbox.Enqueue(ctx, m)
}
