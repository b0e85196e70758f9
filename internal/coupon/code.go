package coupon

import (
	"crypto/rand"
	"strings"
)

// codeAlphabet is Crockford's base32: no I, L, O or U, so a code read off
// paper or typed at the counter is never ambiguous.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// codeGroups × groupLen characters of 5 bits each: 60 random bits
// (docs/product.md §8), shown as LW-XXXX-XXXX-XXXX.
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
