// Package smtpserver runs a real SMTP server for tests: Debian's aiosmtpd
// (apt-get install -y python3-aiosmtpd), which writes every message it
// accepts into a Maildir that the test then reads back. It imports nothing
// of watchwin, so any package's tests can use it.
package smtpserver

import (
	"bytes"
	"net"
	netmail "net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"watchwin/internal/testutil/testbin"
)

// python is Debian's, which has the aiosmtpd package (another python3 on
// PATH may not).
const python = "/usr/bin/python3"

// Start starts an SMTP server on a free port of 127.0.0.1 with extra
// arguments (TLS certificates) and returns its address and Maildir; it
// stops with the test. Without aiosmtpd the test is skipped, except under
// CI=true, where it fails.
func Start(t *testing.T, args ...string) (addr, maildir string) {
	t.Helper()
	if err := exec.Command(python, "-c", "import aiosmtpd").Run(); err != nil {
		testbin.Missing(t, "the SMTP tests need a real SMTP server: apt-get install -y python3-aiosmtpd ("+python+" cannot import aiosmtpd)")
	}
	addr = testbin.FreeAddr(t)
	maildir = filepath.Join(t.TempDir(), "Maildir")
	var out bytes.Buffer
	cmd := exec.Command(python, append(append([]string{"-m", "aiosmtpd", "-n", "-l", addr,
		"-c", "aiosmtpd.handlers.Mailbox"}, args...), maildir)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("aiosmtpd output:\n%s", out.String())
		}
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return addr, maildir
		}
		if time.Now().After(deadline) {
			t.Fatalf("aiosmtpd did not listen on %s: %v\n%s", addr, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Received returns the messages in maildir's new/ folder.
func Received(t *testing.T, maildir string) []*netmail.Message {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(maildir, "new", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*netmail.Message
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := netmail.ReadMessage(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, m)
	}
	return out
}
