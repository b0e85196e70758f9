package app_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// closeWait is how long a test waits for the server to drop a slow client:
// far longer than the short limits these tests configure, far shorter than
// forever (which is what a server without them gives a slow client).
const closeWait = 10 * time.Second

// shortLimits are limits a test can outlast without sleeping long.
var shortLimits = config.HTTPLimits{
	ReadHeaderTimeout: 200 * time.Millisecond,
	ReadTimeout:       400 * time.Millisecond,
	WriteTimeout:      2 * time.Second,
	IdleTimeout:       200 * time.Millisecond,
	MaxHeaderBytes:    1 << 10,
}

// serve runs the real server (ServeListener) with limits and returns its address.
func serve(t *testing.T, limits config.HTTPLimits) string {
	t.Helper()
	a := testutil.NewServerWithDB(t, testutil.OpenDB(t, db.SQLite)).App
	a.Config.HTTP = limits
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.ServeListener(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ServeListener = %v", err)
		}
	})
	return ln.Addr().String()
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// trickle writes s one byte at a time, pausing between bytes, until it is
// written or the connection refuses it (the server closed it), then stops.
func trickle(conn net.Conn, s string) {
	for i := range len(s) {
		if _, err := conn.Write([]byte{s[i]}); err != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// readUntilClosed reads until the server closes the connection and returns
// what it sent; it fails the test if the connection is still open after
// closeWait.
func readUntilClosed(t *testing.T, conn net.Conn) string {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(closeWait))
	b, err := io.ReadAll(conn)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the server still holds the connection after %s (read so far: %q)", closeWait, b)
	}
	return string(b) // io.EOF or a reset: closed by the server
}

// A client that sends its headers a byte at a time and never finishes is
// disconnected (ReadHeaderTimeout), and so is one that trickles its body
// (ReadTimeout), one that idles after a request (IdleTimeout), and headers
// over MaxHeaderBytes are refused. A normal request still gets its answer.
func TestServerDropsSlowClients(t *testing.T) {
	addr := serve(t, shortLimits)

	t.Run("normal request", func(t *testing.T) {
		conn := dial(t, addr)
		if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		if got := readUntilClosed(t, conn); !strings.HasPrefix(got, "HTTP/1.1 200 ") || !strings.HasSuffix(got, "ok\n") {
			t.Errorf("answer %q", got)
		}
	})

	t.Run("headers never finished", func(t *testing.T) {
		conn := dial(t, addr)
		// Far more bytes than the limit lets through at this pace: without
		// ReadHeaderTimeout the server would wait for all of them, and then
		// for the blank line that never comes.
		go trickle(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "+strings.Repeat("a", 1000))
		if got := readUntilClosed(t, conn); strings.Contains(got, " 200 ") {
			t.Errorf("unfinished request answered: %q", got)
		}
	})

	t.Run("body trickled", func(t *testing.T) {
		conn := dial(t, addr)
		body := `{"email":"slow@example.com","password":"` + strings.Repeat("p", 1000) + `"}`
		if _, err := io.WriteString(conn, "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "+
			strconv.Itoa(len(body))+"\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		go trickle(conn, body)
		if got := readUntilClosed(t, conn); strings.Contains(got, " 200 ") || strings.Contains(got, " 401 ") {
			t.Errorf("trickled body read to the end: %q", got)
		}
	})

	t.Run("idle after a request", func(t *testing.T) {
		conn := dial(t, addr)
		if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || res.Close {
			t.Fatalf("first answer %d, close %v; want 200 keeping the connection", res.StatusCode, res.Close)
		}
		readUntilClosed(t, conn)
	})

	t.Run("headers too large", func(t *testing.T) {
		conn := dial(t, addr)
		// net/http allows MaxHeaderBytes plus 4 KiB of slack.
		if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("b", 8<<10)+"\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		if got := readUntilClosed(t, conn); !strings.HasPrefix(got, "HTTP/1.1 431 ") {
			t.Errorf("answer %.60q, want 431", got)
		}
	})
}

// The configured limits are the ones Serve uses by default.
func TestDefaultHTTPLimitsAreSet(t *testing.T) {
	cfg, err := config.Defaults()
	if err != nil {
		t.Fatal(err)
	}
	l := cfg.HTTP
	if l.ReadHeaderTimeout <= 0 || l.ReadTimeout <= 0 || l.WriteTimeout <= 0 || l.IdleTimeout <= 0 || l.MaxHeaderBytes <= 0 {
		t.Errorf("an unset limit leaves slow clients unbounded: %+v", l)
	}
}
