package question_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/question"
	"watchwin/internal/testutil"
)

// asker signs in a new account and registers it for webinarID through the API.
func asker(t *testing.T, s *testutil.Server, webinarID string) (*testutil.Client, auth.Profile) {
	t.Helper()
	c, p := s.Login(auth.RoleUser)
	c.Do("POST", "/api/webinars/"+webinarID+"/registrations", map[string]string{"name": "Test Person", "email": p.Email}).
		Check(t, testutil.Want{Status: http.StatusCreated})
	return c, p
}

func ask(t *testing.T, c *testutil.Client, webinarID, text string, second int, showName bool) question.Asked {
	t.Helper()
	var a question.Asked
	res := c.Do("POST", "/api/webinars/"+webinarID+"/questions", map[string]any{"question": text, "second": second, "show_name": showName})
	res.Check(t, testutil.Want{Status: http.StatusCreated})
	res.JSON(t, &a)
	return a
}

// answers returns the answer mails queued to p.
func answers(s *testutil.Server, p auth.Profile) []mail.Message {
	var out []mail.Message
	for _, m := range s.Mails(p.Email) {
		if strings.HasPrefix(m.Subject, "Your question about") {
			out = append(out, m)
		}
	}
	return out
}

// near: t is at want on the test clock, which keeps running from where it is set.
func near(t, want time.Time) bool { return !t.Before(want) && t.Sub(want) < time.Minute }

type inbox struct {
	Questions []question.Item         `json:"questions"`
	Counts    map[question.Status]int `json:"counts"`
}

func inboxOf(t *testing.T, c *testutil.Client, status question.Status) inbox {
	t.Helper()
	var b inbox
	res := c.Do("GET", "/api/counter/questions?status="+string(status), nil)
	res.Check(t, testutil.Want{Status: http.StatusOK})
	res.JSON(t, &b)
	return b
}

func published(t *testing.T, c *testutil.Client, webinarID string) []question.Public {
	t.Helper()
	var b struct{ Questions []question.Public }
	res := c.Do("GET", "/api/webinars/"+webinarID+"/questions", nil)
	res.Check(t, testutil.Want{Status: http.StatusOK})
	res.JSON(t, &b)
	return b.Questions
}

