package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
)

// The big store of the admin bench (-scale): scale customers, each
// registered for one of bigWebinars webinars, every third one paid (a
// succeeded payment and its coupon), their sign-ups spread over bigSpan.
const (
	bigWebinars = 20
	bigSpan     = 180 * 24 * time.Hour
	// bigBatch rows go in one INSERT (PostgreSQL takes at most 65,535
	// parameters a statement; SQLite 32,766), bigTx rows in one transaction.
	bigBatch = 500
	bigTx    = 10000
)

// bigCustomer is the e-mail of customer i: "customer4711@…" is one
// account, "customer4711" eleven, "example" two thirds of them.
func bigCustomer(i int) string {
	domains := [...]string{"example.com", "mail.test", "example.org"}
	return fmt.Sprintf("customer%d@%s", i, domains[i%len(domains)])
}

// bigSeeded is what the admin bench needs to know of the big store.
type bigSeeded struct {
	codes   []string // a sample of coupon codes, for the code lookups
	coupons int
}

// rowBatcher inserts rows of one table bigBatch at a time.
type rowBatcher struct {
	ctx    context.Context
	d      *db.DB
	head   string // INSERT INTO t (a, b, …) VALUES
	cols   int
	rows   [][]any
	posted int
	// parents are flushed first: their rows are what this table's foreign
	// keys point at, checked row by row.
	parents []*rowBatcher
}

func (b *rowBatcher) add(row ...any) error {
	b.rows = append(b.rows, row)
	if len(b.rows) == bigBatch {
		return b.flush()
	}
	return nil
}

func (b *rowBatcher) flush() error {
	for _, p := range b.parents {
		if err := p.flush(); err != nil {
			return err
		}
	}
	if len(b.rows) == 0 {
		return nil
	}
	var sb strings.Builder
	sb.WriteString(b.head)
	args := make([]any, 0, len(b.rows)*b.cols)
	for i, r := range b.rows {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteByte('(')
		for j := range r {
			if j > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "$%d", len(args)+j+1)
		}
		sb.WriteByte(')')
		args = append(args, r...)
	}
	if _, err := b.d.Q(b.ctx).ExecContext(b.ctx, sb.String(), args...); err != nil {
		return fmt.Errorf("%s…: %w", b.head[:40], err)
	}
	b.posted += len(b.rows)
	b.rows = b.rows[:0]
	return nil
}

// bigSeed writes scale customers, their registrations, payments and coupons
// straight through SQL (the services would take minutes at this size),
// bigTx customers per transaction, on webinars that already exist.
func bigSeed(ctx context.Context, d *db.DB, scale int, webinarIDs []string) (bigSeeded, error) {
	var out bigSeeded
	start := clock.Now().Add(-bigSpan)
	step := bigSpan / time.Duration(scale+1)
	for from := 0; from < scale; from += bigTx {
		to := min(from+bigTx, scale)
		err := d.InTx(ctx, func(ctx context.Context) error {
			profiles := &rowBatcher{ctx: ctx, d: d, cols: 7, head: `INSERT INTO profiles
				(id, email, first_name, last_name, phone_number, created_at, updated_at) VALUES `}
			regs := &rowBatcher{ctx: ctx, d: d, cols: 8, parents: []*rowBatcher{profiles}, head: `INSERT INTO webinar_registrations
				(id, webinar_id, user_id, user_name_for_registration, user_email_for_registration,
				 registration_time, watched_video_fully, purchased_coupon) VALUES `}
			payments := &rowBatcher{ctx: ctx, d: d, cols: 13, parents: []*rowBatcher{regs}, head: `INSERT INTO payments
				(id, provider, provider_payment_id, user_id, webinar_id, registration_id, amount_cents,
				 currency, coupon_value_cents, status, created_at, updated_at, fulfilled_at) VALUES `}
			coupons := &rowBatcher{ctx: ctx, d: d, cols: 14, parents: []*rowBatcher{payments}, head: `INSERT INTO coupons
				(id, code, user_id, webinar_id, webinar_registration_id, payment_id, value_cents,
				 original_payment_cents, created_at, expires_at, paid_cents, bonus_cents, paid_until, bonus_until) VALUES `}
			for i := from; i < to; i++ {
				at := start.Add(time.Duration(i+1) * step).Truncate(time.Microsecond)
				user, reg, email := uuid.NewString(), uuid.NewString(), bigCustomer(i)
				wid := webinarIDs[i%len(webinarIDs)]
				paid := i%3 == 0
				if err := profiles.add(user, email, "Big", "Customer", "630-555-0101", at, at); err != nil {
					return err
				}
				if err := regs.add(reg, wid, user, "Big Customer", email, at, true, paid); err != nil {
					return err
				}
				if !paid {
					continue
				}
				pay, code := uuid.NewString(), coupon.NewCode()
				if len(out.codes) < 1000 && i%97 == 0 {
					out.codes = append(out.codes, code)
				}
				// Money in integer cents: $25.00 paid, a $30.00 coupon (120 %).
				if err := payments.add(pay, "test", "bench-"+pay, user, wid, reg, 2500, "usd", 3000,
					"succeeded", at, at, at); err != nil {
					return err
				}
				ends := at.Add(365 * 24 * time.Hour) // one expiry (Whole): both parts end with the coupon
				if err := coupons.add(uuid.NewString(), code, user, wid, reg, pay, 3000, 2500, at,
					ends, 2500, 500, ends, ends); err != nil {
					return err
				}
			}
			if err := coupons.flush(); err != nil { // and its parents before it
				return err
			}
			out.coupons += coupons.posted
			return nil
		})
		if err != nil {
			return out, err
		}
	}
	// Statistics and a visibility map, as a store that grew over months has
	// them: PostgreSQL's autovacuum would vacuum and analyze these tables
	// only a while after the load (SQLite's PRAGMA optimize runs when the
	// server opens the store).
	if d.Engine == db.Postgres {
		if _, err := d.ExecContext(ctx, `VACUUM (ANALYZE) profiles, webinars, webinar_registrations, payments, coupons`); err != nil {
			return out, fmt.Errorf("vacuum: %w", err)
		}
	}
	return out, nil
}
