package reminder

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/throttle"
)

// New-webinar alerts (docs/api.md#new-webinar-alerts): anyone leaves an
// e-mail address, confirms it from a link valid for ConfirmValidity, and
// from then on gets one e-mail per webinar published after that, through
// the reminders' outbox, pacing and unsubscribe links.

// ConfirmValidity is how long a confirmation link works.
const ConfirmValidity = 7 * 24 * time.Hour

// ConfirmPath is the page a confirmation link opens.
const ConfirmPath = "/webinar-alerts/confirm"

// SubscribeMessage is the one answer to every subscribe request: for a new
// address, one already subscribed, and one that is not an address at all,
// so the answer tells nobody who is on the list (or has an account).
const SubscribeMessage = "Thanks! If that address can receive our e-mails and isn't on the list yet, " +
	"a link to confirm is on its way. It works for 7 days."

// confirmMailsPerMailbox caps the confirmation mails one mailbox
// (auth.Mailbox: its plus-address variants count as one) gets a day,
// whoever asks for them; requests past it answer the same and send
// nothing, so the box cannot be used to flood someone's inbox.
var confirmMailsPerMailbox = throttle.Limit{Kind: "alert-confirm-mail", Max: 3, Window: 24 * time.Hour}

// SubscribeInput is the box's one field.
type SubscribeInput struct {
	Email string `json:"email"`
}

// Confirmed is the answer to a confirmation link.
type Confirmed struct {
	Confirmed bool `json:"confirmed"`
}

var (
	errConfirmInvalid = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_token", Field: "token",
		Message: "This confirmation link is not valid: it may be incomplete, altered, or replaced by a newer one. " +
			"Enter your e-mail address again below to get a new link."}
	errConfirmExpired = &apperr.Error{Kind: apperr.KindInvalid, Code: "expired_token", Field: "token",
		Message: "This confirmation link has expired (links work for 7 days). " +
			"Enter your e-mail address again below to get a new link."}
)

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Subscribe asks for a confirmation link to be mailed to in.Email. The
// answer is the same whatever happens (SubscribeMessage): an invalid
// address, one already confirmed, or one whose mailbox had its daily
// confirmation mails get no mail; a new, pending or unsubscribed one gets a
// fresh link (an older link of the address stops working).
func (s *Service) Subscribe(ctx context.Context, in SubscribeInput) error {
	email := auth.NormalizeEmail(in.Email)
	if !auth.ValidEmail(email) {
		return apperr.Invalid("email", auth.MsgEmail)
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		sub, err := s.store.subscriptionByEmail(ctx, email)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return err
		}
		if err == nil && sub.Status == subConfirmed {
			return nil
		}
		now := s.now()
		_, refused, err := s.limits.Count(ctx, now, confirmMailsPerMailbox.On(auth.Mailbox(email)))
		if err != nil || refused != nil {
			return err
		}
		token := newToken()
		if err := s.store.pending(ctx, uuid.NewString(), email, hashToken(token), now.Add(ConfirmValidity), now); err != nil {
			return err
		}
		m, err := s.mail.confirmMessage(ctx, email, token, now.Add(ConfirmValidity))
		if err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, m)
	})
}

// Confirm confirms the subscription a link names. Following a link again
// answers the same; a link not issued here, altered, or replaced by a
// newer one is 400 invalid_token; one past its 7 days is 400 expired_token.
// Both messages say how to get a new link.
func (s *Service) Confirm(ctx context.Context, token string) (Confirmed, error) {
	if token == "" {
		return Confirmed{}, errConfirmInvalid
	}
	sub, err := s.store.subscriptionByToken(ctx, hashToken(token))
	if errors.Is(err, db.ErrNotFound) {
		return Confirmed{}, errConfirmInvalid
	}
	if err != nil {
		return Confirmed{}, err
	}
	now := s.now()
	switch {
	case sub.Status == subConfirmed:
	case sub.Status != subPending:
		return Confirmed{}, errConfirmInvalid
	case sub.TokenExpiresAt == nil || !now.Before(*sub.TokenExpiresAt):
		return Confirmed{}, errConfirmExpired
	default:
		if err := s.store.confirm(ctx, sub.ID, now); err != nil {
			return Confirmed{}, err
		}
		slog.InfoContext(ctx, "webinar alerts confirmed", "subscription_id", sub.ID)
	}
	return Confirmed{Confirmed: true}, nil
}

// queueAlerts queues the alert of every webinar published in the last
// MaxLate to each confirmed subscriber that has not had it, each in its own
// short transaction: the alert row (once per webinar and subscriber) and
// the mail together. A subscriber confirmed after the publication gets
// none for that webinar.
func (s *Service) queueAlerts(ctx context.Context, key []byte) (int, error) {
	now := s.now()
	list, err := s.store.alertCandidates(ctx, now.Add(-MaxLate), now)
	if err != nil || len(list) == 0 {
		return 0, err
	}
	var terms coupon.PolicyTerms
	if s.terms != nil {
		if terms, err = s.terms(ctx); err != nil {
			return 0, err
		}
	}
	queued := 0
	for _, c := range list {
		if err := ctx.Err(); err != nil {
			return queued, err
		}
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			first, err := s.store.recordAlert(ctx, c.WebinarID, c.SubscriptionID, now)
			if err != nil || !first {
				return err
			}
			m, err := s.mail.alertMessage(ctx, c, terms, sign(key, NewWebinars, c.SubscriptionID))
			if err != nil {
				return err
			}
			queued++
			return s.outbox.Enqueue(ctx, m)
		})
		if err != nil {
			return queued, err
		}
	}
	if queued > 0 {
		slog.InfoContext(ctx, "new-webinar alerts queued", "count", queued)
	}
	return queued, nil
}

// withdrawStaleAlerts withdraws the queued alerts of a webinar switched off
// again, or of a subscriber who unsubscribed, as withdrawStale does.
func (s *Service) withdrawStaleAlerts(ctx context.Context) error {
	stale, err := s.store.staleAlerts(ctx, s.now().Add(-settleWindow))
	if err != nil {
		return err
	}
	_, err = withdrawQueued(ctx, s, stale, func(a staleAlert) string { return alertKey(a.WebinarID, a.SubscriptionID) }, s.store.settleAlert)
	return err
}

// alertKey is the outbox DedupeKey of a webinar's alert to a subscription.
func alertKey(webinarID, subscriptionID string) string {
	return Key(NewWebinars, webinarID+":"+subscriptionID)
}
