package payment

import (
	"net/url"
	"testing"
)

// SetProvider swaps the service's provider (tests: a provider that fails).
func (s *Service) SetProvider(p Provider) { s.provider = p }

// StripeOnMock is the Stripe provider talking to stripe-mock through the
// recording proxy of stripe_test.go, and a function returning the requests
// it sent to path (method, form, Idempotency-Key).
func StripeOnMock(t *testing.T) (*Stripe, func(path string) []RecordedRequest) {
	rec := newStripeRecorder(t, startStripeMock(t))
	s := NewStripe(stripeMockKey, WithStripeAPIURL(rec.srv.URL), WithStripeRetries(0))
	return s, func(path string) []RecordedRequest {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		var out []RecordedRequest
		for _, r := range rec.reqs {
			if r.path == path {
				out = append(out, RecordedRequest{Method: r.method, Form: r.form,
					IdempotencyKey: r.header.Get("Idempotency-Key"), Status: r.status})
			}
		}
		return out
	}
}

// RecordedRequest is one request StripeOnMock's proxy passed on.
type RecordedRequest struct {
	Method         string
	Form           url.Values
	IdempotencyKey string
	Status         int
}
