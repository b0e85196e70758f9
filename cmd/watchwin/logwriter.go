package main

import (
	"io"
	"sync"
	"time"
)

// logWriter batches log lines on their way to the log's output (stderr:
// a terminal, a pipe to journald or a file): a request appends its line to
// memory and goes on, and one goroutine writes the batch out every
// logFlushEvery, as soon as logBatch bytes are waiting, and on Close. So
// serving a request never waits on a write to the log's output (not even
// for the lock while a batch is being written), yet every line still goes
// out, in order. Only an output that stays behind by logMaxPending bytes
// makes writers wait for it. The price: a crash of the process itself
// loses at most logFlushEvery of lines (a handler's panic is recovered and
// logged like any line).
type logWriter struct {
	out io.Writer

	mu      sync.Mutex
	pending []byte     // lines not yet taken by the flusher
	taken   *sync.Cond // signalled when the flusher takes pending

	spare []byte        // the flusher's other buffer (only it touches it)
	kick  chan struct{} // a batch is ready: write it now
	stop  chan struct{}
	done  chan struct{}
}

const (
	logFlushEvery = 100 * time.Millisecond
	logBatch      = 64 << 10
	logMaxPending = 1 << 20
)

// newLogWriter starts batching writes to out.
func newLogWriter(out io.Writer) *logWriter {
	l := &logWriter{out: out, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	l.taken = sync.NewCond(&l.mu)
	go l.run()
	return l
}

// Write appends one log record (slog writes each record in one call).
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	for len(l.pending) >= logMaxPending {
		l.taken.Wait()
	}
	l.pending = append(l.pending, p...)
	ready := len(l.pending) >= logBatch
	l.mu.Unlock()
	if ready {
		select {
		case l.kick <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// flush takes the pending lines, leaving the writers an empty buffer, and
// writes them out without holding the lock.
func (l *logWriter) flush() {
	l.mu.Lock()
	batch := l.pending
	l.pending = l.spare[:0]
	l.taken.Broadcast()
	l.mu.Unlock()
	if len(batch) > 0 {
		_, _ = l.out.Write(batch)
	}
	l.spare = batch
}

func (l *logWriter) run() {
	defer close(l.done)
	t := time.NewTicker(logFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			l.flush()
		case <-l.kick:
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
