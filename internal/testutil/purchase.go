package testutil

import (
	"context"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/registration"
)

// Watch has p watch a webinar through as the watch page reports it: for a
// webinar with a video length, honest progress reports of 20 s of video
// every 10 s of the test clock (twice real speed, the fastest rate the
// server credits) from start to end; for one without, the old "ended" call.
func (s *Server) Watch(p auth.Profile, webinarID string) {
	s.t.Helper()
	ctx := context.Background()
	w, err := s.App.Webinars.Get(ctx, webinarID)
	if err != nil {
		s.t.Fatalf("watch: %v", err)
	}
	if w.VideoLengthSeconds == 0 {
		if _, err := s.App.Registrations.MarkWatched(ctx, p, webinarID); err != nil {
			s.t.Fatalf("watch: %v", err)
		}
		return
	}
	report := func(a, b float64) registration.Progress {
		in := registration.ProgressInput{Intervals: [][]float64{}}
		if b > a {
			in.Intervals = append(in.Intervals, []float64{a, b})
		}
		pr, err := s.App.Registrations.ReportProgress(ctx, p, webinarID, in)
		if err != nil {
			s.t.Fatalf("progress report [%v, %v]: %v", a, b, err)
		}
		return pr
	}
	report(0, 0) // playback starts
	length := float64(w.VideoLengthSeconds)
	for at := 0.0; at < length; at += 20 {
		s.Clock.Advance(10 * time.Second)
		report(at, min(at+20, length))
	}
	if pr := report(0, 0); !pr.WatchedFully {
		s.t.Fatalf("watched through, but the server says %+v", pr)
	}
}

// Purchase buys the coupon of a webinar for p the way a visitor does, through
// the real services: it registers p, watches the video through (Watch), starts a
// payment, pays it with the built-in test provider's good card and confirms
// it. It returns the coupon issued.
func (s *Server) Purchase(p auth.Profile, webinarID string) coupon.Coupon {
	s.t.Helper()
	ctx := context.Background()
	if _, _, err := s.App.Registrations.Register(ctx, p, webinarID, registration.Input{Name: "Sam Carter", Email: p.Email}); err != nil {
		s.t.Fatalf("register %s: %v", p.Email, err)
	}
	s.Watch(p, webinarID)
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

// Registrant is a new account of role (no password: it never logs in over
// HTTP), registered for a webinar and, when watched, having watched it
// through (Watch).
func (s *Server) Registrant(webinarID, role string, watched bool) auth.Profile {
	s.t.Helper()
	return s.registrant(webinarID, role, watched, false)
}

// Buyer is a new customer ready to pay for a webinar: an account with its
// e-mail address confirmed (no password, made in plain SQL, so a thousand
// are quick), registered for the webinar and having watched it (Watch).
func (s *Server) Buyer(webinarID string) auth.Profile {
	s.t.Helper()
	return s.registrant(webinarID, auth.RoleUser, true, true)
}

// RegistrationID is the id of the user's registration for a webinar.
func (s *Server) RegistrationID(webinarID, userID string) string {
	s.t.Helper()
	var id string
	if err := s.App.DB.QueryRowContext(context.Background(), `SELECT id FROM webinar_registrations WHERE webinar_id = $1 AND user_id = $2`,
		webinarID, userID).Scan(&id); err != nil {
		s.t.Fatalf("registration of %s for %s: %v", userID, webinarID, err)
	}
	return id
}

// registrant makes Registrant's and Buyer's account, its e-mail address
// confirmed when confirmed, and registers it (and watches) as they say.
func (s *Server) registrant(webinarID, role string, watched, confirmed bool) auth.Profile {
	s.t.Helper()
	ctx := context.Background()
	p := auth.Profile{ID: uuid.NewString(), Email: "r-" + randomSuffix() + "@example.com", Role: role, FirstName: "Robin"}
	now := s.Clock.Now()
	var confirmedAt *time.Time
	if confirmed {
		confirmedAt = &now
	}
	if _, err := s.App.DB.ExecContext(ctx, `INSERT INTO profiles (id, email, role, first_name, created_at, updated_at, email_confirmed_at)
		VALUES ($1, $2, $3, $4, $5, $5, $6)`, p.ID, p.Email, role, p.FirstName, now, confirmedAt); err != nil {
		s.t.Fatal(err)
	}
	if _, _, err := s.App.Registrations.Register(ctx, p, webinarID, registration.Input{Name: "Robin Waits", Email: p.Email}); err != nil {
		s.t.Fatalf("register %s: %v", p.Email, err)
	}
	if watched {
		s.Watch(p, webinarID)
	}
	return p
}
