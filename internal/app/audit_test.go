package app_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/csvx"
	"watchwin/internal/db"
	"watchwin/internal/giveaway"
	"watchwin/internal/question"
	"watchwin/internal/registration"
	"watchwin/internal/report"
	"watchwin/internal/testutil"
	"watchwin/internal/video"
)

// auditCase is one successful call of a state-changing staff or admin
// route; send runs it (after the cases before it) and returns the answer.
type auditCase struct {
	pattern string
	action  string // the entry it must leave
	send    func(c *testutil.Client) testutil.Response
}

// TestEveryAdminChangeIsAudited walks the route table (routes.go): every
// route only staff or admins may call that is not a GET must, when it
// succeeds, leave exactly one audit entry carrying the request's id, the
// acting account and role, and the client's network (docs/api.md#audit-log). A
// route of the table without a case here fails the test, so a new route cannot
// skip the log.
func TestEveryAdminChangeIsAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		// Any ffmpeg on PATH will do: no upload here is transcoded.
		s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.FFmpeg, c.FFprobe = "true", "true" })
		ctx := context.Background()
		admin, adminProfile := s.Login(auth.RoleAdmin)
		clerk, clerkProfile := s.Login(auth.RoleStaff)

		// What the cases act on.
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 4})
		buyer := s.CreateUser("audit-buyer-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser)
		bought := s.Purchase(buyer, w.ID)
		refundable := s.Purchase(s.CreateUser("audit-refund-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser), w.ID)
		counted := s.Purchase(s.CreateUser("audit-counter-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser), w.ID)
		doomed := s.CreateWebinar(testutil.WebinarSpec{})
		later := s.CreateWebinar(testutil.WebinarSpec{})
		victim := s.CreateUser("audit-victim-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser)
		edited := s.CreateUser("audit-edited-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser)
		_, ended := s.Login(auth.RoleUser)
		if _, _, err := s.App.Registrations.Register(ctx, adminProfile, w.ID, registration.Input{Name: "Ada Admin", Email: adminProfile.Email}); err != nil {
			t.Fatal(err)
		}
		form := map[string]any{"title": "Audited webinar", "description": "A webinar the audit test writes.",
			"event_datetime": time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339), "display_price": 40,
			"total_seats": 20, "youtube_video_id": "dQw4w9WgXcQ", "is_active": true}
		var winnerID, imagePath, videoID, cardID string
		carded := s.CreateWebinar(testutil.WebinarSpec{Length: 120}) // its video takes cards
		srt := "1\n00:00:01,000 --> 00:00:03,000\nWelcome to the range.\n"
		// A webinar drawn at its draw date, for 'Pick New Winner'.
		drawn := s.CreateWebinar(testutil.WebinarSpec{})
		s.Purchase(s.CreateUser("audit-entrant-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser), drawn.ID)
		past := s.Clock.Now().Add(-time.Minute).Format(time.RFC3339)
		if _, err := s.App.Giveaway.SaveTerms(ctx, drawn.ID, giveaway.TermsInput{DrawsAt: &past}); err != nil {
			t.Fatal(err)
		}
		if n, err := s.App.Giveaway.DrawDeadlines(ctx); err != nil || n != 1 {
			t.Fatalf("DrawDeadlines = %d, %v", n, err)
		}

		asked, err := s.App.Questions.Ask(ctx, buyer, w.ID, question.Input{Question: "Does it fit a P365?", Second: 30})
		if err != nil {
			t.Fatal(err)
		}

		cases := []auditCase{
			{"POST /api/counter/questions/{id}/answer", "question.answer", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/counter/questions/"+asked.ID+"/answer", map[string]string{"answer": "Yes, with the XL grip."})
			}},
			{"POST /api/counter/questions/{id}/publish", "question.publish", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/counter/questions/"+asked.ID+"/publish", nil)
			}},
			{"POST /api/counter/questions/{id}/hide", "question.hide", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/counter/questions/"+asked.ID+"/hide", nil)
			}},
			{"POST /api/admin/webinars", "webinar.create", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/webinars", form)
			}},
			{"PUT /api/admin/webinars/{id}", "webinar.deactivate", func(c *testutil.Client) testutil.Response {
				f := map[string]any{}
				for k, v := range form {
					f[k] = v
				}
				f["is_active"], f["total_seats"] = false, 25
				return c.Do("PUT", "/api/admin/webinars/"+doomed.ID, f)
			}},
			{video.UploadPath, "video.upload", func(c *testutil.Client) testutil.Response {
				res := c.TusCreate(later.ID, "range-day.mp4", 1000)
				videoID = path.Base(res.Header.Get("Location"))
				return res
			}},
			{"PUT /api/admin/videos/{id}/captions/{lang}", "video.captions", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/videos/"+videoID+"/captions/en", map[string]string{"label": "English", "text": srt})
			}},
			{"PATCH /api/admin/videos/{id}/captions/{lang}/cues/{index}", "video.caption_edit", func(c *testutil.Client) testutil.Response {
				return c.Do("PATCH", "/api/admin/videos/"+videoID+"/captions/en/cues/0", map[string]string{"text": "Welcome, everyone."})
			}},
			{"DELETE /api/admin/videos/{id}/captions/{lang}", "video.captions_delete", func(c *testutil.Client) testutil.Response {
				return c.Do("DELETE", "/api/admin/videos/"+videoID+"/captions/en", nil)
			}},
			{"POST /api/admin/webinars/{id}/cards", "webinar.card_create", func(c *testutil.Client) testutil.Response {
				res := c.Do("POST", "/api/admin/webinars/"+carded.ID+"/cards", map[string]any{"start_second": 10,
					"duration_seconds": 8, "title": "See this holster at the counter", "action": "link", "link_url": "/webinars"})
				var out struct{ Card struct{ ID string } }
				res.JSON(t, &out)
				cardID = out.Card.ID
				return res
			}},
			{"PUT /api/admin/webinars/{id}/cards/{card}", "webinar.card_update", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/webinars/"+carded.ID+"/cards/"+cardID, map[string]any{"start_second": 12,
					"duration_seconds": 8, "title": "See this holster at the counter", "action": "question"})
			}},
			{"DELETE /api/admin/webinars/{id}/cards/{card}", "webinar.card_delete", func(c *testutil.Client) testutil.Response {
				return c.Do("DELETE", "/api/admin/webinars/"+carded.ID+"/cards/"+cardID, nil)
			}},
			{"POST /api/admin/webinars/{id}/follow-ups", "webinar.follow_up", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/webinars/"+w.ID+"/follow-ups", map[string]any{"segment": "never_started",
					"subject": "{webinar_title} is waiting", "body": "Hi {first_name}: {resume_link}"})
			}},
			{"DELETE /api/admin/webinars/{id}", "webinar.delete", func(c *testutil.Client) testutil.Response {
				return c.Do("DELETE", "/api/admin/webinars/"+doomed.ID, nil)
			}},
			{"POST /api/admin/coupons/{id}/redeem", "coupon.redeem", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/coupons/"+bought.ID+"/redeem", nil)
			}},
			{"POST /api/admin/coupons/{id}/cancel-redemption", "coupon.unredeem", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/coupons/"+bought.ID+"/cancel-redemption", nil)
			}},
			{"POST /api/counter/coupons/{code}/redeem", "coupon.redeem", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/counter/coupons/"+counted.Code+"/redeem", nil)
			}},
			{"POST /api/counter/coupons/{code}/unredeem", "coupon.unredeem", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/counter/coupons/"+counted.Code+"/unredeem", nil)
			}},
			{"POST /api/admin/coupons/{id}/refund", "coupon.refund", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/coupons/"+refundable.ID+"/refund", nil)
			}},
			{"PUT /api/admin/users/{id}", "user.role_change", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/users/"+edited.ID, map[string]string{"email": edited.Email,
					"firstName": "Test", "lastName": "Renamed", "phoneNumber": "", "role": auth.RoleAdmin})
			}},
			{"POST /api/admin/users/{id}/password", "user.password_change", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/users/"+edited.ID+"/password", map[string]string{"newPassword": "another-secret"})
			}},
			{"POST /api/admin/users/{id}/sessions/end", "user.sessions_end", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/users/"+ended.ID+"/sessions/end", nil)
			}},
			{"DELETE /api/admin/users/{id}", "user.delete", func(c *testutil.Client) testutil.Response {
				return c.Do("DELETE", "/api/admin/users/"+victim.ID, nil)
			}},
			{"POST /api/admin/webinars/{id}/simulated-purchase", "payment.simulate", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/webinars/"+w.ID+"/simulated-purchase", nil)
			}},
			{"POST /api/admin/registrations/reset", "registration.force_reset", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/registrations/reset", map[string]string{"webinar_id": w.ID, "user_id": buyer.ID})
			}},
			{"POST /api/admin/webinars/{id}/giveaway/draw", "giveaway.draw", func(c *testutil.Client) testutil.Response {
				res := c.Do("POST", "/api/admin/webinars/"+drawn.ID+"/giveaway/draw", map[string]string{"reason": "The winner declined."})
				var b struct{ Winner struct{ ID string } }
				res.JSON(t, &b)
				winnerID = b.Winner.ID
				return res
			}},
			{"POST /api/admin/giveaway-winners/{id}/notify", "giveaway.notify", func(c *testutil.Client) testutil.Response {
				return c.Do("POST", "/api/admin/giveaway-winners/"+winnerID+"/notify", nil)
			}},
			{"PUT /api/admin/webinars/{id}/giveaway", "webinar.giveaway", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/webinars/"+later.ID+"/giveaway", map[string]any{
					"draws_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "prize_value_cents": 25000})
			}},
			{"PUT /api/admin/giveaway/rules", "settings.giveaway", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/giveaway/rules", map[string]any{"sponsor_name": "Audited Store",
					"sponsor_address": "1 Main St, Naperville, IL 60540", "prize_description": "A range bag",
					"prize_value_cents": 12000, "residency": "Legal residents of Illinois"})
			}},
			{"PUT /api/admin/settings/general", "settings.general", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/settings/general", map[string]string{"site_title": "Audited Store",
					"contact_email": "shop@example.com", "store_address": "", "store_phone": "(630) 555-0100"})
			}},
			{"PUT /api/admin/settings/announcement", "settings.announcement", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/settings/announcement", map[string]any{"text": "Open late", "enabled": true,
					"color": "#E53E3E", "text_color": "#ffffff", "font_size": "20px", "font_family": "inherit",
					"border": "none", "dismissible": false})
			}},
			{"PUT /api/admin/settings/reminders", "settings.reminders", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/settings/reminders", map[string]bool{"ready": true, "unfinished": false, "offer": true})
			}},
			{"PUT /api/admin/settings/books", "settings.books", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/settings/books", map[string]any{"pos_receipt_required": true, "end_of_day_hour": 21,
					"dormancy_years": 5, "pos_headers": map[string]string{"number": "A", "issue_date": "B", "original_value": "C",
						"balance": "D", "customer": "E", "last_used": "F", "expiration": "G"}})
			}},
			{"PUT /api/admin/settings/coupon-policy", "settings.coupon_policy", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/settings/coupon-policy", map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30})
			}},
			{"POST /api/admin/media/{bucket}", "media.upload", func(c *testutil.Client) testutil.Response {
				res := c.Upload("site_images", "audit-banner", "banner.png", testutil.PNG(t))
				var b struct{ Path string }
				res.JSON(t, &b)
				imagePath = b.Path
				return res
			}},
			{"PUT /api/admin/settings/backgrounds/{page}", "settings.background", func(c *testutil.Client) testutil.Response {
				return c.Do("PUT", "/api/admin/settings/backgrounds/webinars", map[string]string{"image_path": imagePath})
			}},
		}

		// Every state-changing route of the table only staff or admins
		// reach has a case, and every case is such a route.
		var changing, staffRoutes []string
		for _, r := range s.App.Routes() {
			if r.Access == app.Staff {
				staffRoutes = append(staffRoutes, r.Pattern) // sent by the clerk below
			}
			if (r.Access == app.Admin || r.Access == app.Staff) && !strings.HasPrefix(r.Pattern, "GET ") {
				changing = append(changing, r.Pattern)
			}
		}
		var covered []string
		for _, c := range cases {
			covered = append(covered, c.pattern)
			if !slices.Contains(changing, c.pattern) {
				t.Errorf("case for %q, which is not a state-changing admin or staff route of the table", c.pattern)
			}
		}
		for _, p := range changing {
			if !slices.Contains(covered, p) {
				t.Errorf("%s changes state but has no audit case: add one here (and write its audit entry)", p)
			}
		}

		for _, c := range cases {
			by, byProfile := admin, adminProfile
			if slices.Contains(staffRoutes, c.pattern) {
				by, byProfile = clerk, clerkProfile
			}
			res := c.send(by)
			if res.Status/100 != 2 {
				t.Fatalf("%s: status %d: %.300s", c.pattern, res.Status, res.Body)
			}
			reqID := res.Header.Get("X-Request-Id")
			rows, err := d.QueryContext(ctx, `SELECT action, COALESCE(actor_id, ''), COALESCE(actor_role, ''),
				COALESCE(client_network, ''), summary FROM audit_log WHERE request_id = $1`, reqID)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			for rows.Next() {
				n++
				var action, actor, role, network, summary string
				if err := rows.Scan(&action, &actor, &role, &network, &summary); err != nil {
					t.Fatal(err)
				}
				if action != c.action || actor != byProfile.ID || role != byProfile.Role || network != "127.0.0.0/24" || summary == "" {
					t.Errorf("%s: entry %q by %q (%s) from %q: %q; want %q by %s from 127.0.0.0/24",
						c.pattern, action, actor, role, network, summary, c.action, byProfile.Role)
				}
				for _, secret := range []string{"another-secret", bought.Code, refundable.Code, counted.Code, buyer.Email} {
					if strings.Contains(summary, secret) {
						t.Errorf("%s: the summary %q holds %q", c.pattern, summary, secret)
					}
				}
			}
			rows.Close()
			if n != 1 {
				t.Errorf("%s: %d audit entries with its request id %q, want 1", c.pattern, n, reqID)
			}
		}
	})
}

