package auth

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/throttle"
)

// Lifetimes of the links the account e-mails carry.
const (
	ConfirmTokenTTL = 48 * time.Hour
	ResetTokenTTL   = time.Hour
)

// Purposes of account tokens (account_tokens.purpose).
const (
	purposeConfirm = "confirm_email"
	purposeReset   = "reset_password"
)

// Link paths of the SPA pages that take the tokens (docs/api.md).
const (
	confirmPath = "/auth/confirm-email?token="
	resetPath   = "/auth/reset-password?token="
)

var (
	errEmailNotConfirmed = &apperr.Error{Kind: apperr.KindForbidden, Code: "email_not_confirmed",
		Message: "Please confirm your email address before logging in. We can send the link again."}
	errResetToken = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_token", Field: "token",
		Message: "This link is invalid or has expired. Please request a new one."}
	errConfirmToken = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_token", Field: "token",
		Message: "This confirmation link is invalid or has expired."}
)

// EmailInput is the body of the forgot-password and resend-confirmation
// requests.
type EmailInput struct {
	Email string `json:"email"`
}

// TokenInput is the body of the address confirmation.
type TokenInput struct {
	Token string `json:"token"`
}

// ResetInput is the new-password form of a reset link.
type ResetInput struct {
	Token           string `json:"token"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirm_password"`
}

// accountLinkData is what the confirmation and reset e-mails show.
type accountLinkData struct {
	FirstName string
	Link      string
}

// ForgotPassword mails a password-reset link to the account of in.Email,
// if there is one. The answer is the same either way, and so is its timing:
// once the request is checked and counted, the lookup and the mail happen
// in the background (see background).
func (s *Service) ForgotPassword(ctx context.Context, in EmailInput, clientIP string) error {
	return s.inBackground(ctx, in, clientIP, forgotAddress, forgotAccount, s.queueReset)
}

// ResendConfirmation mails a fresh confirmation link to the account of
// in.Email when it exists and its address is not confirmed yet. Like
// ForgotPassword, the answer tells nothing of the account.
func (s *Service) ResendConfirmation(ctx context.Context, in EmailInput, clientIP string) error {
	return s.inBackground(ctx, in, clientIP, resendAddress, resendAccount, func(ctx context.Context, p Profile, confirmed bool) error {
		if confirmed {
			return nil
		}
		return s.queueConfirmation(ctx, p)
	})
}

// inBackground checks and throttles an e-mail request, then runs work on
// the account of that address (if any) in the background.
func (s *Service) inBackground(ctx context.Context, in EmailInput, clientIP string, perAddress, perEmail throttle.Limit,
	work func(ctx context.Context, p Profile, confirmed bool) error) error {
	email := NormalizeEmail(in.Email)
	if !ValidEmail(email) {
		return apperr.Invalid("email", msgEmail)
	}
	now := s.now()
	_, refused, err := s.limits.Count(ctx, now, perAddress.On(throttle.ClientKey(clientIP)), perEmail.On(email))
	if err != nil {
		return err
	}
	if refused != nil {
		return tooManyRequests(refused.RetryAfter(now))
	}
	s.background.run(ctx, func(ctx context.Context) {
		err := s.store.db.InTx(ctx, func(ctx context.Context) error {
			p, confirmed, err := s.store.profileByEmail(ctx, email)
			if errors.Is(err, db.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			return work(ctx, p, confirmed)
		})
		if err != nil {
			// No address in the log: it is personal data.
			slog.ErrorContext(ctx, "account e-mail not queued", "throttle", perEmail.Kind, "err", err)
		}
	})
	return nil
}

// ConfirmEmail spends a confirmation token and marks its account's address
// confirmed.
func (s *Service) ConfirmEmail(ctx context.Context, in TokenInput) error {
	if in.Token == "" {
		return errConfirmToken
	}
	now := s.now()
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		userID, err := s.store.spendToken(ctx, hashToken(in.Token), purposeConfirm, now)
		if errors.Is(err, db.ErrNotFound) {
			return errConfirmToken
		}
		if err != nil {
			return err
		}
		if err := s.store.spendTokens(ctx, userID, purposeConfirm, now); err != nil {
			return err
		}
		return s.store.confirmEmail(ctx, userID, now)
	})
}

