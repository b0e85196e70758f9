package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"

	"watchwin/internal/auth"
)

// DemoAdminEmail is the admin account --demo creates.
const DemoAdminEmail = "admin@watchwin.local"

// SeedDemo fills an empty database with sample content and an admin whose
// random password is written to out once (and never logged). A database
// that already has accounts is left alone.
func (a *App) SeedDemo(ctx context.Context, out io.Writer) error {
	has, err := a.Auth.HasAccounts(ctx)
	if err != nil || has {
		return err
	}
	password := rand.Text()[:16]
	if _, err := a.Auth.CreateUser(ctx, DemoAdminEmail, password, auth.RoleAdmin, "Demo", "Admin"); err != nil {
		return fmt.Errorf("create demo admin: %w", err)
	}
	fmt.Fprintf(out, "\nDemo content created. Admin login (shown only this once):\n  email:    %s\n  password: %s\n\n", DemoAdminEmail, password)
	return nil
}
