package auth

import (
	"context"
	"errors"
	"time"

	"watchwin/internal/audit"
	"watchwin/internal/db"
)

// The second factor belongs to the account holder
// (docs/api.md#second-factor-and-sessions): the notice that it was turned on
// carries a "this wasn't me" link, and with RequireFactorForStaff a staff or
// admin account's first factor needs a link mailed to the account's address.

// Purposes and pages of the links of this file (account_tokens.purpose).
const (
	purposeNotMine = "second_factor_not_mine"
	purposeEnrol   = "second_factor_enrolment"
	notMinePath    = "/auth/second-factor-not-mine?token="
	enrolPath      = "/auth/enrol-second-factor?token="
	adminUsersPath = "/admin/users"
)

var enrolMail = linkMail{purposeEnrol, EnrolLinkTTL, "enrolment-link", enrolPath}

// enabledNotices queues, on the transaction ctx carries, the mails of p's
// factor turned on or passkey (named passkey) added: p's notice of
// template with a new "this wasn't me" link (valid NotMineTTL), and with
// staffNotice, for a staff or admin account, a notice to every other admin.
func (s *Service) enabledNotices(ctx context.Context, p Profile, now time.Time, template, passkey string, staffNotice bool) error {
	if s.mail.Templates == nil || s.mail.Outbox == nil {
		return nil
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	if err := s.store.insertToken(ctx, hashToken(token), p.Email, purposeNotMine, now, now.Add(NotMineTTL)); err != nil {
		return err
	}
	t := s.mail.Templates
	m, err := t.Render(ctx, template, p.Email, factorMailData{FirstName: PlainName(p.FirstName), Link: t.Link(securityPath),
		NotMineLink: t.Link(notMinePath + token), PasskeyName: passkey})
	if err != nil {
		return err
	}
	if err := s.mail.Outbox.Enqueue(ctx, m); err != nil {
		return err
	}
	if !staffNotice || !p.AtCounter() {
		return nil
	}
	admins, err := s.store.adminEmails(ctx, p.ID)
	if err != nil {
		return err
	}
	src, _ := audit.SourceFrom(ctx)
	for _, to := range admins {
		m, err := t.Render(ctx, "staff-second-factor-on", to, staffFactorData{Email: p.Email, Role: p.Role,
			Network: src.Network, Link: t.Link(adminUsersPath)})
		if err != nil {
			return err
		}
		if err := s.mail.Outbox.Enqueue(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// staffFactorData is what the admins' notice shows of the account that
// turned its factor on: its address, role and the client's network.
type staffFactorData struct {
	Email   string
	Role    string
	Network string
	Link    string
}

// NotMine follows the "this wasn't me" link of the notice that a factor
// was turned on or a passkey added: it spends the link, removes the
// account's factor if it was turned on in the last NotMineTTL (mailing the
// owner) and the passkeys added in that time, ends every
// session of the account and writes the audit entry (the account as
// actor). It reports whether a factor or a passkey was removed.
func (s *Service) NotMine(ctx context.Context, in TokenInput) (bool, error) {
	if in.Token == "" {
		return false, errNotMineToken
	}
	now := s.now()
	var removed bool
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		userID, err := s.store.spendToken(ctx, hashToken(in.Token), purposeNotMine, now)
		if errors.Is(err, db.ErrNotFound) {
			return errNotMineToken
		}
		if err != nil {
			return err
		}
		p, err := s.store.liveProfile(ctx, userID)
		if errors.Is(err, db.ErrNotFound) {
			return errNotMineToken
		}
		if err != nil {
			return err
		}
		if removed, err = s.store.deleteFactor(ctx, p.ID, now.Add(-NotMineTTL)); err != nil {
			return err
		}
		keys, err := s.store.deletePasskeys(ctx, p.ID, now.Add(-NotMineTTL))
		if err != nil {
			return err
		}
		n, err := s.store.countSessions(ctx, p.ID, "")
		if err != nil {
			return err
		}
		if err := s.store.deleteSessions(ctx, p.ID, ""); err != nil {
			return err
		}
		summary := "the owner followed the notice's \"this wasn't me\" link: "
		if removed {
			if err := s.factorNotice(ctx, p, "second-factor-off", 0); err != nil {
				return err
			}
			summary += "two-factor authentication removed; "
		}
		if keys > 0 {
			summary += plural(keys, "passkey") + " of the last 7 days removed; "
		}
		if !removed && keys == 0 {
			summary += "no two-factor authentication or passkey of the last 7 days to remove; "
		}
		removed = removed || keys > 0
		src, _ := audit.SourceFrom(ctx)
		src.ActorID, src.ActorRole = p.ID, p.Role
		return audit.Write(audit.WithSource(ctx, src), s.store.db, now, audit.Entry{Action: audit.SecondFactorNotMine,
			TargetType: audit.TargetUser, TargetID: p.ID, Summary: summary + plural(n, "session") + " ended"})
	})
	return removed, err
}

// MailEnrolLink mails p, a staff or admin account that must enrol
// (RequireFactorForStaff), a one-time enrolment link to its address (valid
// EnrolLinkTTL): the session that opens it may set up the factor
// (holderCheck). 409 enrolment_link_not_needed for any other account; 429
// past enrolLinkAccount.
func (s *Service) MailEnrolLink(ctx context.Context, p Profile) error {
	if err := s.needsEnrolLink(ctx, p); err != nil {
		return err
	}
	now := s.now()
	_, refused, err := s.limits.Count(ctx, now, enrolLinkAccount.On(p.ID))
	if err != nil {
		return err
	}
	if refused != nil {
		return tooManyRequests(refused.RetryAfter(now))
	}
	// No name in the greeting: the link is what proves the address (docs/product.md#names).
	return s.store.db.InTx(ctx, func(ctx context.Context) error { return s.queueLink(ctx, p, false, enrolMail) })
}

// OpenEnrolLink spends p's enrolment link for the session of token, which
// may then set up the factor. Opening it proves the address, so an
// unconfirmed one becomes confirmed. 400 invalid_token for a link that is
// not p's, used or expired.
func (s *Service) OpenEnrolLink(ctx context.Context, p Profile, token string, in TokenInput) error {
	if err := s.needsEnrolLink(ctx, p); err != nil {
		return err
	}
	if in.Token == "" {
		return errEnrolToken
	}
	now := s.now()
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		userID, err := s.store.spendToken(ctx, hashToken(in.Token), purposeEnrol, now)
		if errors.Is(err, db.ErrNotFound) || (err == nil && userID != p.ID) {
			return errEnrolToken // another account's link stays unspent: the transaction rolls back
		}
		if err != nil {
			return err
		}
		for _, step := range []func() error{
			func() error { return s.store.spendTokens(ctx, p.ID, purposeEnrol, now) },
			func() error { return s.store.setEnrolLinkOpened(ctx, hashToken(token), now) },
			func() error { return s.store.confirmEmail(ctx, p.ID, now) },
		} {
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
}

// needsEnrolLink: 409 unless p must enrol (enrolling).
func (s *Service) needsEnrolLink(ctx context.Context, p Profile) error {
	enrolling, err := s.enrolling(ctx, p)
	if err == nil && !enrolling {
		return errEnrolLinkNotNeeded
	}
	return err
}

// enrolling: p must set up its first factor (RequireFactorForStaff, a
// staff or admin account without one).
func (s *Service) enrolling(ctx context.Context, p Profile) (bool, error) {
	if !s.mustEnrol(p, false) {
		return false, nil
	}
	on, err := s.hasSecondFactor(ctx, p.ID)
	return !on, err
}
