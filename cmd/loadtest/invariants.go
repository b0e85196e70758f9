package main

import (
	"context"
	"fmt"

	"watchwin/internal/db"
)

// invariant is one money rule checked on the database after a load run:
// query counts the rows that break it, so 0 means the rule held.
type invariant struct {
	name  string
	query string
}

// invariants are the money rules of docs/product.md#seats-payments-and-money as the database must show them
// after any amount of concurrent buying. The load test seeds no free
// webinars, simulated purchases or demo coupons, so here every paid seat was
// paid for by card and carries its coupon.
var invariants = []invariant{
	{"paid seats never exceed total_seats", `
		SELECT COUNT(*) FROM webinars w
		WHERE (SELECT COUNT(*) FROM webinar_registrations r WHERE r.webinar_id = w.id AND r.purchased_coupon) > w.total_seats
		   OR (SELECT COUNT(*) FROM coupons c WHERE c.webinar_id = w.id) > w.total_seats`},
	{"every succeeded payment has exactly one coupon", `
		SELECT COUNT(*) FROM payments p
		WHERE p.status = 'succeeded' AND (SELECT COUNT(*) FROM coupons c WHERE c.payment_id = p.id) <> 1`},
	{"no coupon without a succeeded payment", `
		SELECT COUNT(*) FROM coupons c LEFT JOIN payments p ON p.id = c.payment_id
		WHERE p.id IS NULL OR p.status <> 'succeeded'`},
	{"every paid seat has its coupon", `
		SELECT COUNT(*) FROM webinar_registrations r
		WHERE r.purchased_coupon AND NOT EXISTS (SELECT 1 FROM coupons c WHERE c.webinar_registration_id = r.id)`},
	{"no card charged without a coupon or a refund", `
		SELECT COUNT(*) FROM test_payment_intents i
		WHERE i.status = 'succeeded' AND NOT i.refunded AND NOT EXISTS (
			SELECT 1 FROM payments p WHERE p.provider = 'test' AND p.provider_payment_id = i.id AND p.status = 'succeeded')`},
	{"every refunded payment was refunded at the provider, without a coupon", `
		SELECT COUNT(*) FROM payments p
		WHERE p.status = 'refunded' AND (
			EXISTS (SELECT 1 FROM coupons c WHERE c.payment_id = p.id) OR NOT EXISTS (
				SELECT 1 FROM test_payment_intents i WHERE i.id = p.provider_payment_id AND i.refunded))`},
}

// result is an invariant's outcome: how many rows break it.
type result struct {
	name   string
	broken int
}

// checkInvariants runs every invariant on d.
func checkInvariants(ctx context.Context, d *db.DB) ([]result, error) {
	out := make([]result, 0, len(invariants))
	for _, inv := range invariants {
		var n int
		if err := d.QueryRowContext(ctx, inv.query).Scan(&n); err != nil {
			return nil, fmt.Errorf("%s: %w", inv.name, err)
		}
		out = append(out, result{inv.name, n})
	}
	return out, nil
}

// tally is what the database holds after the run, for the report.
type tally struct {
	webinars, seatsPaid, coupons, succeeded, refunded, open int
}

func countRows(ctx context.Context, d *db.DB) (tally, error) {
	var t tally
	err := d.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM webinars),
		(SELECT COUNT(*) FROM webinar_registrations WHERE purchased_coupon),
		(SELECT COUNT(*) FROM coupons),
		(SELECT COUNT(*) FROM payments WHERE status = 'succeeded'),
		(SELECT COUNT(*) FROM payments WHERE status = 'refunded'),
		(SELECT COUNT(*) FROM payments WHERE status = 'open')`).
		Scan(&t.webinars, &t.seatsPaid, &t.coupons, &t.succeeded, &t.refunded, &t.open)
	return t, err
}
