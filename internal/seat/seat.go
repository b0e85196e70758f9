// Package seat is the one owner of a webinar's seats (docs/api.md#seat-holds).
// total_seats is the webinar's; a paid seat is a registration whose
// purchased_coupon is true; a held seat is a running row of seat_holds, kept
// while a payment is under way, or of seat_offers, a waiting-list hold kept for
// the person a freed seat was offered to (docs/api.md#waiting-list). Every
// change to paid seats or holds happens under Lock, inside a transaction, so
// the changes to one webinar happen one at a time and each sees the outcome of
// the one before: paid seats never exceed total_seats, under any concurrency,
// on SQLite and on PostgreSQL with several instances. Only this package writes
// purchased_coupon or reads and writes seat_holds and seat_offers (others
// ask OfferRunningSQL), and only it decides
// whether a registration has a seat: Take and Hold refuse with ErrNoSeat,
// so no caller re-derives the limit.
package seat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/throttle"
)

// Seats is a webinar's seat count at one moment, read under its lock.
type Seats struct {
	Total int // total_seats
	Paid  int // registrations with purchased_coupon true
	Held  int // registrations with an unexpired hold or offer (either ends when it is paid)
	// Offered: of Held, the waiting-list holds (a seat kept for someone
	// on the list, who may be paying for it).
	Offered int
	Left    int // max(0, Total − Paid − Held): what a new payment may take
}

// LeftShown is the seats left that screens and e-mails show (seats_left,
// docs/product.md#seats): max(0, total − taken), taken being the seats
// paid or kept for the waiting list (TakenSQL). Payment holds are not
// subtracted: a held seat comes back when its buyer does not finish.
func LeftShown(total, taken int) int { return max(0, total-taken) }

// TooFew is Fits's refusal: total_seats may not fall below the Paid seats,
// nor below Paid plus Held (every buyer holding a seat may still pay for
// it); Held is 0 when the total is below the paid seats alone.
type TooFew struct{ Paid, Held int }

func (e *TooFew) Error() string {
	return fmt.Sprintf("total seats below %d paid and %d held", e.Paid, e.Held)
}

// Fits reports whether the webinar counted in s may have total seats (an
// admin's seat cut): nil, or a *TooFew.
func (s Seats) Fits(total int) error {
	switch {
	case total < s.Paid:
		return &TooFew{Paid: s.Paid}
	case total < s.Paid+s.Held:
		return &TooFew{Paid: s.Paid, Held: s.Held}
	}
	return nil
}

// Listeners hear of every seat change. Each is required (New panics on a
// missing one), and each runs inside the seat service's transactions, so
// the wiring that builds them (internal/app) shows all that a purchase,
// refund or hold sets off.
type Listeners struct {
	// ListChanged runs at every Lock, before any change: the public list's
	// cache is dropped (webinar.ListCache).
	ListChanged func()
	// Freed runs under the lock at the start and at the end of every Run:
	// the waiting list is offered the seats left (waitlist.Offers).
	Freed Freed
	// Filled runs after a commit in which a taken seat filled the webinar,
	// in a Run of its own: the giveaway's automatic draw (giveaway.Draws).
	Filled Filled
}

// Freed offers a webinar's seats left to the people waiting (Tx.Offer), so
// a freed seat goes to them before anyone else can take it. It must be
// cheap when nobody waits.
type Freed interface {
	OfferFreed(ctx context.Context, tx *Tx) error
}

// Filled hears that a webinar's paid seats reached total_seats, under the
// seat lock of a transaction that follows the filling one. It must be
// idempotent: a retry (giveaway's DrawPending) may tell it twice. Its
// error is logged, never the buyer's: the purchase has committed.
type Filled interface {
	SeatsFilled(ctx context.Context, tx *Tx) error
}

// Service locks, counts, holds, takes and gives back seats.
type Service struct {
	db     *db.DB
	now    clock.Func
	listen Listeners
}

// New returns the seat owner on d, telling l of every change. It panics
// when a listener is missing: a seat service that silently skips the
// waiting list or the draw would sell seats it should not.
func New(d *db.DB, now clock.Func, l Listeners) *Service {
	if l.ListChanged == nil || l.Freed == nil || l.Filled == nil {
		panic("seat.New: every listener (ListChanged, Freed, Filled) is required")
	}
	return &Service{db: d, now: now, listen: l}
}

