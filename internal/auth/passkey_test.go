package auth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"

	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// softKey is a software authenticator: a P-256 passkey that answers the
// server's options as a browser would (attestation "none", user verified),
// with the counter and backup flags a test sets.
type softKey struct {
	key        *ecdsa.PrivateKey
	id         []byte
	userHandle []byte
	origin     string
	rpID       string
	count      uint32
	flags      protocol.AuthenticatorFlags // besides UP and UV: FlagBackupEligible, FlagBackupState
}

var b64 = base64.RawURLEncoding

func newSoftKey(t *testing.T, s *testutil.Server) *softKey {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	u, _ := url.Parse(s.URL)
	// The test server is on 127.0.0.1: its passkeys are localhost's.
	return &softKey{key: key, id: id, origin: "http://localhost:" + u.Port(), rpID: "localhost"}
}

// options is the part of the server's options the authenticator reads.
type options struct {
	PublicKey struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
		AuthenticatorSelection struct {
			ResidentKey      string `json:"residentKey"`
			UserVerification string `json:"userVerification"`
		} `json:"authenticatorSelection"`
		UserVerification string `json:"userVerification"`
	} `json:"publicKey"`
}

func (k *softKey) authData(t *testing.T, attested []byte) []byte {
	t.Helper()
	hash := sha256.Sum256([]byte(k.rpID))
	flags := protocol.FlagUserPresent | protocol.FlagUserVerified | k.flags
	if attested != nil {
		flags |= protocol.FlagAttestedCredentialData
	}
	data := append(hash[:], byte(flags))
	data = binary.BigEndian.AppendUint32(data, k.count)
	return append(data, attested...)
}

func (k *softKey) clientData(t *testing.T, ceremony, challenge string) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]any{"type": ceremony, "challenge": challenge, "origin": k.origin, "crossOrigin": false})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// create answers creation options: the PublicKeyCredential JSON.
func (k *softKey) create(t *testing.T, res testutil.Response) json.RawMessage {
	t.Helper()
	res.Check(t, testutil.Want{Status: http.StatusOK})
	var o options
	res.JSON(t, &o)
	if o.PublicKey.RP.ID != k.rpID || o.PublicKey.AuthenticatorSelection.ResidentKey != "required" ||
		o.PublicKey.AuthenticatorSelection.UserVerification != "required" {
		t.Fatalf("creation options %s: want this site's id, a discoverable credential and user verification", res.Body)
	}
	k.userHandle, _ = b64.DecodeString(o.PublicKey.User.ID)
	cose, err := webauthncbor.Marshal(map[int64]any{
		1: int64(webauthncose.EllipticKey), 3: int64(webauthncose.AlgES256), -1: int64(webauthncose.P256),
		-2: k.key.X.FillBytes(make([]byte, 32)), -3: k.key.Y.FillBytes(make([]byte, 32)),
	})
	if err != nil {
		t.Fatal(err)
	}
	attested := binary.BigEndian.AppendUint16(make([]byte, 16), uint16(len(k.id)))
	attested = append(append(attested, k.id...), cose...)
	object, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": k.authData(t, attested)})
	if err != nil {
		t.Fatal(err)
	}
	return k.credential(t, map[string]any{
		"attestationObject": b64.EncodeToString(object),
		"clientDataJSON":    b64.EncodeToString(k.clientData(t, "webauthn.create", o.PublicKey.Challenge)),
		"transports":        []string{"internal", "hybrid"},
	})
}

