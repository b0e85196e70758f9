package video

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
)

// A stream token is the credential of a /video/{token}/… URL
// (docs/api.md#streaming-an-uploaded-video): base64url(payload) "." base64url(HMAC-SHA256(key,
// payload)), the payload naming the video, the viewer and the expiry, so a
// copied link stops working within minutes and names one viewer only.
const (
	// TokenLifetime: how long a stream token opens the video's files; the
	// watch page asks for a fresh one every RefreshAfter.
	TokenLifetime = 10 * time.Minute
	// RefreshAfter: half the lifetime, so a refresh that fails once is
	// retried well before the token in use expires.
	RefreshAfter = 5 * time.Minute
	// AdminViewer starts the viewer of an admin's preview ("admin:" + user
	// id): it plays, and nothing is recorded for it.
	AdminViewer = "admin:"
	// tokenKeyName names the stream tokens' HMAC key in server_keys.
	tokenKeyName = "video-stream"
	// tokenPurpose separates these MACs from any other made with a server key.
	tokenPurpose = "watchwin video stream\x00"
)

// Grant is what a valid token lets its bearer fetch: the files of VideoID,
// as Viewer (a registration id, or AdminViewer + a user id), until Expires.
type Grant struct {
	VideoID string
	Viewer  string
	Expires time.Time
}

// RegistrationID is the registration the grant's fetches are recorded for;
// false for an admin's preview.
func (g Grant) RegistrationID() (string, bool) {
	if strings.HasPrefix(g.Viewer, AdminViewer) {
		return "", false
	}
	return g.Viewer, true
}

// errBadToken: a token this server did not sign, altered, or expired.
var errBadToken = errors.New("video: invalid or expired stream token")

// Tokens signs and checks stream tokens with the server's key (made on
// first use and shared by every instance through server_keys).
type Tokens struct {
	db  *db.DB
	now clock.Func

	mu  sync.Mutex
	key []byte
}

// NewTokens returns the stream token signer on d.
func NewTokens(d *db.DB, now clock.Func) *Tokens { return &Tokens{db: d, now: now} }

func (t *Tokens) signingKey(ctx context.Context) ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.key == nil {
		key, err := t.db.ServerKey(ctx, tokenKeyName, t.now())
		if err != nil {
			return nil, err
		}
		t.key = key
	}
	return t.key, nil
}

// Sign returns a token for viewer to fetch videoID's files for
// TokenLifetime from now, and its expiry.
func (t *Tokens) Sign(ctx context.Context, videoID, viewer string) (string, time.Time, error) {
	key, err := t.signingKey(ctx)
	if err != nil {
		return "", time.Time{}, err
	}
	g := Grant{VideoID: videoID, Viewer: viewer, Expires: t.now().Add(TokenLifetime).Truncate(time.Second)}
	return signGrant(key, g), g.Expires, nil
}

// Verify returns the grant of a token this server signed and that has not
// expired; any other token is errBadToken.
func (t *Tokens) Verify(ctx context.Context, token string) (Grant, error) {
	key, err := t.signingKey(ctx)
	if err != nil {
		return Grant{}, err
	}
	return verifyGrant(key, token, t.now())
}

func tokenMAC(key, payload []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(tokenPurpose))
	h.Write(payload)
	return h.Sum(nil)
}

// signGrant: the payload is "videoID|viewer|expiry (Unix seconds)"; ids
// never hold '|'.
func signGrant(key []byte, g Grant) string {
	payload := []byte(g.VideoID + "|" + g.Viewer + "|" + strconv.FormatInt(g.Expires.Unix(), 10))
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(tokenMAC(key, payload))
}

func verifyGrant(key []byte, token string, now time.Time) (Grant, error) {
	enc := base64.RawURLEncoding
	p, m, ok := strings.Cut(token, ".")
	if !ok {
		return Grant{}, errBadToken
	}
	payload, err1 := enc.DecodeString(p)
	mac, err2 := enc.DecodeString(m)
	if err1 != nil || err2 != nil || !hmac.Equal(mac, tokenMAC(key, payload)) {
		return Grant{}, errBadToken
	}
	parts := strings.Split(string(payload), "|")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" {
		return Grant{}, errBadToken
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return Grant{}, errBadToken
	}
	g := Grant{VideoID: parts[0], Viewer: parts[1], Expires: time.Unix(exp, 0).UTC()}
	if !now.Before(g.Expires) {
		return Grant{}, errBadToken
	}
	return g, nil
}
