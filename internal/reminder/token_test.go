package reminder

import (
	"bytes"
	"testing"
)

// A token verifies with the key that signed it, naming its kind and
// account, and with no other key (another store's server key).
func TestTokenNeedsTheSigningKey(t *testing.T) {
	key, other := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
	for _, k := range Kinds {
		token := sign(key, k, "9f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b")
		gotKind, gotUser, err := verify(key, token)
		if err != nil || gotKind != k || gotUser != "9f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b" {
			t.Errorf("%s: verify = %q, %q, %v", k, gotKind, gotUser, err)
		}
		if _, _, err := verify(other, token); err != errBadToken {
			t.Errorf("%s: another key verified the token (%v)", k, err)
		}
	}
}
