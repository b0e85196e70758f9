package giveaway

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/seat"
	"watchwin/internal/webinar"
)

// Webinars is what the giveaway needs of the webinar domain
// (*webinar.Service).
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Mailer queues e-mail in the caller's transaction (*mail.Outbox).
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Service draws and notifies winners; it knows nothing of HTTP.
type Service struct {
	db        *db.DB
	store     store
	webinars  Webinars
	seats     *seat.Service
	settings  Settings
	mailer    Mailer
	templates *mail.Templates
	tz        *time.Location
	now       clock.Func
	random    io.Reader // crypto/rand.Reader; a test may seed its own (SetRandom)
}

// Deps are the giveaway's collaborators: it draws under seats' lock, so the
// entries are settled; the rules are settings; e-mails are rendered with
// templates (dates in the store's time zone tz) and queued through mailer.
type Deps struct {
	Webinars  Webinars
	Seats     *seat.Service
	Settings  Settings
	Mailer    Mailer
	Templates *mail.Templates
	TimeZone  *time.Location
}

// NewService returns the giveaway service on d.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{db: d, store: store{d}, webinars: deps.Webinars, seats: deps.Seats, settings: deps.Settings,
		mailer: deps.Mailer, templates: deps.Templates, tz: deps.TimeZone, now: now, random: rand.Reader}
}

var (
	errNoEntrants = apperr.Conflict("no_entrants",
		"This webinar has no giveaway entries yet, so there is no one to pick a winner from.")
	errWinnerNotFound = apperr.NotFound("Winner not found")
	errWinnerGone     = apperr.Conflict("winner_account_deleted",
		"The winner's account has been deleted, so there is no e-mail address to notify. Pick a new winner instead.")
	errNotAdmin = apperr.Forbidden("You don't have permission to do this. Please log in as an administrator.")
)

// SeatsFilled is payment's (and registration's) hook, called after the
// commit that filled a webinar's last paid seat: it runs the automatic
// draw. The purchase has already succeeded, so a failure here is only
// logged; DrawPending retries the draw, and DrawAutomatic is safe to call again.
func (s *Service) SeatsFilled(ctx context.Context, webinarID string) {
	if _, _, err := s.DrawAutomatic(ctx, webinarID); err != nil {
		slog.ErrorContext(ctx, "giveaway draw failed; it will be retried", "webinar_id", webinarID, "err", err)
	}
}

// DrawAutomatic draws a webinar's winner once its paid seats have reached
// total_seats, uniformly among its entries, and reports whether
// it drew. It is idempotent: the automatic draw happens at most once per
// webinar (the database refuses a second one), so calling it again, from
// several instances at once, before the seats are full or after the draw,
// changes nothing. It runs under the webinar's seat lock, so the entrants
// it draws from are settled: no purchase can commit in between.
func (s *Service) DrawAutomatic(ctx context.Context, webinarID string) (Winner, bool, error) {
	var d Draw
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		seats, err := s.seats.Lock(ctx, webinarID)
		if err != nil {
			return err
		}
		if seats.Paid < seats.Total {
			return nil
		}
		if done, err := s.store.hasAutomaticDraw(ctx, webinarID); err != nil || done {
			return err
		}
		d, err = s.draw(ctx, webinarID, TriggerSeatsFilled, nil)
		if errors.Is(err, errNoEntrants) {
			// Every paid seat is a deleted account's, staff's or simulated:
			// no one to draw before the deadline draw.
			slog.WarnContext(ctx, "giveaway draw: no eligible entrants", "webinar_id", webinarID)
			return nil
		}
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		// giveaway_draws_one_automatic: another transaction drew first.
		// The seat lock makes this unreachable; the index is the backstop.
		if done, derr := s.store.hasAutomaticDraw(ctx, webinarID); derr == nil && done {
			return Winner{}, false, nil
		}
	}
	if err != nil || d.ID == "" {
		return Winner{}, false, err
	}
	slog.InfoContext(ctx, "giveaway winner drawn", "webinar_id", webinarID, "draw_id", d.ID, "trigger", d.Trigger, "entrants", d.Entrants)
	w, err := s.store.winner(ctx, *d.WinnerID)
	return w, true, err
}

