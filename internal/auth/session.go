package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/db"
)

// SessionInfo is one of the account's sessions as its Security tab lists
// it (docs/api.md#second-factor-and-sessions). ID is derived from the
// token's hash, so it names the session without opening it.
type SessionInfo struct {
	ID         string    `json:"id"`
	Device     string    `json:"device"`
	Network    string    `json:"network"`
	CreatedAt  time.Time `json:"created_at"`
	LastSeenAt time.Time `json:"last_seen_at"`
	Current    bool      `json:"current"`
}

var errSessionNotFound = apperr.NotFound("That session has already ended.")

// sessionID is the public name of the session whose token hashes to
// tokenHash.
func sessionID(tokenHash string) string {
	sum := sha256.Sum256([]byte("session-id:" + tokenHash))
	return hex.EncodeToString(sum[:12])
}

// Sessions lists userID's sessions, the newest first, marking the one of
// currentToken.
func (s *Service) Sessions(ctx context.Context, userID, currentToken string) ([]SessionInfo, error) {
	rows, err := s.store.sessionsOf(ctx, userID, s.now())
	if err != nil {
		return nil, err
	}
	current := hashToken(currentToken)
	out := make([]SessionInfo, 0, len(rows))
	for _, r := range rows {
		device := r.device
		if device == "" {
			device = unknownDevice
		}
		out = append(out, SessionInfo{ID: sessionID(r.tokenHash), Device: device, Network: r.network,
			CreatedAt: r.created, LastSeenAt: r.lastSeen, Current: r.tokenHash == current})
	}
	return out, nil
}

// EndSession ends userID's session named id (another browser, or this
// one); it reports whether it was the session of currentToken.
func (s *Service) EndSession(ctx context.Context, userID, id, currentToken string) (bool, error) {
	rows, err := s.store.sessionsOf(ctx, userID, s.now())
	if err != nil {
		return false, err
	}
	for _, r := range rows {
		if sessionID(r.tokenHash) == id {
			return r.tokenHash == hashToken(currentToken), s.store.deleteSession(ctx, r.tokenHash)
		}
	}
	return false, errSessionNotFound
}

// EndOtherSessions ends every session of userID but currentToken's ("sign
// out everywhere else") and returns how many ended.
func (s *Service) EndOtherSessions(ctx context.Context, userID, currentToken string) (int, error) {
	keep := hashToken(currentToken)
	var n int
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		var err error
		if n, err = s.store.countSessions(ctx, userID, keep); err != nil {
			return err
		}
		return s.store.deleteSessions(ctx, userID, keep)
	})
	return n, err
}

// EndUserSessions ends every session of account id for an admin (the users
// screen), audited; an admin ending their own keeps keepToken's (the one
// they act from). It returns how many ended.
func (s *Service) EndUserSessions(ctx context.Context, actor Profile, id, keepToken string) (int, error) {
	keep := ""
	if id == actor.ID && keepToken != "" {
		keep = hashToken(keepToken)
	}
	var n int
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.store.liveProfile(ctx, id); errors.Is(err, db.ErrNotFound) {
			return errUserNotFound
		} else if err != nil {
			return err
		}
		var err error
		if n, err = s.store.countSessions(ctx, id, keep); err != nil {
			return err
		}
		if err := s.store.deleteSessions(ctx, id, keep); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.UserSessionsEnd, TargetType: audit.TargetUser,
			TargetID: id, Summary: "every session ended by an admin (" + plural(n, "session") + ")"})
	})
	return n, err
}

const unknownDevice = "Unknown device"

// DeviceSummary is the short name of a browser the session list shows
// ("Chrome on Windows"), read from its User-Agent; the whole string is
// never stored.
func DeviceSummary(userAgent string) string {
	ua := userAgent
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"}, {"Firefox/", "Firefox"},
		{"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
		{"curl/", "curl"}, {"Go-http-client/", "Go HTTP client"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, o := range []struct{ token, name string }{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"CrOS", "ChromeOS"},
		{"Windows", "Windows"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			system = o.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return "Browser on " + system
	}
	return unknownDevice
}
