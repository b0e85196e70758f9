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

// Drawer makes and records draws inside the caller's seat transaction.
// It needs no seat service, so it is built before one: it is the seat
// service's Filled listener (SeatsFilled) and the webinar service's
// OnCreate (Commit).
type Drawer struct {
	db        *db.DB
	store     store
	settings  Settings
	mailer    Mailer
	templates *mail.Templates
	tz        *time.Location
	now       clock.Func
	random    io.Reader // of seeds
}

// DrawDeps are the drawer's collaborators: the rules are settings; e-mails
// are rendered with templates (dates in the store's time zone) and queued
// through the mailer; seeds are read from Random (nil: crypto/rand.Reader,
// as in production; a statistical test may pass a seeded one).
type DrawDeps struct {
	Settings  Settings
	Mailer    Mailer
	Templates *mail.Templates
	TimeZone  *time.Location
	Random    io.Reader
}

// NewDrawer returns the drawer on d.
func NewDrawer(d *db.DB, deps DrawDeps, now clock.Func) *Drawer {
	if deps.Random == nil {
		deps.Random = rand.Reader
	}
	return &Drawer{db: d, store: store{d}, settings: deps.Settings, mailer: deps.Mailer, templates: deps.Templates,
		tz: deps.TimeZone, now: now, random: deps.Random}
}

// Service draws and notifies winners; it knows nothing of HTTP.
type Service struct {
	*Drawer
	webinars Webinars
	seats    *seat.Service
}

// Deps are the giveaway's collaborators: the drawer, and the seat service,
// under whose lock it draws, so the entries are settled.
type Deps struct {
	Drawer   *Drawer
	Webinars Webinars
	Seats    *seat.Service
}

// NewService returns the giveaway service.
func NewService(deps Deps) *Service {
	return &Service{Drawer: deps.Drawer, webinars: deps.Webinars, seats: deps.Seats}
}

var (
	errNoEntrants = apperr.Conflict("no_entrants",
		"This webinar has no giveaway entries yet, so there is no one to pick a winner from.")
	errWinnerNotFound = apperr.NotFound("Winner not found")
	errDrawNotFound   = apperr.NotFound("Draw not found")
	errWinnerGone     = apperr.Conflict("winner_account_deleted",
		"The winner's account has been deleted, so there is no e-mail address to notify. Pick a new winner instead.")
	errNotAdmin = apperr.Forbidden("You don't have permission to do this. Please log in as an administrator.")
	errNotDrawn = apperr.Conflict("not_drawn",
		"This webinar's giveaway has not been drawn yet: its first winner is drawn when its entries close.")
)

const msgReason = "Please say why a new winner is needed."

// SeatsFilled is seat.Filled: under the seat lock of a transaction after
// the one that filled the webinar's last paid seat, the automatic draw.
func (s *Drawer) SeatsFilled(ctx context.Context, tx *seat.Tx) error {
	_, err := s.drawFilled(ctx, tx)
	return err
}

// drawFilled draws tx's webinar's winner once its paid seats have reached
// total_seats, uniformly among its entries; the zero Draw when it did not
// draw. The automatic draw happens at most once per webinar (the database
// refuses a second one), so drawing again, before the seats are full or
// after the draw, changes nothing.
func (s *Drawer) drawFilled(ctx context.Context, tx *seat.Tx) (Draw, error) {
	webinarID := tx.WebinarID()
	if !tx.Seats.Full() {
		return Draw{}, nil
	}
	if done, err := s.store.hasAutomaticDraw(ctx, webinarID); err != nil || done {
		return Draw{}, err
	}
	d, err := s.draw(ctx, webinarID, TriggerSeatsFilled, nil, nil)
	if errors.Is(err, errNoEntrants) {
		// Every paid seat is a deleted account's, staff's or simulated:
		// no one to draw before the deadline draw.
		slog.WarnContext(ctx, "giveaway draw: no eligible entrants", "webinar_id", webinarID)
		return Draw{}, nil
	}
	if err == nil {
		slog.InfoContext(ctx, "giveaway winner drawn", "webinar_id", webinarID, "draw_id", d.ID, "trigger", d.Trigger, "entrants", d.Entrants)
	}
	return d, err
}

