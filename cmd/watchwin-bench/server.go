package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"watchwin/internal/testutil/testbin"
)

// server is a running watchwin binary.
type server struct {
	cmd   *exec.Cmd
	addr  string
	ready time.Duration // start → first 200 from /healthz
	done  chan error
}

// startServer runs bin serve on dataDir (and databaseURL, for PostgreSQL)
// on a free port, with its log appended to dataDir/server.log, and waits
// until /healthz answers.
func startServer(ctx context.Context, bin, dataDir, databaseURL string) (*server, error) {
	addr, err := testbin.LoopbackAddr()
	if err != nil {
		return nil, err
	}
	logFile, err := os.OpenFile(filepath.Join(dataDir, "server.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child has its own descriptor
	cmd := exec.CommandContext(ctx, bin, "serve")
	cmd.Env = append(os.Environ(), "WATCHWIN_ADDR="+addr, "WATCHWIN_DATA_DIR="+dataDir,
		"WATCHWIN_DATABASE_URL="+databaseURL)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, addr: addr, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	client := &http.Client{Timeout: time.Second}
	for {
		resp, err := client.Get(s.url("/healthz"))
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				s.ready = time.Since(start)
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("watchwin exited before it was ready (%v); see %s", err, logFile.Name())
		case <-time.After(time.Millisecond):
		}
		if time.Since(start) > 30*time.Second {
			_ = s.stop()
			return nil, errors.New("watchwin was not ready after 30 s")
		}
	}
}

func (s *server) url(path string) string { return "http://" + s.addr + path }

// stop asks the server to shut down and waits for it.
func (s *server) stop() error {
	if s.cmd.ProcessState != nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
		return nil
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
		return errors.New("watchwin did not stop within 20 s of SIGTERM")
	}
}

// peakRSSMB reads the server's peak resident set (VmHWM) in MiB.
func (s *server) peakRSSMB() (float64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				return 0, err
			}
			return float64(kb) / 1024, nil
		}
	}
	return 0, errors.New("VmHWM not found in /proc/PID/status")
}

// startReference serves body on every request from memory with the
// standard library's server: the most a Go server can do on this machine.
func startReference(body []byte) (*httptest.Server, error) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
	return httptest.NewServer(h), nil
}

func get(url, header string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if k, v, ok := strings.Cut(header, ": "); ok {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return b, err
}
