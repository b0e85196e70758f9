package app_test

import (
	"slices"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// Two instances on one database: each periodic job runs on one of them at a
// time. The instance holding a job's lease keeps it while it keeps running
// the job; the other takes the job over when the holder releases its leases
// (shutdown) or stops renewing them (a crash) for the lease's three minutes.
func TestJobsRunOnOneInstance(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		a, b := testutil.NewServerWithDB(t, d), testutil.NewServerWithDB(t, d)
		advance := func(by time.Duration) { a.Clock.Advance(by); b.Clock.Advance(by) }
		all := []string{"giveaway.draw-pending", "giveaway.draw-deadline", "payments.reconcile", "waitlist.offer", "auth.housekeeping", "mail.prune", "audit.prune", "db.optimize", "video.transcode", "video.uploads-prune", "reports.end-of-day", "reminders.send", "wallet.update"}
		check := func(what string, s *testutil.Server, want []string) {
			t.Helper()
			if got := s.App.RunJobs(t.Context()); !slices.Equal(got, want) {
				t.Fatalf("%s: ran %v, want %v", what, got, want)
			}
		}
		check("a, first", a, all)
		check("b, while a holds the leases", b, nil)
		advance(time.Minute)
		check("a, a minute later", a, all)
		check("b, a minute later", b, nil)
		advance(2*time.Minute + 50*time.Second) // a crashed: 2 min 50 s since its last run
		check("b, before a's leases lapse", b, nil)
		advance(20 * time.Second)
		check("b, once a's leases lapsed", b, all)
		check("a, back", a, nil)
		b.App.ReleaseJobs(t.Context())
		check("a, after b shut down", a, all)
	})
}
