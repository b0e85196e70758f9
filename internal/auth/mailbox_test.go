package auth_test

import (
	"testing"

	"watchwin/internal/auth"
)

// Mailbox folds the addresses that reach one inbox: plus-address tags
// everywhere, dots too where the provider ignores them.
func TestMailbox(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"pat@example.com", "pat@example.com"},
		{"pat+alerts@example.com", "pat@example.com"},
		{"pat+a+b@example.com", "pat@example.com"},
		{"p.a.t@example.com", "p.a.t@example.com"}, // dots count elsewhere
		{"p.a.t+x@gmail.com", "pat@gmail.com"},
		{"pat@googlemail.com", "pat@gmail.com"},
		{"+pat@example.com", "+pat@example.com"}, // no local part before the tag: kept
		{"not-an-address", "not-an-address"},
	} {
		if got := auth.Mailbox(tc.in); got != tc.want {
			t.Errorf("Mailbox(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
