package waitlist

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/datetext"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/registration"
	"watchwin/internal/seat"
	"watchwin/internal/throttle"
	"watchwin/internal/webinar"
)

// Webinars is what the list needs of the webinar domain (*webinar.Service):
// whether a webinar exists (404 'Webinar not found').
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Registrations is what the list needs of registration: the standing the
// rule of who may wait judges (*registration.Service).
type Registrations interface {
	Standing(ctx context.Context, user auth.Profile, webinarID string) (registration.Standing, error)
}

// Mailer renders and queues "A seat opened up" in the caller's
// transaction.
type Mailer struct {
	Outbox    *mail.Outbox
	Templates *mail.Templates
	TimeZone  *time.Location
}

// Service keeps the waiting lists.
type Service struct {
	db       *db.DB
	store    store
	seats    *seat.Service
	offers   *Offers
	webinars Webinars
	regs     Registrations
	now      clock.Func
}

// Deps are the waiting list's collaborators, all required: the seat
// service (built with Offers as its Freed listener), the webinars and the
// registrations whose standing says who may wait.
type Deps struct {
	Seats         *seat.Service
	Offers        *Offers
	Webinars      Webinars
	Registrations Registrations
}

// New returns the waiting lists on d.
func New(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{db: d, store: store{d}, seats: deps.Seats, offers: deps.Offers, webinars: deps.Webinars,
		regs: deps.Registrations, now: now}
}

// Offers hands the seats that free up to the people waiting: the seat
// service's Freed listener, so it needs no seat service and is built
// before one.
type Offers struct {
	store   store
	mail    Mailer
	now     clock.Func
	holdFor time.Duration
}

// NewOffers returns the offers on d; a seat offered is kept holdFor
// (WATCHWIN_WAITLIST_HOLD_HOURS), announced with "A seat opened up".
func NewOffers(d *db.DB, m Mailer, now clock.Func, holdFor time.Duration) *Offers {
	return &Offers{store: store{d}, mail: m, now: now, holdFor: holdFor}
}

// errSeatsAvailable: there is a seat to buy, so nobody need wait.
var errSeatsAvailable = apperr.Conflict("seats_available", "Seats are still available: you can buy one now.")

// Join puts user on a webinar's waiting list, at the back of the line, and
// returns their standing; created is false when they were on it already.
// Who may wait is registration's rule, asked under the seat lock; a seat
// free for them now is 409 seats_available; a list holding
// throttle.AccountsPerAddress places from clientIP (its /64 for IPv6) is 409
// waitlist_address_limit.
func (s *Service) Join(ctx context.Context, user auth.Profile, webinarID, clientIP string) (st Standing, created bool, err error) {
	var reg registration.Registration
	err = s.seats.Run(ctx, webinarID, func(ctx context.Context, tx *seat.Tx) error {
		var err error
		if reg, err = s.mayWait(ctx, user, webinarID); err != nil {
			return err
		}
		e, err := s.store.entry(ctx, reg.ID)
		switch {
		case err == nil && e.Status.OnList():
			return nil
		case err != nil && !errors.Is(err, db.ErrNotFound):
			return err
		}
		// Seats left once the people before are offered theirs (Run did
		// that first): a seat for the caller now.
		if tx.Seats.Left > 0 {
			return errSeatsAvailable
		}
		address := throttle.AddressKey(addressKind, clientIP)
		if n, err := s.store.placesFrom(ctx, webinarID, address); err != nil || n >= throttle.AccountsPerAddress {
			return cmp.Or(err, error(errAddressLimit))
		}
		created = true
		return s.store.join(ctx, webinarID, reg.ID, user.ID, address, s.now())
	})
	if err != nil {
		return Standing{}, false, err
	}
	st, err = s.standing(ctx, webinarID, reg.ID)
	return st, created, err
}

// mayWait returns user's registration for a webinar when the rule lets
// them wait.
func (s *Service) mayWait(ctx context.Context, user auth.Profile, webinarID string) (registration.Registration, error) {
	st, err := s.regs.Standing(ctx, user, webinarID)
	if err != nil {
		return registration.Registration{}, err
	}
	return st.Registration, st.MayWait(user)
}

// Leave takes user off a webinar's waiting list; an offer they hold is
// declined, and its seat goes to the next person (at the end of Run).
// Leaving a list one is not on changes nothing.
func (s *Service) Leave(ctx context.Context, user auth.Profile, webinarID string) (Standing, error) {
	st, err := s.regs.Standing(ctx, user, webinarID)
	if err != nil || !st.Registered {
		return s.none(ctx, webinarID, err)
	}
	reg := st.Registration.ID
	err = s.seats.Run(ctx, webinarID, func(ctx context.Context, tx *seat.Tx) error {
		e, err := s.store.entry(ctx, reg)
		if errors.Is(err, db.ErrNotFound) || (err == nil && !e.Status.OnList()) {
			return nil
		}
		if err != nil {
			return err
		}
		status := Left
		if e.Status == Offered {
			status = Declined
			if err := tx.EndOffer(ctx, reg); err != nil {
				return err
			}
		}
		return s.store.close(ctx, e.ID, status, s.now())
	})
	if err != nil {
		return Standing{}, err
	}
	return s.standing(ctx, webinarID, reg)
}

// Mine returns user's standing on a webinar's list.
func (s *Service) Mine(ctx context.Context, user auth.Profile, webinarID string) (Standing, error) {
	st, err := s.regs.Standing(ctx, user, webinarID)
	if err != nil || !st.Registered {
		return s.none(ctx, webinarID, err)
	}
	return s.standing(ctx, webinarID, st.Registration.ID)
}

