package httpx_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/httpx"
)

func TestWriteErrorStatusAndRetryAfter(t *testing.T) {
	tooMany := apperr.TooMany("Slow down.")
	tooMany.RetryAfter = 1500 * time.Millisecond
	tests := []struct {
		name       string
		err        error
		status     int
		retryAfter string
		code       string
	}{
		{"busy", apperr.Busy("The server is busy.", 5*time.Second), 503, "5", `"code":"busy"`},
		{"too many, rounded up to whole seconds", tooMany, 429, "2", `"code":"too_many_attempts"`},
		{"no wait, no header", apperr.TooMany("Slow down."), 429, "", `"code":"too_many_attempts"`},
		{"unexpected error", errors.New("boom"), 500, "", `"code":"internal"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			httpx.WriteError(rec, httptest.NewRequest("POST", "/api/x", nil), tt.err)
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			if got := rec.Header().Get("Retry-After"); got != tt.retryAfter {
				t.Errorf("Retry-After = %q, want %q", got, tt.retryAfter)
			}
			if !strings.Contains(rec.Body.String(), tt.code) {
				t.Errorf("body %s lacks %s", rec.Body, tt.code)
			}
		})
	}
}

// A request its client abandoned is not a server failure: no 500, no
// error line in the log.
func TestWriteErrorClientGone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	httpx.WriteError(rec, httptest.NewRequest("GET", "/api/x", nil).WithContext(ctx), fmt.Errorf("query: %w", context.Canceled))
	if rec.Code != httpx.StatusClientClosed {
		t.Errorf("status = %d, want %d", rec.Code, httpx.StatusClientClosed)
	}

	// The same error while the client is still there is ours to report.
	rec = httptest.NewRecorder()
	httpx.WriteError(rec, httptest.NewRequest("GET", "/api/x", nil), context.Canceled)
	if rec.Code != 500 {
		t.Errorf("status = %d, want 500", rec.Code)
	}
}
