package webinar

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/media"
	"watchwin/internal/seat"
)

// Thumbnails tells whether a stored image exists; *media.Service satisfies
// it. The service accepts only thumbnail paths that were really uploaded.
type Thumbnails interface {
	Exists(ctx context.Context, bucket, path string) (bool, error)
}

// Service is the webinar logic; it knows nothing of HTTP.
type Service struct {
	store  store
	seats  *seat.Service
	thumbs Thumbnails
	now    clock.Func
	list   *ListCache // the encoded public list (PublicList)
	create func(ctx context.Context, webinarID string) error
}

// Deps are the webinar service's collaborators, all required.
type Deps struct {
	// Seats guards total_seats against the seats paid and held.
	Seats *seat.Service
	// Thumbnails checks thumbnail paths.
	Thumbnails Thumbnails
	// List is the public list's cache, the one the seat service drops.
	List *ListCache
	// OnCreate runs in a new webinar's transaction: the giveaway commits to
	// its draw's seed (giveaway.Draws.Commit) before any entry can exist.
	OnCreate func(ctx context.Context, webinarID string) error
}

// NewService returns the webinar service on d; now tells the time.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{store: store{d}, seats: deps.Seats, thumbs: deps.Thumbnails, list: deps.List, create: deps.OnCreate, now: now}
}

var errNotFound = apperr.NotFound(msgNotFound)

// ListPublic returns the active webinars, newest event first, with seats left.
func (s *Service) ListPublic(ctx context.Context) ([]Webinar, error) {
	return s.store.list(ctx, true)
}

// ListAll returns every webinar for the admin, newest event first.
func (s *Service) ListAll(ctx context.Context) ([]Webinar, error) {
	return s.store.list(ctx, false)
}

// GetPublic returns an active webinar; a missing or inactive one is not found.
func (s *Service) GetPublic(ctx context.Context, id string) (Webinar, error) {
	w, err := s.Get(ctx, id)
	if err != nil {
		return Webinar{}, err
	}
	if !w.IsActive {
		return Webinar{}, errNotFound
	}
	return w, nil
}

// Get returns any webinar, active or not, with its paid seats (for the
// admin and for other domains, such as registration and payment).
func (s *Service) Get(ctx context.Context, id string) (Webinar, error) {
	w, err := s.store.get(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return Webinar{}, errNotFound
	}
	return w, err
}

// Count returns how many webinars exist (the demo seed runs only on none).
func (s *Service) Count(ctx context.Context) (int, error) { return s.store.count(ctx) }

// Create validates the form and adds a webinar.
func (s *Service) Create(ctx context.Context, in Input) (Webinar, error) {
	f, err := in.validate()
	if err != nil {
		return Webinar{}, err
	}
	if err := s.checkThumbnail(ctx, f.Thumbnail, ""); err != nil {
		return Webinar{}, err
	}
	now := s.now()
	w := Webinar{ID: uuid.NewString(), CreatedAt: now}
	f.apply(&w, now)
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.insert(ctx, w); err != nil {
			return err
		}
		if err := s.create(ctx, w.ID); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, auditEntry(nil, w))
	})
	if err != nil {
		return Webinar{}, err
	}
	s.list.Invalidate()
	return s.Get(ctx, w.ID)
}

// Update validates the form and replaces the webinar's fields. total_seats
// may not go below the seats already paid for, nor the held ones (seat's
// Seats.Fits decides).
func (s *Service) Update(ctx context.Context, id string, in Input) (Webinar, error) {
	f, err := in.validate()
	if err != nil {
		return Webinar{}, err
	}
	w, err := s.Get(ctx, id)
	if err != nil {
		return Webinar{}, err
	}
	if err := s.checkThumbnail(ctx, f.Thumbnail, w.ThumbnailImagePath); err != nil {
		return Webinar{}, err
	}
	before := w
	f.apply(&w, s.now())
	// Under the seat lock: seats added go to the waiting list first.
	err = s.seats.Run(ctx, w.ID, func(ctx context.Context, tx *seat.Tx) error {
		if err := tx.Resize(w.TotalSeats); err != nil {
			return err
		}
		if err := s.store.update(ctx, w); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, w.UpdatedAt, auditEntry(&before, w))
	})
	s.list.Invalidate()
	var few *seat.TooFew
	switch {
	case errors.As(err, &few) && few.Held > 0:
		return Webinar{}, &apperr.Error{Kind: apperr.KindConflict, Code: "seats_held", Field: fieldTotalSeats,
			Message: heldSeatsMessage(few.Paid, few.Held)}
	case errors.As(err, &few):
		return Webinar{}, apperr.Invalid(fieldTotalSeats, paidSeatsMessage(few.Paid))
	case errors.Is(err, db.ErrNotFound):
		return Webinar{}, errNotFound // deleted meanwhile
	case err != nil:
		return Webinar{}, err
	}
	return s.Get(ctx, id)
}