var errNotFound = apperr.NotFound("Webinar not found")

// Lock locks webinar id's seats until the transaction in ctx ends and
// counts them; a missing webinar is 404 'Webinar not found'. It fails
// outside a transaction: a count read without the lock decides nothing.
func (s *Service) Lock(ctx context.Context, id string) (Seats, error) {
	return s.lock(ctx, id, false)
}

// LockForDelete is Lock before a webinar's delete: on PostgreSQL the row is
// locked FOR UPDATE, which also stops new rows from referencing it.
func (s *Service) LockForDelete(ctx context.Context, id string) (Seats, error) {
	return s.lock(ctx, id, true)
}

// lock: PostgreSQL locks the webinar row (FOR NO KEY UPDATE, or FOR UPDATE
// before a delete); SQLite starts every transaction with BEGIN IMMEDIATE,
// so a transaction already excludes every other writer.
func (s *Service) lock(ctx context.Context, id string, forDelete bool) (Seats, error) {
	if !s.db.InTransaction(ctx) {
		return Seats{}, errors.New("seat: Lock called outside a transaction")
	}
	s.listen.ListChanged()
	lock := ""
	if s.db.Engine == db.Postgres {
		lock = " FOR NO KEY UPDATE"
		if forDelete {
			lock = " FOR UPDATE"
		}
	}
	q := s.db.Q(ctx)
	var seats Seats
	var paying int
	err := q.QueryRowContext(ctx, `SELECT total_seats FROM webinars WHERE id = $1`+lock, id).Scan(&seats.Total)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return Seats{}, errNotFound
	}
	if err != nil {
		return Seats{}, db.MapError(err)
	}
	// Lapsed waiting-list holds go, under the lock, so that TakenSQL counts
	// running ones.
	if _, err := q.ExecContext(ctx, `DELETE FROM seat_offers WHERE webinar_id = $1 AND expires_at <= $2`, id, s.now()); err != nil {
		return Seats{}, db.MapError(err)
	}
	// A registration paying for the seat it was offered has both a hold
	// and an offer: it is held once.
	err = q.QueryRowContext(ctx, `SELECT `+PaidSQL("$1")+`,
		(SELECT count(*) FROM seat_holds WHERE webinar_id = $1 AND expires_at > $2),
		(SELECT count(*) FROM seat_offers WHERE webinar_id = $1 AND expires_at > $2),
		(SELECT count(*) FROM seat_offers o WHERE o.webinar_id = $1 AND o.expires_at > $2
			AND EXISTS (SELECT 1 FROM seat_holds h WHERE h.registration_id = o.registration_id AND h.expires_at > $2))`,
		id, s.now()).Scan(&seats.Paid, &seats.Held, &seats.Offered, &paying)
	if err != nil {
		return Seats{}, db.MapError(err)
	}
	seats.Held += seats.Offered - paying
	seats.Left = max(0, seats.Total-seats.Paid-seats.Held)
	return seats, nil
}

// Tx is one transaction holding a webinar's seat lock (Run).
type Tx struct {
	Seats     Seats // as counted under the lock, kept up to date by Take and GiveBack
	s         *Service
	webinarID string
	filled    bool
}

// Run runs fn in one transaction under webinar id's seat lock. fn decides
// from tx.Seats and changes seats through tx. Every Run also runs the
// listeners: ListChanged at the lock, Freed before fn and after it, and,
// when a seat fn took filled the webinar, Filled after the commit.
func (s *Service) Run(ctx context.Context, webinarID string, fn func(ctx context.Context, tx *Tx) error) error {
	tx := &Tx{s: s, webinarID: webinarID}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		seats, err := s.Lock(ctx, webinarID)
		if err != nil {
			return err
		}
		*tx = Tx{Seats: seats, s: s, webinarID: webinarID}
		if err := s.listen.Freed.OfferFreed(ctx, tx); err != nil {
			return err
		}
		if err := fn(ctx, tx); err != nil {
			return err
		}
		return s.listen.Freed.OfferFreed(ctx, tx)
	})
	if err == nil && tx.filled {
		ctx := context.WithoutCancel(ctx)
		if err := s.Run(ctx, webinarID, s.listen.Filled.SeatsFilled); err != nil {
			slog.ErrorContext(ctx, "seats filled: the listener failed; it will be retried", "webinar_id", webinarID, "err", err)
		}
	}
	return err
}

