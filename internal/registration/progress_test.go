package registration_test

import (
	"context"
	"net/http"
	"strings"
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
	return viewerOf(t, s, testutil.WebinarSpec{Length: length})
}

// viewerOf registers a new user for a new webinar of spec.
func viewerOf(t *testing.T, s *testutil.Server, spec testutil.WebinarSpec) *viewer {
	t.Helper()
	w := s.CreateWebinar(spec)
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

// play reports [a, b] as a page playing it at 2× does: 20 s of video every
// 10 s of the test clock.
func (v *viewer) play(a, b float64) registration.Progress {
	v.t.Helper()
	for at := a; at < b; at += 20 {
		v.s.Clock.Advance(10 * time.Second)
		v.report(iv(at, min(at+20, b)))
	}
	return v.last
}

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

// TestProgressWallClockCap: an hour's video claimed by a page reporting
// every 10 s for a minute is refused; only twice the time that passed is
// credited.
func TestProgressWallClockCap(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s, 3600)
		v.report()
		var got registration.Progress
		for range 6 {
			s.Clock.Advance(10 * time.Second)
			got = v.report(iv(0, 3600))
		}
		// The start report allowed for 5 s of play before it: 65 s × 2 (the
		// test clock also runs on between calls, by a second or two here).
		if got.WatchedSeconds > 135 || got.WatchedSeconds < 130 || got.WatchedFully {
			t.Fatalf("an hour claimed through a minute of reports: %+v; want about 130 s, not watched", got)
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

// TestProgressIdleWindow: time while nothing plays builds no budget. A
// viewer who pauses for 10 minutes gets what they play after it; a script
// that claims the whole video after 10 idle minutes gets 2 × 30 s.
func TestProgressIdleWindow(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s, 600)
		v.report()
		s.Clock.Advance(10 * time.Second)
		v.report(iv(0, 10))

		s.Clock.Advance(10 * time.Minute) // paused
		for at := 10.0; at < 100; at += 10 {
			s.Clock.Advance(10 * time.Second)
			v.report(iv(at, at+10))
		}
		if v.last.WatchedSeconds != 100 || v.last.FurthestSeconds != 100 {
			t.Fatalf("played on for 90 s after a 10-minute pause: %+v; want 100 s", v.last)
		}

		s.Clock.Advance(10 * time.Minute) // nothing plays
		got := v.report(iv(100, 600))
		if got.WatchedSeconds < 160 || got.WatchedSeconds > 162 || got.WatchedFully {
			t.Fatalf("the rest claimed after 10 idle minutes: %+v; want 100 + 60 s, not watched", got)
		}
	})
}

// TestProgressSeekingOff: with seeking off, a stretch that starts past the
// furthest point watched (2 s of rounding allowed) is not credited, and the
// rest of its report is; with seeking on the same stretch is.
func TestProgressSeekingOff(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		v := viewerOf(t, s, testutil.WebinarSpec{Length: 600, NoSeeking: true})
		v.report()
		s.Clock.Advance(10 * time.Second)
		v.report(iv(0, 20))
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(20, 30), iv(500, 510)); got.WatchedSeconds != 30 || got.FurthestSeconds != 30 {
			t.Fatalf("[20,30] and a jump to [500,510]: %+v; want 30 s, furthest 30", got)
		}
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(300, 320)); got.WatchedSeconds != 30 {
			t.Fatalf("a jump to [300,320]: %+v; want 30 s still", got)
		}
		s.Clock.Advance(10 * time.Second)
		if got := v.report(iv(31.6, 40)); got.WatchedSeconds != 38 || got.FurthestSeconds != 40 {
			t.Fatalf("[31.6,40], 2 s of rounding past the furthest point: %+v; want 38 s, furthest 40", got)
		}

		on := newViewer(t, s, 600)
		on.report()
		s.Clock.Advance(10 * time.Second)
		if got := on.report(iv(500, 510)); got.WatchedSeconds != 10 {
			t.Fatalf("seeking on, a jump to [500,510]: %+v; want 10 s", got)
		}
	})
}

