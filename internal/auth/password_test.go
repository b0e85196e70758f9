package auth

import (
	"strings"
	"testing"
)

// The hash an unknown e-mail is checked against is well formed, has the
// parameters of a real hash (so the check costs the same) and matches no
// password.
func TestDummyHash(t *testing.T) {
	real, err := hashPassword("a-real-password")
	if err != nil {
		t.Fatal(err)
	}
	params := func(h string) string { return strings.Join(strings.Split(h, "$")[:4], "$") }
	if params(dummyHash) != params(real) {
		t.Errorf("dummy hash %s, real hash parameters %s", params(dummyHash), params(real))
	}
	for _, pw := range []string{"", "not-a-real-password", "password1"} {
		if ok, err := checkPassword(dummyHash, pw); ok || err != nil {
			t.Errorf("checkPassword(dummy, %q) = %v, %v", pw, ok, err)
		}
	}
}
