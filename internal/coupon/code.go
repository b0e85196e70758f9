package coupon

import (
	"crypto/rand"
	"net/url"
	"strings"
	"unicode"
)

// codeAlphabet is Crockford's base32: no I, L, O or U, so a code read off
// paper or typed at the counter is never ambiguous.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// codeGroups × groupLen characters of 5 bits each: 60 random bits
// (docs/product.md#coupons), shown as LW-XXXX-XXXX-XXXX.
const (
	codeGroups = 3
	groupLen   = 4
)

// NewCode returns 'LW-' and 60 bits from crypto/rand: a coupon code is
// bearer value, so it must not be guessable.
func NewCode() string {
	b := make([]byte, codeGroups*groupLen)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	var sb strings.Builder
	sb.WriteString("LW")
	for i, v := range b {
		if i%groupLen == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(codeAlphabet[v&31]) // 256 is a multiple of 32: no bias
	}
	return sb.String()
}

// crockfordFix reads the letters a person or a scanner may give for a digit
// as that digit: O is 0, I and L are 1 (Crockford's decoding rule).
var crockfordFix = strings.NewReplacer("O", "0", "I", "1", "L", "1")

// NormalizeCode reads a code as it reaches the counter (docs/api.md#counter):
// the bare code, or a link whose code parameter holds it (the printed QR); any
// case; spaces and hyphens anywhere; O for 0, I or L for 1. It returns the code
// as stored, LW-XXXX-XXXX-XXXX, and whether the input is one; anything else
// names no coupon.
func NormalizeCode(input string) (string, bool) {
	s := strings.TrimSpace(input)
	if strings.ContainsAny(s, "/?=:") { // a link, never a bare code
		u, err := url.Parse(s)
		if err != nil {
			return "", false
		}
		s = u.Query().Get("code")
	}
	s = strings.ToUpper(strings.Map(func(r rune) rune {
		if r == '-' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s))
	rest, ok := strings.CutPrefix(s, "LW")
	if !ok || len(rest) != codeGroups*groupLen {
		return "", false
	}
	rest = crockfordFix.Replace(rest)
	if strings.Trim(rest, codeAlphabet) != "" {
		return "", false
	}
	return grouped(rest), true
}

// grouped is the code of its 12 characters s, as stored: 'LW' and s in
// groups of four, each after a hyphen.
func grouped(s string) string {
	var b strings.Builder
	b.WriteString("LW")
	for i := 0; i < len(s); i += groupLen {
		b.WriteString("-" + s[i:i+groupLen])
	}
	return b.String()
}
