// Package seat is the one owner of a webinar's seats (docs/api.md, "Seat
// holds"). total_seats is the webinar's; a paid seat is a registration
// whose purchased_coupon is true; a held seat is a running row of
// seat_holds, kept while a payment is under way. Every change to paid seats
// or holds happens under Lock, inside a transaction, so the changes to one
// webinar happen one at a time and each sees the outcome of the one before:
// paid seats never exceed total_seats, under any concurrency, on SQLite and
// on PostgreSQL with several instances. Only this package writes
// purchased_coupon or reads and writes seat_holds.
package seat

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/clock"
	"watchwin/internal/db"
)

// Seats is a webinar's seat count at one moment, read under its lock.
type Seats struct {
	Total int // total_seats
	Paid  int // registrations with purchased_coupon true
	Held  int // unexpired holds (a registration's hold ends when it is paid)
	Left  int // max(0, Total − Paid − Held): what a new payment may take
}

// Filled hears, after the commit, that a webinar's paid seats reached
// total_seats (the giveaway draw). It must be idempotent: a retry may tell
// it twice.
type Filled interface {
	SeatsFilled(ctx context.Context, webinarID string)
}

// Service locks, counts, holds, takes and gives back seats.
type Service struct {
	db      *db.DB
	now     clock.Func
	changed func() // the public list must be rebuilt
	filled  Filled // nil: nobody listens
}

// New returns the seat owner on d.
func New(d *db.DB, now clock.Func) *Service { return &Service{db: d, now: now} }

// Listen sets who hears of seat changes: changed before any change (the
// public list's cache), filled after a commit that filled a webinar. Call it
// once, while wiring, before serving.
func (s *Service) Listen(changed func(), filled Filled) {
	s.changed, s.filled = changed, filled
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
	if s.changed != nil {
		s.changed()
	}
	lock := ""
	if s.db.Engine == db.Postgres {
		lock = " FOR NO KEY UPDATE"
		if forDelete {
			lock = " FOR UPDATE"
		}
	}
	q := s.db.Q(ctx)
	var seats Seats
	err := q.QueryRowContext(ctx, `SELECT total_seats FROM webinars WHERE id = $1`+lock, id).Scan(&seats.Total)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return Seats{}, errNotFound
	}
	if err != nil {
		return Seats{}, db.MapError(err)
	}
	err = q.QueryRowContext(ctx, `SELECT `+PaidSQL("$1")+`,
		(SELECT count(*) FROM seat_holds WHERE webinar_id = $1 AND expires_at > $2)`,
		id, s.now()).Scan(&seats.Paid, &seats.Held)
	if err != nil {
		return Seats{}, db.MapError(err)
	}
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
// from tx.Seats and changes seats through tx; when a seat it took filled
// the webinar, Filled hears of it after the commit.
func (s *Service) Run(ctx context.Context, webinarID string, fn func(ctx context.Context, tx *Tx) error) error {
	tx := &Tx{s: s, webinarID: webinarID}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		seats, err := s.Lock(ctx, webinarID)
		if err != nil {
			return err
		}
		*tx = Tx{Seats: seats, s: s, webinarID: webinarID}
		return fn(ctx, tx)
	})
	if err == nil && tx.filled && s.filled != nil {
		s.filled.SeatsFilled(context.WithoutCancel(ctx), webinarID)
	}
	return err
}

// Take marks registration id's seat paid and ends its hold. The caller has
// checked there is a seat for it; a seat already paid is left as it is.
func (tx *Tx) Take(ctx context.Context, registrationID string) error {
	res, err := tx.s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET purchased_coupon = TRUE
		WHERE id = $1 AND webinar_id = $2 AND purchased_coupon = FALSE`, registrationID, tx.webinarID)
	if err != nil {
		return db.MapError(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 1 {
		tx.Seats.Paid++
		tx.Seats.Left = max(0, tx.Seats.Total-tx.Seats.Paid-tx.Seats.Held)
		tx.filled = tx.Seats.Paid >= tx.Seats.Total
	}
	// A paid seat is counted as paid and never also as held.
	_, err = tx.s.db.Q(ctx).ExecContext(ctx, `DELETE FROM seat_holds WHERE registration_id = $1`, registrationID)
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
		tx.Seats.Left = max(0, tx.Seats.Total-tx.Seats.Paid-tx.Seats.Held)
		slog.InfoContext(ctx, "seat given back", "webinar_id", tx.webinarID, "registration_id", registrationID)
	}
	return nil
}

// Hold gives payment paymentID registration registrationID's seat until
// until (replacing a lapsed hold of the same registration).
func (tx *Tx) Hold(ctx context.Context, registrationID, paymentID string, until time.Time) error {
	_, err := tx.s.db.Q(ctx).ExecContext(ctx, `INSERT INTO seat_holds (registration_id, webinar_id, payment_id, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (registration_id) DO UPDATE SET payment_id = excluded.payment_id, expires_at = excluded.expires_at`,
		registrationID, tx.webinarID, paymentID, until, tx.s.now())
	return db.MapError(err)
}

// HoldExpiry returns when payment paymentID's hold ends (the zero time:
// none).
func (s *Service) HoldExpiry(ctx context.Context, paymentID string) (time.Time, error) {
	var t time.Time
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT expires_at FROM seat_holds WHERE payment_id = $1`, paymentID).Scan(&t)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return time.Time{}, nil
	}
	return t.UTC(), db.MapError(err)
}

// SoonestHoldEnd returns when the first running hold of tx's webinar ends
// (the zero time: none).
func (tx *Tx) SoonestHoldEnd(ctx context.Context) (time.Time, error) {
	var t time.Time
	err := tx.s.db.Q(ctx).QueryRowContext(ctx, `SELECT expires_at FROM seat_holds
		WHERE webinar_id = $1 AND expires_at > $2 ORDER BY expires_at LIMIT 1`, tx.webinarID, tx.s.now()).Scan(&t)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return time.Time{}, nil
	}
	return t.UTC(), db.MapError(err)
}

// Release ends payment paymentID's hold, if any (the payment closed). It
// needs no lock: it only ever frees a seat.
func (s *Service) Release(ctx context.Context, paymentID string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM seat_holds WHERE payment_id = $1`, paymentID)
	return db.MapError(err)
}

// ClientHold is a running hold of a payment started from one client.
type ClientHold struct {
	WebinarID string
	Expires   time.Time
}

// ClientHolds returns the running holds of payments started from client
// (payments.client_key), soonest to end first.
func (s *Service) ClientHolds(ctx context.Context, client string) ([]ClientHold, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT h.webinar_id, h.expires_at
		FROM seat_holds h JOIN payments p ON p.id = h.payment_id
		WHERE p.client_key = $1 AND h.expires_at > $2 ORDER BY h.expires_at LIMIT 100`, client, s.now())
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []ClientHold
	for rows.Next() {
		var h ClientHold
		if err := rows.Scan(&h.WebinarID, &h.Expires); err != nil {
			return nil, db.MapError(err)
		}
		h.Expires = h.Expires.UTC()
		out = append(out, h)
	}
	return out, db.MapError(rows.Err())
}
