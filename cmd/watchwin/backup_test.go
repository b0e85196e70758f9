package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// TestBackupWhileServing proves `watchwin backup` on a live SQLite database:
// while the real binary serves buyers paying for coupons and an admin adding
// webinars, the backup command (another process) copies the database; the
// copy passes SQLite's integrity check, a server started on it (the restore
// docs/operations.md describes) serves, and it holds every coupon issued before the
// backup began, and no coupon that was never issued.
func TestBackupWhileServing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := binary(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	env := append(os.Environ(), "WATCHWIN_DATABASE_URL=", "WATCHWIN_TRUSTED_PROXIES=127.0.0.1",
		"STRIPE_SECRET_KEY=", "STRIPE_PUBLISHABLE_KEY=", "WATCHWIN_SMTP_URL=", "WATCHWIN_REQUIRE_EMAIL_CONFIRMATION=false")
	const buyers, webinars = 8, 6
	runBinary(t, bin, env, data, "user", "add", "--email", "boss@example.com", "--password", "secret12", "--role", "admin")
	for i := range buyers {
		runBinary(t, bin, env, data, "user", "add", "--email", fmt.Sprintf("buyer%d@example.com", i), "--password", "secret12")
	}
	var logs lockedBuffer
	base, server := serveBinary(t, bin, "", env, data, &logs)

	// Each caller claims its own client address, as visitors behind the
	// store's proxy would, so no per-address limit is shared.
	signIn := func(email, addr string) *client {
		c := newClient(t, base)
		c.addr = addr
		c.call("POST", "/api/auth/login", map[string]string{"email": email, "password": "secret12"}, 200, nil)
		return c
	}
	admin := signIn("boss@example.com", "192.0.2.1")
	newWebinar := func(c *client, title string) (string, error) {
		var w struct{ ID string }
		err := c.try("POST", "/api/admin/webinars", map[string]any{
			"title": title, "description": "Seeded by the backup test.",
			"event_datetime": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339),
			"display_price":  40, "total_seats": 20, "youtube_video_id": "dQw4w9WgXcQ", "is_active": true,
		}, 201, &w)
		return w.ID, err
	}
	var ids []string
	for i := range webinars {
		id, err := newWebinar(admin, fmt.Sprintf("Backup class %d", i))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}

	// The writers: buyers paying for every webinar, and the admin adding
	// webinars until the buyers are done. Each write is logged with the
	// moment its answer arrived (so it was committed by then).
	type write struct {
		coupon string // the code, for a purchase
		at     time.Time
	}
	var (
		mu      sync.Mutex
		written []write
		errs    []error
		issued  = make(chan struct{}, buyers*webinars)
	)
	record := func(w write, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, err)
			return
		}
		written = append(written, w)
	}
	buy := func(c *client, webinarID string) (string, error) {
		var st struct{ ID, ClientSecret string }
		var coupon struct{ Code string }
		for _, step := range []func() error{
			func() error {
				return c.try("POST", "/api/webinars/"+webinarID+"/registrations", map[string]string{"name": "Sam Carter", "email": "sam@example.com"}, 201, nil)
			},
			func() error { return c.try("POST", "/api/webinars/"+webinarID+"/registration/watched", nil, 200, nil) },
			func() error { return c.try("POST", "/api/webinars/"+webinarID+"/payments", nil, 201, &st) },
			func() error {
				return c.try("POST", "/api/payments/test-intents/"+st.ID+"/confirm", map[string]any{
					"client_secret": st.ClientSecret, "card_number": "4242 4242 4242 4242", "exp_month": 12,
					"exp_year": time.Now().Year() + 1, "cvc": "123", "postal_code": "60540"}, 200, nil)
			},
			func() error {
				return c.try("POST", "/api/payments/confirm", map[string]string{"paymentIntentId": st.ID}, 200, &coupon)
			},
		} {
			if err := step(); err != nil {
				return "", err
			}
		}
		return coupon.Code, nil
	}
	var wg sync.WaitGroup
	for i := range buyers {
		c := signIn(fmt.Sprintf("buyer%d@example.com", i), fmt.Sprintf("192.0.2.%d", 10+i))
		wg.Go(func() {
			for _, id := range ids {
				code, err := buy(c, id)
				record(write{coupon: code, at: time.Now()}, err)
				if err == nil {
					issued <- struct{}{}
				}
			}
		})
	}
	adminDone := make(chan struct{})
	stopAdmin := make(chan struct{})
	go func() {
		defer close(adminDone)
		for n := 0; ; n++ {
			select {
			case <-stopAdmin:
				return
			default:
			}
			_, err := newWebinar(admin, fmt.Sprintf("Added during the backup %d", n))
			record(write{at: time.Now()}, err)
		}
	}()

	// The backup starts once a quarter of the coupons are out.
	for range buyers * webinars / 4 {
		<-issued
	}
	backupFile := filepath.Join(dir, "copy.db")
	backupStart := time.Now()
	runBinary(t, bin, env, data, "backup", backupFile)
	backupEnd := time.Now()
	wg.Wait()
	close(stopAdmin)
	<-adminDone
	if len(errs) > 0 {
		t.Fatalf("%d writes failed, first: %v\n%s", len(errs), errs[0], logs.String())
	}

	before := map[string]bool{}
	all := map[string]bool{}
	during := 0
	for _, w := range written {
		if w.at.After(backupStart) && w.at.Before(backupEnd) {
			during++
		}
		if w.coupon == "" {
			continue
		}
		all[w.coupon] = true
		if w.at.Before(backupStart) {
			before[w.coupon] = true
		}
	}
	if during == 0 {
		t.Fatal("no write was answered while the backup ran: the test proves nothing about a live database")
	}
	if len(all) != buyers*webinars || len(before) == 0 {
		t.Fatalf("coupons issued: %d (%d before the backup), want %d", len(all), len(before), buyers*webinars)
	}
	_ = server.Process.Signal(syscall.SIGTERM)
	_ = server.Wait()

	// Restore: a data folder whose watchwin.db is the copy.
	restored := filepath.Join(dir, "restored")
	if err := os.MkdirAll(restored, 0o750); err != nil {
		t.Fatal(err)
	}
	copyBytes, err := os.ReadFile(backupFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(restored, "watchwin.db"), copyBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), "", restored)
	if err != nil {
		t.Fatal(err)
	}
	var check string
	err = d.QueryRow(`PRAGMA integrity_check`).Scan(&check)
	d.Close()
	if err != nil || check != "ok" {
		t.Fatalf("integrity_check of the copy: %q, %v", check, err)
	}

	base, _ = serveBinary(t, bin, "", env, restored, &logs)
	admin = signIn("boss@example.com", "192.0.2.1")
	var list struct {
		Coupons []struct{ Code string }
		HasMore bool `json:"has_more"`
	}
	admin.call("GET", "/api/admin/coupons?limit=500", nil, 200, &list)
	inCopy := map[string]bool{}
	for _, c := range list.Coupons {
		if !all[c.Code] {
			t.Errorf("the copy holds coupon %s, which was never issued", c.Code)
		}
		inCopy[c.Code] = true
	}
	for code := range before {
		if !inCopy[code] {
			t.Errorf("coupon %s, issued before the backup began, is missing from the copy", code)
		}
	}
	// A buyer signs in on the restored server and finds their coupons.
	buyer := signIn("buyer0@example.com", "192.0.2.10")
	if n := buyer.coupons(); n < 1 {
		t.Errorf("buyer0 sees %d coupons on the restored server", n)
	}
	t.Logf("%d coupons issued, %d before the backup, %d in the copy; %d writes answered while it ran",
		len(all), len(before), len(inCopy), during)
}

// On PostgreSQL the command does not pretend: it says to use pg_dump, before
// connecting, and writes no file. Backup refuses a PostgreSQL database
// itself too (checked on a real one when the test server is set).
func TestBackupOnPostgresPointsToPgDump(t *testing.T) {
	t.Setenv("WATCHWIN_DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
	file := filepath.Join(t.TempDir(), "copy.db")
	err := run(t.Context(), []string{"backup", file}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("error = %v, want one that says to use pg_dump", err)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a file was written: %v", err)
	}
	if os.Getenv(testutil.PostgresURLEnv) != "" {
		d := testutil.OpenDB(t, db.Postgres)
		if err := db.Backup(context.Background(), d, file); !errors.Is(err, db.ErrBackupPostgres) {
			t.Fatalf("db.Backup on PostgreSQL: %v", err)
		}
	}
}
