package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe to read while another goroutine writes
// to it (the log flusher, a process's output copier).
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *lockedBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *lockedBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Every line written from many goroutines comes out whole, once, by Close.
func TestLogWriterKeepsEveryLine(t *testing.T) {
	var out lockedBuffer
	l := newLogWriter(&out)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				fmt.Fprintf(l, "level=INFO msg=http g=%d i=%d\n", g, i)
			}
		})
	}
	wg.Wait()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	seen := map[string]bool{}
	for _, line := range lines {
		if !strings.HasPrefix(line, "level=INFO msg=http g=") || seen[line] {
			t.Fatalf("torn or repeated line %q", line)
		}
		seen[line] = true
	}
	if len(seen) != 8*2000 {
		t.Errorf("%d lines, want %d", len(seen), 8*2000)
	}
}

// blockedOutput is an output whose writes wait until it is opened.
type blockedOutput struct {
	lockedBuffer
	open    chan struct{}
	writing chan struct{} // closed when the first write starts
	once    sync.Once
}

func (b *blockedOutput) Write(p []byte) (int, error) {
	b.once.Do(func() { close(b.writing) })
	<-b.open
	return b.lockedBuffer.Write(p)
}

// While the output is stuck in a write, lines still go into memory: a
// request never waits for the log's output (until it is a megabyte behind).
func TestLogWriterDoesNotWaitForItsOutput(t *testing.T) {
	out := &blockedOutput{open: make(chan struct{}), writing: make(chan struct{})}
	l := newLogWriter(out)
	line := strings.Repeat("x", 99) + "\n"
	wrote := make(chan struct{})
	go func() {
		defer close(wrote)
		for range logBatch/len(line) + 1 { // one batch: the flusher starts writing it
			_, _ = l.Write([]byte(line))
		}
		<-out.writing
		for range 1000 {
			_, _ = l.Write([]byte(line))
		}
	}()
	select {
	case <-wrote:
	case <-time.After(10 * time.Second):
		t.Fatal("Write waited for the output's write to finish")
	}
	close(out.open)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Count(out.String(), "\n"), logBatch/len(line)+1+1000; got != want {
		t.Errorf("%d lines written, want %d", got, want)
	}
}
