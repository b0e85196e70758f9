// Command watchwin is the whole webinar and store-credit application: the
// HTTP server with the embedded SPA, and the commands to run it.
//
//	watchwin serve [--addr A] [--data-dir D] [--demo]
//	watchwin migrate [--data-dir D]
//	watchwin user add --email E --password P [--role user|staff|admin] [--data-dir D]
//	watchwin user reset-2fa --email E [--data-dir D]
//	watchwin backup FILE [--data-dir D]
//	watchwin version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"watchwin/internal/app"
	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usage = `watchwin: webinars that sell store credit

Usage:
  watchwin serve   [--addr 127.0.0.1:8080] [--data-dir ./data] [--log-format text|json] [--demo]
  watchwin migrate [--data-dir ./data]
  watchwin user add --email E --password P [--role user|staff|admin] [--data-dir ./data]
  watchwin user reset-2fa --email E [--data-dir ./data]
  watchwin backup FILE [--data-dir ./data]
  watchwin version

Environment: WATCHWIN_ADDR, WATCHWIN_DATA_DIR, WATCHWIN_LOG_FORMAT (text or json),
WATCHWIN_METRICS_TOKEN, WATCHWIN_DATABASE_URL (postgres://… for
PostgreSQL; empty for SQLite in the data folder), WATCHWIN_BASE_URL, WATCHWIN_STORE_URL,
WATCHWIN_TIMEZONE, WATCHWIN_COUPON_EXPIRY_DAYS, WATCHWIN_SMTP_URL, WATCHWIN_MAIL_FROM,
WATCHWIN_BULK_MAIL_RATE,
STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET.
`

func main() {
	slog.SetDefault(newLogger("text", os.Stderr))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "watchwin:", message(err))
		os.Exit(1)
	}
}

// message is what the command line shows for err: the safe message of an
// apperr.Error, otherwise the error itself.
func message(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	return err.Error()
}

func run(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(out, usage)
		return errors.New("a command is required")
	}
	cfg, err := config.Defaults()
	if err != nil {
		return err
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "serve":
		return serve(ctx, cfg, args, out)
	case "migrate":
		return migrate(ctx, cfg, args, out)
	case "user":
		switch {
		case len(args) > 0 && args[0] == "add":
			return userAdd(ctx, cfg, args[1:], out)
		case len(args) > 0 && args[0] == "reset-2fa":
			return userResetFactor(ctx, cfg, args[1:], out)
		}
		return errors.New("usage: watchwin user add --email E --password P [--role user|staff|admin] | watchwin user reset-2fa --email E")
	case "backup":
		return backup(ctx, cfg, args, out)
	case "version":
		fmt.Fprintln(out, "watchwin", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(out, usage)
		return nil
	default:
		fmt.Fprint(out, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func parse(fs *flag.FlagSet, cfg *config.Config, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := cfg.Finish(); err != nil {
		return err
	}
	slog.SetDefault(newLogger(cfg.LogFormat, os.Stderr))
	return nil
}

// newLogger logs at info level to w as text (key=value) or, for a log
// collector, one JSON object per line; each line logged with a request's
// context carries its request_id.
func newLogger(format string, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if format == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(httpx.LogHandler(h))
}

func serve(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	cfg.RegisterServe(fs)
	if err := parse(fs, &cfg, args); err != nil {
		return err
	}
	// The server logs a line per request: batched, so no request waits on
	// the log's output (logWriter); written out before serve returns.
	logs := newLogWriter(os.Stderr)
	defer logs.Close()
	slog.SetDefault(newLogger(cfg.LogFormat, logs))
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if cfg.Demo {
		if err := a.SeedDemo(ctx, out); err != nil {
			return err
		}
	}
	return a.Serve(ctx)
}

func migrate(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	cfg.RegisterCommon(fs)
	if err := parse(fs, &cfg, args); err != nil {
		return err
	}
	a, err := app.New(ctx, cfg) // New applies the migrations
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Fprintf(out, "database is up to date (%s)\n", a.DB.Engine)
	return nil
}

func userAdd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("user add", flag.ContinueOnError)
	cfg.RegisterCommon(fs)
	email := fs.String("email", "", "e-mail address (required)")
	password := fs.String("password", "", "password, at least 6 characters (required)")
	role := fs.String("role", "user", "user, staff or admin")
	first := fs.String("first-name", "", "first name")
	last := fs.String("last-name", "", "last name")
	if err := parse(fs, &cfg, args); err != nil {
		return err
	}
	if *email == "" || *password == "" {
		return errors.New("--email and --password are required")
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	p, err := a.Auth.CreateUser(audit.WithSource(ctx, audit.CommandLine), *email, *password, *role, *first, *last)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "created %s account %s (id %s)\n", p.Role, p.Email, p.ID)
	return nil
}

// userResetFactor is the break-glass for an owner locked out of their
// account (docs/api.md#second-factor-and-sessions): it removes the
// account's second factor and ends its sessions, from the machine's shell
// only (no route does this). The owner is mailed and the audit log keeps it.
func userResetFactor(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("user reset-2fa", flag.ContinueOnError)
	cfg.RegisterCommon(fs)
	email := fs.String("email", "", "e-mail address of the account (required)")
	if err := parse(fs, &cfg, args); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("--email is required")
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	p, err := a.Auth.ResetFactor(audit.WithSource(ctx, audit.CommandLine), *email)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "two-factor authentication removed from %s (id %s); its sessions ended. Its owner can sign in with the password and set it up again.\n", p.Email, p.ID)
	return nil
}

func backup(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	cfg.RegisterCommon(fs)
	// Accept the file before or after the flags.
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := parse(fs, &cfg, args); err != nil {
		return err
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
	}
	if file == "" {
		return errors.New("usage: watchwin backup FILE")
	}
	if cfg.DatabaseURL != "" { // PostgreSQL: say so before connecting to it
		return db.ErrBackupPostgres
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := db.Backup(ctx, a.DB, file); err != nil {
		return err
	}
	fmt.Fprintf(out, "backup written to %s\n", file)
	return nil
}
