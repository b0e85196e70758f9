package reminder

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/setting"
	"watchwin/internal/throttle"
	"watchwin/internal/webinar"
)

// Settings is what reminders need of the site settings (*setting.Service):
// which kinds are on, and the store's postal address, without which no
// commercial mail goes out (CAN-SPAM wants a valid one in every message).
type Settings interface {
	Reminders(ctx context.Context) (setting.Reminders, error)
	Site(ctx context.Context) (setting.Site, error)
}

// Webinars is what the admin figures need of the webinar domain.
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Service finds due reminders and queues them, keeps each account's
// preferences, and counts what followed; it knows nothing of HTTP.
type Service struct {
	db       *db.DB
	store    store
	outbox   *mail.Outbox
	mail     Mailer
	settings Settings
	webinars Webinars
	now      clock.Func
	limits   *throttle.Throttle
	terms    func(ctx context.Context) (coupon.PolicyTerms, error)

	keyMu sync.Mutex
	key   []byte // the signing key, read once from server_keys

	// paused remembers that the job found no store address, so the
	// warning is logged once, not at every run.
	paused atomic.Bool
}

// Deps are the reminder service's collaborators, all required.
type Deps struct {
	// Outbox queues the reminders, rendered by Mailer.
	Outbox   *mail.Outbox
	Mailer   Mailer
	Settings Settings
	Webinars Webinars
	// CouponTerms is the value policy of coupons issued now
	// (coupon.Service.Terms), so an alert under Split shows the bonus and its life.
	CouponTerms func(ctx context.Context) (coupon.PolicyTerms, error)
}

// NewService returns the reminder service on d.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{db: d, store: store{d}, outbox: deps.Outbox, mail: deps.Mailer, settings: deps.Settings,
		webinars: deps.Webinars, terms: deps.CouponTerms, now: now, limits: throttle.New(d, now)}
}

// keyName names the unsubscribe links' HMAC key in server_keys.
const keyName = "unsubscribe"

// signingKey returns the server's unsubscribe key, made on first use.
func (s *Service) signingKey(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key == nil {
		key, err := s.db.ServerKey(ctx, keyName, s.now())
		if err != nil {
			return nil, err
		}
		s.key = key
	}
	return s.key, nil
}

// Token returns the unsubscribe token of userID for kind k (what the
// reminder e-mails link to).
func (s *Service) Token(ctx context.Context, k Kind, userID string) (string, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return "", err
	}
	return sign(key, k, userID), nil
}

// settleWindow is how far back queued reminders are checked for a reason
// that went away: longer than any backlog the outbox holds.
const settleWindow = 48 * time.Hour

// Run is the periodic job (under its lease, once across instances): it
// first withdraws queued mails whose reason went away, then queues every
// reminder due now and at most MaxLate late (the registration kinds the
// site has on, the credit kinds), and the alerts of webinars published in
// that time, and returns how many it queued. Each goes out at most once
// (per registration, coupon, or webinar and subscriber), even when two
// instances run at once. Nothing goes out while the store's postal address
// is empty.
func (s *Service) Run(ctx context.Context) (int, error) {
	on, err := s.settings.Reminders(ctx)
	if err != nil {
		return 0, err
	}
	kinds := enabledKinds(on)
	if err := s.withdrawStale(ctx, kinds); err != nil {
		return 0, err
	}
	if err := s.withdrawStaleCredit(ctx); err != nil {
		return 0, err
	}
	if err := s.withdrawStaleAlerts(ctx); err != nil {
		return 0, err
	}
	site, err := s.settings.Site(ctx)
	if err != nil {
		return 0, err
	}
	if site.StoreAddress == "" {
		if !s.paused.Swap(true) {
			slog.WarnContext(ctx, "reminders paused: the store address setting is empty (commercial mail must carry it)")
		}
		return 0, nil
	}
	if s.paused.Swap(false) {
		slog.InfoContext(ctx, "reminders resumed: the store address is set")
	}
	key, err := s.signingKey(ctx)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, k := range kinds {
		n, err := s.queueDue(ctx, k, key)
		queued += n
		if err != nil {
			return queued, err
		}
	}
	for _, k := range CreditKinds {
		n, err := s.queueCredit(ctx, k, key)
		queued += n
		if err != nil {
			return queued, err
		}
	}
	n, err := s.queueAlerts(ctx, key)
	return queued + n, err
}

