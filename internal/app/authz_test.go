package app_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/video"
)

// codes is the set of statuses an actor may get on a route: one status where
// the rule decides alone, a few where the body or the data decides once the
// caller is let in (a 400 for an empty form, a 409 for a state).
type codes []int

func is(c ...int) codes { return c }

// Shorthands for the common shapes of a row.
var (
	c401 = is(http.StatusUnauthorized)
	c403 = is(http.StatusForbidden)
	c404 = is(http.StatusNotFound)
)

// TestAuthorizationMatrix walks the API route table the app serves
// (App.Routes, routes.go) and asserts, for every route, the status each of four callers
// gets: anonymous, a signed-in stranger, the signed-in user who owns the
// resource in the path or body (a registration, a coupon, a payment), store
// staff and an admin (docs/product.md#roles-and-permissions). A served route without a row, or
// a row for a route no longer served, fails the test. Besides the status,
// nothing the owner owns (e-mail, coupon code, payment id) may appear in an
// answer to anonymous or to the stranger.
func TestAuthorizationMatrix(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	actors := s.Actors()
	owner, ownerProfile := s.Login(auth.RoleUser)
	clerk, _ := s.Login(auth.RoleStaff)
	clients := map[string]*testutil.Client{"anon": actors.Anon, "user": actors.User, "owner": owner, "staff": clerk, "admin": actors.Admin}

	// The owner buys the coupon of a paid webinar through the API, the way the
	// SPA does: register, watch, start a payment, pay with the test card,
	// confirm. Its registration, payment and coupon are what the rows point at.
	w := s.CreateWebinar(testutil.WebinarSpec{})
	mustOK := func(res testutil.Response, what string) testutil.Response {
		t.Helper()
		if res.Status/100 != 2 {
			t.Fatalf("seed %s: %d %s", what, res.Status, res.Body)
		}
		return res
	}
	mustOK(owner.Do("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Olive Owner", "email": ownerProfile.Email}), "register")
	mustOK(owner.Do("POST", "/api/webinars/"+w.ID+"/registration/watched", nil), "watched")
	var intent struct {
		ID           string `json:"id"`
		ClientSecret string `json:"clientSecret"`
	}
	mustOK(owner.Do("POST", "/api/webinars/"+w.ID+"/payments", nil), "start payment").JSON(t, &intent)
	mustOK(owner.Do("POST", "/api/payments/test-intents/"+intent.ID+"/confirm", map[string]any{
		"client_secret": intent.ClientSecret, "card_number": "4242 4242 4242 4242",
		"exp_month": 12, "exp_year": time.Now().Year() + 1, "cvc": "123", "postal_code": "60540",
	}), "pay")
	var paid struct {
		Code string `json:"code"`
	}
	mustOK(owner.Do("POST", "/api/payments/confirm", map[string]string{"paymentIntentId": intent.ID}), "confirm").JSON(t, &paid)
	var mine struct {
		Coupon struct{ ID, Code string }
	}
	mustOK(owner.Do("GET", "/api/webinars/"+w.ID+"/coupon", nil), "my coupon").JSON(t, &mine)
	if mine.Coupon.ID == "" || mine.Coupon.Code != paid.Code {
		t.Fatalf("seed: owner's coupon %+v, confirm said %q", mine.Coupon, paid.Code)
	}
	// A second purchase through the services (testutil.Purchase) gives the
	// owner a coupon on another webinar: it is what the admin redeems.
	redeemable := s.Purchase(ownerProfile, s.CreateWebinar(testutil.WebinarSpec{}).ID)
	doomed := s.CreateWebinar(testutil.WebinarSpec{})                                     // the admin deletes it
	victim := s.CreateUser("victim-"+w.ID[:8]+"@example.com", "password1", auth.RoleUser) // the admin deletes them
	_, signedOut := s.Login(auth.RoleUser)                                                // the admin ends their sessions
	secrets := []string{ownerProfile.Email, mine.Coupon.Code, redeemable.Code, intent.ID, intent.ClientSecret}

	wid, cid, uid := w.ID, redeemable.ID, ownerProfile.ID
	ok, created, noContent := http.StatusOK, http.StatusCreated, http.StatusNoContent
	bad, conflict := http.StatusBadRequest, http.StatusConflict

	// adminOnly is a route under /api/admin: 401, then 403 for every non-admin.
	// counter is a staff route: 401, 403 for users (the owner too), then
	// staff's and the admin's answers. On other routes staff are a signed-in
	// stranger: their row's user codes.
	type row struct {
		pattern, method, path string
		body                  any // nil: no body
		anon, user, owner     codes
		staff, admin          codes
	}
	adminOnly := func(pattern, path string, body any, admin ...int) row {
		method := methodOf(pattern)
		return row{pattern, method, path, body, c401, c403, c403, c403, admin}
	}
	counter := func(pattern, path string, staff, admin codes) row {
		method := methodOf(pattern)
		return row{pattern, method, path, nil, c401, c403, c403, staff, admin}
	}
	public := func(pattern, path string, status int) row {
		method := methodOf(pattern)
		return row{pattern, method, path, nil, is(status), is(status), is(status), is(status), is(status)}
	}
	r := func(pattern, path string, body any, anon, user, owner, admin codes) row {
		method := methodOf(pattern)
		return row{pattern, method, path, body, anon, user, owner, user, admin}
	}
	// Rows run in this order: state-changing ones come after the reads they
	// would disturb, and logout is last (it ends the caller's session).
	rows := []row{
		public("GET /api/config", "/api/config", ok),
		public("GET /api/auth/session", "/api/auth/session", ok),
		r("POST /api/auth/signup", "/api/auth/signup", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		r("POST /api/auth/login", "/api/auth/login", map[string]any{}, is(bad, 401), is(bad, 401), is(bad, 401), is(bad, 401)),
		// Account e-mails: anyone (an empty form is 400 for all).
		r("POST /api/auth/password/forgot", "/api/auth/password/forgot", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		r("POST /api/auth/password/reset", "/api/auth/password/reset", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		r("POST /api/auth/email/confirm", "/api/auth/email/confirm", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		r("POST /api/auth/email/resend", "/api/auth/email/resend", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		r("POST /api/auth/second-factor/not-mine", "/api/auth/second-factor/not-mine", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		public("GET /api/webinars", "/api/webinars", ok),
		public("GET /api/webinars/{id}", "/api/webinars/"+wid, ok),
		public("GET /api/settings/announcement", "/api/settings/announcement", ok),
		public("GET /api/settings/site", "/api/settings/site", ok),
		public("GET /api/settings/backgrounds", "/api/settings/backgrounds", ok),
		public("GET /api/settings/coupon-policy", "/api/settings/coupon-policy", ok),
		public("/api/", "/api/no-such-endpoint", http.StatusNotFound),
		// Before the others register below: only a registrant asks.
		r("POST /api/webinars/{id}/questions", "/api/webinars/"+wid+"/questions", map[string]any{"question": "Does it fit a P365?", "second": 30},
			c401, c403, is(created), c403),

		// Ownership: each of these answers about the caller's own rows only.
		r("GET /api/webinars/{id}/registration", "/api/webinars/"+wid+"/registration", nil, c401, is(ok), is(ok), is(ok)),
		r("GET /api/registrations", "/api/registrations", nil, c401, is(ok), is(ok), is(ok)),
		r("GET /api/webinars/{id}/video", "/api/webinars/"+wid+"/video", nil, c401, c403, is(ok), is(ok)),
		// A YouTube webinar has no stream: 404 video_not_ready past the guard.
		r("GET /api/webinars/{id}/video/stream", "/api/webinars/"+wid+"/video/stream", nil, c401, c403, c404, c404),
		r("GET /api/coupons", "/api/coupons", nil, c401, is(ok), is(ok), is(ok)),
		r("GET /api/webinars/{id}/coupon", "/api/webinars/"+wid+"/coupon", nil, c401, is(ok), is(ok), is(ok)),
		r("GET /api/migration/status", "/api/migration/status", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/migration/run", "/api/migration/run", map[string]any{}, c401, is(bad, ok, 409), is(bad, ok, 409), is(bad, ok, 409)),
		// The owner's payment: only the payer may confirm it (404 for others).
		r("POST /api/payments/confirm", "/api/payments/confirm", map[string]string{"paymentIntentId": intent.ID}, c401, c404, is(ok), c404),
		// The test card form needs the intent's client secret: without it,
		// 404 for everyone, the payer included.
		r("POST /api/payments/test-intents/{id}/confirm", "/api/payments/test-intents/"+intent.ID+"/confirm", map[string]any{}, c401, c404, c404, c404),
		// Starting or claiming needs the caller's own registration.
		r("POST /api/webinars/{id}/payments", "/api/webinars/"+wid+"/payments", nil, c401, is(404, 403), is(conflict), is(404, 403)),
		r("POST /api/webinars/{id}/claim", "/api/webinars/"+wid+"/claim", nil, c401, is(404, 403, conflict), is(conflict), is(404, 403, conflict)),
		// Waiting lists: the caller's own place (the owner bought: 409).
		r("GET /api/webinars/{id}/waitlist", "/api/webinars/"+wid+"/waitlist", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/webinars/{id}/waitlist", "/api/webinars/"+wid+"/waitlist", nil, c401, c404, is(conflict), is(404, 403)),
		r("DELETE /api/webinars/{id}/waitlist", "/api/webinars/"+wid+"/waitlist", nil, c401, is(ok), is(ok), is(ok)),
		adminOnly("GET /api/admin/waitlist", "/api/admin/waitlist", nil, ok),
		adminOnly("GET /api/admin/webinars/{id}/waitlist", "/api/admin/webinars/"+wid+"/waitlist", nil, ok),
		r("POST /api/webinars/{id}/registration/watched", "/api/webinars/"+wid+"/registration/watched", nil, c401, c404, is(ok), c404),
		// Progress: the webinar here has no video length (409 for anyone signed in); reading it is the owner's.
		r("POST /api/webinars/{id}/registration/progress", "/api/webinars/"+wid+"/registration/progress", map[string]any{"intervals": []any{}}, c401, is(conflict), is(conflict), is(conflict)),
		r("GET /api/webinars/{id}/registration/progress", "/api/webinars/"+wid+"/registration/progress", nil, c401, c404, is(ok), c404),
		r("POST /api/webinars/{id}/registration/reset", "/api/webinars/"+wid+"/registration/reset", nil, c401, c404, is(ok, conflict), c404),
		r("POST /api/webinars/{id}/registrations", "/api/webinars/"+wid+"/registrations", map[string]string{"name": "Sam Carter", "email": "sam@example.com"}, c401, is(created), is(ok), is(created)),

		// Admin only.
		adminOnly("GET /api/admin/users", "/api/admin/users", nil, ok),
		adminOnly("PUT /api/admin/users/{id}", "/api/admin/users/"+uid, map[string]any{}, bad),
		adminOnly("POST /api/admin/users/{id}/password", "/api/admin/users/"+uid+"/password", map[string]any{}, bad),
		adminOnly("DELETE /api/admin/users/{id}", "/api/admin/users/"+victim.ID, nil, noContent),
		adminOnly("POST /api/admin/users/{id}/sessions/end", "/api/admin/users/"+signedOut.ID+"/sessions/end", nil, ok),
		// The caller's own second factor and sessions (none has a factor:
		// turning one off or new recovery codes is 409; a code without a
		// login challenge is 401).
		r("POST /api/auth/login/second-factor", "/api/auth/login/second-factor", map[string]any{}, c401, c401, c401, c401),
		r("GET /api/account/second-factor", "/api/account/second-factor", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/account/second-factor/setup", "/api/account/second-factor/setup", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/account/second-factor/enable", "/api/account/second-factor/enable", map[string]any{}, c401, is(bad), is(bad), is(bad)),
		// The enrolment link is for a staff account that must enrol (none must here).
		r("POST /api/account/second-factor/enrolment-link", "/api/account/second-factor/enrolment-link", nil, c401, is(conflict), is(conflict), is(conflict)),
		r("POST /api/account/second-factor/enrolment-link/open", "/api/account/second-factor/enrolment-link/open", map[string]any{}, c401, is(conflict), is(conflict), is(conflict)),
		r("POST /api/account/second-factor/disable", "/api/account/second-factor/disable", map[string]any{}, c401, is(conflict), is(conflict), is(conflict)),
		r("POST /api/account/second-factor/recovery-codes", "/api/account/second-factor/recovery-codes", map[string]any{}, c401, is(conflict), is(conflict), is(conflict)),
		// Passkeys (none has one; the finish after the row above's begin
		// reads an empty answer).
		r("POST /api/auth/passkey/begin", "/api/auth/passkey/begin", nil, is(ok), is(ok), is(ok), is(ok)),
		r("POST /api/auth/passkey/finish", "/api/auth/passkey/finish", map[string]any{}, is(bad), is(bad), is(bad), is(bad)),
		r("GET /api/account/passkeys", "/api/account/passkeys", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/account/passkeys/begin", "/api/account/passkeys/begin", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/account/passkeys", "/api/account/passkeys", map[string]any{}, c401, is(bad), is(bad), is(bad)),
		r("PATCH /api/account/passkeys/{id}", "/api/account/passkeys/no-such-passkey", map[string]any{"name": "x"}, c401, c404, c404, c404),
		r("POST /api/account/passkeys/{id}/remove", "/api/account/passkeys/no-such-passkey/remove", nil, c401, c404, c404, c404),
		r("GET /api/account/sessions", "/api/account/sessions", nil, c401, is(ok), is(ok), is(ok)),
		r("DELETE /api/account/sessions/{id}", "/api/account/sessions/no-such-session", nil, c401, c404, c404, c404),
		r("POST /api/account/sessions/end-others", "/api/account/sessions/end-others", nil, c401, is(ok), is(ok), is(ok)),
		adminOnly("GET /api/admin/webinars", "/api/admin/webinars", nil, ok),
		adminOnly("POST /api/admin/webinars", "/api/admin/webinars", map[string]any{}, bad),
		adminOnly("PUT /api/admin/webinars/{id}", "/api/admin/webinars/"+wid, map[string]any{}, bad),
		adminOnly("DELETE /api/admin/webinars/{id}", "/api/admin/webinars/"+doomed.ID, nil, noContent),
		// The store's own videos: the tus endpoint (GET is no tus request) and
		// the captions of a video that does not exist.
		adminOnly(video.UploadPath, video.UploadPath, nil, http.StatusMethodNotAllowed),
		adminOnly("GET /api/admin/webinars/{id}/video", "/api/admin/webinars/"+wid+"/video", nil, ok),
		adminOnly("PUT /api/admin/videos/{id}/captions/{lang}", "/api/admin/videos/no-such-video/captions/en",
			map[string]string{"label": "English", "text": "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n"}, http.StatusNotFound),
		adminOnly("GET /api/admin/videos/{id}/captions/{lang}", "/api/admin/videos/no-such-video/captions/en", nil, http.StatusNotFound),
		adminOnly("PATCH /api/admin/videos/{id}/captions/{lang}/cues/{index}", "/api/admin/videos/no-such-video/captions/en/cues/0",
			map[string]string{"text": "Hello"}, http.StatusNotFound),
		adminOnly("DELETE /api/admin/videos/{id}/captions/{lang}", "/api/admin/videos/no-such-video/captions/en", nil, http.StatusNotFound),
		// Cards in the video: this webinar has no video length, so a new
		// card is refused; no card is there to change or click.
		adminOnly("GET /api/admin/webinars/{id}/cards", "/api/admin/webinars/"+wid+"/cards", nil, ok),
		adminOnly("POST /api/admin/webinars/{id}/cards", "/api/admin/webinars/"+wid+"/cards",
			map[string]any{"start_second": 0, "duration_seconds": 5, "title": "Holsters"}, bad),
		adminOnly("PUT /api/admin/webinars/{id}/cards/{card}", "/api/admin/webinars/"+wid+"/cards/no-such-card",
			map[string]any{"start_second": 0, "duration_seconds": 5, "title": "Holsters"}, bad),
		adminOnly("DELETE /api/admin/webinars/{id}/cards/{card}", "/api/admin/webinars/"+wid+"/cards/no-such-card", nil, http.StatusNotFound),
		r("GET /api/webinars/{id}/cards", "/api/webinars/"+wid+"/cards", nil, c401, is(ok), is(ok), is(ok)),
		r("POST /api/webinars/{id}/cards/{card}/click", "/api/webinars/"+wid+"/cards/no-such-card/click", nil, c401, c404, c404, c404),
		adminOnly("GET /api/admin/coupons", "/api/admin/coupons", nil, ok),
		adminOnly("POST /api/admin/coupons/{id}/redeem", "/api/admin/coupons/"+cid+"/redeem", nil, ok),
		adminOnly("POST /api/admin/coupons/{id}/cancel-redemption", "/api/admin/coupons/"+cid+"/cancel-redemption", nil, ok),
		// The owner's books (after the redemption rows: a refunded coupon cannot be redeemed;
		// redeemed once, its refund needs a reason).
		adminOnly("POST /api/admin/coupons/{id}/refund", "/api/admin/coupons/"+cid+"/refund",
			map[string]any{"reason": "The redemption was a mistake"}, ok),
		adminOnly("GET /api/admin/reports", "/api/admin/reports", nil, ok),
		adminOnly("GET /api/admin/reports/exports/{name}", "/api/admin/reports/exports/coupons.csv", nil, ok),
		adminOnly("GET /api/admin/reports/counter", "/api/admin/reports/counter", nil, ok),
		adminOnly("GET /api/admin/reports/unclaimed", "/api/admin/reports/unclaimed", nil, ok),
		adminOnly("GET /api/admin/reports/lists/{name}", "/api/admin/reports/lists/pos-import.csv", nil, ok),
		adminOnly("GET /api/admin/audit", "/api/admin/audit", nil, ok),
		adminOnly("GET /api/admin/audit/export.csv", "/api/admin/audit/export.csv", nil, ok),
		adminOnly("POST /api/admin/registrations/reset", "/api/admin/registrations/reset", map[string]any{}, bad),
		// The admin registered for the webinar in a row above.
		adminOnly("POST /api/admin/webinars/{id}/simulated-purchase", "/api/admin/webinars/"+wid+"/simulated-purchase", nil, ok),
		adminOnly("GET /api/admin/giveaway-winners", "/api/admin/giveaway-winners", nil, ok),
		adminOnly("POST /api/admin/giveaway-winners/{id}/notify", "/api/admin/giveaway-winners/no-such-winner/notify", nil, http.StatusNotFound),
		adminOnly("POST /api/admin/webinars/{id}/giveaway/draw", "/api/admin/webinars/"+wid+"/giveaway/draw", map[string]any{}, bad),
		adminOnly("GET /api/admin/webinars/{id}/giveaway/draws", "/api/admin/webinars/"+wid+"/giveaway/draws", nil, ok),
		adminOnly("GET /api/admin/giveaway-draws", "/api/admin/giveaway-draws", nil, ok),
		adminOnly("GET /api/admin/giveaway-draws/{id}/entries.txt", "/api/admin/giveaway-draws/no-such-draw/entries.txt", nil, http.StatusNotFound),
		adminOnly("GET /api/admin/giveaway/rules", "/api/admin/giveaway/rules", nil, ok),
		adminOnly("PUT /api/admin/giveaway/rules", "/api/admin/giveaway/rules", map[string]any{}, bad),
		adminOnly("GET /api/admin/webinars/{id}/giveaway", "/api/admin/webinars/"+wid+"/giveaway", nil, ok),
		adminOnly("PUT /api/admin/webinars/{id}/giveaway", "/api/admin/webinars/"+wid+"/giveaway", map[string]any{"draws_at": "soon"}, bad),
		public("GET /api/giveaway/rules", "/api/giveaway/rules", ok),
		public("GET /api/webinars/{id}/giveaway", "/api/webinars/"+wid+"/giveaway", ok),
		public("GET /api/giveaway/draws/{id}", "/api/giveaway/draws/no-such-draw", http.StatusNotFound),
		public("GET /api/giveaway/draws/{id}/entries.txt", "/api/giveaway/draws/no-such-draw/entries.txt", http.StatusNotFound),
		// Free entry: users only; the store's own people may not enter (an
		// empty form is 400: the entrant must confirm eligibility and the rules).
		{"POST /api/webinars/{id}/giveaway/entries", "POST", "/api/webinars/" + wid + "/giveaway/entries", map[string]any{}, c401, is(bad), is(bad, ok), c403, c403},
		adminOnly("GET /api/admin/settings", "/api/admin/settings", nil, ok),
		adminOnly("PUT /api/admin/settings/general", "/api/admin/settings/general", map[string]any{}, bad),
		adminOnly("PUT /api/admin/settings/announcement", "/api/admin/settings/announcement", map[string]any{}, bad),
		adminOnly("PUT /api/admin/settings/backgrounds/{page}", "/api/admin/settings/backgrounds/home", map[string]any{}, bad),
		// Reminder e-mails: the unsubscribe link's token decides, not the session.
		r("POST /api/reminders/unsubscribe", "/api/reminders/unsubscribe?token=forged", nil, is(bad), is(bad), is(bad), is(bad)),
		r("GET /api/reminders/preferences", "/api/reminders/preferences", nil, c401, is(ok), is(ok), is(ok)),
		r("PATCH /api/reminders/preferences", "/api/reminders/preferences", map[string]any{}, c401, is(ok), is(ok), is(ok)),
		// New-webinar alerts: anyone, signed in or not, gets the same answers.
		r("POST /api/webinar-alerts", "/api/webinar-alerts", map[string]string{"email": "not an address"}, is(bad), is(bad), is(bad), is(bad)),
		r("POST /api/webinar-alerts/confirm", "/api/webinar-alerts/confirm", map[string]string{"token": "forged"}, is(bad), is(bad), is(bad), is(bad)),
		adminOnly("GET /api/admin/webinars/{id}/reminders", "/api/admin/webinars/"+wid+"/reminders", nil, ok),
		// Follow-ups: the owner's alone (the preview lists customers).
		adminOnly("GET /api/admin/follow-ups/templates", "/api/admin/follow-ups/templates", nil, ok),
		adminOnly("GET /api/admin/webinars/{id}/follow-ups", "/api/admin/webinars/"+wid+"/follow-ups", nil, ok),
		adminOnly("GET /api/admin/webinars/{id}/follow-ups/preview", "/api/admin/webinars/"+wid+"/follow-ups/preview?segment=never_started", nil, ok),
		adminOnly("POST /api/admin/webinars/{id}/follow-ups", "/api/admin/webinars/"+wid+"/follow-ups", map[string]any{"segment": "never_started"}, bad),
		adminOnly("PUT /api/admin/settings/reminders", "/api/admin/settings/reminders", map[string]bool{"ready": true, "unfinished": true, "offer": true}, ok),
		adminOnly("GET /api/admin/settings/books", "/api/admin/settings/books", nil, ok),
		adminOnly("PUT /api/admin/settings/books", "/api/admin/settings/books", map[string]any{"dormancy_years": 0}, bad),
		adminOnly("PUT /api/admin/settings/coupon-policy", "/api/admin/settings/coupon-policy", map[string]any{"policy": "whole", "paid_years": 5, "bonus_days": 30}, ok),
		adminOnly("POST /api/admin/media/{bucket}", "/api/admin/media/site_images", map[string]any{}, bad, http.StatusUnsupportedMediaType),
		adminOnly("GET /api/admin/media/{bucket}", "/api/admin/media/site_images", nil, ok),

		// The counter: staff redeem the owner's first coupon, so the admin
		// finds it redeemed, then staff undo their own redemption.
		// Questions: only staff and admins answer, publish, hide.
		public("GET /api/webinars/{id}/questions", "/api/webinars/"+wid+"/questions", ok),
		counter("GET /api/counter/questions", "/api/counter/questions", is(ok), is(ok)),
		{"POST /api/counter/questions/{id}/answer", "POST", "/api/counter/questions/no-such-question/answer", map[string]string{"answer": "Yes."},
			c401, c403, c403, c404, c404},
		counter("POST /api/counter/questions/{id}/publish", "/api/counter/questions/no-such-question/publish", c404, c404),
		counter("POST /api/counter/questions/{id}/hide", "/api/counter/questions/no-such-question/hide", c404, c404),
		counter("GET /api/counter/coupons/{code}", "/api/counter/coupons/"+mine.Coupon.Code, is(ok), is(ok)),
		counter("POST /api/counter/coupons/{code}/redeem", "/api/counter/coupons/"+mine.Coupon.Code+"/redeem", is(ok), is(conflict)),
		counter("POST /api/counter/coupons/{code}/unredeem", "/api/counter/coupons/"+mine.Coupon.Code+"/unredeem", is(ok), is(conflict)),

		public("POST /api/auth/logout", "/api/auth/logout", http.StatusNoContent),
	}

	// The route table: what the app serves with the test provider, plus the
	// webhook it serves only with Stripe configured (checked below on its own).
	table := s.App.Routes()
	served := patterns(table)
	stripeRoutes := patterns(stripeApp(t).Routes())
	const webhook = "POST /api/webhooks/stripe"
	if !slices.Contains(stripeRoutes, webhook) {
		t.Errorf("%s is no longer served with Stripe: update this test", webhook)
	}
	for _, p := range stripeRoutes {
		if p != webhook && !slices.Contains(served, p) {
			served = append(served, p) // any other Stripe-only route needs a row
		}
	}

	// Every served route has a row, every row is a served route, and each
	// row's path reaches its own pattern (not a neighbour's).
	mux := http.NewServeMux()
	var rowPatterns []string
	for _, rw := range rows {
		rowPatterns = append(rowPatterns, rw.pattern)
		mux.Handle(rw.pattern, http.NotFoundHandler())
	}
	var missing, stale []string
	for _, p := range served {
		if !slices.Contains(rowPatterns, p) {
			missing = append(missing, p)
		}
	}
	for _, p := range rowPatterns {
		if !slices.Contains(served, p) {
			stale = append(stale, p)
		}
	}
	if len(missing) > 0 {
		t.Errorf("served routes without an authorization matrix row (add one to this test):\n\t%s", strings.Join(missing, "\n\t"))
	}
	if len(stale) > 0 {
		t.Errorf("matrix rows for routes no longer served (remove them):\n\t%s", strings.Join(stale, "\n\t"))
	}
	for _, rw := range rows {
		req := httptest.NewRequest(rw.method, rw.path, nil)
		if _, got := mux.Handler(req); got != rw.pattern {
			t.Errorf("row %q: %s %s reaches pattern %q", rw.pattern, rw.method, rw.path, got)
		}
	}

	// The guard the table declares is the one the server applies: a
	// signed-out caller gets 401 on user, staff and admin routes, a user 403
	// on staff and admin routes, staff 403 on admin routes.
	access := map[string]app.Access{}
	for _, r := range table {
		access[r.Pattern] = r.Access
	}
	for _, rw := range rows {
		switch access[rw.pattern] {
		case app.Admin:
			if !slices.Equal(rw.anon, c401) || !slices.Equal(rw.user, c403) || !slices.Equal(rw.staff, c403) {
				t.Errorf("%s: an admin route whose row expects anon %v, user %v, staff %v", rw.pattern, rw.anon, rw.user, rw.staff)
			}
		case app.Staff:
			if !slices.Equal(rw.anon, c401) || !slices.Equal(rw.user, c403) || !slices.Equal(rw.owner, c403) {
				t.Errorf("%s: a staff route whose row expects anon %v, user %v, owner %v", rw.pattern, rw.anon, rw.user, rw.owner)
			}
		case app.User:
			if !slices.Equal(rw.anon, c401) {
				t.Errorf("%s: a user route whose row expects anon %v", rw.pattern, rw.anon)
			}
		}
	}

	for _, rw := range rows {
		for _, who := range []string{"anon", "user", "owner", "staff", "admin"} {
			want := map[string]codes{"anon": rw.anon, "user": rw.user, "owner": rw.owner, "staff": rw.staff, "admin": rw.admin}[who]
			res := clients[who].Do(rw.method, rw.path, rw.body)
			if !slices.Contains(want, res.Status) {
				t.Errorf("%s as %s: status %d, want one of %v: %.200s", rw.pattern, who, res.Status, want, res.Body)
			}
			if who == "anon" || who == "user" {
				for _, secret := range secrets {
					if bytes.Contains(res.Body, []byte(secret)) {
						t.Errorf("%s as %s: the answer holds the owner's %q", rw.pattern, who, secret)
					}
				}
			}
			// Staff see a coupon, never its owner's e-mail.
			if who == "staff" && bytes.Contains(res.Body, []byte(ownerProfile.Email)) {
				t.Errorf("%s as staff: the answer holds the owner's e-mail", rw.pattern)
			}
		}
	}

	// The webhook's caller is Stripe, not a session: an unsigned delivery is
	// refused whoever sends it.
	ts := httptest.NewServer(stripeApp(t).Handler())
	t.Cleanup(ts.Close)
	res, err := http.Post(ts.URL+"/api/webhooks/stripe", "application/json", strings.NewReader(`{"type":"payment_intent.succeeded"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("%s unsigned: status %d, want 400", webhook, res.StatusCode)
	}
}

// Store staff are refused (403) on every admin route of the table, whatever
// the route's parameters: the guard answers before any handler runs. The
// walk reads the table, so a route added later is covered without a row.
func TestStaffRefusedOnAdminRoutes(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	clerk, _ := s.Login(auth.RoleStaff)
	wildcard := regexp.MustCompile(`\{[^}]*\}`)
	admins := 0
	for _, r := range s.App.Routes() {
		if r.Access != app.Admin {
			if strings.Contains(r.Pattern, "/api/admin/") {
				t.Errorf("%s: under /api/admin/ but its access is %q", r.Pattern, r.Access)
			}
			continue
		}
		admins++
		method, path := methodOf(r.Pattern), r.Pattern
		if _, p, ok := strings.Cut(r.Pattern, " "); ok {
			path = p
		}
		path = wildcard.ReplaceAllString(path, "x")
		var body any
		if method != http.MethodGet && method != http.MethodDelete {
			body = map[string]any{}
		}
		res := clerk.Do(method, path, body)
		if res.Status != http.StatusForbidden || res.ErrorCode() != "forbidden" {
			t.Errorf("%s as staff: %d %.200s, want 403 forbidden", r.Pattern, res.Status, res.Body)
		}
	}
	if admins < 20 {
		t.Fatalf("only %d admin routes in the table", admins)
	}
}

// patterns are the table's patterns, in its order.
func patterns(table []app.Route) []string {
	out := make([]string, len(table))
	for i, r := range table {
		out[i] = r.Pattern
	}
	return out
}

// stripeApp is the application configured for Stripe (never called: only
// its route table and the webhook's signature check are used).
func stripeApp(t *testing.T) *app.App {
	t.Helper()
	cfg, err := config.Defaults()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir = t.TempDir()
	cfg.StripeSecretKey, cfg.StripeWebhookSecret = "sk_test_matrix", "whsec_matrix"
	return app.NewWithDB(cfg, testutil.OpenDB(t, db.SQLite), time.Now)
}

// methodOf is a pattern's method; GET for a pattern that takes any method.
func methodOf(pattern string) string {
	if method, _, ok := strings.Cut(pattern, " "); ok {
		return method
	}
	return http.MethodGet
}

// GET /metrics (outside /api) is for the scraper, not for sessions: every
// caller, an admin included, needs the metrics token (WATCHWIN_METRICS_TOKEN);
// with it no session is needed.
func TestMetricsAuthorization(t *testing.T) {
	t.Setenv("WATCHWIN_METRICS_TOKEN", metricsToken)
	s := testutil.NewServer(t, db.SQLite)
	actors := s.Actors()
	for _, who := range []string{"anon", "user", "admin"} {
		if res := actors.As(who).Do("GET", "/metrics", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("GET /metrics as %s without the token: %d, want 401", who, res.Status)
		}
	}
	if res := scrape(t, s, "wrong-"+metricsToken); res.Status != http.StatusUnauthorized {
		t.Errorf("GET /metrics with a wrong token: %d, want 401", res.Status)
	}
	if res := scrape(t, s, metricsToken); res.Status != http.StatusOK {
		t.Errorf("GET /metrics with the token: %d, want 200", res.Status)
	}
}
