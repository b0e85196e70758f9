package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// The command line as an operator uses it, on a temporary SQLite data folder.
func TestCommands(t *testing.T) {
	t.Setenv("WATCHWIN_DATABASE_URL", "")
	dir := t.TempDir()
	backupFile := filepath.Join(t.TempDir(), "copy.db")
	tests := []struct {
		name    string
		args    []string
		out     string // printed on success
		errText string // error, when one is expected
	}{
		{"version", []string{"version"}, "watchwin dev", ""},
		{"no command", nil, "Usage:", "a command is required"},
		{"unknown command", []string{"frobnicate"}, "", `unknown command "frobnicate"`},
		{"migrate", []string{"migrate", "--data-dir", dir}, "database is up to date (sqlite)", ""},
		{"user add needs flags", []string{"user", "add", "--data-dir", dir}, "", "--email and --password are required"},
		{"user add admin", []string{"user", "add", "--email", "Boss@Example.com", "--password", "secret12", "--role", "admin", "--data-dir", dir}, "created admin account boss@example.com", ""},
		{"user add staff", []string{"user", "add", "--email", "clerk@example.com", "--password", "secret12", "--role", "staff", "--first-name", "Casey", "--data-dir", dir}, "created staff account clerk@example.com", ""},
		{"user add duplicate", []string{"user", "add", "--email", "boss@example.com", "--password", "secret12", "--data-dir", dir}, "", "already exists"},
		{"user add short password", []string{"user", "add", "--email", "x@example.com", "--password", "123", "--data-dir", dir}, "", "Password must be at least 6 characters"},
		{"user add bad role", []string{"user", "add", "--email", "y@example.com", "--password", "secret12", "--role", "root", "--data-dir", dir}, "", "Role must be user, staff or admin"},
		{"backup", []string{"backup", backupFile, "--data-dir", dir}, "backup written to", ""},
		{"backup refuses to overwrite", []string{"backup", backupFile, "--data-dir", dir}, "", "already exists"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			err := run(t.Context(), tt.args, &out)
			if tt.errText != "" {
				if err == nil || !strings.Contains(message(err), tt.errText) {
					t.Fatalf("error = %v, want one containing %q", err, tt.errText)
				}
			} else if err != nil {
				t.Fatalf("error = %v", message(err))
			}
			if !strings.Contains(out.String(), tt.out) {
				t.Errorf("output %q lacks %q", out.String(), tt.out)
			}
		})
	}
	if st, err := os.Stat(backupFile); err != nil || st.Size() == 0 {
		t.Fatalf("backup file: %v", err)
	}
}

func TestBadEnvironment(t *testing.T) {
	for _, tt := range []struct{ key, value, want string }{
		{"WATCHWIN_TIMEZONE", "Mars/Olympus", "WATCHWIN_TIMEZONE"},
		{"WATCHWIN_COUPON_EXPIRY_DAYS", "0", "WATCHWIN_COUPON_EXPIRY_DAYS"},
		{"WATCHWIN_RECONCILE_GRACE", "soon", "WATCHWIN_RECONCILE_GRACE"},
		{"WATCHWIN_DATABASE_URL", "mysql://x", "WATCHWIN_DATABASE_URL must be empty"},
	} {
		t.Run(tt.key, func(t *testing.T) {
			t.Setenv(tt.key, tt.value)
			err := run(t.Context(), []string{"migrate", "--data-dir", t.TempDir()}, &strings.Builder{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want one naming %s", err, tt.want)
			}
		})
	}
}

// `watchwin user add` is in the audit log (user.create), made by "system
// (command line)", on both engines.
func TestUserAddIsAudited(t *testing.T) {
	for _, engine := range []db.Engine{db.SQLite, db.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			url, dir := "", t.TempDir()
			if engine == db.Postgres {
				url = testutil.PostgresSchema(t)
			}
			t.Setenv("WATCHWIN_DATABASE_URL", url)
			var out strings.Builder
			err := run(t.Context(), []string{"user", "add", "--email", "boss@example.com", "--password", "secret12",
				"--role", "admin", "--data-dir", dir}, &out)
			if err != nil {
				t.Fatal(message(err))
			}
			d, err := db.Open(t.Context(), url, dir)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			var actorID sql.NullString
			var role, summary string
			err = d.QueryRowContext(t.Context(), `SELECT a.actor_id, a.actor_role, a.summary FROM audit_log a
				JOIN profiles p ON p.id = a.target_id WHERE a.action = 'user.create' AND p.email = 'boss@example.com'`).
				Scan(&actorID, &role, &summary)
			if err != nil || actorID.Valid || role != "command line" || summary != "account created with role admin, address confirmed" {
				t.Errorf("user.create of user add: by %v %q: %q (%v)", actorID, role, summary, err)
			}
		})
	}
}
