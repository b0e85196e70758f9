package registration_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/testutil"
)

type viewer struct {
	t    *testing.T
	s    *testutil.Server
	p    auth.Profile
	wid  string
	svc  *registration.Service
	last registration.Progress
}

func newViewer(t *testing.T, s *testutil.Server, length int) *viewer {
	t.Helper()
	w := s.CreateWebinar(testutil.WebinarSpec{Length: length})
	_, p := s.Login(auth.RoleUser)
	if _, _, err := s.App.Registrations.Register(context.Background(), p, w.ID,
		registration.Input{Name: "Sam Carter", Email: "sam@example.com"}); err != nil {
		t.Fatal(err)
	}
	return &viewer{t: t, s: s, p: p, wid: w.ID, svc: s.App.Registrations}
}

// report sends one report and fails the test on an error.
func (v *viewer) report(intervals ...[]float64) registration.Progress {
	v.t.Helper()
	pr, err := v.svc.ReportProgress(context.Background(), v.p, v.wid, registration.ProgressInput{Intervals: intervals})
	if err != nil {
		v.t.Fatalf("report %v: %v", intervals, err)
	}
	v.last = pr
	return pr
}

func (v *viewer) mayBuy() error {
	st, err := v.svc.Standing(context.Background(), v.p, v.wid)
	if err != nil {
		v.t.Fatal(err)
	}
	return st.MayBuy()
}

func iv(a, b float64) []float64 { return []float64{a, b} }

// TestProgressMerging: unique seconds, whatever the order, overlap or
// repetition of the reports.
func TestProgressMerging(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s, 600)
		v.report() // playback starts
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(0, 10)); got.WatchedSeconds != 10 || got.Percent != 1 || got.FurthestSeconds != 10 {
			t.Fatalf("after [0,10]: %+v", got)
		}
		s.Clock.Advance(time.Minute)
		// Out of order, overlapping, repeated: [30,40] then [5,20] then [0,10] again.
		v.report(iv(30, 40))
		got := v.report(iv(5, 20), iv(0, 10), iv(30, 40))
		if got.WatchedSeconds != 30 || got.FurthestSeconds != 40 {
			t.Fatalf("unique seconds of [0,10] [30,40] [5,20]: %+v; want 30, furthest 40", got)
		}
		// A replay of everything changes nothing.
		if again := v.report(iv(0, 20), iv(30, 40)); again != got {
			t.Fatalf("replay changed progress: %+v, was %+v", again, got)
		}
		// Fractions round to whole seconds: [19.6, 30.4] closes the gap.
		if got := v.report(iv(19.6, 30.4)); got.WatchedSeconds != 40 {
			t.Fatalf("after closing the gap: %+v; want 40", got)
		}
	})
}

// TestProgressWallClockCap: an hour's video claimed in a minute is refused;
// only twice the time that passed is credited.
func TestProgressWallClockCap(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s, 3600)
		v.report()
		s.Clock.Advance(time.Minute)
		// The start report allowed for 5 s of play before it: 65 s × 2 (the
		// test clock also runs on between calls, by a second or two here).
		got := v.report(iv(0, 3600))
		if got.WatchedSeconds > 135 || got.WatchedSeconds < 130 || got.WatchedFully {
			t.Fatalf("an hour claimed a minute after the start: %+v; want about 130 s, not watched", got)
		}
		if err := v.mayBuy(); err == nil {
			t.Fatal("may buy after claiming an hour in a minute")
		}
		// A burst of reports gains only what the clock gave meanwhile (2 s a second).
		began := time.Now()
		var again registration.Progress
		for range 5 {
			again = v.report(iv(0, 3600))
		}
		if grew, allowed := again.WatchedSeconds-got.WatchedSeconds, int(2*time.Since(began).Seconds()); grew > allowed {
			t.Fatalf("a burst of 5 reports grew the count by %d s in %v; want at most %d", grew, time.Since(began), allowed)
		}
		// The first report of a registration accounts for at most 10 s of play.
		w := newViewer(t, s, 3600)
		if first := w.report(iv(0, 3600)); first.WatchedSeconds > 12 {
			t.Fatalf("first report credited %d s; want about 10", first.WatchedSeconds)
		}
	})
}

