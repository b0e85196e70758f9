package giveaway

import (
	"context"
	"errors"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/db"
)

// DefaultDrawAfter is when a webinar's giveaway draws without a date of its
// own: 30 days after the event (docs/product.md#giveaway).
const DefaultDrawAfter = 30 * 24 * time.Hour

// Terms are a webinar's own giveaway terms (the admin's webinar form); nil
// values take the default: the draw 30 days after the event, the rules'
// prize.
type Terms struct {
	WebinarID        string     `json:"webinar_id"`
	DrawsAt          *time.Time `json:"draws_at"`
	PrizeDescription *string    `json:"prize_description"`
	PrizeValueCents  *int64     `json:"prize_value_cents"`
}

// TermsInput is the admin's form: draws_at in RFC 3339, null or "" for the
// default; an empty prize for the rules' prize.
type TermsInput struct {
	DrawsAt          *string `json:"draws_at"`
	PrizeDescription *string `json:"prize_description"`
	PrizeValueCents  *int64  `json:"prize_value_cents"`
}

// WebinarGiveaway is one webinar's giveaway as the rules page and the
// webinar pages show it: prize, entry period, draw date, whether it is
// open, its draws, and (signed in) the caller's entry.
type WebinarGiveaway struct {
	WebinarID        string       `json:"webinar_id"`
	Title            string       `json:"title"`
	EventDatetime    time.Time    `json:"event_datetime"`
	OpensAt          time.Time    `json:"opens_at"` // when the webinar was listed: the entry period's start
	DrawsAt          time.Time    `json:"draws_at"` // the deadline (entries close then, or when the seats fill)
	DrawsAtDefault   bool         `json:"draws_at_default"`
	PrizeDescription string       `json:"prize_description"`
	PrizeValueCents  int64        `json:"prize_value_cents"`
	Open             bool         `json:"open"`
	Commitment       *string      `json:"commitment"`   // SHA-256 of the webinar's secret seed
	CommittedAt      *time.Time   `json:"committed_at"` // since when it is public: the webinar's creation
	Seed             *string      `json:"seed"`         // null until a draw revealed it
	Draws            []PublicDraw `json:"draws"`
	Entry            *MyEntry     `json:"entry,omitempty"`
}

// webinarRow is what the store reads of a webinar for its giveaway.
type webinarRow struct {
	ID, Title      string
	EventDatetime  time.Time
	CreatedAt      time.Time
	IsActive       bool
	Terms          Terms
	AutomaticDrawn bool // a seats-filled or deadline draw happened
	AnyDraw        bool
}

// deadline is the webinar's effective draw deadline.
func (w webinarRow) deadline() time.Time {
	if w.Terms.DrawsAt != nil {
		return *w.Terms.DrawsAt
	}
	return w.EventDatetime.Add(DefaultDrawAfter)
}

// open reports whether entries are taken at now: the webinar is listed, its
// automatic draw has not happened, and the deadline has not passed.
func (w webinarRow) open(now time.Time) bool {
	return w.IsActive && !w.AutomaticDrawn && now.Before(w.deadline())
}

var (
	errDrawn = apperr.Conflict("giveaway_drawn",
		"This webinar's giveaway has been drawn; its terms can no longer change.")
	msgDrawsAt = "Giveaway draw date must be a valid date and time"
)

// Terms returns a webinar's own giveaway terms (404 for no webinar).
func (s *Service) Terms(ctx context.Context, webinarID string) (Terms, error) {
	w, err := s.store.webinar(ctx, webinarID)
	if errors.Is(err, db.ErrNotFound) {
		return Terms{}, errWebinarNotFound
	}
	return w.Terms, err
}

// SaveTerms sets a webinar's draw deadline and prize, audited. Once its
// automatic draw happened they are the terms it was drawn under: 409.
func (s *Service) SaveTerms(ctx context.Context, webinarID string, in TermsInput) (Terms, error) {
	t := Terms{WebinarID: webinarID}
	if in.DrawsAt != nil && strings.TrimSpace(*in.DrawsAt) != "" {
		at, err := time.Parse(time.RFC3339, strings.TrimSpace(*in.DrawsAt))
		if err != nil {
			return Terms{}, apperr.Invalid("draws_at", msgDrawsAt)
		}
		at = at.UTC().Truncate(time.Microsecond)
		t.DrawsAt = &at
	}
	if in.PrizeDescription != nil && strings.TrimSpace(*in.PrizeDescription) != "" {
		d := strings.TrimSpace(*in.PrizeDescription)
		if err := checkText("prize_description", d, "", maxText); err != nil {
			return Terms{}, err
		}
		t.PrizeDescription = &d
	}
	if in.PrizeValueCents != nil {
		switch v := *in.PrizeValueCents; {
		case v <= 0:
			return Terms{}, apperr.Invalid("prize_value_cents", "Prize value must be greater than $0")
		case v > maxPrizeCents:
			return Terms{}, apperr.Invalid("prize_value_cents", msgPrizeMax)
		}
		t.PrizeValueCents = in.PrizeValueCents
	}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.seats.Lock(ctx, webinarID); err != nil {
			return err
		}
		w, err := s.store.webinar(ctx, webinarID)
		if err != nil {
			return err
		}
		if w.AutomaticDrawn {
			return errDrawn
		}
		if err := s.store.putTerms(ctx, t, s.now()); err != nil {
			return err
		}
		var c audit.Changes
		c.Add("draws_at", showTime(w.Terms.DrawsAt), showTime(t.DrawsAt))
		c.Add("prize_description", w.Terms.PrizeDescription, t.PrizeDescription)
		c.Add("prize_value_cents", w.Terms.PrizeValueCents, t.PrizeValueCents)
		return audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.WebinarGiveaway, TargetType: audit.TargetWebinar,
			TargetID: webinarID, Summary: c.String()})
	})
	if err != nil {
		return Terms{}, err
	}
	return t, nil
}