// Settle runs the listeners on a webinar's seats with no change of its
// own: seats that freed up with nobody acting (a hold or an offer that ran
// out) are offered to the waiting list.
func (s *Service) Settle(ctx context.Context, webinarID string) error {
	return s.Run(ctx, webinarID, func(context.Context, *Tx) error { return nil })
}

// ErrNoSeat is Take's and Hold's refusal when the webinar has no seat for
// the registration: 409 sold_out, the one home of the sold-out text
// (docs/product.md#seats).
var ErrNoSeat = apperr.Conflict("sold_out", "All coupons for this webinar have been sold.")

// msgSeatsHeld is Hold's refusal while every seat left is held by buyers
// who are paying (409 seats_held, Retry-After: when the first hold ends).
const msgSeatsHeld = "Every seat left is being paid for right now. If a buyer does not finish, the seat comes back: please try again in %s."

// standing is what a registration of tx's webinar has of a seat.
type standing struct {
	paid      bool
	holding   bool      // a running hold (seat_holds)
	offerEnds time.Time // when its running offer ends; zero: none
}

// held: the registration's seat is counted in Held.
func (st standing) held() bool { return st.holding || !st.offerEnds.IsZero() }

// WebinarID is the webinar whose seats tx holds locked.
func (tx *Tx) WebinarID() string { return tx.webinarID }

// own reads registration id's standing.
func (tx *Tx) own(ctx context.Context, id string) (standing, error) {
	var st standing
	var offer sql.NullTime
	err := tx.s.db.Q(ctx).QueryRowContext(ctx, `SELECT r.purchased_coupon,
		EXISTS (SELECT 1 FROM seat_holds h WHERE h.registration_id = r.id AND h.expires_at > $3), o.expires_at
		FROM webinar_registrations r LEFT JOIN seat_offers o ON o.registration_id = r.id AND o.expires_at > $3
		WHERE r.id = $1 AND r.webinar_id = $2`, id, tx.webinarID, tx.s.now()).Scan(&st.paid, &st.holding, &offer)
	if offer.Valid {
		st.offerEnds = offer.Time.UTC()
	}
	return st, db.MapError(err)
}

// seatFor is the seat rule: a registration has a seat while paid seats are
// below total_seats and either it holds one (its hold is counted in Held)
// or one is left unheld.
func (s Seats) seatFor(held bool) bool { return !s.Full() && (held || s.Left > 0) }

func (tx *Tx) recount() { tx.Seats.Left = max(0, tx.Seats.Total-tx.Seats.Paid-tx.Seats.Held) }