// TestProgressCompletion: 90 % of the unique seconds including the last 30
// s; the server's flag opens the may-buy rule, the old route does not.
func TestProgressCompletion(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		v := newViewer(t, s, 100)

		// The old route unlocks nothing for a webinar with a length.
		r, err := v.svc.MarkWatched(ctx, v.p, v.wid)
		if err != nil || r.WatchedVideoFully {
			t.Fatalf("old watched route: %+v, %v; want watched still false", r, err)
		}
		if err := v.mayBuy(); !isCode(err, "watch_first") {
			t.Fatalf("may buy after the old route: %v; want watch_first", err)
		}

		v.report()
		s.Clock.Advance(time.Hour) // time enough: only the rule decides now
		// 95 of 100 s, but 3 of the last 30 s are missing: not watched.
		if got := v.report(iv(0, 68), iv(73, 100)); got.WatchedSeconds != 95 || got.WatchedFully {
			t.Fatalf("95 s without all of the last 30: %+v; want not watched", got)
		}
		if err := v.mayBuy(); !isCode(err, "watch_first") {
			t.Fatalf("may buy before watched: %v", err)
		}
		// The last 30 s complete, but only 89 s in all.
		w := newViewer(t, s, 100)
		w.report()
		s.Clock.Advance(time.Hour)
		if got := w.report(iv(0, 59), iv(70, 100)); got.WatchedSeconds != 89 || got.WatchedFully {
			t.Fatalf("89 s: %+v; want not watched", got)
		}
		if got := w.report(iv(59, 60)); got.WatchedSeconds != 90 || !got.WatchedFully {
			t.Fatalf("90 s with the last 30: %+v; want watched", got)
		}
		if err := w.mayBuy(); err != nil {
			t.Fatalf("may buy once watched: %v", err)
		}
		mine, err := w.svc.Mine(ctx, w.p, w.wid)
		if err != nil || !mine.WatchedVideoFully {
			t.Fatalf("registration after watching: %+v, %v", mine, err)
		}

		// Reset Status clears the stretches too.
		if _, err := w.svc.ResetMine(ctx, w.p, w.wid); err != nil {
			t.Fatal(err)
		}
		pr, err := w.svc.Progress(ctx, w.p, w.wid)
		if err != nil || pr.WatchedSeconds != 0 || pr.WatchedFully {
			t.Fatalf("progress after reset: %+v, %v", pr, err)
		}
	})
}

// TestProgressBadInput: 400 with a clear message, and nothing recorded is lost.
func TestProgressBadInput(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 120})
		c, _ := s.Login(auth.RoleUser)
		path := "/api/webinars/" + w.ID + "/registration"
		c.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Sam Carter", "email": "sam@example.com"}).
			Check(t, testutil.Want{Status: http.StatusCreated})
		c.Do("POST", path+"/progress", map[string]any{"intervals": [][]float64{}}).Check(t, testutil.Want{Status: 200})
		s.Clock.Advance(10 * time.Second)
		c.Do("POST", path+"/progress", map[string]any{"intervals": [][]float64{{0, 15}}}).Check(t, testutil.Want{Status: 200})
		for _, tc := range []struct {
			body any
			msg  string
		}{
			{map[string]any{"intervals": [][]float64{{-1, 5}}}, "Interval 1 is negative; times start at 0 seconds."},
			{map[string]any{"intervals": [][]float64{{0, 5}, {9, 4}}}, "Interval 2 ends before it starts."},
			{map[string]any{"intervals": [][]float64{{100, 130}}}, "Interval 1 ends past the video's end (120 seconds)."},
			{map[string]any{"intervals": [][]float64{{1, 2, 3}}}, "Interval 1 must be [start, end] in seconds."},
			{map[string]any{"intervals": "0-10"}, ""},
		} {
			want := testutil.Want{Status: 400, Message: tc.msg}
			c.Do("POST", path+"/progress", tc.body).Check(t, want)
		}
		var got struct {
			Progress registration.Progress `json:"progress"`
		}
		res := c.Do("GET", path+"/progress", nil)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &got)
		if got.Progress.WatchedSeconds != 15 || got.Progress.LengthSeconds != 120 {
			t.Fatalf("progress after bad reports: %+v; want the 15 s recorded before", got.Progress)
		}
	})
}

// TestProgressTwoInstances: one viewer's reports sent at once to two
// instances on one database merge into one count.
func TestProgressTwoInstances(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s1 := testutil.NewServerWithDB(t, d)
		s2 := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s1, 600)
		v.report()
		s1.Clock.Advance(10 * time.Minute)
		s2.Clock.Advance(10 * time.Minute)
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			svc := s1.App.Registrations
			if i%2 == 1 {
				svc = s2.App.Registrations
			}
			a := float64(i * 10)
			wg.Go(func() {
				_, err := svc.ReportProgress(context.Background(), v.p, v.wid,
					registration.ProgressInput{Intervals: [][]float64{{a, a + 10}}})
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got, err := s2.App.Registrations.Progress(context.Background(), v.p, v.wid)
		if err != nil || got.WatchedSeconds != 400 || got.FurthestSeconds != 400 {
			t.Fatalf("after 40 stretches of 10 s on two instances: %+v, %v; want 400", got, err)
		}
	})
}

func isCode(err error, code string) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == code
}