// Delete removes a webinar without paid registrations (its unpaid ones go
// with it). One with paid registrations, payments, coupons or giveaway
// winners is refused with 409 webinar_has_paid_seats: nothing paid is ever
// lost by an admin click; deactivating hides it instead.
func (s *Service) Delete(ctx context.Context, id string) error {
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		// Under the lock, a purchase completing at the same moment is
		// either seen here or fails on its own side; a paid seat is never
		// silently deleted.
		seats, err := s.seats.LockForDelete(ctx, id)
		if err != nil {
			return err
		}
		if seats.Paid > 0 {
			return errHasPaidSeats
		}
		w, err := s.store.get(ctx, id)
		if err != nil {
			return err
		}
		if err := s.store.delete(ctx, id); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.WebinarDelete,
			TargetType: audit.TargetWebinar, TargetID: id, Summary: "deleted " + strconv.Quote(w.Title)})
	})
	s.list.Invalidate()
	switch {
	case errors.Is(err, db.ErrNotFound):
		return errNotFound
	case errors.Is(err, errHasPaidSeats), errors.Is(err, db.ErrConflict):
		return apperr.Conflict(codeHasPaidSeats, msgHasPaidSeats)
	}
	return err
}

// FillVideoLength sets the webinar's video length from its uploaded video,
// read once transcoded (internal/video): when the webinar has no length or
// plays the upload, and only within the form's bounds, so the form still
// accepts it; the admin may correct it afterwards. It joins ctx's
// transaction and is recorded as the system's change.
func (s *Service) FillVideoLength(ctx context.Context, id string, seconds int) error {
	if seconds < minVideoLength || seconds > maxVideoLength {
		return nil
	}
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		w, err := s.store.get(ctx, id)
		if err != nil {
			return err
		}
		if w.VideoLengthSeconds == seconds || (w.VideoLengthSeconds > 0 && w.VideoSource != SourceUpload) {
			return nil
		}
		now := s.now()
		if err := s.store.setVideoLength(ctx, id, seconds, now); err != nil {
			return err
		}
		var c audit.Changes
		c.Add("video length", w.VideoLengthSeconds, seconds)
		c.Note("read from the uploaded video")
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.WebinarUpdate,
			TargetType: audit.TargetWebinar, TargetID: id, Summary: c.String()})
	})
}

// checkThumbnail accepts no thumbnail, the one already set, or a path that
// exists in the webinar_assets bucket.
func (s *Service) checkThumbnail(ctx context.Context, p, current string) error {
	if p == "" || p == current {
		return nil
	}
	ok, err := s.thumbs.Exists(ctx, media.BucketWebinarAssets, p)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Invalid(fieldThumbnail, msgThumbnail)
	}
	return nil
}

// apply copies the validated form onto w.
func (f fields) apply(w *Webinar, now time.Time) {
	w.Title = f.Title
	w.Description = f.Description
	w.EventDatetime = f.EventDatetime
	w.DisplayPriceCents = f.PriceCents
	w.CouponPercentage = f.Percentage
	w.TotalSeats = f.TotalSeats
	w.YouTubeVideoID = f.VideoID
	w.VideoSource = f.VideoSource
	w.VideoLengthSeconds = f.VideoLength
	w.AllowSeeking = f.AllowSeeking
	w.IsActive = f.IsActive
	w.ThumbnailImagePath = f.Thumbnail
	w.UpdatedAt = now
}