// get answers request options with a signed assertion.
func (k *softKey) get(t *testing.T, res testutil.Response) json.RawMessage {
	t.Helper()
	res.Check(t, testutil.Want{Status: http.StatusOK})
	var o options
	res.JSON(t, &o)
	if o.PublicKey.RPID != k.rpID || o.PublicKey.UserVerification != "required" {
		t.Fatalf("request options %s: want this site's id and user verification", res.Body)
	}
	authData := k.authData(t, nil)
	clientData := k.clientData(t, "webauthn.get", o.PublicKey.Challenge)
	hash := sha256.Sum256(clientData)
	digest := sha256.Sum256(append(append([]byte{}, authData...), hash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, k.key, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	return k.credential(t, map[string]any{
		"authenticatorData": b64.EncodeToString(authData),
		"clientDataJSON":    b64.EncodeToString(clientData),
		"signature":         b64.EncodeToString(sig),
		"userHandle":        b64.EncodeToString(k.userHandle),
	})
}

func (k *softKey) credential(t *testing.T, response map[string]any) json.RawMessage {
	t.Helper()
	id := b64.EncodeToString(k.id)
	data, err := json.Marshal(map[string]any{"id": id, "rawId": id, "type": "public-key", "response": response,
		"clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform"})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// addPasskey adds k to c's account under name (the session's password is
// recent, as after a login).
func addPasskey(t *testing.T, c *testutil.Client, k *softKey, name string) testutil.Response {
	t.Helper()
	cred := k.create(t, c.Do("POST", "/api/account/passkeys/begin", nil))
	return c.Do("POST", "/api/account/passkeys", map[string]any{"name": name, "credential": cred})
}

// passkeyLogin signs c in with k.
func passkeyLogin(t *testing.T, c *testutil.Client, k *softKey) testutil.Response {
	t.Helper()
	cred := k.get(t, c.Do("POST", "/api/auth/passkey/begin", nil))
	return c.Do("POST", "/api/auth/passkey/finish", map[string]any{"credential": cred})
}

type passkeyList struct {
	Passkeys []struct {
		ID         string     `json:"id"`
		Name       string     `json:"name"`
		LastUsedAt *time.Time `json:"last_used_at"`
		BackedUp   bool       `json:"backed_up"`
	} `json:"passkeys"`
}

func listPasskeys(t *testing.T, c *testutil.Client) passkeyList {
	t.Helper()
	var l passkeyList
	res := c.Do("GET", "/api/account/passkeys", nil)
	res.Check(t, testutil.Want{Status: http.StatusOK})
	res.JSON(t, &l)
	return l
}

// Adding a passkey takes the password (a recent one on this session
// counts); the passkey then signs in alone, from another browser, with no
// code, and the list, the notice mail and the audit log show it.
func TestPasskeyAddAndSignIn(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		c, p := s.Login(auth.RoleUser)
		k := newSoftKey(t, s)
		s.Clock.Advance(auth.RecentPassword + time.Second)
		c.Do("POST", "/api/account/passkeys/begin", nil).Check(t, testutil.Want{Status: http.StatusForbidden, Code: "password_required"})
		c.Do("POST", "/api/account/passkeys/begin", map[string]string{"password": "wrong-password"}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Code: "invalid_password", Field: "password"})
		cred := k.create(t, c.Do("POST", "/api/account/passkeys/begin", map[string]string{"password": "password1"}))
		c.Do("POST", "/api/account/passkeys", map[string]any{"name": " ", "credential": cred}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "name"})
		c.Do("POST", "/api/account/passkeys", map[string]any{"name": "Work laptop", "credential": cred}).
			Check(t, testutil.Want{Status: http.StatusCreated})
		// The ceremony works once.
		c.Do("POST", "/api/account/passkeys", map[string]any{"name": "Work laptop", "credential": cred}).
			Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_expired"})
		// Another account's session cannot finish this session's ceremony.
		other, _ := s.Login(auth.RoleUser)
		other.Do("POST", "/api/account/passkeys", map[string]any{"name": "x", "credential": cred}).
			Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_expired"})

		if l := listPasskeys(t, c); len(l.Passkeys) != 1 || l.Passkeys[0].Name != "Work laptop" || l.Passkeys[0].LastUsedAt != nil {
			t.Fatalf("list = %+v", l)
		}
		var transports, credID string
		if err := d.QueryRow(`SELECT transports, credential_id FROM passkeys WHERE user_id = $1`, p.ID).Scan(&transports, &credID); err != nil ||
			transports != "internal,hybrid" || credID != b64.EncodeToString(k.id) {
			t.Errorf("stored transports %q id %q (%v)", transports, credID, err)
		}
		mails := s.Mails(p.Email)
		if last := mails[len(mails)-1]; !strings.Contains(last.Subject, "A passkey was added") ||
			!strings.Contains(last.Text, `"Work laptop"`) || !strings.Contains(last.Text, "/auth/second-factor-not-mine?token=") {
			t.Errorf("notice %q:\n%s", last.Subject, last.Text)
		}
		var actor string
		if err := d.QueryRow(`SELECT actor_id FROM audit_log WHERE action = 'account.passkey_add' AND target_id = $1`, p.ID).
			Scan(&actor); err != nil || actor != p.ID {
			t.Errorf("audit entry actor %q (%v), want the account", actor, err)
		}

		// Signing in: no password, no code.
		b := s.Client()
		k.count = 1
		res := passkeyLogin(t, b, k)
		res.Check(t, testutil.Want{Status: http.StatusOK})
		if !strings.Contains(string(res.Body), p.Email) || !signedIn(t, b) {
			t.Fatalf("passkey login = %s", res.Body)
		}
		// The ceremony works once.
		b.Do("POST", "/api/auth/passkey/finish", map[string]any{"credential": k.get(t, s.Client().Do("POST", "/api/auth/passkey/begin", nil))}).
			Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_expired"})
		if l := listPasskeys(t, b); l.Passkeys[0].LastUsedAt == nil || s.Clock.Now().Sub(*l.Passkeys[0].LastUsedAt) > time.Minute {
			t.Errorf("last used = %v, want now", l.Passkeys[0].LastUsedAt)
		}
		// A passkey session has checked no password: changing passkeys asks for it.
		b.Do("POST", "/api/account/passkeys/begin", nil).Check(t, testutil.Want{Status: http.StatusForbidden, Code: "password_required"})
		// An expired ceremony is refused.
		late := s.Client()
		opts := late.Do("POST", "/api/auth/passkey/begin", nil)
		s.Clock.Advance(auth.CeremonyTTL + time.Second)
		k.count = 2
		late.Do("POST", "/api/auth/passkey/finish", map[string]any{"credential": k.get(t, opts)}).
			Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_expired"})
		// A passkey the server does not know.
		stranger := newSoftKey(t, s)
		stranger.userHandle = []byte(p.ID)
		passkeyLogin(t, s.Client(), stranger).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_unknown"})
	})
}