// DrawPending runs the automatic draw for every webinar whose paid seats
// reached total_seats without one (the process stopped between a
// purchase's commit and its draw, the draw failed, an admin lowered
// total_seats to the paid seats, or the seats are staff's and the first
// entry came later) and returns how many it drew.
func (s *Service) DrawPending(ctx context.Context) (int, error) {
	ids, err := s.store.pendingWebinars(ctx)
	if err != nil {
		return 0, err
	}
	drawn := 0
	var errs []error
	for _, id := range ids {
		_, ok, err := s.DrawAutomatic(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("webinar %s: %w", id, err))
		}
		if ok {
			drawn++
		}
	}
	return drawn, errors.Join(errs...)
}

// Repick is 'Pick New Winner' (docs/product.md §9): any time, a new draw among the
// webinar's entries (paid and free), preferring people not drawn before for
// it (anyone again once all have been). Earlier winners stay in the
// history. No entry is 409 no_entrants; a missing webinar 404.
func (s *Service) Repick(ctx context.Context, admin auth.Profile, webinarID string) (Winner, Draw, error) {
	if !admin.IsAdmin() {
		return Winner{}, Draw{}, errNotAdmin
	}
	var d Draw
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.seats.Lock(ctx, webinarID); err != nil {
			return err
		}
		var err error
		d, err = s.draw(ctx, webinarID, TriggerAdminRepick, &admin.ID)
		return err
	})
	if err != nil {
		return Winner{}, Draw{}, err
	}
	slog.InfoContext(ctx, "giveaway winner drawn", "webinar_id", webinarID, "draw_id", d.ID, "trigger", d.Trigger, "entrants", d.Entrants)
	w, err := s.store.winner(ctx, *d.WinnerID)
	return w, d, err
}

// draw picks a winner among the webinar's entries and records it with its
// proof and an audit entry. The caller holds the webinar's seat lock in the
// transaction ctx carries. With no entries, the deadline draw records "no
// entrants"; the others return errNoEntrants.
func (s *Service) draw(ctx context.Context, webinarID, trigger string, by *string) (Draw, error) {
	entries, err := s.store.entries(ctx, webinarID)
	if err != nil {
		return Draw{}, err
	}
	if len(entries) == 0 && trigger != TriggerDeadline {
		return Draw{}, errNoEntrants
	}
	sortEntries(entries)
	list := EntryList(entries)
	sum := Hash(list)
	paid, free := countKinds(entries)
	d := Draw{ID: uuid.NewString(), WebinarID: webinarID, DrawnAt: s.now(), Entrants: len(entries),
		Trigger: trigger, TriggeredBy: by, PaidEntries: &paid, FreeEntries: &free, EntriesSHA256: &sum}
	summary := fmt.Sprintf("%s draw for webinar %s: no entrants", trigger, webinarID)
	if len(entries) > 0 {
		pool := entries
		if trigger == TriggerAdminRepick {
			drawn, err := s.store.drawnUsers(ctx, webinarID)
			if err != nil {
				return Draw{}, err
			}
			pool = notDrawn(entries, drawn)
		}
		e, value, err := pick(s.random, pool)
		if err != nil {
			return Draw{}, err
		}
		winnerID := uuid.NewString()
		d.WinnerID, d.UserID, d.Candidates, d.RandomValue, d.WinnerEntryID = &winnerID, &e.UserID, len(pool), &value, &e.ID
		summary = fmt.Sprintf("%s draw for webinar %s: user %s (%s entry %s) among %d candidates (%d entries: %d paid, %d free; sha256 %s)",
			trigger, webinarID, e.UserID, e.Kind, e.ID, d.Candidates, d.Entrants, paid, free, sum)
	}
	if err := s.store.insertDraw(ctx, d, list); err != nil {
		return Draw{}, err
	}
	target := d.ID
	if d.WinnerID != nil {
		target = *d.WinnerID
	}
	return d, audit.Write(ctx, s.db, d.DrawnAt, audit.Entry{Action: audit.GiveawayDraw, TargetType: audit.TargetGiveaway,
		TargetID: target, Summary: summary})
}

func countKinds(entries []Entry) (paid, free int) {
	for _, e := range entries {
		if e.Kind == KindPaid {
			paid++
		} else {
			free++
		}
	}
	return paid, free
}

// DrawDeadlines is the periodic job's deadline draw (docs/product.md §9):
// every webinar whose draw deadline has passed without any draw is drawn
// now, among its entries, or recorded as having none. Like DrawAutomatic it
// is safe on several instances at once: the database keeps one automatic
// draw per webinar. It returns how many it drew or recorded.
func (s *Service) DrawDeadlines(ctx context.Context) (int, error) {
	now := s.now()
	ids, err := s.store.deadlineDue(ctx, now)
	if err != nil {
		return 0, err
	}
	done := 0
	var errs []error
	for _, id := range ids {
		ok, err := s.drawAtDeadline(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("webinar %s: %w", id, err))
		}
		if ok {
			done++
		}
	}
	return done, errors.Join(errs...)
}

