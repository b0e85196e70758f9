package registration

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/seat"
	"watchwin/internal/video"
	"watchwin/internal/webinar"
)

// Webinars is what registration needs of the webinar domain;
// *webinar.Service satisfies it.
type Webinars interface {
	GetPublic(ctx context.Context, id string) (webinar.Webinar, error)
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Videos is what registration needs of the store's own videos
// (*video.Service): the ready video a webinar plays, false when none is.
type Videos interface {
	Playable(ctx context.Context, webinarID string) (video.Playable, bool, error)
}

// Service is the registration logic; it knows nothing of HTTP.
type Service struct {
	db       *db.DB
	store    store
	webinars Webinars
	seats    *seat.Service
	videos   Videos
	streams  *video.Tokens
	mail     Mailer
	now      clock.Func
	complete int // percent of a video's unique seconds that makes it watched fully
	served   servedMemo
}

// Deps are the registration service's collaborators and its one setting.
type Deps struct {
	Webinars Webinars
	// Seats takes and gives back the seats of the admin's simulated
	// purchase and of resets.
	Seats *seat.Service
	// Mailer queues the confirmation of each new registration.
	Mailer Mailer
	// Videos are the webinars' uploaded videos, which Streams signs stream
	// tokens for (the video answer).
	Videos  Videos
	Streams *video.Tokens
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
	return &Service{db: d, store: store{d}, webinars: deps.Webinars, seats: deps.Seats, videos: deps.Videos,
		streams: deps.Streams, now: now, mail: deps.Mailer, complete: complete}
}

var (
	errNotRegistered = apperr.NotFound(msgNotRegistered)
	errMustRegister  = &apperr.Error{Kind: apperr.KindForbidden, Code: "registration_required", Message: msgRegisterToWatch}
	errNotReady      = &apperr.Error{Kind: apperr.KindNotFound, Code: "video_not_ready", Message: "This video is not ready to play yet."}
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

// Video returns what the watch page plays to a webinar's registered users
// and to admins; anyone else is told to register (403). An uploaded video
// comes with stream URLs signed for the caller (docs/api.md#streaming-an-uploaded-video).
func (s *Service) Video(ctx context.Context, user auth.Profile, webinarID string) (Video, error) {
	w, viewer, err := s.viewer(ctx, user, webinarID)
	if err != nil {
		return Video{}, err
	}
	v := Video{Source: w.VideoSource, YouTubeVideoID: w.YouTubeVideoID, AllowSeeking: w.AllowSeeking,
		MaxPlaybackRate: maxRate, Captions: []Caption{}}
	if w.VideoLengthSeconds > 0 {
		n := w.VideoLengthSeconds
		v.LengthSeconds = &n
	}
	if !uploaded(w) {
		return v, nil
	}
	p, ok, err := s.videos.Playable(ctx, w.ID)
	if err != nil || !ok {
		return v, err
	}
	token, st, err := s.stream(ctx, p.VideoID, viewer)
	if err != nil {
		return Video{}, err
	}
	poster := video.PosterURL(token)
	v.Stream, v.PosterURL = &st, &poster
	for _, c := range p.Captions {
		v.Captions = append(v.Captions, Caption{Language: c.Language, Label: c.Label, URL: video.CaptionURL(token, c.Language)})
	}
	return v, nil
}

// Stream returns a fresh stream of a webinar's uploaded video (the watch
// page renews it before it expires), to those Video answers; 404
// video_not_ready for a YouTube webinar or while no upload is ready.
func (s *Service) Stream(ctx context.Context, user auth.Profile, webinarID string) (Stream, error) {
	w, viewer, err := s.viewer(ctx, user, webinarID)
	if err != nil {
		return Stream{}, err
	}
	if !uploaded(w) {
		return Stream{}, errNotReady
	}
	p, ok, err := s.videos.Playable(ctx, w.ID)
	if err != nil {
		return Stream{}, err
	}
	if !ok {
		return Stream{}, errNotReady
	}
	_, st, err := s.stream(ctx, p.VideoID, viewer)
	return st, err
}

// viewer is the guard of the video answers: the webinar, and who watches
// it: the caller's registration, or an admin not registered, whose preview
// records nothing (video.AdminViewer).
func (s *Service) viewer(ctx context.Context, user auth.Profile, webinarID string) (webinar.Webinar, string, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return webinar.Webinar{}, "", err
	}
	r, err := s.store.get(ctx, webinarID, user.ID)
	switch {
	case err == nil:
		return w, r.ID, nil
	case !errors.Is(err, db.ErrNotFound):
		return webinar.Webinar{}, "", err
	case user.IsAdmin():
		return w, video.AdminViewer + user.ID, nil
	}
	return webinar.Webinar{}, "", errMustRegister
}

// stream signs a token for viewer to play videoID.
func (s *Service) stream(ctx context.Context, videoID, viewer string) (string, Stream, error) {
	token, expires, err := s.streams.Sign(ctx, videoID, viewer)
	if err != nil {
		return "", Stream{}, err
	}
	return token, Stream{MasterURL: video.MasterURL(token), ExpiresAt: expires,
		RefreshAfterSeconds: int(video.RefreshAfter / time.Second)}, nil
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