// The backup flags and the counter: a synced passkey's backup state that
// changes between ceremonies is accepted and stored (iCloud Keychain's
// after sync), a counter that goes back is refused as a clone and changes
// nothing.
func TestPasskeyFlagsAndClone(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		c, p := s.Login(auth.RoleUser)
		k := newSoftKey(t, s)
		k.flags = protocol.FlagBackupEligible
		k.count = 5
		addPasskey(t, c, k, "Phone").Check(t, testutil.Want{Status: http.StatusCreated})
		if l := listPasskeys(t, c); l.Passkeys[0].BackedUp {
			t.Fatal("not backed up at registration, listed as backed up")
		}

		k.flags = protocol.FlagBackupEligible | protocol.FlagBackupState
		k.count = 9
		passkeyLogin(t, s.Client(), k).Check(t, testutil.Want{Status: http.StatusOK})
		var be, bs bool
		var count int64
		if err := d.QueryRow(`SELECT backup_eligible, backup_state, sign_count FROM passkeys WHERE user_id = $1`, p.ID).
			Scan(&be, &bs, &count); err != nil || !be || !bs || count != 9 {
			t.Errorf("stored be=%v bs=%v count=%d (%v), want true true 9", be, bs, count, err)
		}
		if l := listPasskeys(t, c); !l.Passkeys[0].BackedUp {
			t.Error("the backup state is not shown")
		}

		k.count = 7
		clone := s.Client()
		res := passkeyLogin(t, clone, k)
		res.Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_cloned"})
		if !strings.Contains(res.ErrorMessage(), "copied") || signedIn(t, clone) {
			t.Errorf("clone answer %s", res.Body)
		}
		if err := d.QueryRow(`SELECT sign_count FROM passkeys WHERE user_id = $1`, p.ID).Scan(&count); err != nil || count != 9 {
			t.Errorf("count after the clone = %d (%v), want 9", count, err)
		}
		// A passkey that was not eligible for backup cannot become so.
		k.count = 10
		k.flags = 0
		passkeyLogin(t, s.Client(), k).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_not_accepted"})
	})
}

