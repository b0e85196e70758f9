package reminder

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// An unsubscribe token names an account and a kind and is signed with the
// server's key (db.ServerKey "unsubscribe"), so it cannot be guessed or
// altered to name another account or kind: base64url (no padding) of
// mac (16 bytes) | kind code (1 byte) | account id (for NewWebinars: the
// subscription's id, as a subscriber may have no account). It does not expire:
// an unsubscribe link must keep working long after the mail was sent, and
// using it twice changes nothing. Its alphabet is that of the other link
// tokens, so logs mask it the same way (mail.MaskTokens).
const macSize = 16

// kindCodes are the kinds' one-byte codes in a token.
var kindCodes = map[Kind]byte{Ready: 'r', Unfinished: 'u', Offer: 'o', CreditExpiry: 'c', BonusExpiry: 'b', NewWebinars: 'n'}

// errBadToken: a token this server did not sign, or one altered since.
var errBadToken = errors.New("reminder: invalid unsubscribe token")

func mac(key []byte, k Kind, userID string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte("watchwin unsubscribe\x00" + string(k) + "\x00" + userID))
	return h.Sum(nil)[:macSize]
}

// sign returns the token of userID's unsubscribe from kind k.
func sign(key []byte, k Kind, userID string) string {
	b := append(mac(key, k, userID), kindCodes[k])
	b = append(b, userID...)
	return base64.RawURLEncoding.EncodeToString(b)
}

// verify returns the kind and account a token names, or errBadToken.
func verify(key []byte, token string) (Kind, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) < macSize+2 {
		return "", "", errBadToken
	}
	var k Kind
	for kind, code := range kindCodes {
		if code == b[macSize] {
			k = kind
		}
	}
	userID := string(b[macSize+1:])
	if k == "" || !hmac.Equal(b[:macSize], mac(key, k, userID)) {
		return "", "", errBadToken
	}
	return k, userID, nil
}
