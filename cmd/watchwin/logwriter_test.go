package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a bytes.Buffer safe to read while the flusher writes.
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