// Renaming and removing: removal takes the password, mails the owner and
// is audited; without a passkey the password still signs in.
func TestPasskeyRenameAndRemoveLast(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		c, p := s.Login(auth.RoleUser)
		k := newSoftKey(t, s)
		addPasskey(t, c, k, "Phone").Check(t, testutil.Want{Status: http.StatusCreated})
		id := listPasskeys(t, c).Passkeys[0].ID

		c.Do("PATCH", "/api/account/passkeys/"+id, map[string]string{"name": "  Riley's   phone "}).Check(t, testutil.Want{Status: http.StatusNoContent})
		if l := listPasskeys(t, c); l.Passkeys[0].Name != "Riley's phone" {
			t.Errorf("renamed to %q", l.Passkeys[0].Name)
		}
		other, _ := s.Login(auth.RoleUser)
		other.Do("PATCH", "/api/account/passkeys/"+id, map[string]string{"name": "mine"}).Check(t, testutil.Want{Status: http.StatusNotFound})
		other.Do("POST", "/api/account/passkeys/"+id+"/remove", nil).Check(t, testutil.Want{Status: http.StatusNotFound})

		s.Clock.Advance(auth.RecentPassword + time.Second)
		c.Do("POST", "/api/account/passkeys/"+id+"/remove", nil).Check(t, testutil.Want{Status: http.StatusForbidden, Code: "password_required"})
		c.Do("POST", "/api/account/passkeys/"+id+"/remove", map[string]string{"password": "password1"}).Check(t, testutil.Want{Status: http.StatusNoContent})
		if l := listPasskeys(t, c); len(l.Passkeys) != 0 {
			t.Fatalf("list after removal = %+v", l)
		}
		mails := s.Mails(p.Email)
		if last := mails[len(mails)-1]; !strings.Contains(last.Subject, "A passkey was removed") || !strings.Contains(last.Text, `"Riley's phone"`) {
			t.Errorf("notice %q:\n%s", last.Subject, last.Text)
		}
		if n := auditCount(t, d, "account.passkey_remove", p.ID); n != 1 {
			t.Errorf("%d removal entries", n)
		}
		k.count = 1
		passkeyLogin(t, s.Client(), k).Check(t, testutil.Want{Status: http.StatusUnauthorized, Code: "passkey_unknown"})
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": p.Email, "password": "password1"}).
			Check(t, testutil.Want{Status: http.StatusOK})
		if !signedIn(t, c) {
			t.Error("removing the last passkey ended the session")
		}
	})
}