// TestServedSegments: each segment served to a registration joins its
// served seconds; with seeking off, a segment starting more than 60 s past
// the furthest credited second is refused and nothing is recorded.
func TestServedSegments(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		v := viewerOf(t, s, testutil.WebinarSpec{Length: 600, NoSeeking: true})
		reg := s.RegistrationID(v.wid, v.p.ID)
		served := func() (string, time.Time) {
			t.Helper()
			var iv string
			var at time.Time
			if err := d.QueryRowContext(ctx, `SELECT served_intervals, served_at FROM webinar_registrations WHERE id = $1`, reg).Scan(&iv, &at); err != nil {
				t.Fatal(err)
			}
			return iv, at.UTC()
		}
		for _, seg := range [][2]int{{0, 6}, {6, 12}, {54, 60}} {
			if err := v.svc.Served(ctx, reg, seg[0], seg[1]); err != nil {
				t.Fatalf("segment %v: %v", seg, err)
			}
		}
		if err := v.svc.Served(ctx, reg, 66, 72); !isCode(err, "forbidden") {
			t.Fatalf("a segment at 66 s with nothing watched: %v; want 403", err)
		}
		got, at := served()
		if got != "0-12,54-60" {
			t.Fatalf("served seconds %q; want 0-12,54-60", got)
		}
		// Served again: nothing written.
		s.Clock.Advance(time.Minute)
		if err := v.svc.Served(ctx, reg, 0, 6); err != nil {
			t.Fatal(err)
		}
		if _, again := served(); !again.Equal(at) {
			t.Fatalf("served_at moved from %v to %v on a segment served before", at, again)
		}
		// Once 30 s are credited, segments up to 90 s come.
		v.report()
		s.Clock.Advance(20 * time.Second)
		v.report(iv(0, 30))
		if err := v.svc.Served(ctx, reg, 84, 90); err != nil {
			t.Fatalf("a segment at 84 s with 30 s watched: %v", err)
		}
		if err := v.svc.Served(ctx, reg, 96, 102); !isCode(err, "forbidden") {
			t.Fatalf("a segment at 96 s with 30 s watched: %v; want 403", err)
		}

		// Seeking on: any segment.
		on := newViewer(t, s, 600)
		if err := on.svc.Served(ctx, s.RegistrationID(on.wid, on.p.ID), 594, 600); err != nil {
			t.Fatalf("seeking on, the last segment first: %v", err)
		}
	})
}

// TestServedTwoInstances: segments served at once to one registration by
// two instances are all recorded.
func TestServedTwoInstances(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s1 := testutil.NewServerWithDB(t, d)
		s2 := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s1, 600)
		reg := s1.RegistrationID(v.wid, v.p.ID)
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			svc := s1.App.Registrations
			if i%2 == 1 {
				svc = s2.App.Registrations
			}
			wg.Go(func() { errs <- svc.Served(context.Background(), reg, i*12, i*12+6) })
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		var got string
		if err := d.QueryRowContext(context.Background(), `SELECT served_intervals FROM webinar_registrations WHERE id = $1`, reg).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(got, ",") + 1; n != 40 {
			t.Fatalf("40 segments served at once: %q; want all 40", got)
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
		// 95 of 100 s, but 3 of the last 30 s are missing: not watched.
		v.play(0, 68)
		if got := v.play(73, 100); got.WatchedSeconds != 95 || got.WatchedFully {
			t.Fatalf("95 s without all of the last 30: %+v; want not watched", got)
		}
		if err := v.mayBuy(); !isCode(err, "watch_first") {
			t.Fatalf("may buy before watched: %v", err)
		}
		// The last 30 s complete, but only 89 s in all.
		w := newViewer(t, s, 100)
		w.report()
		w.play(0, 59)
		if got := w.play(70, 100); got.WatchedSeconds != 89 || got.WatchedFully {
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
		// 40 s of play allowed (2 × the 30 s the budget counts back at most).
		s1.Clock.Advance(time.Minute)
		s2.Clock.Advance(time.Minute)
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			svc := s1.App.Registrations
			if i%2 == 1 {
				svc = s2.App.Registrations
			}
			a := float64(i)
			wg.Go(func() {
				_, err := svc.ReportProgress(context.Background(), v.p, v.wid,
					registration.ProgressInput{Intervals: [][]float64{{a, a + 1}}})
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
		if err != nil || got.WatchedSeconds != 40 || got.FurthestSeconds != 40 {
			t.Fatalf("after 40 stretches of 1 s on two instances: %+v, %v; want 40", got, err)
		}
	})
}

func isCode(err error, code string) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == code
}