// none is the standing of someone not on the list (or err).
func (s *Service) none(ctx context.Context, webinarID string, err error) (Standing, error) {
	if err != nil {
		return Standing{}, err
	}
	n, err := s.store.waitingCount(ctx, webinarID)
	return Standing{Status: None, Waiting: n, HoldHours: s.holdHours()}, err
}

func (s *Service) holdHours() int { return int(s.offers.holdFor / time.Hour) }

// standing reads registration reg's standing. An offer that ran out before
// the list was settled is shown as what it is: over.
func (s *Service) standing(ctx context.Context, webinarID, reg string) (Standing, error) {
	e, err := s.store.entry(ctx, reg)
	if errors.Is(err, db.ErrNotFound) {
		return s.none(ctx, webinarID, nil)
	}
	if err != nil {
		return Standing{}, err
	}
	pos, waiting, err := s.store.place(ctx, webinarID, e)
	if err != nil {
		return Standing{}, err
	}
	st := Standing{Status: None, Waiting: waiting, HoldHours: s.holdHours()}
	switch e.Status {
	case Waiting:
		st.Status, st.Position = Waiting, &pos
	case Offered:
		until, err := s.seats.OfferExpiry(ctx, reg)
		if err != nil {
			return Standing{}, err
		}
		if !until.IsZero() {
			st.Status, st.OfferExpiresAt = Offered, &until
		}
	}
	return st, nil
}

// OfferFreed is seat.Freed: under the webinar's seat lock, it takes off
// the list those who bought, those whose offer ran out and those whose
// account was deleted (a seat kept for them goes back), then offers each
// seat left to the next person in line who may still wait, with the e-mail
// "A seat opened up" in the same transaction. Nothing is read beyond one
// query when nobody waits.
func (s *Offers) OfferFreed(ctx context.Context, tx *seat.Tx) error {
	webinarID := tx.WebinarID()
	if ok, err := s.store.anyone(ctx, webinarID); err != nil || !ok {
		return err
	}
	now := s.now()
	if err := s.store.settle(ctx, webinarID, now); err != nil {
		return err
	}
	gone, err := s.store.gone(ctx, webinarID)
	if err != nil {
		return err
	}
	for _, e := range gone {
		if e.Status == Offered {
			if err := tx.EndOffer(ctx, e.RegistrationID); err != nil {
				return err
			}
		}
		if err := s.store.close(ctx, e.ID, Left, now); err != nil {
			return err
		}
	}
	if tx.Seats.Left <= 0 {
		return nil
	}
	line, err := s.store.first(ctx, webinarID, tx.Seats.Left)
	if err != nil {
		return err
	}
	until := now.Add(s.holdFor)
	for _, n := range line {
		if err := tx.Offer(ctx, n.RegistrationID, until); err != nil {
			return err
		}
		if err := s.store.offered(ctx, n.ID, now); err != nil {
			return err
		}
		m, err := s.mail.offer(ctx, webinarID, n, until)
		if err != nil {
			return err
		}
		if err := s.mail.Outbox.Enqueue(ctx, m); err != nil {
			return err
		}
		slog.InfoContext(ctx, "waiting-list seat offered", "webinar_id", webinarID, "registration_id", n.RegistrationID)
	}
	return nil
}

// offer renders "A seat opened up" for n, held until until: transactional
// mail (the person asked for it), once per offer.
func (m Mailer) offer(ctx context.Context, webinarID string, n next, until time.Time) (mail.Message, error) {
	msg, err := m.Templates.Render(ctx, "waitlist-offer", n.Email, struct{ Name, Title, Until, Link string }{
		Name: auth.PlainName(n.Name), Title: strings.Join(strings.Fields(n.Title), " "),
		Until: datetext.Moment(until, m.TimeZone),
		Link:  m.Templates.Link("/webinar/" + webinarID + "/coupon"),
	})
	if err != nil {
		return mail.Message{}, err
	}
	msg.DedupeKey = "waitlist-offer:" + n.RegistrationID + ":" + strconv.FormatInt(until.Unix(), 10)
	return msg, nil
}

// Settle offers the seats that freed up with nobody acting (a payment's
// hold or an offer that ran out) on every webinar with a waiting list: the
// periodic job "waitlist.offer". It returns how many webinars it looked at.
func (s *Service) Settle(ctx context.Context) (int, error) {
	ids, err := s.store.webinarsWaiting(ctx)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		err := s.seats.Settle(ctx, id)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.KindNotFound {
			continue // deleted meanwhile
		}
		if err != nil {
			return 0, fmt.Errorf("waitlist settle %s: %w", id, err)
		}
	}
	return len(ids), nil
}

// Counts returns, per webinar with a list, how many wait and hold offers.
func (s *Service) Counts(ctx context.Context) (map[string]Count, error) { return s.store.counts(ctx) }

// List returns webinarID's list for the admin: a read of customer data,
// recorded in the audit log.
func (s *Service) List(ctx context.Context, webinarID string) ([]Entry, error) {
	var out []Entry
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.webinars.Get(ctx, webinarID); err != nil {
			return err
		}
		rows, err := s.store.list(ctx, webinarID)
		if err != nil {
			return err
		}
		out = make([]Entry, 0, len(rows))
		pos := 0
		for _, r := range rows {
			e := r.Entry
			switch e.Status {
			case Waiting:
				pos++
				p := pos
				e.Position = &p
			case Offered:
				until, err := s.seats.OfferExpiry(ctx, r.registrationID)
				if err != nil {
					return err
				}
				if !until.IsZero() {
					e.OfferExpiresAt = &until
				}
			}
			out = append(out, e)
		}
		return audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.DataExport, TargetType: audit.TargetWebinar,
			TargetID: webinarID, Summary: fmt.Sprintf("viewed the waiting list (%d people)", len(out))})
	})
	return out, err
}