// With WATCHWIN_REQUIRE_2FA_FOR_STAFF a passkey is the second factor a
// clerk needs: its first one waits for the mailed link like a TOTP key, and
// once added the clerk reaches the counter; the password alone is then
// refused with a pointer to the passkey.
func TestStaffPasskeySatisfiesRequirement(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.RequireSecondFactorForStaff = true })
		s.Clock.Set(t0)
		admin := s.CreateUser("owner@example.com", "password1", auth.RoleAdmin)
		c, p := s.Login(auth.RoleStaff)
		k := newSoftKey(t, s)
		c.Do("GET", "/api/counter/coupons/LW-AAAA-BBBB-CCCC", nil).Check(t, testutil.Want{Status: http.StatusForbidden})
		c.Do("POST", "/api/account/passkeys/begin", map[string]string{"password": "password1"}).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "enrolment_link_required"})
		c.Do("POST", "/api/account/second-factor/enrolment-link", nil).Check(t, testutil.Want{Status: http.StatusAccepted})
		c.Do("POST", "/api/account/second-factor/enrolment-link/open", map[string]string{"token": mailedLink(t, s, p.Email, "/auth/enrol-second-factor")}).
			Check(t, testutil.Want{Status: http.StatusOK})
		addPasskey(t, c, k, "Counter iPad").Check(t, testutil.Want{Status: http.StatusCreated})
		c.Do("GET", "/api/counter/coupons/LW-AAAA-BBBB-CCCC", nil).Check(t, testutil.Want{Status: http.StatusNotFound})
		if mails := s.Mails(admin.Email); len(mails) != 1 || !strings.Contains(mails[0].Subject, p.Email) {
			t.Errorf("admin mails %+v, want the staff enrolment notice", mails)
		}
		// A second passkey is no first enrolment: the admins hear nothing more.
		addPasskey(t, c, newSoftKey(t, s), "Spare key").Check(t, testutil.Want{Status: http.StatusCreated})
		if mails := s.Mails(admin.Email); len(mails) != 1 {
			t.Errorf("%d admin mails after a second passkey", len(mails))
		}

		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": p.Email, "password": "password1"}).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "passkey_required"})
		clerk := s.Client()
		k.count = 1
		passkeyLogin(t, clerk, k).Check(t, testutil.Want{Status: http.StatusOK})
		clerk.Do("GET", "/api/counter/coupons/LW-AAAA-BBBB-CCCC", nil).Check(t, testutil.Want{Status: http.StatusNotFound})
	})
}

// The "this wasn't me" link of the passkey notice removes the passkeys of
// the last 7 days and signs the account out; `watchwin user reset-2fa`
// removes them all.
func TestPasskeyNotMineAndReset(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		s.Clock.Set(t0)
		c, p := s.Login(auth.RoleUser)
		addPasskey(t, c, newSoftKey(t, s), "Old").Check(t, testutil.Want{Status: http.StatusCreated})
		s.Clock.Advance(auth.NotMineTTL + time.Hour)
		c.Do("POST", "/api/account/passkeys/begin", map[string]string{"password": "password1"})
		addPasskey(t, c, newSoftKey(t, s), "New").Check(t, testutil.Want{Status: http.StatusCreated})
		token := mailedLink(t, s, p.Email, "/auth/second-factor-not-mine")
		s.Client().Do("POST", "/api/auth/second-factor/not-mine", map[string]string{"token": token}).
			Check(t, testutil.Want{Status: http.StatusOK})
		if signedIn(t, c) {
			t.Error("still signed in after \"this wasn't me\"")
		}
		var names []string
		rows, err := d.Query(`SELECT name FROM passkeys WHERE user_id = $1`, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var n string
			_ = rows.Scan(&n)
			names = append(names, n)
		}
		_ = rows.Close()
		if strings.Join(names, ",") != "Old" {
			t.Errorf("passkeys left %v, want the old one", names)
		}
		if _, err := s.App.Auth.ResetFactor(t.Context(), p.Email); err != nil {
			t.Fatal(err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM passkeys WHERE user_id = $1`, p.ID); n != 0 {
			t.Errorf("%d passkeys after reset-2fa", n)
		}
	})
}

// Each ceremony is behind its route's limit.
func TestPasskeyLimits(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c, _ := s.Login(auth.RoleUser)
		for range 60 {
			c.Do("PATCH", "/api/account/passkeys/none", map[string]string{"name": "x"}).Check(t, testutil.Want{Status: http.StatusNotFound})
		}
		c.Do("POST", "/api/account/passkeys/begin", nil).Check(t, testutil.Want{Status: http.StatusTooManyRequests})
		a := s.Client()
		for range 300 {
			a.Do("POST", "/api/auth/passkey/begin", nil).Check(t, testutil.Want{Status: http.StatusOK})
		}
		a.Do("POST", "/api/auth/passkey/finish", map[string]any{"credential": map[string]any{}}).
			Check(t, testutil.Want{Status: http.StatusTooManyRequests})
	})
}
