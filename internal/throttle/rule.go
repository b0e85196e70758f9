package throttle

import (
	"net/http"
	"time"

	"watchwin/internal/httpx"
)

// DefaultMessage is the 429 message of a Rule without its own (%s: the wait).
const DefaultMessage = "Too many requests. Please try again in %s."

// Rule limits one route: at most PerAddress requests per client address
// (ClientKey of httpx.ClientIP) and PerAccount per signed-in account in
// Window (0 leaves that side unlimited). Every request counts, whatever its
// answer. Name is the rule's key space; rules with the same Name share
// their counts.
type Rule struct {
	Name       string
	PerAddress int
	PerAccount int
	Window     time.Duration
	Message    string // the 429's message with one %s for the wait; DefaultMessage when empty
}

// claims are the limits a request from address (a ClientKey) by account
// ("" when signed out) counts against.
func (r Rule) claims(address, account string) []Claim {
	var out []Claim
	if r.PerAddress > 0 {
		out = append(out, Limit{Kind: r.Name + "-address", Max: r.PerAddress, Window: r.Window}.On(address))
	}
	if r.PerAccount > 0 && account != "" {
		out = append(out, Limit{Kind: r.Name + "-account", Max: r.PerAccount, Window: r.Window}.On(account))
	}
	return out
}

// Limit wraps h so each request is counted against rule first and answered
// 429 with Retry-After once a limit is spent. account names the signed-in
// account of a request ("" when none).
func (t *Throttle) Limit(rule Rule, account func(*http.Request) string, h http.Handler) http.Handler {
	msg := rule.Message
	if msg == "" {
		msg = DefaultMessage
	}
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if err := t.Check(r.Context(), msg, rule.claims(ClientKey(httpx.ClientIP(r)), account(r))...); err != nil {
			return err
		}
		h.ServeHTTP(w, r)
		return nil
	})
}
