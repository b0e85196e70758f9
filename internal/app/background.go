package app

import (
	"context"
	"log/slog"
	"time"

	"watchwin/internal/db"
)

// jobInterval is how often Serve runs its periodic jobs by default
// (Config.JobInterval, WATCHWIN_JOB_INTERVAL, may change it): the retry of
// automatic giveaway draws a crash or an error interrupted, the deadline
// giveaway draws, the payment
// reconciler that fulfils payments no confirm reached, the waiting lists'
// offers of seats that freed up with nobody acting, the reminder
// e-mails, and housekeeping (expired sessions, device tokens, throttle
// counts, mail older than mail.Retention, audit entries older than their
// retention, SQLite's planner statistics), the uploaded videos' transcodes
// and the removal of abandoned uploads, the counter's end-of-day e-mail, and
// the wallet passes' updates.
const jobInterval = time.Minute

// reminderInterval is how often the reminder job also runs between the
// minutes, so a reminder goes out within seconds of being due (a new
// registrant for a webinar whose event time has passed gets "It's ready"
// well within a minute).
const reminderInterval = 15 * time.Second

// job is a periodic piece of work run under a lease of its own name; it
// returns how much it did (logged when not zero).
type job struct {
	name string
	run  func(ctx context.Context) (int, error)
}

// jobs lists the periodic jobs Serve runs. Each is safe to run twice (a
// draw happens once per webinar, a payment is fulfilled once): the lease
// saves the work, it does not carry the guarantee.
func (a *App) jobs() []job {
	return []job{
		{"giveaway.draw-pending", a.Giveaway.DrawPending},
		{"giveaway.draw-deadline", a.Giveaway.DrawDeadlines},
		{"payments.reconcile", a.Payments.Reconcile},
		{"waitlist.offer", a.Waitlist.Settle},
		{"auth.housekeeping", a.Auth.Housekeep},
		{"mail.prune", a.Outbox.Prune},
		{"audit.prune", a.Audit.Prune},
		{"db.optimize", a.DB.Optimize},
		{"video.transcode", a.Videos.Transcode},
		{"video.uploads-prune", a.Videos.PruneUploads},
		{"reports.end-of-day", a.Reports.SendDayMail},
		a.reminderJob(),
		a.walletJob(),
	}
}

// reminderJob queues the reminder e-mails that are due (reminder.Service.Run).
func (a *App) reminderJob() job { return job{"reminders.send", a.Reminders.Run} }

// walletJob checks the wallet passes against their coupons and sends their
// pushes and patches (wallet.Service.Run); it runs every reminderInterval
// too, so a pass changes within a minute of its coupon.
func (a *App) walletJob() job { return job{"wallet.update", a.Wallet.Run} }

// RunJobs runs each periodic job once if this instance holds, or can
// take, the job's lease, and returns the names of the jobs it ran. Serve
// calls it every jobInterval.
func (a *App) RunJobs(ctx context.Context) (ran []string) {
	for _, j := range a.jobs() {
		if a.runLeased(ctx, j) {
			ran = append(ran, j.name)
		}
	}
	return ran
}

// ReleaseJobs gives up the leases this instance holds, so another instance
// takes the jobs over at its next run instead of when the leases lapse.
func (a *App) ReleaseJobs(ctx context.Context) {
	for _, j := range a.jobs() {
		if err := a.lease(j.name).Release(ctx); err != nil {
			slog.WarnContext(ctx, j.name+": release lease", "err", err)
		}
	}
}

func (a *App) lease(name string) *db.Lease {
	return a.DB.NewLease(name, a.instance, a.jobLease(), a.now)
}

// jobInterval is the configured interval (jobInterval by default).
func (a *App) jobInterval() time.Duration {
	if a.Config.JobInterval > 0 {
		return a.Config.JobInterval
	}
	return jobInterval
}

// jobLease is how long a run of a job keeps the job's lease (db.Lease): with
// several instances on one database, the one holding it runs the job and
// renews it before every run; the others skip until it lapses (its holder
// stopped or died), so a job never runs on two instances at once. A run is
// cut off before its lease would lapse.
func (a *App) jobLease() time.Duration { return 3 * a.jobInterval() }

// runJobs calls RunJobs at once and then every jobInterval (and whenever
// the test clock moves, jobsNow), and the reminder job every
// reminderInterval in between, until ctx ends, then releases the leases.
func (a *App) runJobs(ctx context.Context) {
	t := time.NewTicker(a.jobInterval())
	defer t.Stop()
	reminders := time.NewTicker(reminderInterval)
	defer reminders.Stop()
	for {
		a.RunJobs(ctx)
	between:
		for {
			select {
			case <-ctx.Done():
				a.Videos.Stop() // a transcode under way goes back to the queue first
				rel, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				a.ReleaseJobs(rel)
				return
			case <-reminders.C:
				a.runLeased(ctx, a.reminderJob())
				a.runLeased(ctx, a.walletJob())
			case <-a.jobsNow:
				a.RunJobs(ctx)
			case <-t.C:
				break between
			}
		}
	}
}

// inBackground runs run in a goroutine until the returned stop is called,
// which cancels its context and waits for it to return.
func inBackground(run func(ctx context.Context)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		run(ctx)
	}()
	return func() { cancel(); <-done }
}

// runLeased runs j once if its lease is this instance's (taking or renewing
// it), reports whether it ran, and logs what the run did.
func (a *App) runLeased(ctx context.Context, j job) bool {
	ok, err := a.lease(j.name).Acquire(ctx)
	if err != nil {
		if ctx.Err() == nil {
			slog.ErrorContext(ctx, j.name+": lease", "err", err)
		}
		return false
	}
	if !ok {
		return false // another instance runs it
	}
	// Stop well before the lease lapses, so no other instance starts the
	// job while this run is still under way.
	runCtx, cancel := context.WithTimeout(ctx, a.jobLease()-a.jobInterval())
	defer cancel()
	if n, err := j.run(runCtx); err != nil && ctx.Err() == nil {
		slog.ErrorContext(ctx, j.name+" failed", "err", err, "done", n)
	} else if n > 0 {
		slog.InfoContext(ctx, j.name+" done", "done", n)
	}
	return true
}