// DrawAutomatic is the automatic draw (drawFilled) in a seat transaction of
// its own, and reports whether it drew. It is idempotent, also from several
// instances at once.
func (s *Service) DrawAutomatic(ctx context.Context, webinarID string) (Winner, bool, error) {
	var d Draw
	err := s.seats.Run(ctx, webinarID, func(ctx context.Context, tx *seat.Tx) error {
		var err error
		d, err = s.drawFilled(ctx, tx)
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
	w, err := s.store.winner(ctx, *d.WinnerID)
	return w, true, err
}

// DrawPending runs the automatic draw for every webinar whose paid seats
// reached total_seats without one (the process stopped between a
// purchase's commit and its draw, the draw failed, an admin lowered
// total_seats to the paid seats, or the seats are staff's and the first
// entry came later) and returns how many it drew.
//
// It first commits a seed for every webinar without one (made before
// commitments existed), so their commitments are public before their draw.
func (s *Service) DrawPending(ctx context.Context) (int, error) {
	missing, err := s.store.uncommitted(ctx)
	if err != nil {
		return 0, err
	}
	for _, id := range missing {
		if err := s.Commit(ctx, id); err != nil {
			return 0, err
		}
	}
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

// Repick is 'Pick New Winner' (docs/product.md#giveaway): after the
// webinar's first draw, the next winner of its fixed sequence (nextPick:
// the same seed and entry list, the next counter, skipping entries drawn
// before until all have been, and those of deleted accounts), with the
// admin's reason, audited. Earlier winners stay in the history. Before any
// draw it is 409 not_drawn (the entries are not closed, the sequence not
// fixed); no entry is 409 no_entrants; a missing webinar 404.
func (s *Service) Repick(ctx context.Context, admin auth.Profile, webinarID, reason string) (Winner, Draw, error) {
	if !admin.IsAdmin() {
		return Winner{}, Draw{}, errNotAdmin
	}
	reason = strings.TrimSpace(reason)
	if err := checkText("reason", reason, msgReason, maxText); err != nil {
		return Winner{}, Draw{}, err
	}
	var d Draw
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.seats.Lock(ctx, webinarID); err != nil {
			return err
		}
		w, err := s.store.webinar(ctx, webinarID)
		if errors.Is(err, db.ErrNotFound) {
			return errWebinarNotFound
		}
		if err != nil {
			return err
		}
		if !w.AnyDraw {
			return errNotDrawn
		}
		d, err = s.draw(ctx, webinarID, TriggerAdminRepick, &admin.ID, &reason)
		return err
	})
	if err != nil {
		return Winner{}, Draw{}, err
	}
	slog.InfoContext(ctx, "giveaway winner drawn", "webinar_id", webinarID, "draw_id", d.ID, "trigger", d.Trigger, "entrants", d.Entrants)
	w, err := s.store.winner(ctx, *d.WinnerID)
	return w, d, err
}

// Commit draws a webinar's secret seed and records its commitment, its
// SHA-256, unless it has one. Webinar creation calls it in its
// transaction, so the commitment is public before any entry can exist.
func (s *Drawer) Commit(ctx context.Context, webinarID string) error {
	seed, err := newSeed(s.random)
	if err != nil {
		return err
	}
	return s.store.insertCommitment(ctx, webinarID, seed, Hash(seed), s.now())
}

// draw makes a webinar's next draw and records it with its proof and an
// audit entry. The first draw of the commit-and-reveal kind fixes the
// entry list (the eligible entries now, sorted); every later draw walks
// the same list with the next counters (nextPick). The caller holds the
// webinar's seat lock in the transaction ctx carries. With no entries, the
// deadline draw records "no entrants"; the others return errNoEntrants.
func (s *Drawer) draw(ctx context.Context, webinarID, trigger string, by, reason *string) (Draw, error) {
	f, ok, err := s.store.fixed(ctx, webinarID)
	if err != nil {
		return Draw{}, err
	}
	if !ok {
		entries, err := s.store.entries(ctx, webinarID)
		if err != nil {
			return Draw{}, err
		}
		sortEntries(entries)
		paid, free := countKinds(entries)
		f = fixedList{list: EntryList(entries), paid: &paid, free: &free, lastCounter: -1}
		f.sum = Hash(f.list)
	}
	ids := listIDs(f.list)
	if len(ids) == 0 && trigger != TriggerDeadline {
		return Draw{}, errNoEntrants
	}
	// A webinar made before commitments existed gets one now; its
	// committed_at, shown beside the draw, tells so.
	if err := s.Commit(ctx, webinarID); err != nil {
		return Draw{}, err
	}
	seed, commitment, _, err := s.store.commitment(ctx, webinarID)
	if err != nil {
		return Draw{}, err
	}
	d := Draw{ID: uuid.NewString(), WebinarID: webinarID, DrawnAt: s.now(), Entrants: len(ids),
		Trigger: trigger, TriggeredBy: by, PaidEntries: f.paid, FreeEntries: f.free, EntriesSHA256: &f.sum,
		ProofKind: ProofCommitReveal, Commitment: &commitment, Seed: &seed, Reason: reason}
	summary := fmt.Sprintf("%s draw for webinar %s: no entrants", trigger, webinarID)
	if len(ids) > 0 {
		won, err := s.store.wonEntries(ctx, webinarID)
		if err != nil {
			return Draw{}, err
		}
		live, err := s.store.liveEntries(ctx, webinarID)
		if err != nil {
			return Draw{}, err
		}
		candidates := candidatesOf(ids, set(live), set(won))
		if len(candidates) == 0 {
			return Draw{}, errNoEntrants // every entrant's account was deleted since
		}
		counter, index, err := nextPick(seed, f.sum, len(ids), f.lastCounter+1, candidates)
		if err != nil {
			return Draw{}, err
		}
		e, err := s.store.entryOwner(ctx, webinarID, ids[index])
		if err != nil {
			return Draw{}, err
		}
		winnerID := uuid.NewString()
		d.WinnerID, d.UserID, d.Candidates, d.WinnerEntryID = &winnerID, &e.UserID, len(candidates), &e.ID
		d.Counter, d.WinnerIndex = &counter, &index
		summary = fmt.Sprintf("%s draw for webinar %s: user %s (%s entry %s, index %d, counter %d) among %d candidates (%d entries; sha256 %s)",
			trigger, webinarID, e.UserID, e.Kind, e.ID, index, counter, d.Candidates, d.Entrants, f.sum)
		if reason != nil {
			summary += "; reason: " + *reason
		}
	}
	if err := s.store.insertDraw(ctx, d, f.list); err != nil {
		return Draw{}, err
	}
	target := d.ID
	if d.WinnerID != nil {
		target = *d.WinnerID
	}
	return d, audit.Write(ctx, s.db, d.DrawnAt, audit.Entry{Action: audit.GiveawayDraw, TargetType: audit.TargetGiveaway,
		TargetID: target, Summary: summary})
}

func set(ids []string) map[string]bool {
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
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

// DrawDeadlines is the periodic job's deadline draw (docs/product.md#giveaway):
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
		d, err = s.draw(ctx, webinarID, TriggerDeadline, nil, nil)
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

// AllDraws returns every draw, newest first, for /admin/giveaway-winners.
func (s *Service) AllDraws(ctx context.Context) ([]AdminDraw, error) { return s.store.allDraws(ctx) }

// EntryList is the admin's download of a draw's entrant list (PublicEntryList),
// once it is in the audit log: it is read only to be handed out.
func (s *Service) EntryList(ctx context.Context, drawID string) (string, error) {
	list, err := s.PublicEntryList(ctx, drawID)
	if err != nil {
		return "", err
	}
	d := audit.Download{Name: "giveaway-entries.txt", Covers: "draw " + drawID, Rows: strings.Count(list, "\n")}
	return list, audit.Write(ctx, s.db, s.now(), d.Entry())
}

// PublicEntryList returns a draw's entrant list, the bytes its entries_sha256
// hashes (404 for no such draw, or one made before lists were kept). Anyone
// may read it (entry ids name no one), so it writes nothing: a signed-out
// read must not grow the audit log.
func (s *Service) PublicEntryList(ctx context.Context, drawID string) (string, error) {
	list, err := s.store.entryList(ctx, drawID)
	if errors.Is(err, db.ErrNotFound) {
		return "", errDrawNotFound
	}
	return list, err
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