// drawAtDeadline makes one webinar's deadline draw under its seat lock, if
// it is still due, and reports whether it did.
func (s *Service) drawAtDeadline(ctx context.Context, webinarID string) (bool, error) {
	var d Draw
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.seats.Lock(ctx, webinarID); err != nil {
			return err
		}
		w, err := s.store.webinar(ctx, webinarID)
		if err != nil {
			return err
		}
		if w.AnyDraw || s.now().Before(w.deadline()) {
			return nil
		}
		d, err = s.draw(ctx, webinarID, TriggerDeadline, nil)
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		// giveaway_draws_one_automatic: another instance drew first.
		return false, nil
	}
	if err != nil || d.ID == "" {
		return false, err
	}
	slog.InfoContext(ctx, "giveaway deadline draw", "webinar_id", webinarID, "draw_id", d.ID, "entrants", d.Entrants)
	return true, nil
}

// SetRandom replaces the draw's random source; only tests call it (a
// seeded source makes a statistical test repeatable). Production keeps
// crypto/rand.
func (s *Service) SetRandom(r io.Reader) { s.random = r }

// AllDraws returns every draw, newest first, for /admin/giveaway-winners.
func (s *Service) AllDraws(ctx context.Context) ([]AdminDraw, error) { return s.store.allDraws(ctx) }

// EntryList returns a draw's entrant list, the bytes its entries_sha256
// hashes (404 for no such draw, or one made before lists were kept), once
// its download is in the audit log: it is read only to be handed out.
func (s *Service) EntryList(ctx context.Context, drawID string) (string, error) {
	list, err := s.store.entryList(ctx, drawID)
	if errors.Is(err, db.ErrNotFound) {
		return "", apperr.NotFound("Draw not found")
	}
	if err != nil {
		return "", err
	}
	d := audit.Download{Name: "giveaway-entries.txt", Covers: "draw " + drawID, Rows: strings.Count(list, "\n")}
	return list, audit.Write(ctx, s.db, s.now(), d.Entry())
}

// Winners returns every winner, newest first, for /admin/giveaway-winners.
func (s *Service) Winners(ctx context.Context) ([]Winner, error) { return s.store.winners(ctx) }

// Draws returns a webinar's draw history, newest first.
func (s *Service) Draws(ctx context.Context, webinarID string) ([]Draw, error) {
	if _, err := s.webinars.Get(ctx, webinarID); err != nil {
		return nil, err
	}
	return s.store.draws(ctx, webinarID)
}

// Notify is 'Send Notification': it queues the winner's e-mail through the
// outbox and marks the winner notified (notified_at now), in one
// transaction, so the mail is queued exactly when the status changes. A
// repeat, or two at once, sends one e-mail and answers the winner as it is.
func (s *Service) Notify(ctx context.Context, winnerID string) (Winner, error) {
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		w, err := s.store.winner(ctx, winnerID)
		switch {
		case errors.Is(err, db.ErrNotFound):
			return errWinnerNotFound
		case err != nil:
			return err
		case w.Notified:
			return nil
		case w.Email == nil:
			return errWinnerGone
		}
		changed, err := s.store.markNotified(ctx, winnerID, s.now())
		if err != nil || !changed {
			return err // !changed: a notification at the same moment did it
		}
		r, err := s.Rules(ctx)
		if err != nil {
			return err
		}
		m, err := winnerMessage(ctx, s.templates, w, r)
		if err != nil {
			return err
		}
		if err := s.mailer.Enqueue(ctx, m); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.GiveawayNotify, TargetType: audit.TargetGiveaway,
			TargetID: winnerID, Summary: "Pending → Notified; winner's e-mail queued (user " + w.UserID + ")"})
	})
	if err != nil {
		return Winner{}, err
	}
	return s.store.winner(ctx, winnerID)
}

// IsWinner reports whether userID was drawn for webinarID: a refund notes
// it in the audit log (the draw stands; the admin may pick a new winner).
func (s *Service) IsWinner(ctx context.Context, webinarID, userID string) (bool, error) {
	return s.store.isWinner(ctx, webinarID, userID)
}