// enabledKinds are the kinds on, in Kinds order.
func enabledKinds(on setting.Reminders) []Kind {
	var out []Kind
	for _, k := range Kinds {
		if k == Ready && on.Ready || k == Unfinished && on.Unfinished || k == Offer && on.Offer {
			out = append(out, k)
		}
	}
	return out
}

// queueDue queues kind k for every eligible registration whose reminder is
// due and at most MaxLate late, each in its own short transaction: the
// reminder row (once per registration and kind) and the mail together.
func (s *Service) queueDue(ctx context.Context, k Kind, key []byte) (int, error) {
	now := s.now()
	zone := s.mail.TimeZone
	// Base times whose due time may fall in (now − MaxLate, now]; due
	// decides exactly (an hour to spare for daylight saving).
	slack := time.Duration(0)
	if k.offset() > 0 {
		slack = time.Hour
	}
	from := now.Add(-MaxLate - k.offset() - slack)
	to := now.Add(-k.offset() + slack)
	list, err := s.store.candidates(ctx, k, from, to)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, c := range list {
		if err := ctx.Err(); err != nil {
			return queued, err
		}
		due := k.due(c.Base, zone)
		if due.After(now) || now.Sub(due) > MaxLate {
			continue
		}
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			first, err := s.store.record(ctx, c.RegistrationID, k, now)
			if err != nil || !first {
				return err
			}
			m, err := s.mail.message(ctx, k, c, sign(key, k, c.UserID))
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
	return queued, nil
}

// withdrawStale withdraws from the outbox the queued reminders whose reason
// went away (the registrant watched or bought, the seats sold out, the
// registration was reset, the account unsubscribed or was deleted, the
// webinar was deactivated, the kind was turned off), so a backlog never
// delivers them late; those already sent are marked so.
func (s *Service) withdrawStale(ctx context.Context, on []Kind) error {
	stale, err := s.store.stale(ctx, s.now().Add(-settleWindow), on)
	if err != nil {
		return err
	}
	withdrawn, err := withdrawQueued(ctx, s, stale, func(q queued) string { return Key(q.Kind, q.ID) }, s.store.settle)
	if err == nil && withdrawn > 0 {
		slog.InfoContext(ctx, "reminders withdrawn", "count", withdrawn)
	}
	return err
}

// withdrawQueued takes the mails of stale (each named by its outbox key) back
// from the outbox in one transaction and settles each row: withdrawn when it
// was still queued, else sent. It answers how many it withdrew.
func withdrawQueued[T any](ctx context.Context, s *Service, stale []T, key func(T) string,
	settle func(context.Context, T, bool) error) (int, error) {
	if len(stale) == 0 {
		return 0, nil
	}
	keys := make([]string, len(stale))
	for i, q := range stale {
		keys[i] = key(q)
	}
	count := 0
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		withdrawn, err := s.outbox.Withdraw(ctx, keys)
		if err != nil {
			return err
		}
		gone := make(map[string]bool, len(withdrawn))
		for _, k := range withdrawn {
			gone[k] = true
		}
		for _, q := range stale {
			if err := settle(ctx, q, gone[key(q)]); err != nil {
				return err
			}
		}
		count = len(withdrawn)
		return nil
	})
	return count, err
}