// TestAuditLogIsAppendOnly: no route changes or deletes an entry (the table
// has only GET routes under /api/admin/audit), and the database itself
// refuses to change one.
func TestAuditLogIsAppendOnly(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		for _, r := range s.App.Routes() {
			if strings.Contains(r.Pattern, "/audit") && !strings.HasPrefix(r.Pattern, "GET ") {
				t.Errorf("%s: no route may write the audit log", r.Pattern)
			}
		}
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/general", map[string]string{"site_title": "Store",
			"contact_email": "shop@example.com", "store_address": "", "store_phone": "(630) 555-0100"}).Check(t, testutil.Want{Status: http.StatusOK})
		if _, err := d.Exec(`UPDATE audit_log SET summary = 'rewritten'`); err == nil {
			t.Error("UPDATE of an audit entry was accepted")
		}
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM audit_log WHERE summary = 'rewritten'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("rewritten entries: %d (%v)", n, err)
		}
	})
}

// TestEveryDownloadIsAudited walks the route table: every download of
// customer data (the routes behind the export limit) leaves exactly one
// data.export entry with the request's id, the admin, the download's name,
// what it covers and the rows it held (docs/api.md#audit-log). A
// download route, or a report export, without a case here fails the test.
func TestEveryDownloadIsAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		admin, adminProfile := s.Login(auth.RoleAdmin)
		// A video length, so the buyers' watching fills the retention export.
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 2, Length: 60})
		var codes []string
		for _, name := range []string{"one", "two"} { // the seats fill: the draw
			codes = append(codes, s.Purchase(s.CreateUser("download-"+name+"-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser), w.ID).Code)
		}
		// One redeemed at the counter (counter.csv), one still open (pos-import.csv).
		clerk, _ := s.Login(auth.RoleStaff)
		clerk.Do("POST", "/api/counter/coupons/"+codes[0]+"/redeem", map[string]string{"pos_receipt": "R-1"}).Check(t, testutil.Want{Status: 200})
		var draws struct{ Draws []struct{ ID string } }
		admin.Do("GET", "/api/admin/webinars/"+w.ID+"/giveaway/draws", nil).JSON(t, &draws)
		if len(draws.Draws) != 1 {
			t.Fatalf("draws of the filled webinar: %+v", draws.Draws)
		}
		drawID := draws.Draws[0].ID

		// A download: its path, the route it takes, its name in the log,
		// what the entry says it covers, and how to count its rows.
		type download struct {
			path, pattern, name, covers string
			rows                        func(body string) int
		}
		csvRows := func(body string) int {
			records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, csvx.BOM))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			return len(records) - 1
		}
		month := s.Clock.Now().In(s.App.Config.Timezone)
		first := time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, month.Location())
		thisMonth := first.Format("2006-01-02") + " to " + first.AddDate(0, 1, -1).Format("2006-01-02")
		var downloads []download
		for name := range report.Exports {
			downloads = append(downloads, download{"/api/admin/reports/exports/" + name, "GET /api/admin/reports/exports/{name}",
				name, thisMonth, csvRows})
		}
		downloads = append(downloads,
			download{"/api/admin/audit/export.csv?action=giveaway.draw", "GET /api/admin/audit/export.csv",
				"audit-log.csv", "whole log, filtered", csvRows},
			download{"/api/admin/giveaway-draws/" + drawID + "/entries.txt", "GET /api/admin/giveaway-draws/{id}/entries.txt",
				"giveaway-entries.txt", "draw " + drawID, func(body string) int { return strings.Count(body, "\n") }},
		)
		today := "as of " + s.Clock.Now().In(s.App.Config.Timezone).Format("2006-01-02")
		for name := range report.Lists {
			downloads = append(downloads, download{"/api/admin/reports/lists/" + name, "GET /api/admin/reports/lists/{name}",
				name, today, csvRows})
		}

		covered := map[string]bool{}
		for _, dl := range downloads {
			covered[dl.pattern] = true
		}
		for pattern, rule := range app.RouteLimits(s.App) {
			if rule.Name == "export" && !covered[pattern] {
				t.Errorf("%s is a download but has no case here: add one (and record it with audit.Download)", pattern)
			}
		}

		for _, dl := range downloads {
			res := admin.Do("GET", dl.path, nil)
			res.Check(t, testutil.Want{Status: 200})
			rows := dl.rows(string(res.Body))
			if rows == 0 && dl.name != "payments.csv" && dl.name != "unclaimed.csv" { // nothing is dormant yet
				t.Errorf("%s: no rows; the case proves nothing", dl.path)
			}
			var action, targetType, targetID, actor, summary string
			n := 0
			r, err := d.QueryContext(ctx, `SELECT action, target_type, target_id, COALESCE(actor_id, ''), summary
				FROM audit_log WHERE request_id = $1`, res.Header.Get("X-Request-Id"))
			if err != nil {
				t.Fatal(err)
			}
			for r.Next() {
				n++
				if err := r.Scan(&action, &targetType, &targetID, &actor, &summary); err != nil {
					t.Fatal(err)
				}
			}
			r.Close()
			want := fmt.Sprintf("%s, %s: %d rows", dl.name, dl.covers, rows)
			if rows == 1 {
				want = fmt.Sprintf("%s, %s: 1 row", dl.name, dl.covers)
			}
			if n != 1 || action != "data.export" || targetType != "export" || targetID != dl.name ||
				actor != adminProfile.ID || summary != want {
				t.Errorf("%s: %d entries, the last %s %s/%s by %q: %q; want one data.export export/%s by the admin: %q",
					dl.path, n, action, targetType, targetID, actor, summary, dl.name, want)
			}
		}
	})
}
