package db_test

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// Both engines must carry the same numbered migrations, so a schema change
// can never land on one engine only.
func TestMigrationSetsMatch(t *testing.T) {
	names := func(engine string) []string {
		entries, err := fs.ReadDir(db.Migrations, "migrations/"+engine)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	lite, pg := names("sqlite"), names("postgres")
	if len(lite) == 0 || !slices.Equal(lite, pg) {
		t.Fatalf("migration files differ:\n sqlite:   %v\n postgres: %v", lite, pg)
	}
}

func TestSchemaRules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		now := clock.Now()
		mustExec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.Exec(q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		mustExec(`INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('u1', 'a@example.com', 'user', $1, $1)`, now)
		mustExec(`INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('u9', 'b9@example.com', 'user', $1, $1)`, now)
		mustExec(`INSERT INTO webinars (id, title, description, event_datetime, display_price_cents, youtube_video_id, created_at, updated_at)
			VALUES ('w1', 'Title', 'Description', $1, 4000, 'abcdefghijk', $1, $1)`, now)
		mustExec(`INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time)
			VALUES ('r1', 'w1', 'u1', 'A', 'a@example.com', $1)`, now)
		mustExec(`INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id, value_cents, original_payment_cents, created_at, expires_at)
			VALUES ('c1', 'LW-AAAA', 'u1', 'w1', 'r1', 4800, 4000, $1, $1)`, now)
		mustExec(`INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time)
			VALUES ('r9', 'w1', 'u9', 'B', 'b@example.com', $1)`, now)
		mustExec(`INSERT INTO payments (id, provider, provider_payment_id, user_id, webinar_id, registration_id, amount_cents, currency, coupon_value_cents, status, created_at, updated_at)
			VALUES ('p1', 'test', 'pi_1', 'u9', 'w1', 'r9', 4000, 'usd', 4800, 'open', $1, $1)`, now)

		var seats, pct int
		var active bool
		if err := d.QueryRow(`SELECT total_seats, actual_coupon_value_percentage, is_active FROM webinars WHERE id = 'w1'`).Scan(&seats, &pct, &active); err != nil {
			t.Fatal(err)
		}
		if seats != 20 || pct != 120 || !active {
			t.Errorf("defaults: seats %d pct %d active %v, want 20 120 true", seats, pct, active)
		}

		refused := []struct{ name, sql string }{
			{"second profile with the same email", `INSERT INTO profiles (id, email, created_at, updated_at) VALUES ('u2', 'a@example.com', $1, $1)`},
			{"unknown role", `INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('u3', 'b@example.com', 'root', $1, $1)`},
			{"coupon redeemed by a missing account", `UPDATE coupons SET redeemed_by = 'nobody' WHERE id = 'c1' AND $1 = $1`},
			{"zero seats", `INSERT INTO webinars (id, title, description, event_datetime, display_price_cents, total_seats, youtube_video_id, created_at, updated_at) VALUES ('w2', 't', 'd', $1, 0, 0, 'x', $1, $1)`},
			{"negative price", `INSERT INTO webinars (id, title, description, event_datetime, display_price_cents, youtube_video_id, created_at, updated_at) VALUES ('w3', 't', 'd', $1, -1, 'x', $1, $1)`},
			{"second registration for the same webinar and user", `INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time) VALUES ('r2', 'w1', 'u1', 'A', 'a@example.com', $1)`},
			{"duplicate coupon code", `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id, value_cents, original_payment_cents, created_at, expires_at) VALUES ('c2', 'LW-AAAA', 'u9', 'w1', 'r9', 1, 1, $1, $1)`},
			{"second coupon for a registration", `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id, value_cents, original_payment_cents, created_at, expires_at) VALUES ('c3', 'LW-BBBB', 'u1', 'w1', 'r1', 1, 1, $1, $1)`},
			{"coupon worth nothing", `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id, value_cents, original_payment_cents, created_at, expires_at) VALUES ('c4', 'LW-CCCC', 'u9', 'w1', 'r9', 0, 0, $1, $1)`},
			{"redeemed coupon without a redemption time", `UPDATE coupons SET status = 'used' WHERE id = 'c1' AND $1 = $1`},
			{"second open payment for a registration", `INSERT INTO payments (id, provider, provider_payment_id, user_id, webinar_id, registration_id, amount_cents, currency, coupon_value_cents, status, created_at, updated_at) VALUES ('p2', 'test', 'pi_2', 'u9', 'w1', 'r9', 4000, 'usd', 4800, 'open', $1, $1)`},
			{"a provider's payment id twice", `INSERT INTO payments (id, provider, provider_payment_id, user_id, webinar_id, registration_id, amount_cents, currency, coupon_value_cents, status, created_at, updated_at) VALUES ('p3', 'test', 'pi_1', 'u1', 'w1', 'r1', 4000, 'usd', 4800, 'canceled', $1, $1)`},
			{"payment in another currency", `INSERT INTO payments (id, provider, provider_payment_id, user_id, webinar_id, registration_id, amount_cents, currency, coupon_value_cents, status, created_at, updated_at) VALUES ('p4', 'test', 'pi_4', 'u1', 'w1', 'r1', 4000, 'eur', 4800, 'canceled', $1, $1)`},
			{"unknown coupon status", `UPDATE coupons SET status = 'void' WHERE id = 'c1' AND $1 = $1`},
			{"registration for a missing webinar", `INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time) VALUES ('r3', 'nope', 'u1', 'A', 'a@example.com', $1)`},
		}
		for _, tt := range refused {
			_, err := d.Exec(tt.sql, now)
			if err == nil {
				t.Errorf("%s: accepted, want refused", tt.name)
				continue
			}
			if !errors.Is(db.MapError(err), db.ErrConflict) {
				t.Errorf("%s: error %v does not map to ErrConflict", tt.name, err)
			}
		}

		// Times come back as written (UTC, microseconds).
		var got = now
		if err := d.QueryRow(`SELECT created_at FROM profiles WHERE id = 'u1'`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if !got.Equal(now) {
			t.Errorf("created_at = %v, want %v", got, now)
		}
	})
}

