package registration_test

import (
	"context"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// TestResumePoint: the watch page resumes at the server's furthest point of
// the registration's stretches, from the start when there is nothing worth
// resuming, and the answer of GET …/progress carries it.
func TestResumePoint(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		v := newViewer(t, s, 120)
		ctx := context.Background()
		if got := v.report(); got.ResumeSeconds != 0 {
			t.Fatalf("nothing played: resume %d, want 0", got.ResumeSeconds)
		}
		s.Clock.Advance(2 * time.Second)
		if got := v.report(iv(0, 3)); got.ResumeSeconds != 0 {
			t.Fatalf("3 s played: resume %d, want 0 (start over)", got.ResumeSeconds)
		}
		// Stopped at 40 %: two stretches, the later one's end counts.
		v.play(3, 30)
		s.Clock.Advance(30 * time.Second)
		v.report(iv(40, 48))
		got, err := v.svc.Progress(ctx, v.p, v.wid)
		if err != nil {
			t.Fatal(err)
		}
		if got.ResumeSeconds != 48 || got.FurthestSeconds != 48 {
			t.Fatalf("stopped at 48 s: %+v", got)
		}
		at, err := v.svc.ResumeAt(ctx, v.wid, v.p.ID)
		if err != nil || at != 48 {
			t.Fatalf("ResumeAt: %d, %v; want 48", at, err)
		}
		if link := s.App.MailTemplates.Link(webinar.WatchPath(v.wid, at)); link != s.App.Config.BaseURL+"/webinar/"+v.wid+"/watch?t=48" {
			t.Fatalf("watch link %q", link)
		}
		// Watched to the last seconds: from the start again.
		v.play(48, 118)
		if got := v.last; got.ResumeSeconds != 0 || got.FurthestSeconds != 118 {
			t.Fatalf("reached 118 of 120 s: %+v; want resume 0", got)
		}
		// Not registered: nothing to resume.
		_, other := s.Login(auth.RoleUser)
		if at, err := v.svc.ResumeAt(ctx, v.wid, other.ID); err != nil || at != 0 {
			t.Fatalf("not registered: %d, %v", at, err)
		}
	})
}
