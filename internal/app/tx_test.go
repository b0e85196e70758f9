package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// TestTransactionSpansDomains: one db.InTx carries a transaction through
// the context into two domains' stores (accounts and webinars); a failure
// after both wrote leaves neither, success keeps both.
func TestTransactionSpansDomains(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		a := testutil.NewServerWithDB(t, d).App
		ctx := context.Background()
		active := true
		input := func(title string) webinar.Input {
			return webinar.Input{Title: title, Description: "Written in one transaction.",
				EventDatetime: time.Now().Format(time.RFC3339), YouTubeVideoID: "dQw4w9WgXcQ", IsActive: &active}
		}
		both := func(ctx context.Context, email, title string) error {
			if _, err := a.Auth.CreateUser(ctx, email, "password1", auth.RoleUser, "Tx", "Test"); err != nil {
				return err
			}
			_, err := a.Webinars.Create(ctx, input(title))
			return err
		}
		count := func() (users, webinars int) {
			t.Helper()
			if err := d.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM profiles), (SELECT count(*) FROM webinars)`).Scan(&users, &webinars); err != nil {
				t.Fatal(err)
			}
			return users, webinars
		}

		boom := errors.New("boom")
		err := d.InTx(ctx, func(ctx context.Context) error {
			if err := both(ctx, "rolled-back@example.com", "Never saved webinar"); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx = %v, want the callback's error", err)
		}
		if u, w := count(); u != 0 || w != 0 {
			t.Fatalf("after rollback: %d users, %d webinars; want none", u, w)
		}

		if err := d.InTx(ctx, func(ctx context.Context) error {
			return both(ctx, "committed@example.com", "Saved webinar title")
		}); err != nil {
			t.Fatalf("InTx: %v", err)
		}
		if u, w := count(); u != 1 || w != 1 {
			t.Fatalf("after commit: %d users, %d webinars; want 1 and 1", u, w)
		}
	})
}