// SchemaVersion names the newest migration file, on both engines.
func TestSchemaVersion(t *testing.T) {
	entries, err := fs.ReadDir(db.Migrations, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	var want int64
	if _, err := fmt.Sscanf(entries[len(entries)-1].Name(), "%d_", &want); err != nil {
		t.Fatal(err)
	}
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		if got, err := d.SchemaVersion(t.Context()); err != nil || got != want {
			t.Fatalf("SchemaVersion = %d, %v; want %d", got, err, want)
		}
	})
}

// Several instances starting at once on one PostgreSQL database that an
// older version left at its first migration all upgrade it without error
// (the advisory lock lets one migrate while the others wait) and leave each
// migration applied once.
func TestMigrateConcurrently(t *testing.T) {
	url := testutil.PostgresSchema(t)
	const instances = 4
	pools := make([]*db.DB, instances)
	for i := range pools {
		d, err := db.Open(t.Context(), url, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		pools[i] = d
	}
	sub, err := fs.Sub(db.Migrations, "migrations/postgres")
	if err != nil {
		t.Fatal(err)
	}
	old, err := goose.NewProvider(goose.DialectPostgres, pools[0].DB, sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.UpTo(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, instances)
	start := make(chan struct{})
	for _, d := range pools {
		go func() {
			<-start
			errs <- d.Migrate(t.Context())
		}()
	}
	close(start)
	for range instances {
		if err := <-errs; err != nil {
			t.Errorf("an instance failed to migrate: %v", err)
		}
	}
	var applied int
	if err := pools[0].QueryRow(`SELECT count(*) FROM goose_db_version WHERE version_id > 0`).Scan(&applied); err != nil {
		t.Fatal(err)
	}
	entries, err := fs.ReadDir(db.Migrations, "migrations/postgres")
	if err != nil {
		t.Fatal(err)
	}
	if applied != len(entries) {
		t.Fatalf("%d migrations recorded, want %d (each applied once)", applied, len(entries))
	}
}

// TestAccountMailMigration: accounts that exist when 0006 runs count as
// confirmed (login never waits for them); new ones start unconfirmed.
func TestAccountMailMigration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := t.Context()
		p := provider(t, d)
		if _, err := p.DownTo(ctx, 5); err != nil {
			t.Fatal(err)
		}
		created := clock.Now().Add(-24 * time.Hour)
		if _, err := d.ExecContext(ctx, `INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('old', 'old@example.com', 'user', $1, $1)`, created); err != nil {
			t.Fatal(err)
		}
		if err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		var confirmedAt *time.Time
		if err := d.QueryRowContext(ctx, `SELECT email_confirmed_at FROM profiles WHERE id = 'old'`).Scan(&confirmedAt); err != nil {
			t.Fatal(err)
		}
		if confirmedAt == nil || !confirmedAt.Equal(created) {
			t.Errorf("existing account: email_confirmed_at %v, want its created_at %v", confirmedAt, created)
		}
		if _, err := d.ExecContext(ctx, `INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('new', 'new@example.com', 'user', $1, $1)`, created); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRowContext(ctx, `SELECT email_confirmed_at FROM profiles WHERE id = 'new'`).Scan(&confirmedAt); err != nil || confirmedAt != nil {
			t.Errorf("new account: email_confirmed_at %v (%v), want NULL", confirmedAt, err)
		}
	})
}

