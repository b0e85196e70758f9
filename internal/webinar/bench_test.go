package webinar_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/testutil"
)

// BenchmarkPublicList measures the public list (one query, seats_left
// included) over 50 webinars and 5000 registrations, about a third paid.
func BenchmarkPublicList(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(string(engine), func(b *testing.B) {
			ctx := context.Background()
			d := testutil.OpenDB(b, engine)
			svc := newService(d)
			const webinars, users = 50, 100 // every user registers for every webinar: 5000 registrations
			base := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
			ids := make([]string, webinars)
			for i := range ids {
				ids[i] = createWebinar(b, svc, form{title: fmt.Sprintf("Benchmark webinar %d", i),
					when: base.Add(time.Duration(i) * time.Hour), seats: "100000", active: i%10 != 0}).ID
			}
			err := d.InTx(ctx, func(ctx context.Context) error {
				tx := d.Q(ctx)
				for u := 0; u < users; u++ {
					user := addUser(b, tx)
					for w, id := range ids {
						if _, err := tx.ExecContext(ctx, `INSERT INTO webinar_registrations
							(id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time, purchased_coupon)
							VALUES ($1, $2, $3, 'Bench User', 'bench@example.com', $4, $5)`,
							uuid.NewString(), id, user, clock.Now(), (u+w)%3 == 0); err != nil {
							return err
						}
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			list, err := svc.ListPublic(ctx)
			if err != nil || len(list) != 45 {
				b.Fatalf("list: %d, %v", len(list), err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := svc.ListPublic(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLockSeats measures the seat query every purchase, hold and
// refund runs first: the webinar's lock and its paid and held counts, on a
// webinar with 1000 registrations (a third paid), in a transaction of its
// own.
func BenchmarkLockSeats(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(string(engine), func(b *testing.B) {
			ctx := context.Background()
			d := testutil.OpenDB(b, engine)
			svc := newService(d)
			seats := testutil.Seats(d, func() {})
			id := createWebinar(b, svc, form{title: "Seat query", when: time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC),
				seats: "100000", active: true}).ID
			err := d.InTx(ctx, func(ctx context.Context) error {
				tx := d.Q(ctx)
				for u := 0; u < 1000; u++ {
					addRegistration(b, tx, id, addUser(b, tx), u%3 == 0)
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				err := d.InTx(ctx, func(ctx context.Context) error {
					got, err := seats.Lock(ctx, id)
					if err == nil && got.Paid != 334 {
						b.Fatalf("seats %+v", got)
					}
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
