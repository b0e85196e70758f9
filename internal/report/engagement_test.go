package report_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/followup"
	"watchwin/internal/question"
	"watchwin/internal/report"
	"watchwin/internal/testutil"
	"watchwin/internal/videocard"
)

// TestFunnelWhatBroughtThemBack: a webinar's funnel row counts its cards'
// clicks, the questions asked and answered, and its follow-ups' people, of
// them who watched again after one and who bought within 7 days of it.
func TestFunnelWhatBroughtThemBack(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		s.Clock.Set(central(t, s, time.November, 10, 12, 0))
		admin, _ := s.Login(auth.RoleAdmin)
		clerk := s.CreateUser("clerk-engagement@example.com", "password1", auth.RoleStaff)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Length: 120,
			At: central(t, s, time.November, 12, 18, 0)})

		start, length := 10, 8
		card, err := s.App.Cards.Create(ctx, w.ID, videocard.Input{StartSecond: &start, DurationSeconds: &length,
			Title: "See this holster at the counter", Action: "link", LinkURL: "/webinars"})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := s.App.Cards.Click(ctx, w.ID, card.ID); err != nil {
				t.Fatal(err)
			}
		}
		asker := s.Registrant(w.ID, auth.RoleUser, false)
		for i, text := range []string{"Does it fit a P365?", "Is the range open on Sunday?"} {
			q, err := s.App.Questions.Ask(ctx, asker, w.ID, question.Input{Question: text, Second: 30})
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				if _, err := s.App.Questions.Answer(ctx, clerk, q.ID, "Yes."); err != nil {
					t.Fatal(err)
				}
			}
		}
		// Two who never started get a follow-up; one of them then watches and buys.
		buyer := s.Registrant(w.ID, auth.RoleUser, false)
		if _, err := s.App.FollowUps.Send(ctx, w.ID, followup.Input{Criteria: followup.Criteria{Segment: followup.NeverStarted},
			Subject: "{webinar_title} is waiting", Body: "{resume_link}"}); err != nil {
			t.Fatal(err)
		}
		s.Clock.Advance(time.Hour)
		s.Purchase(buyer, w.ID)

		var r report.Report
		res := admin.Do("GET", "/api/admin/reports?period=custom&from=2025-11-01&to=2025-11-30", nil)
		res.Check(t, testutil.Want{Status: http.StatusOK})
		res.JSON(t, &r)
		if len(r.Funnel) != 1 {
			t.Fatalf("funnel: %+v", r.Funnel)
		}
		f := r.Funnel[0]
		if f.CardClicks != 3 || f.Questions != 2 || f.QuestionsAnswered != 1 || f.FollowedUp != 2 ||
			f.FollowUpCameBack != 1 || f.FollowUpBought != 1 {
			t.Errorf("funnel row: %+v", f)
		}
	})
}
