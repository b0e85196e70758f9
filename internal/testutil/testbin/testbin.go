// Package testbin finds and starts the real servers some tests run against
// (stripe-mock, versitygw, an SMTP server), and gives them and the tools that
// start watchwin (the bench, the load test, the cluster starter) a free port
// and a wait for readiness. It imports nothing of watchwin, so any package
// can use it.
package testbin

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Find returns the path of a test server's binary: bin/<name> in the module
// root (make test-go installs them there), else <name> on PATH; "" when it
// is in neither.
func Find(name string) string {
	if dir, err := os.Getwd(); err == nil {
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				p := filepath.Join(dir, "bin", name)
				if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
					return p
				}
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	p, _ := exec.LookPath(name)
	return p
}

// Missing stops a test whose server is not installed: it skips with msg
// (which should say how to install it), except under CI=true, where a
// missing server is a failure.
func Missing(t testing.TB, msg string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// FreeAddr returns a loopback address with a port free right now, for a
// server that cannot report the port the system chose for it.
func FreeAddr(t testing.TB) string {
	t.Helper()
	addr, err := LoopbackAddr()
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

// LoopbackAddr is FreeAddr for tools that run outside a test (the bench,
// the load test, the cluster starter).
func LoopbackAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// WaitReady polls base's /readyz every 100 ms until it answers 200, ctx
// ends or limit passes.
func WaitReady(ctx context.Context, base string, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/readyz", nil)
		if err != nil {
			return err
		}
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s not ready within %v", base, limit)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
