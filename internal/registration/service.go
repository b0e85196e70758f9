package registration

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/seat"
	"watchwin/internal/webinar"
)

// Webinars is what registration needs of the webinar domain;
// *webinar.Service satisfies it.
type Webinars interface {
	GetPublic(ctx context.Context, id string) (webinar.Webinar, error)
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Service is the registration logic; it knows nothing of HTTP.
type Service struct {
	db       *db.DB
	store    store
	webinars Webinars
	seats    *seat.Service
	mail     Mailer
	now      clock.Func
	complete int // percent of a video's unique seconds that makes it watched fully
}

// Deps are the registration service's collaborators and its one setting.
type Deps struct {
	Webinars Webinars
	// Seats takes and gives back the seats of the admin's simulated
	// purchase and of resets.
	Seats *seat.Service
	// Mailer queues the confirmation of each new registration.
	Mailer Mailer
	// CompletePercent is the share of a video's unique seconds that makes
	// it watched fully (WATCHWIN_WATCH_COMPLETE_PERCENT; 0:
	// DefaultCompletePercent).
	CompletePercent int
}

// NewService returns the registration service on d.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	complete := deps.CompletePercent
	if complete <= 0 {
		complete = DefaultCompletePercent
	}
	return &Service{db: d, store: store{d}, webinars: deps.Webinars, seats: deps.Seats, now: now, mail: deps.Mailer,
		complete: complete}
}

var (
	errNotRegistered = apperr.NotFound(msgNotRegistered)
	errMustRegister  = &apperr.Error{Kind: apperr.KindForbidden, Code: "registration_required", Message: msgRegisterToWatch}
)

// Register signs user up for an active webinar. Seats do not limit it:
// seats cap paid coupons, not who may watch (docs/product.md#seats). A user already
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
		Name: in.Name, Email: in.Email, RegistrationTime: s.now(), source: in.Source.clean()}
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

// MarkWatched is the browser's word that the video ended. It counts only
// for a webinar without a video length (as before proof of watching); for
// one with a length the server decides from progress reports
// (ReportProgress), and this answers the registration as it stands. Only
// the caller's own registration; a repeat changes nothing.
func (s *Service) MarkWatched(ctx context.Context, user auth.Profile, webinarID string) (Registration, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return Registration{}, err
	}
	if w.VideoLengthSeconds > 0 {
		return s.Mine(ctx, user, webinarID)
	}
	return notFoundAs(s.store.markWatched(ctx, webinarID, user.ID, s.now()))
}

// ResetMine clears user's flags for a webinar ('Reset Status').
func (s *Service) ResetMine(ctx context.Context, user auth.Profile, webinarID string) (Registration, error) {
	return s.reset(ctx, webinarID, user.ID, false)
}

// ResetFor clears any user's flags for a webinar ('Force Reset'); only
// admins reach it.
func (s *Service) ResetFor(ctx context.Context, in ResetInput) (Registration, error) {
	if in.WebinarID == "" || in.UserID == "" {
		return Registration{}, apperr.BadRequest(msgMissingIDs)
	}
	return s.reset(ctx, in.WebinarID, in.UserID, true)
}

// reset clears watched_video_fully and, under the webinar's seat lock,
// gives back the seat of a purchase no coupon backs (the admin's simulated
// one): a seat someone paid for stays paid, so a reset never frees a seat
// that money holds nor lets a second coupon be bought for one registration.
// An admin's reset (audited) is written to the audit log in its transaction.
func (s *Service) reset(ctx context.Context, webinarID, userID string, audited bool) (Registration, error) {
	var r Registration
	err := s.seats.Run(ctx, webinarID, func(ctx context.Context, tx *seat.Tx) error {
		var err error
		if r, err = notFoundAs(s.store.resetWatched(ctx, webinarID, userID, s.now())); err != nil {
			return err
		}
		summary := "watched cleared"
		if r.PurchasedCoupon {
			backed, err := s.store.hasCoupon(ctx, r.ID)
			if err != nil {
				return err
			}
			if !backed {
				r.PurchasedCoupon = false
				summary += "; unpaid seat given back"
				if err := tx.GiveBack(ctx, r.ID); err != nil {
					return err
				}
			}
		}
		if !audited {
			return nil
		}
		return audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.RegistrationForceReset,
			TargetType: audit.TargetRegistration, TargetID: r.ID, Summary: summary + " (user " + userID + ")"})
	})
	if isNotFound(err) {
		return Registration{}, errNotRegistered
	}
	return r, err
}

// SimulatePurchase marks the admin's own registration for a webinar paid
// without money ('DEV: Simulate Successful Payment', docs/api.md): no
// coupon is issued. It takes a seat like a purchase, under the seat lock
// (seat.ErrNoSeat when there is none for it); a repeat changes nothing.
func (s *Service) SimulatePurchase(ctx context.Context, admin auth.Profile, webinarID string) (Registration, error) {
	if !admin.IsAdmin() {
		return Registration{}, apperr.Forbidden("You don't have permission to do this. Please log in as an administrator.")
	}
	var r Registration
	err := s.seats.Run(ctx, webinarID, func(ctx context.Context, tx *seat.Tx) error {
		var err error
		r, err = notFoundAs(s.store.get(ctx, webinarID, admin.ID))
		if err != nil || r.PurchasedCoupon {
			return err
		}
		if err := tx.Take(ctx, r.ID); err != nil {
			return err
		}
		r.PurchasedCoupon = true
		if err := s.store.markSimulated(ctx, r.ID); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.PaymentSimulate,
			TargetType: audit.TargetRegistration, TargetID: r.ID, Summary: "seat marked paid without money (webinar " + webinarID + ")"})
	})
	return r, err
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
	v := Video{YouTubeVideoID: w.YouTubeVideoID, AllowSeeking: w.AllowSeeking, MaxPlaybackRate: maxRate}
	if w.VideoLengthSeconds > 0 {
		n := w.VideoLengthSeconds
		v.LengthSeconds = &n
	}
	return v, nil
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
