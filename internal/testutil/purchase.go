package testutil

import (
	"context"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/registration"
)

// Purchase buys the coupon of a webinar for p the way a visitor does, through
// the real services: it registers p, marks the video watched, starts a
// payment, pays it with the built-in test provider's good card and confirms
// it. It returns the coupon issued.
func (s *Server) Purchase(p auth.Profile, webinarID string) coupon.Coupon {
	s.t.Helper()
	ctx := context.Background()
	if _, _, err := s.App.Registrations.Register(ctx, p, webinarID, registration.Input{Name: "Sam Carter", Email: p.Email}); err != nil {
		s.t.Fatalf("register %s: %v", p.Email, err)
	}
	if _, err := s.App.Registrations.MarkWatched(ctx, p, webinarID); err != nil {
		s.t.Fatalf("watch: %v", err)
	}
	st, err := s.App.Payments.Start(ctx, p, webinarID, "")
	if err != nil {
		s.t.Fatalf("start payment: %v", err)
	}
	if err := s.PayTestCard(st); err != nil {
		s.t.Fatalf("pay: %v", err)
	}
	c, err := s.App.Payments.Confirm(ctx, p, st.ID)
	if err != nil {
		s.t.Fatalf("confirm payment: %v", err)
	}
	return c
}

// PayTestCard pays a started payment with the built-in test provider's
// good card (4242 4242 4242 4242), as the test-mode card form does; with
// Authorize.Net (Gateway), with the stand-in's good card, as Accept.js and
// the server's charge do.
func (s *Server) PayTestCard(st payment.Started) error {
	var tp *payment.TestProvider
	var ok bool
	// A test may wrap the provider (counting or failing calls); Unwrap
	// gives the built-in one back.
	for p := s.App.Payments.Provider(); p != nil && !ok; {
		if tp, ok = p.(*payment.TestProvider); !ok {
			w, wraps := p.(interface{ Unwrap() payment.Provider })
			if !wraps {
				break
			}
			p = w.Unwrap()
		}
	}
	if !ok {
		for p := s.App.Payments.Provider(); p != nil; {
			if g, anet := p.(*authorizenet.Gateway); anet {
				return s.payAuthorizeNet(g, st, "4111111111111111")
			}
			w, wraps := p.(interface{ Unwrap() payment.Provider })
			if !wraps {
				break
			}
			p = w.Unwrap()
		}
		s.t.Fatal("PayTestCard needs the built-in test provider or Authorize.Net's stand-in")
	}
	_, err := tp.Confirm(context.Background(), st.ID, payment.Card{ClientSecret: st.ClientSecret,
		Number: "4242 4242 4242 4242", ExpMonth: 12, ExpYear: time.Now().Year() + 1, CVC: "123", PostalCode: "60540"})
	return err
}