// ResetPassword sets a new password with a reset token: the password
// follows the sign-up rules; the token is spent with every other reset
// token of the account; every session of the account ends. Following the
// link proves the address, so an unconfirmed one becomes confirmed.
func (s *Service) ResetPassword(ctx context.Context, in ResetInput, clientIP string) error {
	if in.Token == "" {
		return errResetToken
	}
	if err := validatePassword("password", in.Password); err != nil {
		return err
	}
	if utf8.RuneCountInString(in.ConfirmPassword) < minPassword {
		return apperr.Invalid("confirm_password", msgPassword)
	}
	if in.Password != in.ConfirmPassword {
		return apperr.Invalid("confirm_password", msgPasswordsDiffer)
	}
	now := s.now()
	_, refused, err := s.limits.Count(ctx, now, resetAddress.On(throttle.ClientKey(clientIP)))
	if err != nil {
		return err
	}
	if refused != nil {
		return tooManyRequests(refused.RetryAfter(now))
	}
	tokenHash := hashToken(in.Token)
	// Checked before hashing, so a dead link costs no hash.
	if _, err := s.store.tokenUser(ctx, tokenHash, purposeReset, now); errors.Is(err, db.ErrNotFound) {
		return errResetToken
	} else if err != nil {
		return err
	}
	var hash string
	var hashErr error
	if err := s.hashes.run(ctx, func() { hash, hashErr = hashPassword(in.Password) }); err != nil {
		return err
	}
	if hashErr != nil {
		return hashErr
	}
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		userID, err := s.store.spendToken(ctx, tokenHash, purposeReset, now)
		if errors.Is(err, db.ErrNotFound) {
			return errResetToken // spent by a request that came first
		}
		if err != nil {
			return err
		}
		if _, err := s.store.liveProfile(ctx, userID); errors.Is(err, db.ErrNotFound) {
			return errResetToken
		} else if err != nil {
			return err
		}
		for _, step := range []func() error{
			func() error { return s.store.spendTokens(ctx, userID, purposeReset, now) },
			func() error { return s.store.setPassword(ctx, userID, hash, now) },
			func() error { return s.store.deleteSessions(ctx, userID, "") },
			func() error { return s.store.confirmEmail(ctx, userID, now) },
		} {
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
}

// queueConfirmation makes a confirmation token for p and queues the e-mail
// with its link, on the transaction ctx carries.
func (s *Service) queueConfirmation(ctx context.Context, p Profile) error {
	return s.queueLink(ctx, p, purposeConfirm, ConfirmTokenTTL, "confirm-email", confirmPath)
}

// queueReset makes a reset token for p and queues the e-mail with its link.
func (s *Service) queueReset(ctx context.Context, p Profile, _ bool) error {
	return s.queueLink(ctx, p, purposeReset, ResetTokenTTL, "reset-password", resetPath)
}

func (s *Service) queueLink(ctx context.Context, p Profile, purpose string, ttl time.Duration, template, path string) error {
	token, err := newToken()
	if err != nil {
		return err
	}
	now := s.now()
	if err := s.store.insertToken(ctx, hashToken(token), p.ID, purpose, now, now.Add(ttl)); err != nil {
		return err
	}
	m, err := linkMessage(ctx, s.mail.Templates, template, p, path+token)
	if err != nil {
		return err
	}
	return s.mail.Outbox.Enqueue(ctx, m)
}

// linkMessage renders an account e-mail whose link leads to pathAndQuery.
func linkMessage(ctx context.Context, t *mail.Templates, template string, p Profile, pathAndQuery string) (mail.Message, error) {
	return t.Render(ctx, template, p.Email, accountLinkData{FirstName: p.FirstName, Link: t.Link(pathAndQuery)})
}

// background runs work after the request that asked for it has been
// answered, so the answer takes as long whether or not there was work.
// At most a few run at once; Wait waits for them all (shutdown, tests).
type background struct {
	wg    *sync.WaitGroup
	slots chan struct{}
}

func newBackground() background {
	return background{wg: &sync.WaitGroup{}, slots: make(chan struct{}, 4)}
}

// backgroundTimeout bounds one piece of background work.
const backgroundTimeout = 30 * time.Second

func (b background) run(ctx context.Context, work func(ctx context.Context)) {
	ctx = context.WithoutCancel(ctx)
	b.wg.Go(func() {
		b.slots <- struct{}{}
		defer func() { <-b.slots }()
		ctx, cancel := context.WithTimeout(ctx, backgroundTimeout)
		defer cancel()
		work(ctx)
	})
}

// Wait returns once the background work of answered requests (the
// forgot-password and resend-confirmation e-mails) is done.
func (s *Service) Wait() { s.background.wg.Wait() }
