package main

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// logWriter batches log lines on their way to the log's output (stderr:
// a terminal, a pipe to journald or a file): a request appends its line to
// memory and goes on, and the batch is written every flushEvery, whenever
// it fills the buffer, and on Close. So serving a request never waits on a
// write to the log's output, yet every line still goes out, in order. The
// price: a crash of the process itself loses at most flushEvery of lines
// (a handler's panic is recovered and logged like any line).
type logWriter struct {
	mu   sync.Mutex
	buf  *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

const (
	logFlushEvery = 100 * time.Millisecond
	logBufferSize = 64 << 10
)

// newLogWriter starts batching writes to w.
func newLogWriter(w io.Writer) *logWriter {
	l := &logWriter{buf: bufio.NewWriterSize(w, logBufferSize), stop: make(chan struct{}), done: make(chan struct{})}
	go l.run()
	return l
}

// Write appends one log record (slog writes each record in one call).
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logWriter) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.buf.Flush()
}

func (l *logWriter) run() {
	defer close(l.done)
	t := time.NewTicker(logFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			l.flush()
		case <-l.stop:
			l.flush()
			return
		}
	}
}

// Close writes out what is left and stops the flusher.
func (l *logWriter) Close() error {
	close(l.stop)
	<-l.done
	return nil
}