// TestStaffMigration: 0012 rebuilds SQLite's profiles to allow the staff
// role (docs/api.md#roles); an upgraded database keeps every account,
// its sessions and coupons, and still enforces its foreign keys and search.
func TestStaffMigration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := t.Context()
		p := provider(t, d)
		mustExec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		now := clock.Now()
		// Down and up again: the Down of 0012 works too.
		if _, err := p.DownTo(ctx, 11); err != nil {
			t.Fatal(err)
		}
		mustExec(`INSERT INTO profiles (id, email, role, first_name, created_at, updated_at) VALUES ('u1', 'kept@example.com', 'admin', 'Kept', $1, $1)`, now)
		mustExec(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('t1', 'u1', $1, $1)`, now)
		mustExec(`INSERT INTO webinars (id, title, description, event_datetime, display_price_cents, youtube_video_id, created_at, updated_at)
			VALUES ('w1', 'Title', 'Description', $1, 4000, 'abcdefghijk', $1, $1)`, now)
		mustExec(`INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time)
			VALUES ('r1', 'w1', 'u1', 'A', 'kept@example.com', $1)`, now)
		mustExec(`INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id, value_cents, original_payment_cents, created_at, expires_at)
			VALUES ('c1', 'LW-AAAA-BBBB-CCCC', 'u1', 'w1', 'r1', 4800, 4000, $1, $1)`, now)
		if err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}

		var role, name string
		var sessions, coupons int
		if err := d.QueryRowContext(ctx, `SELECT role, first_name, (SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM coupons) FROM profiles WHERE id = 'u1'`).Scan(&role, &name, &sessions, &coupons); err != nil {
			t.Fatal(err)
		}
		if role != "admin" || name != "Kept" || sessions != 1 || coupons != 1 {
			t.Errorf("after 0012: role %q name %q sessions %d coupons %d, want admin Kept 1 1", role, name, sessions, coupons)
		}
		mustExec(`INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('s1', 'staff@example.com', 'staff', $1, $1)`, now)
		mustExec(`UPDATE coupons SET status = 'used', redeemed_at = $1, redeemed_by = 's1' WHERE id = 'c1'`, now)
		if _, err := d.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('t2', 'nobody', $1, $1)`, now); !errors.Is(db.MapError(err), db.ErrConflict) {
			t.Errorf("session of a missing profile after 0012: %v, want refused", err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE coupons SET redeemed_by = 'nobody' WHERE id = 'c1'`); !errors.Is(db.MapError(err), db.ErrConflict) {
			t.Errorf("redeemed_by of a missing profile: %v, want refused", err)
		}
		// A removed redeemer leaves the redemption, without its name.
		mustExec(`DELETE FROM profiles WHERE id = 's1'`)
		var by *string
		var status string
		if err := d.QueryRowContext(ctx, `SELECT status, redeemed_by FROM coupons WHERE id = 'c1'`).Scan(&status, &by); err != nil {
			t.Fatal(err)
		}
		if status != "used" || by != nil {
			t.Errorf("after the redeemer's profile went: status %q redeemed_by %v, want used and null", status, by)
		}
		if d.Engine == db.SQLite {
			var found int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM profile_email_search WHERE profile_email_search MATCH '"staff@example"'`).Scan(&found); err != nil {
				t.Fatal(err)
			}
			if found != 0 {
				t.Errorf("deleted profile still in the e-mail search: %d rows", found)
			}
			mustExec(`INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('s2', 'searchable@example.com', 'staff', $1, $1)`, now)
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM profile_email_search WHERE profile_email_search MATCH '"searchable"'`).Scan(&found); err != nil {
				t.Fatal(err)
			}
			if found != 1 {
				t.Errorf("new profile in the e-mail search: %d rows, want 1", found)
			}
		}
	})
}

// provider is goose's migration provider for d's engine, to step the
// migrations back and forth.
func provider(t *testing.T, d *db.DB) *goose.Provider {
	t.Helper()
	dialect := goose.DialectSQLite3
	if d.Engine == db.Postgres {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(db.Migrations, "migrations/"+string(d.Engine))
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(dialect, d.DB, sub)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCouponValuePolicyMigration: coupons issued before 0017 become Whole
// coupons whose two parts follow their one expiry: the paid part is what
// the buyer paid (at most the face value), the bonus the rest; a redeemed
// one was redeemed for its face value (docs/product.md#coupons, "Value policy").
func TestCouponValuePolicyMigration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := t.Context()
		p := provider(t, d)
		if _, err := p.DownTo(ctx, 14); err != nil {
			t.Fatal(err)
		}
		now := clock.Now()
		expires := now.Add(30 * 24 * time.Hour)
		for _, q := range []string{
			`INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES ('u1', 'a@example.com', 'user', $1, $1)`,
			`INSERT INTO webinars (id, title, description, event_datetime, display_price_cents, youtube_video_id, created_at, updated_at)
				VALUES ('w1', 'Title', 'Description', $1, 4000, 'abcdefghijk', $1, $1), ('w2', 'Title', 'Description', $1, 4000, 'abcdefghijk', $1, $1)`,
			`INSERT INTO webinar_registrations (id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time)
				VALUES ('r1', 'w1', 'u1', 'A', 'a@example.com', $1), ('r2', 'w2', 'u1', 'A', 'a@example.com', $1)`,
		} {
			if _, err := d.ExecContext(ctx, q, now); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if _, err := d.ExecContext(ctx, `INSERT INTO coupons (id, code, user_id, webinar_id, webinar_registration_id, value_cents,
			original_payment_cents, status, created_at, expires_at, redeemed_at)
			VALUES ('c1', 'LW-AAAA-BBBB-CCCC', 'u1', 'w1', 'r1', 4800, 4000, 'active', $1, $2, NULL),
			('c2', 'LW-DDDD-EEEE-FFFF', 'u1', 'w2', 'r2', 2500, 5000, 'used', $1, $2, $1)`, now, expires); err != nil {
			t.Fatal(err)
		}
		if err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		for _, want := range []struct {
			id          string
			paid, bonus int64
			redeemed    *int64
		}{
			{"c1", 4000, 800, nil},
			{"c2", 2500, 0, ptr(int64(2500))},
		} {
			var policy string
			var paid, bonus int64
			var redeemed *int64
			var paidUntil, bonusUntil time.Time
			if err := d.QueryRowContext(ctx, `SELECT value_policy, paid_cents, bonus_cents, paid_until, bonus_until, redeemed_cents
				FROM coupons WHERE id = $1`, want.id).Scan(&policy, &paid, &bonus, &paidUntil, &bonusUntil, &redeemed); err != nil {
				t.Fatal(err)
			}
			if policy != "whole" || paid != want.paid || bonus != want.bonus || !paidUntil.Equal(expires) || !bonusUntil.Equal(expires) ||
				(redeemed == nil) != (want.redeemed == nil) || (redeemed != nil && *redeemed != *want.redeemed) {
				t.Errorf("%s after 0017: %s, paid %d, bonus %d, until %s / %s, redeemed %v; want whole, %d, %d, both %s",
					want.id, policy, paid, bonus, paidUntil, bonusUntil, redeemed, want.paid, want.bonus, expires)
			}
		}
	})
}

func ptr[T any](v T) *T { return &v }