// Take marks registration id's seat paid and ends its hold; it refuses
// with ErrNoSeat when the webinar has no seat for it. A seat already paid
// is left as it is (the admin's simulated purchase that a payment then
// completes).
func (tx *Tx) Take(ctx context.Context, registrationID string) error {
	st, err := tx.own(ctx, registrationID)
	if err != nil {
		return err
	}
	if !st.paid {
		if !tx.Seats.seatFor(st.held()) {
			return ErrNoSeat
		}
		// A paid seat is a giveaway entry: it keeps the person's role now, the
		// one its eligibility is judged by (docs/product.md#giveaway).
		if _, err := tx.s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET purchased_coupon = TRUE,
			entrant_role = (SELECT role FROM profiles p WHERE p.id = webinar_registrations.user_id)
			WHERE id = $1 AND webinar_id = $2`, registrationID, tx.webinarID); err != nil {
			return db.MapError(err)
		}
		tx.Seats.Paid++
		if st.held() {
			tx.Seats.Held--
		}
		if !st.offerEnds.IsZero() {
			tx.Seats.Offered--
		}
		tx.recount()
		tx.filled = tx.Seats.Full()
	}
	// A paid seat is counted as paid and never also as held.
	if _, err = tx.s.db.Q(ctx).ExecContext(ctx, `DELETE FROM seat_holds WHERE registration_id = $1`, registrationID); err != nil {
		return db.MapError(err)
	}
	_, err = tx.s.db.Q(ctx).ExecContext(ctx, `DELETE FROM seat_offers WHERE registration_id = $1`, registrationID)
	return db.MapError(err)
}

// GiveBack frees registration id's paid seat (a reset of a purchase no money
// holds, a refund).
func (tx *Tx) GiveBack(ctx context.Context, registrationID string) error {
	res, err := tx.s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET purchased_coupon = FALSE
		WHERE id = $1 AND webinar_id = $2 AND purchased_coupon = TRUE`, registrationID, tx.webinarID)
	if err != nil {
		return db.MapError(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 1 {
		tx.Seats.Paid--
		tx.recount()
		slog.InfoContext(ctx, "seat given back", "webinar_id", tx.webinarID, "registration_id", registrationID)
	}
	return nil
}

// Hold gives payment paymentID registration registrationID's seat until
// until (renewing the registration's own hold, or replacing a lapsed one)
// and returns when the seat stops being the registration's: until, or
// later when a waiting-list offer keeps it longer. Without a running hold
// or offer of its own it refuses with ErrNoSeat when paid seats reached
// total_seats, and with 409 seats_held while every seat left is held by
// others.
func (tx *Tx) Hold(ctx context.Context, registrationID, paymentID string, until time.Time) (time.Time, error) {
	st, err := tx.own(ctx, registrationID)
	if err != nil {
		return time.Time{}, err
	}
	if !tx.Seats.seatFor(st.held()) {
		// Seats paid for or kept for the waiting list are sold out to
		// everyone else: one of these comes back only to the list.
		if tx.Seats.Paid+tx.Seats.Offered >= tx.Seats.Total {
			return time.Time{}, ErrNoSeat
		}
		soonest, err := tx.soonestHoldEnd(ctx)
		if err != nil {
			return time.Time{}, err
		}
		return time.Time{}, throttle.Wait(apperr.KindConflict, "seats_held", msgSeatsHeld, soonest.Sub(tx.s.now()))
	}
	_, err = tx.s.db.Q(ctx).ExecContext(ctx, `INSERT INTO seat_holds (registration_id, webinar_id, payment_id, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (registration_id) DO UPDATE SET payment_id = excluded.payment_id, expires_at = excluded.expires_at`,
		registrationID, tx.webinarID, paymentID, until, tx.s.now())
	if err != nil {
		return time.Time{}, db.MapError(err)
	}
	if !st.held() {
		tx.Seats.Held++
		tx.recount()
	}
	if st.offerEnds.After(until) {
		return st.offerEnds, nil
	}
	return until, nil
}

// Offer keeps one of the seats left for registration registrationID until
// until (a waiting-list hold): nobody else can hold or take it meanwhile.
// It refuses with ErrNoSeat when no seat is left.
func (tx *Tx) Offer(ctx context.Context, registrationID string, until time.Time) error {
	st, err := tx.own(ctx, registrationID)
	if err != nil {
		return err
	}
	if st.paid || (!st.held() && tx.Seats.Left <= 0) {
		return ErrNoSeat
	}
	_, err = tx.s.db.Q(ctx).ExecContext(ctx, `INSERT INTO seat_offers (registration_id, webinar_id, expires_at, created_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (registration_id) DO UPDATE SET expires_at = excluded.expires_at, created_at = excluded.created_at`,
		registrationID, tx.webinarID, until, tx.s.now())
	if err != nil {
		return db.MapError(err)
	}
	if !st.held() {
		tx.Seats.Held++
	}
	if st.offerEnds.IsZero() {
		tx.Seats.Offered++
	}
	tx.recount()
	return nil
}

// EndOffer gives back registration registrationID's waiting-list hold, if
// any (declined, or its person left the list).
func (tx *Tx) EndOffer(ctx context.Context, registrationID string) error {
	st, err := tx.own(ctx, registrationID)
	if err != nil {
		return err
	}
	if _, err := tx.s.db.Q(ctx).ExecContext(ctx, `DELETE FROM seat_offers WHERE registration_id = $1`, registrationID); err != nil {
		return db.MapError(err)
	}
	if !st.offerEnds.IsZero() {
		tx.Seats.Offered--
		if !st.holding {
			tx.Seats.Held--
		}
		tx.recount()
	}
	return nil
}

// Resize sets the webinar's seats to total (the admin's edit, which writes
// total_seats itself in the same transaction): refused with a *TooFew as
// Fits does; seats added are offered to the waiting list at the end of Run.
func (tx *Tx) Resize(total int) error {
	if err := tx.Seats.Fits(total); err != nil {
		return err
	}
	tx.Seats.Total = total
	tx.recount()
	return nil
}

// OfferRunningSQL is the condition that registration column reg has a
// running waiting-list hold at the time parameter now.
func OfferRunningSQL(reg, now string) string {
	return `EXISTS (SELECT 1 FROM seat_offers running_o WHERE running_o.registration_id = ` + reg + ` AND running_o.expires_at > ` + now + `)`
}

// OfferExpiry returns when registration registrationID's running
// waiting-list hold ends (the zero time: none).
func (s *Service) OfferExpiry(ctx context.Context, registrationID string) (time.Time, error) {
	var t time.Time
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT expires_at FROM seat_offers WHERE registration_id = $1 AND expires_at > $2`,
		registrationID, s.now()).Scan(&t)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return time.Time{}, nil
	}
	return t.UTC(), db.MapError(err)
}

// HoldExpiry returns when payment paymentID's seat stops being its buyer's:
// its hold ends, or later the waiting-list hold of its registration (the
// zero time: neither).
func (s *Service) HoldExpiry(ctx context.Context, paymentID string) (time.Time, error) {
	var hold, offer sql.NullTime
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT h.expires_at, o.expires_at FROM payments p
		LEFT JOIN seat_holds h ON h.payment_id = p.id
		LEFT JOIN seat_offers o ON o.registration_id = p.registration_id AND o.expires_at > $2
		WHERE p.id = $1`, paymentID, s.now()).Scan(&hold, &offer)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return time.Time{}, nil
	}
	if offer.Valid && (!hold.Valid || offer.Time.After(hold.Time)) {
		hold = offer
	}
	return hold.Time.UTC(), db.MapError(err)
}

