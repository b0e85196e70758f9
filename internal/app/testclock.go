package app

import (
	"log/slog"
	"net/http"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/httpx"
)

// The test clock (docs/api.md#test-clock-tests-only): with WATCHWIN_TEST_CLOCK=true
// the server tells time by a clock.Offset, and POST /api/test/clock (an
// admin route that only then exists) moves it forward, so a browser test can
// live through a coupon's bonus date. Never for a real store. The audit
// log's pruning keeps the machine's clock (audit.NewLog's machine), so no move
// erases the log.

// maxClockStep bounds one move: far enough for any coupon date.
const maxClockStep = 100 * 365 * 24 * time.Hour

// warnTestClock says loudly, at start, that this server's time is a toy.
func warnTestClock() {
	slog.Warn("WATCHWIN_TEST_CLOCK is on: this server's clock can be moved by POST /api/test/clock. FOR TESTS ONLY, NEVER FOR A REAL STORE")
}

// advanceClock moves the test clock forward by {"advance": "720h"} (a Go
// duration, positive), asks the periodic jobs to run at once, and answers
// {"now"}; the move is audited.
func (a *App) advanceClock(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Advance string `json:"advance"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	d, err := time.ParseDuration(in.Advance)
	if err != nil || d <= 0 || d > maxClockStep {
		return apperr.Invalid("advance", "advance must be a positive duration such as 720h")
	}
	now := a.testClock.Advance(d)
	err = audit.Write(r.Context(), a.DB, now, audit.Entry{Action: audit.TestClockAdvance, TargetType: audit.TargetSetting,
		TargetID: "test_clock", Summary: "clock moved forward " + d.String()})
	if err != nil {
		return err
	}
	slog.Warn("test clock moved", "advance", d.String(), "now", now)
	// What came due in the time skipped is done now, as the jobs' ticks
	// in that time would have done it.
	select {
	case a.jobsNow <- struct{}{}:
	default:
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"now": now})
	return nil
}