func showTime(t *time.Time) string {
	if t == nil {
		return "default (30 days after the event)"
	}
	return t.UTC().Format(time.RFC3339)
}

// view builds a webinar's public giveaway from its row and the rules.
func (w webinarRow) view(r Rules, now time.Time, draws []PublicDraw) WebinarGiveaway {
	v := WebinarGiveaway{WebinarID: w.ID, Title: w.Title, EventDatetime: w.EventDatetime.UTC(), OpensAt: w.CreatedAt.UTC(),
		DrawsAt: w.deadline().UTC(), DrawsAtDefault: w.Terms.DrawsAt == nil,
		PrizeDescription: r.PrizeDescription, PrizeValueCents: r.PrizeValueCents, Open: w.open(now), Draws: draws}
	if w.Terms.PrizeDescription != nil {
		v.PrizeDescription = *w.Terms.PrizeDescription
	}
	if w.Terms.PrizeValueCents != nil {
		v.PrizeValueCents = *w.Terms.PrizeValueCents
	}
	if v.Draws == nil {
		v.Draws = []PublicDraw{}
	}
	return v
}

// RulesPage is the official rules page (/giveaway-rules): the rules and,
// per webinar (listed, or drawn), its prize, dates and public draws.
type RulesPage struct {
	Rules    Rules             `json:"rules"`
	Webinars []WebinarGiveaway `json:"webinars"`
}

// RulesPage returns what /giveaway-rules shows to anyone.
func (s *Service) RulesPage(ctx context.Context) (RulesPage, error) {
	r, err := s.Rules(ctx)
	if err != nil {
		return RulesPage{}, err
	}
	rows, err := s.store.webinars(ctx, "")
	if err != nil {
		return RulesPage{}, err
	}
	draws, err := s.publicDraws(ctx)
	if err != nil {
		return RulesPage{}, err
	}
	commitments, err := s.store.commitments(ctx)
	if err != nil {
		return RulesPage{}, err
	}
	now := s.now()
	page := RulesPage{Rules: r, Webinars: []WebinarGiveaway{}}
	for _, w := range rows {
		if !w.IsActive && !w.AnyDraw {
			continue
		}
		v := w.view(r, now, draws[w.ID])
		v.withCommitment(commitments[w.ID])
		page.Webinars = append(page.Webinars, v)
	}
	return page, nil
}

// ForWebinar returns one listed webinar's giveaway and, for a signed-in
// caller (userID not ""), their entry in it (404 for a webinar that is not
// listed).
func (s *Service) ForWebinar(ctx context.Context, webinarID, userID string) (WebinarGiveaway, error) {
	r, err := s.Rules(ctx)
	if err != nil {
		return WebinarGiveaway{}, err
	}
	w, err := s.store.webinar(ctx, webinarID)
	if errors.Is(err, db.ErrNotFound) || (err == nil && !w.IsActive) {
		return WebinarGiveaway{}, errWebinarNotFound
	}
	if err != nil {
		return WebinarGiveaway{}, err
	}
	draws, err := s.publicDraws(ctx)
	if err != nil {
		return WebinarGiveaway{}, err
	}
	v := w.view(r, s.now(), draws[w.ID])
	switch _, commitment, at, err := s.store.commitment(ctx, webinarID); {
	case err == nil:
		v.withCommitment(&publicCommitment{Commitment: commitment, CommittedAt: at})
	case !errors.Is(err, db.ErrNotFound):
		return WebinarGiveaway{}, err
	}
	if userID != "" {
		e, err := s.store.entryOf(ctx, webinarID, userID)
		if err != nil {
			return WebinarGiveaway{}, err
		}
		v.Entry = e
	}
	return v, nil
}

// withCommitment adds the webinar's commitment and, once a draw revealed
// it, its seed.
func (v *WebinarGiveaway) withCommitment(c *publicCommitment) {
	if c == nil {
		return
	}
	v.Commitment, v.CommittedAt = &c.Commitment, &c.CommittedAt
	for _, d := range v.Draws {
		if d.Seed != nil {
			v.Seed = d.Seed
		}
	}
}

// publicDraws returns every public draw by webinar, newest first.
func (s *Service) publicDraws(ctx context.Context) (map[string][]PublicDraw, error) {
	list, err := s.store.publicDraws(ctx, "")
	if err != nil {
		return nil, err
	}
	out := map[string][]PublicDraw{}
	for _, d := range list {
		out[d.WebinarID] = append(out[d.WebinarID], d)
	}
	return out, nil
}

// PublicDraw returns one draw as its public page shows it (404 for none).
func (s *Service) PublicDraw(ctx context.Context, drawID string) (PublicDraw, error) {
	list, err := s.store.publicDraws(ctx, drawID)
	if err != nil {
		return PublicDraw{}, err
	}
	if len(list) == 0 {
		return PublicDraw{}, errDrawNotFound
	}
	return list[0], nil
}
