package reminder_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/reminder"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/smtpserver"
)

// The whole path through a real SMTP server (aiosmtpd): the reminder
// arrives with both one-click headers (RFC 8058): List-Unsubscribe naming
// the site's unsubscribe URL (https on a public site) and
// List-Unsubscribe-Post saying One-Click; a POST to that URL, as a mailbox provider sends it (no cookie,
// no page), unsubscribes. Transactional mail carries neither header.
func TestReminderOverSMTPUnsubscribesInOneClick(t *testing.T) {
	addr, maildir := smtpserver.Start(t)
	s := testutil.NewServer(t, db.SQLite)
	w := s.CreateWebinar(testutil.WebinarSpec{At: s.Clock.Now().Add(-time.Hour).Truncate(time.Second)})
	r := register(t, s, w.ID)
	if n := run(t, s); n != 1 {
		t.Fatalf("queued %d reminders, want 1", n)
	}
	smtp, err := mail.NewSMTP("smtp://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	worker := mail.NewWorker(s.App.Outbox, smtp, "WatchWin <no-reply@watchwin.test>", nil)
	if n, err := worker.SendDue(context.Background()); err != nil || n != 2 {
		t.Fatalf("SendDue = %d, %v; want the registration mail and the reminder", n, err)
	}

	var link string
	for _, m := range smtpserver.Received(t, maildir) {
		unsub, post := m.Header.Get("List-Unsubscribe"), m.Header.Get("List-Unsubscribe-Post")
		if !strings.Contains(m.Header.Get("Subject"), "ready to watch") {
			if unsub != "" || post != "" {
				t.Errorf("transactional mail %q carries List-Unsubscribe %q / %q", m.Header.Get("Subject"), unsub, post)
			}
			continue
		}
		if post != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe-Post %q, want List-Unsubscribe=One-Click", post)
		}
		if !strings.HasPrefix(unsub, "<"+s.URL+"/api/reminders/unsubscribe?token=") || !strings.HasSuffix(unsub, ">") {
			t.Fatalf("List-Unsubscribe %q, want <%s/api/reminders/unsubscribe?token=…>", unsub, s.URL)
		}
		link = strings.Trim(unsub, "<>")
	}
	if link == "" {
		t.Fatal("the reminder did not arrive")
	}

	res, err := http.Post(link, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"unsubscribed":true`) {
		t.Fatalf("one-click POST: %d %s", res.StatusCode, body)
	}
	var p reminder.Preferences
	r.c.Do("GET", "/api/reminders/preferences", nil).JSON(t, &p)
	if p.Ready || !p.Unfinished || !p.Offer {
		t.Errorf("preferences after the one-click POST %+v, want ready off", p)
	}
}

// A new-webinar alert and a credit reminder go through a real SMTP server
// (aiosmtpd) with both one-click headers; the confirmation mail, which the
// visitor asked for, carries neither.
func TestAlertAndCreditReminderOverSMTP(t *testing.T) {
	addr, maildir := smtpserver.Start(t)
	s := testutil.NewServer(t, db.SQLite)
	subscribe(t, s, "fan@example.com")
	confirm(s, confirmLink(t, s, "fan@example.com"))
	s.Clock.Advance(time.Minute)
	w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster basics"})
	_, holder, c := buyer(t, s)
	_ = w
	run(t, s)
	at(s, c.ExpiresAt.In(s.App.Config.Timezone).AddDate(0, 0, -7).Add(time.Minute))
	run(t, s)
	smtp, err := mail.NewSMTP("smtp://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	worker := mail.NewWorker(s.App.Outbox, smtp, "WatchWin <no-reply@watchwin.test>", nil)
	for range 5 { // a second apart: bulk mail takes one slot of the pace each
		if _, err := worker.SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		s.Clock.Advance(time.Second)
	}
	want := map[string]bool{"New webinar: Holster basics": false, "Your store credit expires in 7 days": false}
	for _, m := range smtpserver.Received(t, maildir) {
		subject := m.Header.Get("Subject")
		unsub, post := m.Header.Get("List-Unsubscribe"), m.Header.Get("List-Unsubscribe-Post")
		if _, ok := want[subject]; !ok {
			if strings.Contains(subject, "Confirm") && (unsub != "" || post != "") {
				t.Errorf("the confirmation mail carries List-Unsubscribe %q / %q", unsub, post)
			}
			continue
		}
		want[subject] = true
		if post != "List-Unsubscribe=One-Click" || !strings.HasPrefix(unsub, "<"+s.URL+reminder.UnsubscribeAPI+"?token=") {
			t.Errorf("%q: List-Unsubscribe %q, List-Unsubscribe-Post %q", subject, unsub, post)
		}
	}
	for subject, seen := range want {
		if !seen {
			t.Errorf("%q did not arrive (holder %s)", subject, holder.Email)
		}
	}
}
