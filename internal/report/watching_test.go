package report_test

import (
	"context"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/period"
	"watchwin/internal/registration"
	"watchwin/internal/report"
	"watchwin/internal/testutil"
)

// TestRetentionAndSources: the retention curve and the funnel by source
// against figures worked out by hand, on both engines.
func TestRetentionAndSources(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 100})
		svc := s.App.Registrations
		register := func(src *registration.Source) auth.Profile {
			_, p := s.Login(auth.RoleUser)
			if _, _, err := svc.Register(ctx, p, w.ID, registration.Input{Name: "Sam Carter", Email: "sam@example.com", Source: src}); err != nil {
				t.Fatal(err)
			}
			return p
		}
		watch := func(p auth.Profile, end float64) {
			if _, err := svc.ReportProgress(ctx, p, w.ID, registration.ProgressInput{}); err != nil {
				t.Fatal(err)
			}
			for at := 0.0; at < end; at += 20 { // played at 2×, reported every 10 s
				s.Clock.Advance(10 * time.Second)
				if _, err := svc.ReportProgress(ctx, p, w.ID, registration.ProgressInput{Intervals: [][]float64{{at, min(at+20, end)}}}); err != nil {
					t.Fatal(err)
				}
			}
		}
		a := register(&registration.Source{Ref: "flyer-nov"})
		b := register(&registration.Source{UTMSource: "Facebook", UTMMedium: "social", UTMCampaign: "nov"})
		c := register(&registration.Source{Ref: "  Flyer Nov!"}) // cleaned to flyer-nov
		register(nil)                                            // direct, never plays
		watch(a, 100)
		watch(b, 50)
		watch(c, 25)
		s.Purchase(a, w.ID) // already registered and watched: pays $40

		now := s.Clock.Now()
		p := period.Period{Start: now.Add(-24 * time.Hour), End: now.Add(24 * time.Hour)}
		curves, err := s.App.Reports.Retention(ctx, p)
		if err != nil || len(curves) != 1 {
			t.Fatalf("retention: %+v, %v", curves, err)
		}
		r := curves[0]
		// Parts of 1 s: the first 25 watched by a, b, c (3 of 4), up to 50 by
		// a and b, the rest by a alone. Shares 100, 50, 25, 0: median 37.5.
		// Viewers a, b, c stopped at 100, 50, 25: half had stopped by 50.
		for k, want := range map[int]float64{0: 75, 24: 75, 25: 50, 49: 50, 50: 25, 99: 25} {
			if r.Buckets[k] != want {
				t.Errorf("part %d: %v%%, want %v%%", k+1, r.Buckets[k], want)
			}
		}
		if r.Registrants != 4 || r.Viewers != 3 || r.MedianPercent != 37.5 || r.HalfStoppedSec != 50 || len(r.Buckets) != report.RetentionBuckets {
			t.Errorf("curve: registrants %d viewers %d median %v half-stopped %d buckets %d; want 4, 3, 37.5, 50, 100",
				r.Registrants, r.Viewers, r.MedianPercent, r.HalfStoppedSec, len(r.Buckets))
		}

		sources, err := s.App.Reports.Sources(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		type row struct {
			source                             string
			registered, watched, paid, revenue int
		}
		var got []row
		for _, f := range sources {
			got = append(got, row{f.Source, f.Registered, f.Watched, f.Paid, int(f.Revenue.Cents)})
		}
		want := []row{{"flyer-nov", 2, 1, 1, 4000}, {"direct", 1, 0, 0, 0}, {"facebook", 1, 0, 0, 0}}
		if len(got) != len(want) {
			t.Fatalf("sources %+v, want %+v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("source row %d: %+v, want %+v", i, got[i], want[i])
			}
		}
	})
}
