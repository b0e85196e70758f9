package auth

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/semaphore"

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

// accountLinkData is what the confirmation and reset e-mails show
// (FirstName "": the greeting has no name).
type accountLinkData struct {
	FirstName string
	Link      string
}

// ForgotPassword mails a password-reset link to the account of in.Email,
// if there is one. The answer is the same either way, and so is its timing:
// once the request is checked and counted, the rest happens after the
// answer, and it is the same work whether or not the address has an
// account (see mailLink).
func (s *Service) ForgotPassword(ctx context.Context, in EmailInput, clientIP string) error {
	return s.mailLink(ctx, in, clientIP, forgotAddress, forgotAccount, resetMail, func(bool) bool { return true })
}

// ResendConfirmation mails a fresh confirmation link to the account of
// in.Email when it exists and its address is not confirmed yet. Like
// ForgotPassword, the answer tells nothing of the account.
func (s *Service) ResendConfirmation(ctx context.Context, in EmailInput, clientIP string) error {
	return s.mailLink(ctx, in, clientIP, resendAddress, resendAccount, confirmMail, func(confirmed bool) bool { return !confirmed })
}

// errNoMail undoes the work of a link request that mails nothing.
var errNoMail = errors.New("auth: no mail due")

// mailLink checks and throttles a request for a link, then, after the
// answer, queues the link mail to the account of that address when it
// exists and due(its address is confirmed) says so. Whether or not a mail
// is due, the same statements run (the account looked up, a token written
// for whichever account has the address, the mail rendered and queued):
// when none is due the transaction is rolled back. So neither the answer
// nor the load it leaves on the server tells whether an account exists.
func (s *Service) mailLink(ctx context.Context, in EmailInput, clientIP string, perAddress, perEmail throttle.Limit,
	link linkMail, due func(confirmed bool) bool) error {
	email := NormalizeEmail(in.Email)
	if !ValidEmail(email) {
		return apperr.Invalid("email", MsgEmail)
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
			found := err == nil
			if err != nil && !errors.Is(err, db.ErrNotFound) {
				return err
			}
			if !found {
				p = Profile{Email: email} // a stand-in: no token row matches it
			}
			if err := s.queueLink(ctx, p, confirmed, link); err != nil {
				return err
			}
			if !found || !due(confirmed) {
				return errNoMail
			}
			return nil
		})
		if err != nil && !errors.Is(err, errNoMail) {
			// No address in the log: it is personal data.
			slog.ErrorContext(ctx, "account e-mail not queued", "mail", link.template, "err", err)
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

// linkMail is one kind of account e-mail with a link: its token's purpose
// and life, its template and the SPA path that takes the token.
type linkMail struct {
	purpose  string
	ttl      time.Duration
	template string
	path     string
}

var (
	confirmMail = linkMail{purposeConfirm, ConfirmTokenTTL, "confirm-email", confirmPath}
	resetMail   = linkMail{purposeReset, ResetTokenTTL, "reset-password", resetPath}
)

// queueConfirmation makes a confirmation token for p, whose address is not
// confirmed, and queues the e-mail with its link, on the transaction ctx
// carries.
func (s *Service) queueConfirmation(ctx context.Context, p Profile) error {
	return s.queueLink(ctx, p, false, confirmMail)
}

// queueLink writes a new token of link's kind for the account with p's
// e-mail (none when no account has it) and queues the e-mail with its link,
// greeting p by name only when its address is confirmed.
func (s *Service) queueLink(ctx context.Context, p Profile, confirmed bool, link linkMail) error {
	token, err := newToken()
	if err != nil {
		return err
	}
	now := s.now()
	if err := s.store.insertToken(ctx, hashToken(token), p.Email, link.purpose, now, now.Add(link.ttl)); err != nil {
		return err
	}
	m, err := linkMessage(ctx, s.mail.Templates, link.template, p.Email, greetingName(p, confirmed), link.path+token)
	if err != nil {
		return err
	}
	return s.mail.Outbox.Enqueue(ctx, m)
}

// linkMessage renders an account e-mail to address to, greeting name ("":
// no name), whose link leads to pathAndQuery.
func linkMessage(ctx context.Context, t *mail.Templates, template, to, name, pathAndQuery string) (mail.Message, error) {
	return t.Render(ctx, template, to, accountLinkData{FirstName: name, Link: t.Link(pathAndQuery)})
}

// greetingName is the name an account e-mail to p greets: none while its
// address is not confirmed, since anyone may have typed the name along with
// a stranger's address (docs/product.md#names); then its plain part.
func greetingName(p Profile, confirmed bool) string {
	if !confirmed {
		return ""
	}
	return PlainName(p.FirstName)
}

// background runs work after the request that asked for it has been
// answered, so the answer takes as long whether or not there was work.
// At most a few run at once; Wait waits for them all (shutdown, tests).
type background struct {
	wg    *sync.WaitGroup
	slots *semaphore.Weighted
}

func newBackground() background {
	return background{wg: &sync.WaitGroup{}, slots: semaphore.NewWeighted(4)}
}

// backgroundTimeout bounds one piece of background work.
const backgroundTimeout = 30 * time.Second

func (b background) run(ctx context.Context, work func(ctx context.Context)) {
	ctx = context.WithoutCancel(ctx)
	b.wg.Go(func() {
		_ = b.slots.Acquire(ctx, 1) // ctx has no end yet: Acquire only waits
		defer b.slots.Release(1)
		ctx, cancel := context.WithTimeout(ctx, backgroundTimeout)
		defer cancel()
		work(ctx)
	})
}

// Wait returns once the background work of answered requests (the
// forgot-password and resend-confirmation e-mails) is done.
func (s *Service) Wait() { s.background.wg.Wait() }
