package videocard

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/webinar"
)

// Webinars is what cards need of the catalogue (*webinar.Service).
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Deps are the card service's collaborators, all required.
type Deps struct {
	// Webinars tells a webinar's video length.
	Webinars Webinars
}

// Service is the cards' logic; it knows nothing of HTTP.
type Service struct {
	store    store
	webinars Webinars
	now      clock.Func
}

// New returns the card service on d; now tells the time.
func New(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{store: store{d}, webinars: deps.Webinars, now: now}
}

var errCardNotFound = apperr.NotFound("Card not found.")

// List returns a webinar's cards in timeline order, for the player (404
// for no such webinar).
func (s *Service) List(ctx context.Context, webinarID string) ([]Card, error) {
	all, err := s.AdminList(ctx, webinarID)
	if err != nil {
		return nil, err
	}
	out := make([]Card, len(all))
	for i, c := range all {
		out[i] = c.Card
	}
	return out, nil
}

// AdminList returns a webinar's cards with their clicks.
func (s *Service) AdminList(ctx context.Context, webinarID string) ([]AdminCard, error) {
	if _, err := s.webinars.Get(ctx, webinarID); err != nil {
		return nil, err
	}
	return s.store.list(ctx, webinarID)
}

// Create validates in and adds a card to webinarID's video.
func (s *Service) Create(ctx context.Context, webinarID string, in Input) (AdminCard, error) {
	return s.save(ctx, webinarID, "", in)
}

// Update validates in and replaces card id's fields (its clicks stay).
func (s *Service) Update(ctx context.Context, webinarID, id string, in Input) (AdminCard, error) {
	return s.save(ctx, webinarID, id, in)
}

// save is Create (id "") and Update: the card must lie inside the video's
// length and share no second with another card of the webinar, checked
// under the webinar's row lock.
func (s *Service) save(ctx context.Context, webinarID, id string, in Input) (AdminCard, error) {
	c, err := in.validate()
	if err != nil {
		return AdminCard{}, err
	}
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return AdminCard{}, err
	}
	if err := inside(c, w.VideoLengthSeconds); err != nil {
		return AdminCard{}, err
	}
	var out AdminCard
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		if ok, err := s.store.lockWebinar(ctx, webinarID); err != nil || !ok {
			return cmpErr(err, apperr.NotFound("Webinar not found."))
		}
		cards, err := s.store.list(ctx, webinarID)
		if err != nil {
			return err
		}
		now := s.now()
		var before *AdminCard
		if id != "" {
			i := slices.IndexFunc(cards, func(o AdminCard) bool { return o.ID == id })
			if i < 0 {
				return errCardNotFound
			}
			before = &cards[i]
			c.ID, c.CreatedAt = id, before.CreatedAt
		} else {
			if len(cards) >= MaxPerWebinar {
				return apperr.Conflict("too_many_cards", fmt.Sprintf("A webinar holds at most %d cards.", MaxPerWebinar))
			}
			c.ID, c.CreatedAt = uuid.NewString(), now
		}
		c.WebinarID, c.UpdatedAt = webinarID, now
		if err := noOverlap(c, cards); err != nil {
			return err
		}
		if before == nil {
			err = s.store.insert(ctx, c)
		} else {
			err = s.store.update(ctx, c)
		}
		if err != nil {
			return err
		}
		out = AdminCard{Card: c}
		if before != nil {
			out.Clicks = before.Clicks
		}
		return audit.Write(ctx, s.store.db, now, auditEntry(before, c))
	})
	return out, err
}

// Delete removes card id of webinarID's video.
func (s *Service) Delete(ctx context.Context, webinarID, id string) error {
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		cards, err := s.store.list(ctx, webinarID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(cards, func(o AdminCard) bool { return o.ID == id })
		if i < 0 {
			return errCardNotFound
		}
		if err := s.store.delete(ctx, webinarID, id); err != nil {
			return err
		}
		c := cards[i]
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.WebinarCardDelete,
			TargetType: audit.TargetWebinar, TargetID: webinarID,
			Summary: fmt.Sprintf("card %q at %s removed (%d clicks)", c.Title, clockText(c.StartSecond), c.Clicks)})
	})
}

// Click counts one click on a card (nothing about who clicks is kept).
func (s *Service) Click(ctx context.Context, webinarID, id string) error {
	ok, err := s.store.click(ctx, webinarID, id)
	if err == nil && !ok {
		err = errCardNotFound
	}
	return err
}

// inside: the card ends by the video's end; a webinar without a length
// takes no cards, as the player could not place them.
func inside(c Card, length int) error {
	if length <= 0 {
		return apperr.Invalid("start_second", "Set the webinar's video length first: cards are placed inside the video.")
	}
	if c.StartSecond >= length {
		return apperr.Invalid("start_second", fmt.Sprintf("Start must be inside the video, before %s.", clockText(length)))
	}
	if c.End() > length {
		return apperr.Invalid("duration_seconds", fmt.Sprintf("The card must end by the video's end (%s): at most %d seconds from %s.",
			clockText(length), length-c.StartSecond, clockText(c.StartSecond)))
	}
	return nil
}

// noOverlap: no second of the video shows two cards.
func noOverlap(c Card, others []AdminCard) error {
	for _, o := range others {
		if o.ID != c.ID && c.StartSecond < o.End() && o.StartSecond < c.End() {
			return apperr.Invalid("start_second", fmt.Sprintf("This card would share seconds with %q (%s to %s): two cards cannot show at the same second.",
				o.Title, clockText(o.StartSecond), clockText(o.End())))
		}
	}
	return nil
}

// cmpErr is err when there is one, else fallback.
func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

// auditEntry describes a card created (before nil) or changed, naming
// the card and the fields that changed.
func auditEntry(before *AdminCard, after Card) audit.Entry {
	var ch audit.Changes
	if before == nil {
		ch.Add("card", "", after.Title)
		ch.Add("start", "", clockText(after.StartSecond))
		ch.Add("duration", 0, after.DurationSeconds)
		ch.Add("action", "", after.Action)
		ch.Add("link", "", after.LinkURL)
		return audit.Entry{Action: audit.WebinarCardCreate, TargetType: audit.TargetWebinar, TargetID: after.WebinarID, Summary: ch.String()}
	}
	ch.Note(fmt.Sprintf("card %q", before.Title))
	ch.Add("title", before.Title, after.Title)
	ch.Add("start", clockText(before.StartSecond), clockText(after.StartSecond))
	ch.Add("duration", before.DurationSeconds, after.DurationSeconds)
	ch.Add("line", before.Line, after.Line)
	ch.Add("action", before.Action, after.Action)
	ch.Add("link", before.LinkURL, after.LinkURL)
	return audit.Entry{Action: audit.WebinarCardUpdate, TargetType: audit.TargetWebinar, TargetID: after.WebinarID, Summary: ch.String()}
}