// TestAskAnswerPublishHide: a registrant asks at 0:30 (the player keeps its
// second); staff see it in the inbox, answer it (mailed through the outbox
// with the question and a link back to 0:30, once), publish it under the
// video with the asker's plain first name only when allowed, and hide it;
// each privileged write leaves an audit entry; times are the test clock's.
func TestAskAnswerPublishHide(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		start := time.Date(2026, 3, 12, 18, 0, 0, 0, time.UTC)
		s.Clock.Set(start)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Length: 600})
		viewer, p := asker(t, s, w.ID)
		clerk, _ := s.Login(auth.RoleStaff)
		anon := s.Client()

		a := ask(t, viewer, w.ID, "  Does the IWB holster\nfit a P365?  ", 30, true)
		if a.Question != "Does the IWB holster fit a P365?" || a.Second != 30 || a.Status != question.New || !near(a.CreatedAt, start) {
			t.Fatalf("asked: %+v", a)
		}
		quiet := ask(t, viewer, w.ID, "Is the range open on Sunday?", 95, false)

		got := inboxOf(t, clerk, question.New)
		if len(got.Questions) != 2 || got.Counts[question.New] != 2 || got.Counts[question.Answered] != 0 {
			t.Fatalf("inbox: %+v", got)
		}
		if q := got.Questions[1]; q.ID != a.ID || q.AskerName != "Test" || q.WebinarTitle != "Holster Fundamentals" || q.Second != 30 {
			t.Errorf("inbox line: %+v", q)
		}
		if strings.Contains(string(clerk.Do("GET", "/api/counter/questions", nil).Body), p.Email) {
			t.Error("the inbox shows the asker's e-mail address")
		}

		// Publishing waits for an answer.
		clerk.Do("POST", "/api/counter/questions/"+a.ID+"/publish", nil).Check(t, testutil.Want{Status: http.StatusConflict, Code: "not_answered"})

		s.Clock.Advance(time.Hour)
		var it question.Item
		res := clerk.Do("POST", "/api/counter/questions/"+a.ID+"/answer", map[string]string{"answer": "Yes: the P365 fits the IWB holster."})
		res.Check(t, testutil.Want{Status: http.StatusOK})
		res.JSON(t, &it)
		if it.Status != question.Answered || it.AnsweredAt == nil || !near(*it.AnsweredAt, start.Add(time.Hour)) {
			t.Errorf("answered: %+v", it)
		}
		mails := answers(s, p)
		if len(mails) != 1 {
			t.Fatalf("answer mails: %d", len(mails))
		}
		m := mails[0]
		link := s.URL + "/webinar/" + w.ID + "/watch?t=30"
		for _, want := range []string{"Hi Test,", "at 0:30", "Does the IWB holster fit a P365?", "Yes: the P365 fits the IWB holster.", link} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("answer mail's text lacks %q:\n%s", want, m.Text)
			}
		}
		if !strings.Contains(m.HTML, `href="`+link+`"`) || m.Subject != "Your question about Holster Fundamentals" {
			t.Errorf("answer mail: %q\n%s", m.Subject, m.HTML)
		}
		// Answered once: a second answer is refused and mails nothing.
		clerk.Do("POST", "/api/counter/questions/"+a.ID+"/answer", map[string]string{"answer": "Again"}).
			Check(t, testutil.Want{Status: http.StatusConflict, Code: "already_answered"})
		clerk.Do("POST", "/api/counter/questions/"+quiet.ID+"/answer", map[string]string{"answer": "  "}).
			Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "answer", Message: "Answer can't be empty"})
		if n := len(answers(s, p)); n != 1 {
			t.Errorf("answer mails after the refusals: %d", n)
		}

		// Published under the video, for everyone; the name only when allowed.
		if got := published(t, anon, w.ID); len(got) != 0 {
			t.Fatalf("published before publishing: %+v", got)
		}
		clerk.Do("POST", "/api/counter/questions/"+a.ID+"/publish", nil).Check(t, testutil.Want{Status: http.StatusOK})
		clerk.Do("POST", "/api/counter/questions/"+quiet.ID+"/answer", map[string]string{"answer": "From 9 to 5."}).Check(t, testutil.Want{Status: http.StatusOK})
		clerk.Do("POST", "/api/counter/questions/"+quiet.ID+"/publish", nil).Check(t, testutil.Want{Status: http.StatusOK})
		pub := published(t, anon, w.ID)
		if len(pub) != 2 || pub[0].ID != a.ID || pub[0].Name == nil || *pub[0].Name != "Test" || pub[0].Answer != "Yes: the P365 fits the IWB holster." ||
			pub[1].ID != quiet.ID || pub[1].Name != nil || pub[1].Second != 95 {
			t.Fatalf("published: %+v", pub)
		}
		// The name under the video is the plain part of the first name only (docs/product.md#names).
		if _, err := s.App.DB.Exec(`UPDATE profiles SET first_name = 'Test URGENT: call 555' WHERE id = $1`, p.ID); err != nil {
			t.Fatal(err)
		}
		if pub := published(t, anon, w.ID); *pub[0].Name != "Test" {
			t.Errorf("published name %q", *pub[0].Name)
		}

		// An abusive question is hidden: out from under the video, in the hidden list, not answerable.
		clerk.Do("POST", "/api/counter/questions/"+quiet.ID+"/hide", nil).Check(t, testutil.Want{Status: http.StatusOK})
		if pub := published(t, anon, w.ID); len(pub) != 1 || pub[0].ID != a.ID {
			t.Errorf("published after hiding: %+v", pub)
		}
		abusive := ask(t, viewer, w.ID, "You are all idiots", 100, false)
		clerk.Do("POST", "/api/counter/questions/"+abusive.ID+"/hide", nil).Check(t, testutil.Want{Status: http.StatusOK})
		clerk.Do("POST", "/api/counter/questions/"+abusive.ID+"/answer", map[string]string{"answer": "No."}).
			Check(t, testutil.Want{Status: http.StatusConflict, Code: "question_hidden"})
		hidden := inboxOf(t, clerk, question.Hidden)
		if len(hidden.Questions) != 2 || hidden.Counts[question.Published] != 1 || hidden.Counts[question.New] != 0 {
			t.Errorf("hidden inbox: %+v", hidden)
		}

		for action, want := range map[string]int{"question.answer": 2, "question.publish": 2, "question.hide": 2} {
			if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = $1 AND target_type = 'question'`, action); n != want {
				t.Errorf("%s entries: %d, want %d", action, n, want)
			}
		}
	})
}

// TestWhoMayAskAndAnswer: only the webinar's registrants ask; customers
// cannot answer, publish or hide; staff and admins can.
func TestWhoMayAskAndAnswer(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 600})
		viewer, _ := asker(t, s, w.ID)
		stranger, _ := s.Login(auth.RoleUser)
		clerk, _ := s.Login(auth.RoleStaff)
		admin, _ := s.Login(auth.RoleAdmin)
		body := map[string]any{"question": "Do you sell 9mm?", "second": 12}

		s.Client().Do("POST", "/api/webinars/"+w.ID+"/questions", body).Check(t, testutil.Want{Status: http.StatusUnauthorized})
		stranger.Do("POST", "/api/webinars/"+w.ID+"/questions", body).
			Check(t, testutil.Want{Status: http.StatusForbidden, Code: "registration_required", Message: "Please register for this webinar to ask a question."})
		stranger.Do("POST", "/api/webinars/no-such-webinar/questions", body).Check(t, testutil.Want{Status: http.StatusNotFound})

		a := ask(t, viewer, w.ID, "Do you sell 9mm?", 12, false)
		for _, c := range []*testutil.Client{viewer, stranger} {
			c.Do("GET", "/api/counter/questions", nil).Check(t, testutil.Want{Status: http.StatusForbidden})
			for _, action := range []string{"answer", "publish", "hide"} {
				c.Do("POST", "/api/counter/questions/"+a.ID+"/"+action, map[string]string{"answer": "Yes."}).Check(t, testutil.Want{Status: http.StatusForbidden})
			}
		}
		clerk.Do("POST", "/api/counter/questions/"+a.ID+"/answer", map[string]string{"answer": "Yes, at the counter."}).Check(t, testutil.Want{Status: http.StatusOK})
		admin.Do("POST", "/api/counter/questions/"+a.ID+"/publish", nil).Check(t, testutil.Want{Status: http.StatusOK})
		inboxOf(t, admin, question.Published)
		clerk.Do("GET", "/api/counter/questions?status=everything", nil).Check(t, testutil.Want{Status: http.StatusBadRequest, Field: "status"})
	})
}

// TestQuestionRules: a question is one line of 3 to 500 characters that
// passes the name rule's link test (no web address, no @, no control
// character), at a second inside the video.
func TestQuestionRules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 600})
		viewer, _ := asker(t, s, w.ID)
		plain := "Question can't contain a web address, an @ or a control character"
		for _, tc := range []struct {
			question       string
			second         int
			field, message string
		}{
			{"ok", 10, "question", "Question must be at least 3 characters"},
			{strings.Repeat("a", 501), 10, "question", "Question must be at most 500 characters"},
			{"Deals at https://evil.example now", 10, "question", plain},
			{"see www.evil now", 10, "question", plain},
			{"cheap at evil.example", 10, "question", plain},
			{"write to me@example", 10, "question", plain},
			{"bidi \u202e override", 10, "question", plain},
			{"When is the next class?", -1, "second", ""},
			{"When is the next class?", 601, "second", ""},
		} {
			viewer.Do("POST", "/api/webinars/"+w.ID+"/questions", map[string]any{"question": tc.question, "second": tc.second}).
				Check(t, testutil.Want{Status: http.StatusBadRequest, Field: tc.field, Message: tc.message})
		}
		// What names allow, questions allow: "J.R.", "e.g." and a price.
		ask(t, viewer, w.ID, "J.R. asks, e.g. is the $499 kit in stock?", 600, false)
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_questions`); n != 1 {
			t.Errorf("questions stored: %d, want 1 (nothing half-written)", n)
		}
	})
}

// TestAskLimit: the route table's limit, 10 questions per account in 15
// minutes, then 429 until the window passes (the test clock).
func TestAskLimit(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Length: 600})
		viewer, _ := asker(t, s, w.ID)
		for i := range 10 {
			ask(t, viewer, w.ID, "Question number "+strings.Repeat("x", i+1), i, false)
		}
		res := viewer.Do("POST", "/api/webinars/"+w.ID+"/questions", map[string]any{"question": "One more?", "second": 11})
		res.Check(t, testutil.Want{Status: http.StatusTooManyRequests, Code: "too_many_attempts"})
		if res.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		s.Clock.Advance(16 * time.Minute)
		ask(t, viewer, w.ID, "One more?", 11, false)
	})
}