// Unsubscribe ends the reminders of the kind and account a signed token
// names (the e-mail's link, or a mailbox's one-click POST). No session is
// needed; a second call changes nothing and answers the same. A token the
// server did not sign, or one altered, is 400 invalid_token.
func (s *Service) Unsubscribe(ctx context.Context, token string) (Unsubscribed, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return Unsubscribed{}, err
	}
	k, id, err := verify(key, token)
	if err != nil {
		return Unsubscribed{}, errInvalidToken
	}
	if k == NewWebinars {
		// id is the subscription's: a subscriber may have no account.
		if err := s.store.unsubscribeID(ctx, id, s.now()); err != nil {
			return Unsubscribed{}, err
		}
		slog.InfoContext(ctx, "webinar alerts unsubscribed", "subscription_id", id)
		return Unsubscribed{Kind: k, Label: k.Label(), Unsubscribed: true}, nil
	}
	if err := s.store.optOut(ctx, id, k, s.now()); err != nil {
		return Unsubscribed{}, err
	}
	slog.InfoContext(ctx, "reminders unsubscribed", "user_id", id, "kind", string(k))
	return Unsubscribed{Kind: k, Label: k.Label(), Unsubscribed: true}, nil
}

var errInvalidToken = &apperr.Error{Kind: apperr.KindInvalid, Code: "invalid_token", Field: "token",
	Message: "This unsubscribe link is not valid. You can turn reminders off in My Dashboard under Settings."}

// Preferences returns which reminders user receives.
func (s *Service) Preferences(ctx context.Context, user auth.Profile) (Preferences, error) {
	off, err := s.store.optouts(ctx, user.ID)
	if err != nil {
		return Preferences{}, err
	}
	var p Preferences
	for _, k := range accountKinds {
		p.set(k, !off[k])
	}
	p.NewWebinars, err = s.store.accountSubscribed(ctx, auth.NormalizeEmail(user.Email))
	return p, err
}

// SetPreferences changes the switches in the input (the others keep their
// value), in one transaction, and returns all of them.
func (s *Service) SetPreferences(ctx context.Context, user auth.Profile, in PreferencesInput) (Preferences, error) {
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		// The alerts' switch stands for the account's own address: on
		// subscribes it confirmed (the account proves it), off unsubscribes.
		if on := in.get(NewWebinars); on != nil {
			email := auth.NormalizeEmail(user.Email)
			var err error
			if *on {
				err = s.store.subscribeAccount(ctx, uuid.NewString(), user.ID, email, s.now())
			} else {
				err = s.store.unsubscribeEmail(ctx, email, s.now())
			}
			if err != nil {
				return err
			}
		}
		for _, k := range accountKinds {
			on := in.get(k)
			var err error
			switch {
			case on == nil:
			case *on:
				err = s.store.optIn(ctx, user.ID, k)
			default:
				err = s.store.optOut(ctx, user.ID, k, s.now())
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Preferences{}, err
	}
	return s.Preferences(ctx, user)
}

// Stats returns a webinar's reminder figures, every kind present (zeros
// for a kind never sent); 404 for a webinar that does not exist.
func (s *Service) Stats(ctx context.Context, webinarID string) (Stats, error) {
	if _, err := s.webinars.Get(ctx, webinarID); err != nil {
		return Stats{}, err
	}
	byKind, err := s.store.stats(ctx, webinarID)
	if err != nil {
		return Stats{}, err
	}
	out := Stats{WebinarID: webinarID, Kinds: make([]KindStats, 0, len(Kinds))}
	for _, k := range Kinds {
		ks := byKind[k]
		ks.Kind, ks.Label = k, k.Label()
		out.Kinds = append(out.Kinds, ks)
	}
	return out, nil
}

// OptedOut answers which of userIDs unsubscribed from kind k: the owner's
// follow-ups (internal/followup) leave them out, as the reminders do.
func (s *Service) OptedOut(ctx context.Context, k Kind, userIDs []string) (map[string]bool, error) {
	return s.store.optedOut(ctx, k, userIDs)
}