// soonestHoldEnd returns when the first running hold or waiting-list hold
// of tx's webinar ends (the zero time: none).
func (tx *Tx) soonestHoldEnd(ctx context.Context) (time.Time, error) {
	var soonest time.Time
	for _, table := range []string{"seat_holds", "seat_offers"} {
		var t time.Time
		err := tx.s.db.Q(ctx).QueryRowContext(ctx, `SELECT expires_at FROM `+table+`
			WHERE webinar_id = $1 AND expires_at > $2 ORDER BY expires_at LIMIT 1`, tx.webinarID, tx.s.now()).Scan(&t)
		switch err = db.MapError(err); {
		case errors.Is(err, db.ErrNotFound):
		case err != nil:
			return time.Time{}, err
		case soonest.IsZero() || t.Before(soonest):
			soonest = t.UTC()
		}
	}
	return soonest, nil
}

// Release ends payment paymentID's hold, if any (the payment closed). It
// needs no lock: it only ever frees a seat.
func (s *Service) Release(ctx context.Context, paymentID string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM seat_holds WHERE payment_id = $1`, paymentID)
	return db.MapError(err)
}

// ClientHold is a running hold of a payment started from one client.
type ClientHold struct {
	PaymentID, WebinarID string
	Expires              time.Time
}

// ClientHolds returns the running holds of payments started from client
// (payments.client_key), soonest to end first.
func (s *Service) ClientHolds(ctx context.Context, client string) ([]ClientHold, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT h.payment_id, h.webinar_id, h.expires_at
		FROM seat_holds h JOIN payments p ON p.id = h.payment_id
		WHERE p.client_key = $1 AND h.expires_at > $2 ORDER BY h.expires_at LIMIT 100`, client, s.now())
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []ClientHold
	for rows.Next() {
		var h ClientHold
		if err := rows.Scan(&h.PaymentID, &h.WebinarID, &h.Expires); err != nil {
			return nil, db.MapError(err)
		}
		h.Expires = h.Expires.UTC()
		out = append(out, h)
	}
	return out, db.MapError(rows.Err())
}
