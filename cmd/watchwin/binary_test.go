package main

// Helpers of the tests that run the real binary: build it once, find a free
// address, wait for a condition, and call its API as a browser would.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"watchwin/internal/testutil/testbin"
)

var built struct {
	once sync.Once
	path string
	err  error
}

// binary builds the watchwin binary once per test run (into a folder
// TestMain removes) and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "watchwin-bin-")
		if err != nil {
			built.err = err
			return
		}
		binDir = dir
		built.path = filepath.Join(dir, "watchwin")
		if out, err := exec.Command("go", "build", "-o", built.path, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func waitFor(t *testing.T, limit time.Duration, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(limit); !ok(); {
		if time.Now().After(end) {
			t.Fatalf("gave up after %v", limit)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// client is a signed-in API caller of the running binary, sending the
// Origin a browser on the same site would.
type client struct {
	t    *testing.T
	base string
	http *http.Client
	addr string // the client address it claims in X-Forwarded-For (believed from a trusted proxy only)
}

func newClient(t *testing.T, base string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: base, http: &http.Client{Jar: jar, Timeout: 5 * time.Second}}
}

func (c *client) call(method, path string, body any, want int, out any) {
	c.t.Helper()
	if err := c.try(method, path, body, want, out); err != nil {
		c.t.Fatal(err)
	}
}

// try is call for other goroutines than the test's (which may not stop
// the test): it returns what went wrong instead.
func (c *client) try(method, path string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequestWithContext(context.Background(), method, c.base+path, rd)
	req.Header.Set("Origin", c.base)
	if c.addr != "" {
		req.Header.Set("X-Forwarded-For", c.addr)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		return fmt.Errorf("%s %s: %d, want %d: %.300s", method, path, res.StatusCode, want, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%s %s: %v", method, path, err)
		}
	}
	return nil
}

// coupons returns how many coupons GET /api/coupons lists, -1 when the
// server does not answer.
func (c *client) coupons() int {
	res, err := c.http.Get(c.base + "/api/coupons")
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	var v struct{ Coupons []json.RawMessage }
	if res.StatusCode != 200 || json.NewDecoder(res.Body).Decode(&v) != nil {
		return -1
	}
	return len(v.Coupons)
}

// runBinary runs `bin args... --data-dir data` with env (a command such
// as user add or backup) and fails t with its output if it fails.
func runBinary(t *testing.T, bin string, env []string, data string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, append(args, "--data-dir", data)...)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("watchwin %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// serveBinary starts `bin serve` on addr ("" for a free address) with env
// and the data folder data, its output going to logs, waits until it is
// ready and returns its base URL and process, which is killed when the
// test ends if it still runs. A test that kills the process restarts it on
// the same address and data folder by passing them again.
func serveBinary(t *testing.T, bin, addr string, env []string, data string, logs io.Writer) (string, *exec.Cmd) {
	t.Helper()
	if addr == "" {
		addr = testbin.FreeAddr(t)
	}
	base := "http://" + addr
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data-dir", data)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	if err := testbin.WaitReady(context.Background(), base, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	return base, cmd
}
