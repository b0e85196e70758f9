// Command watchwin-cluster runs a small watchwin cluster for the browser
// test (e2e/tests/cluster.spec.ts) or for trying one by hand: a fresh
// schema on a PostgreSQL server, an admin account, two (or more) instances
// of bin/watchwin on it, and a round-robin reverse proxy in front of them
// on --addr. It prints "ready" when the proxy serves, and on SIGTERM or
// Ctrl-C stops everything and drops the schema.
//
//	watchwin-cluster --bin bin/watchwin --database-url postgres://… --addr 127.0.0.1:18105 \
//	    --admin-email boss@example.com --admin-password secret12
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/cluster"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "watchwin-cluster:", err)
		os.Exit(1)
	}
}

func run() error {
	bin := flag.String("bin", "bin/watchwin", "the watchwin binary")
	base := flag.String("database-url", os.Getenv(testutil.PostgresURLEnv), "PostgreSQL server (a fresh schema is made on it)")
	addr := flag.String("addr", "127.0.0.1:18105", "address of the round-robin proxy")
	instances := flag.Int("instances", 2, "how many instances")
	adminEmail := flag.String("admin-email", "", "create this admin account")
	adminPassword := flag.String("admin-password", "", "the admin's password")
	flag.Parse()
	if *base == "" {
		return errors.New("--database-url (or " + testutil.PostgresURLEnv + ") is required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	dbURL, drop, err := db.NewSchema(ctx, *base, "cluster_")
	if err != nil {
		return err
	}
	defer drop()
	dir, err := os.MkdirTemp("", "watchwin-cluster-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *adminEmail != "" {
		cmd := exec.Command(*bin, "user", "add", "--email", *adminEmail, "--password", *adminPassword, "--role", "admin", "--data-dir", dir)
		cmd.Env = append(os.Environ(), "WATCHWIN_DATABASE_URL="+dbURL)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("user add: %v\n%s", err, out)
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	c, err := cluster.Start(ctx, cluster.Options{
		Binary: *bin, DatabaseURL: dbURL, Instances: *instances, DataDir: dir,
		BaseURL: "http://" + ln.Addr().String(),
		Log:     func(int) io.Writer { return os.Stderr },
	})
	if err != nil {
		ln.Close()
		return err
	}
	defer c.Stop()
	srv := &http.Server{Handler: c.Proxy()}
	go func() { _ = srv.Serve(ln) }()
	fmt.Printf("ready: http://%s in front of %v\n", ln.Addr(), c.URLs)
	<-ctx.Done()
	return srv.Shutdown(context.Background())
}
