package registration

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/webinar"
)

// Webinars is what registration needs of the webinar domain;
// *webinar.Service satisfies it.
type Webinars interface {
	GetPublic(ctx context.Context, id string) (webinar.Webinar, error)
	Get(ctx context.Context, id string) (webinar.Webinar, error)
	LockSeats(ctx context.Context, id string) (webinar.Seats, error)
}

// SeatsFilled is told, after the commit, that a webinar's paid seats
// reached total_seats (the giveaway draw, *giveaway.Service). It must be
// idempotent: it may be told twice.
type SeatsFilled interface {
	SeatsFilled(ctx context.Context, webinarID string)
}

// Service is the registration logic; it knows nothing of HTTP.
type Service struct {
	db       *db.DB
	store    store
	webinars Webinars
	filled   SeatsFilled // nil: nobody listens
	mail     Mailer
	now      db.Clock
}

// NewService returns the registration service on d; filled (may be nil)
// hears when the admin's simulated purchase takes a webinar's last seat;
// mailer queues the confirmation of each new registration.
func NewService(d *db.DB, webinars Webinars, now db.Clock, filled SeatsFilled, mailer Mailer) *Service {
	return &Service{db: d, store: store{d}, webinars: webinars, now: now, filled: filled, mail: mailer}
}

var (
	errNotRegistered = apperr.NotFound(msgNotRegistered)
	errMustRegister  = &apperr.Error{Kind: apperr.KindForbidden, Code: "registration_required", Message: msgRegisterToWatch}
	errSoldOut       = apperr.Conflict("sold_out", msgSoldOut)
)

// Register signs user up for an active webinar. Seats do not limit it:
// seats cap paid coupons, not who may watch (SPEC.md §4). A user already
// registered gets the existing registration and created false, so a double
// click or a retry is never an error. A new registration queues its
// confirmation e-mail (with a calendar invitation) in the same transaction.
func (s *Service) Register(ctx context.Context, user auth.Profile, webinarID string, in Input) (Registration, bool, error) {
	if err := in.validate(); err != nil {
		return Registration{}, false, err
	}
	w, err := s.webinars.GetPublic(ctx, webinarID)
	if err != nil {
		return Registration{}, false, err
	}
	r := Registration{ID: uuid.NewString(), WebinarID: webinarID, UserID: user.ID,
		Name: in.Name, Email: in.Email, RegistrationTime: s.now()}
	if in.Phone != "" {
		r.Phone = &in.Phone
	}
	var created bool
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		var err error
		if created, err = s.store.insert(ctx, r); err != nil || !created {
			return err
		}
		m, err := s.mail.Message(ctx, r, w, user.Email)
		if err != nil {
			return err
		}
		return s.mail.Outbox.Enqueue(ctx, m)
	})
	if err != nil {
		return Registration{}, false, err
	}
	got, err := s.store.get(ctx, webinarID, user.ID)
	return got, created, err
}

// Mine returns user's registration for a webinar, or a 404 'Registration
// not found'.
func (s *Service) Mine(ctx context.Context, user auth.Profile, webinarID string) (Registration, error) {
	return notFoundAs(s.store.get(ctx, webinarID, user.ID))
}

// ListMine returns every registration of user, newest first.
func (s *Service) ListMine(ctx context.Context, user auth.Profile) ([]Mine, error) {
	return s.store.listMine(ctx, user.ID)
}

// MarkWatched records that user watched the webinar to the end. Only their
// own registration; a repeat changes nothing.
func (s *Service) MarkWatched(ctx context.Context, user auth.Profile, webinarID string) (Registration, error) {
	return notFoundAs(s.store.markWatched(ctx, webinarID, user.ID))
}

// ResetMine clears user's flags for a webinar ('Reset Status').
func (s *Service) ResetMine(ctx context.Context, user auth.Profile, webinarID string) (Registration, error) {
	return s.reset(ctx, webinarID, user.ID)
}

// ResetFor clears any user's flags for a webinar ('Force Reset'); only
// admins reach it.
func (s *Service) ResetFor(ctx context.Context, in ResetInput) (Registration, error) {
	if in.WebinarID == "" || in.UserID == "" {
		return Registration{}, apperr.BadRequest(msgMissingIDs)
	}
	return s.reset(ctx, in.WebinarID, in.UserID)
}

// reset runs under the webinar's seat lock: clearing purchased_coupon (a
// purchase with no coupon, such as the admin's simulated one) frees a seat.
func (s *Service) reset(ctx context.Context, webinarID, userID string) (Registration, error) {
	var r Registration
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.webinars.LockSeats(ctx, webinarID); err != nil {
			if isNotFound(err) {
				return errNotRegistered
			}
			return err
		}
		var err error
		r, err = notFoundAs(s.store.reset(ctx, webinarID, userID))
		return err
	})
	return r, err
}

// SimulatePurchase marks the admin's own registration for a webinar paid
// without money ('DEV: Simulate Successful Payment', SPEC.md §2, §6): no
// coupon is issued. It takes a seat like a purchase, under the seat lock, so
// it can never sell a seat that is not there; a repeat changes nothing.
// Taking the last seat tells filled after the commit, as a purchase does.
func (s *Service) SimulatePurchase(ctx context.Context, admin auth.Profile, webinarID string) (Registration, error) {
	if !admin.IsAdmin() {
		return Registration{}, apperr.Forbidden("You don't have permission to do this. Please log in as an administrator.")
	}
	var r Registration
	var filled bool
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		seats, err := s.webinars.LockSeats(ctx, webinarID)
		if err != nil {
			return err
		}
		r, err = notFoundAs(s.store.get(ctx, webinarID, admin.ID))
		if err != nil || r.PurchasedCoupon {
			return err
		}
		if seats.Left == 0 {
			return errSoldOut
		}
		filled = seats.Paid+1 >= seats.Total
		r, err = s.MarkPurchased(ctx, r.ID)
		return err
	})
	if err == nil && filled && s.filled != nil {
		s.filled.SeatsFilled(context.WithoutCancel(ctx), webinarID)
	}
	return r, err
}

// MarkPurchased marks a registration's seat paid. Payment fulfilment calls
// it in its transaction, after taking the webinar's seat lock and checking
// a seat is there for it.
func (s *Service) MarkPurchased(ctx context.Context, registrationID string) (Registration, error) {
	return notFoundAs(s.store.markPurchased(ctx, registrationID))
}

// Video returns the video id of a webinar to its registered users and to
// admins; anyone else is told to register (403).
func (s *Service) Video(ctx context.Context, user auth.Profile, webinarID string) (Video, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return Video{}, err
	}
	if !user.IsAdmin() {
		if _, err := s.store.get(ctx, webinarID, user.ID); errors.Is(err, db.ErrNotFound) {
			return Video{}, errMustRegister
		} else if err != nil {
			return Video{}, err
		}
	}
	return Video{YouTubeVideoID: w.YouTubeVideoID}, nil
}

// notFoundAs turns a missing row into 404 'Registration not found'.
func notFoundAs(r Registration, err error) (Registration, error) {
	if errors.Is(err, db.ErrNotFound) {
		return Registration{}, errNotRegistered
	}
	return r, err
}

func isNotFound(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.KindNotFound
}
