package app

import (
	"net/http"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/couponlink"
	"watchwin/internal/followup"
	"watchwin/internal/giveaway"
	"watchwin/internal/httpx"
	"watchwin/internal/media"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/question"
	"watchwin/internal/registration"
	"watchwin/internal/reminder"
	"watchwin/internal/report"
	"watchwin/internal/setting"
	"watchwin/internal/throttle"
	"watchwin/internal/video"
	"watchwin/internal/videocard"
	"watchwin/internal/waitlist"
	"watchwin/internal/wallet"
	"watchwin/internal/webinar"
)

// Access says who may call a route; the server checks it before the
// handler runs (docs/api.md#roles).
type Access string

const (
	Anyone Access = "anyone" // signed in or not
	User   Access = "user"   // a signed-in account: 401 otherwise
	Admin  Access = "admin"  // an admin: 401 signed out, 403 for users
	Staff  Access = "staff"  // store staff or an admin: 401 signed out, 403 for users
)

// Route is one API route: its pattern, who may call it, its rate limit
// (limits.go; the zero Rule: none) and its handler, already guarded.
type Route struct {
	Pattern string
	Access  Access
	Limit   throttle.Rule
	// Enrolment: an enrolling session (a staff or admin account without
	// the second factor the store requires, auth.EnrollingFrom) may call
	// it; every other route answers it 403 second_factor_enrolment_required
	// when it needs an account, and as to a signed-out visitor otherwise.
	Enrolment bool
	handler   http.Handler
}

// anyone, user and admin (and staff, below) build a route with its guard: a route cannot be
// written without saying who may call it. user's message is the 401's
// ("" for 'Please log in to continue.').
func anyone(pattern string, h httpx.HandlerFunc) Route {
	return Route{Pattern: pattern, Access: Anyone, handler: h}
}

func user(pattern string, h auth.UserHandler, message string) Route {
	return Route{Pattern: pattern, Access: User, handler: auth.RequireUser(h, message)}
}

func admin(pattern string, h httpx.HandlerFunc) Route {
	return Route{Pattern: pattern, Access: Admin, handler: auth.RequireAdmin(acting(h))}
}

// staff builds a counter route: store staff and admins (docs/api.md#counter),
// handed the caller's profile.
func staff(pattern string, h auth.UserHandler) Route {
	return Route{Pattern: pattern, Access: Staff, handler: acting(auth.RequireStaff(h))}
}

// enrolment builds a route of the caller's own second factor: a signed-in
// account, or an enrolling session setting up the factor it must have.
func enrolment(pattern string, h auth.UserHandler) Route {
	return Route{Pattern: pattern, Access: User, Enrolment: true, handler: auth.RequireAccount(h)}
}

// duringEnrolment marks an anyone route an enrolling session may use.
func (r Route) duringEnrolment() Route { r.Enrolment = true; return r }

// limited puts r behind rule.
func (r Route) limited(rule throttle.Rule) Route { r.Limit = rule; return r }

// 401 messages the original product words for its own routes.
const (
	msgRegisterSignedOut  = "User must be authenticated to register"
	msgPaymentSignedOut   = "User not authenticated"
	msgMigrationSignedOut = "Please log in to access the migration tool."
)

// Routes is every API route the app serves, with its guard and limit: the
// one table (docs/api.md lists the same).
func (a *App) Routes() []Route {
	accounts := auth.NewHandler(a.Auth, a.secureCookies())
	webinars := webinar.NewHandler(a.Webinars, a.Videos)
	registrations := registration.NewHandler(a.Registrations)
	coupons := coupon.NewHandler(a.Coupons)
	payments := payment.NewHandler(a.Payments, a.stripeWebhook())
	settings := setting.NewHandler(a.Settings)
	giveaways := giveaway.NewHandler(a.Giveaway)
	links := couponlink.NewHandler(a.CouponLinks)
	images := media.NewHandler(a.Media)
	reminders := reminder.NewHandler(a.Reminders, a.secureCookies())
	auditLog := audit.NewHandler(a.Audit, a.Config.Timezone)
	reports := report.NewHandler(a.Reports)
	waiting := waitlist.NewHandler(a.Waitlist)
	videos := video.NewHandler(a.Videos)
	cards := videocard.NewHandler(a.Cards)
	questions := question.NewHandler(a.Questions)
	followUps := followup.NewHandler(a.FollowUps)

	routes := []Route{
		// Accounts (login and sign-up limit themselves: package auth).
		anyone("POST /api/auth/signup", accounts.SignUp),
		anyone("POST /api/auth/login", accounts.Login),
		anyone("POST /api/auth/login/second-factor", accounts.SecondStep),
		anyone("POST /api/auth/logout", accounts.Logout).duringEnrolment(),
		anyone("GET /api/auth/session", accounts.Session).duringEnrolment(),
		anyone("POST /api/auth/password/forgot", accounts.ForgotPassword),
		anyone("POST /api/auth/password/reset", accounts.ResetPassword),
		anyone("POST /api/auth/email/confirm", accounts.ConfirmEmail),
		anyone("POST /api/auth/email/resend", accounts.ResendConfirmation),
		anyone("POST /api/auth/second-factor/not-mine", accounts.NotMine),
		// Passkey sign-in: the button and the e-mail field's autofill.
		anyone("POST /api/auth/passkey/begin", accounts.BeginPasskeyLogin).limited(limitPasskeyLogin),
		anyone("POST /api/auth/passkey/finish", accounts.PasskeyLogin).limited(limitPasskeyLogin),
		admin("GET /api/admin/users", accounts.ListUsers),
		admin("PUT /api/admin/users/{id}", accounts.UpdateUser),
		admin("DELETE /api/admin/users/{id}", accounts.DeleteUser),
		admin("POST /api/admin/users/{id}/password", accounts.ChangePassword).limited(limitPasswordChange),
		admin("POST /api/admin/users/{id}/sessions/end", accounts.EndUserSessions),

		// The caller's second factor and sessions (codes are limited in
		// package auth, shared with the login limits).
		enrolment("GET /api/account/second-factor", accounts.Factor),
		enrolment("POST /api/account/second-factor/setup", accounts.SetupFactor),
		enrolment("POST /api/account/second-factor/enable", accounts.EnableFactor),
		enrolment("POST /api/account/second-factor/enrolment-link", accounts.MailEnrolLink),
		enrolment("POST /api/account/second-factor/enrolment-link/open", accounts.OpenEnrolLink),
		user("POST /api/account/second-factor/disable", accounts.DisableFactor, ""),
		user("POST /api/account/second-factor/recovery-codes", accounts.RegenerateRecoveryCodes, ""),
		// The caller's passkeys: adding one is an enrolment (a passkey is
		// the second factor staff need); passwords are counted as codes.
		enrolment("GET /api/account/passkeys", accounts.Passkeys),
		enrolment("POST /api/account/passkeys/begin", accounts.BeginAddPasskey).limited(limitPasskeyChange),
		enrolment("POST /api/account/passkeys", accounts.AddPasskey).limited(limitPasskeyChange),
		user("PATCH /api/account/passkeys/{id}", accounts.RenamePasskey, "").limited(limitPasskeyChange),
		user("POST /api/account/passkeys/{id}/remove", accounts.RemovePasskey, "").limited(limitPasskeyChange),
		user("GET /api/account/sessions", accounts.Sessions, ""),
		user("DELETE /api/account/sessions/{id}", accounts.EndSession, ""),
		user("POST /api/account/sessions/end-others", accounts.EndOtherSessions, ""),

		// Webinars.
		anyone("GET /api/webinars", webinars.ListPublic),
		anyone("GET /api/webinars/{id}", webinars.GetPublic),
		admin("GET /api/admin/webinars", webinars.ListAdmin),
		admin("POST /api/admin/webinars", webinars.Create),
		admin("PUT /api/admin/webinars/{id}", webinars.Update),
		admin("DELETE /api/admin/webinars/{id}", webinars.Delete),

		// The store's own videos: the tus upload endpoint (every method of
		// the protocol, video.UploadPath) and the captions.
		admin(video.UploadPath, videos.Upload).limited(limitVideoUpload),
		admin("GET /api/admin/webinars/{id}/video", videos.Webinar),
		admin("PUT /api/admin/videos/{id}/captions/{lang}", videos.PutCaptions),
		admin("GET /api/admin/videos/{id}/captions/{lang}", videos.Captions),
		admin("PATCH /api/admin/videos/{id}/captions/{lang}/cues/{index}", videos.EditCue),
		admin("DELETE /api/admin/videos/{id}/captions/{lang}", videos.DeleteCaptions),

		// Cards in the video: the admin places them, the player shows them
		// and counts each click (a number per card, nothing about who).
		admin("GET /api/admin/webinars/{id}/cards", cards.List),
		admin("POST /api/admin/webinars/{id}/cards", cards.Create),
		admin("PUT /api/admin/webinars/{id}/cards/{card}", cards.Update),
		admin("DELETE /api/admin/webinars/{id}/cards/{card}", cards.Delete),
		user("GET /api/webinars/{id}/cards", cards.Watch, ""),
		user("POST /api/webinars/{id}/cards/{card}/click", cards.Click, "").limited(limitCardClick),

		// Registrations: each acts on the caller's own registration.
		user("POST /api/webinars/{id}/registrations", registrations.Register, msgRegisterSignedOut).limited(limitRegister),
		user("GET /api/webinars/{id}/registration", registrations.Mine, ""),
		user("POST /api/webinars/{id}/registration/watched", registrations.Watched, ""),
		user("POST /api/webinars/{id}/registration/progress", registrations.ReportProgress, "").limited(limitProgress),
		user("GET /api/webinars/{id}/registration/progress", registrations.Progress, ""),
		user("POST /api/webinars/{id}/registration/reset", registrations.Reset, ""),
		user("GET /api/webinars/{id}/video", registrations.Video, ""),
		// A fresh stream token every 5 minutes while an uploaded video plays.
		// The stream files themselves are served under /video/{token}/… by
		// video.StreamHandler, outside this table: the signed token is their
		// credential (no session), and a bad one costs one HMAC, no query,
		// so they have no limit either.
		user("GET /api/webinars/{id}/video/stream", registrations.VideoStream, ""),
		user("GET /api/registrations", registrations.List, ""),
		admin("POST /api/admin/registrations/reset", registrations.AdminReset),
		admin("POST /api/admin/webinars/{id}/simulated-purchase", registrations.SimulatePurchase),

		// Payments: each acts on the caller's own registration and payment.
		user("POST /api/webinars/{id}/payments", payments.Start, msgPaymentSignedOut).limited(limitPaymentStart),
		user("POST /api/payments/confirm", payments.Confirm, msgPaymentSignedOut).limited(limitPaymentConfirm),
		user("POST /api/webinars/{id}/claim", payments.Claim, msgPaymentSignedOut),

		// Waiting lists of sold-out webinars: the caller's own place; the
		// admin's list is a read of customer data (audited).
		user("GET /api/webinars/{id}/waitlist", waiting.Mine, ""),
		user("POST /api/webinars/{id}/waitlist", waiting.Join, "").limited(limitWaitlist),
		user("DELETE /api/webinars/{id}/waitlist", waiting.Leave, "").limited(limitWaitlist),
		admin("GET /api/admin/waitlist", waiting.Counts),
		admin("GET /api/admin/webinars/{id}/waitlist", waiting.List),

		// Coupons: codes are bearer value, so lookups are limited.
		user("GET /api/coupons", coupons.List, "").limited(limitCouponLookup),
		user("GET /api/webinars/{id}/coupon", coupons.Mine, "").limited(limitCouponLookup),
		admin("GET /api/admin/coupons", coupons.AdminList).limited(limitCouponSearch),
		admin("POST /api/admin/coupons/{id}/redeem", coupons.Redeem),
		admin("POST /api/admin/coupons/{id}/cancel-redemption", coupons.CancelRedemption),
		admin("POST /api/admin/coupons/{id}/refund", payments.Refund),

		// The counter: store staff and admins check and redeem coupons by
		// code (a guessing device is stopped by the shared limit).
		staff("GET /api/counter/coupons/{code}", coupons.CounterLookup).limited(limitCounterLookup),
		staff("POST /api/counter/coupons/{code}/redeem", coupons.CounterRedeem).limited(limitCounterLookup),
		staff("POST /api/counter/coupons/{code}/unredeem", coupons.CounterUnredeem).limited(limitCounterLookup),

		// Questions to the store: a registrant asks from the player, anyone
		// who sees the watch page reads the published ones, staff answer
		// (mailed), publish and hide from the counter's and admin's inbox.
		user("POST /api/webinars/{id}/questions", questions.Ask, "").limited(limitQuestionAsk),
		anyone("GET /api/webinars/{id}/questions", questions.Published),
		staff("GET /api/counter/questions", questions.Inbox),
		staff("POST /api/counter/questions/{id}/answer", questions.Answer).limited(limitQuestionAnswer),
		staff("POST /api/counter/questions/{id}/publish", questions.Publish).limited(limitQuestionAnswer),
		staff("POST /api/counter/questions/{id}/hide", questions.Hide).limited(limitQuestionAnswer),

		// Site settings.
		anyone("GET /api/settings/announcement", settings.Announcement),
		anyone("GET /api/settings/site", settings.Site),
		anyone("GET /api/settings/backgrounds", settings.Backgrounds),
		admin("GET /api/admin/settings", settings.All),
		admin("PUT /api/admin/settings/general", settings.SaveGeneral),
		admin("PUT /api/admin/settings/announcement", settings.SaveAnnouncement),
		admin("PUT /api/admin/settings/backgrounds/{page}", settings.SetBackground),
		anyone("GET /api/settings/coupon-policy", coupons.Policy),
		admin("PUT /api/admin/settings/coupon-policy", settings.SaveCouponPolicy),
		admin("GET /api/admin/settings/books", settings.Books),
		admin("PUT /api/admin/settings/books", settings.SaveBooks),

		// Giveaway winners.
		admin("GET /api/admin/giveaway-winners", giveaways.List),
		admin("POST /api/admin/giveaway-winners/{id}/notify", giveaways.Notify),
		admin("POST /api/admin/webinars/{id}/giveaway/draw", giveaways.Draw),
		admin("GET /api/admin/webinars/{id}/giveaway/draws", giveaways.Draws),
		// The lawful giveaway: free entry, official rules, checkable draws.
		anyone("GET /api/giveaway/rules", giveaways.RulesPage),
		anyone("GET /api/webinars/{id}/giveaway", giveaways.Webinar),
		anyone("GET /api/giveaway/draws/{id}", giveaways.PublicDraw),
		anyone("GET /api/giveaway/draws/{id}/entries.txt", giveaways.PublicEntryList).limited(limitPublicEntryList),
		user("POST /api/webinars/{id}/giveaway/entries", giveaways.Enter, "").limited(limitGiveawayEntry),
		admin("GET /api/admin/giveaway/rules", giveaways.Rules),
		admin("PUT /api/admin/giveaway/rules", giveaways.SaveRules),
		admin("GET /api/admin/webinars/{id}/giveaway", giveaways.Terms),
		admin("PUT /api/admin/webinars/{id}/giveaway", giveaways.SaveTerms),
		admin("GET /api/admin/giveaway-draws", giveaways.AllDraws),
		admin("GET /api/admin/giveaway-draws/{id}/entries.txt", giveaways.EntryList).limited(limitExport),

		// The Coupon Migration Tool.
		user("GET /api/migration/status", links.Status, msgMigrationSignedOut),
		user("POST /api/migration/run", links.Run, msgMigrationSignedOut),

		// Reminder e-mails: the one-click unsubscribe needs no session (its
		// signed token names the account), the switches are the caller's own.
		anyone("POST /api/reminders/unsubscribe", reminders.Unsubscribe).limited(limitUnsubscribe),
		user("GET /api/reminders/preferences", reminders.Preferences, ""),
		user("PATCH /api/reminders/preferences", reminders.SetPreferences, ""),
		admin("GET /api/admin/webinars/{id}/reminders", reminders.Stats),
		admin("PUT /api/admin/settings/reminders", settings.SaveReminders),
		// Follow-ups by where they left: the preview lists customers
		// (audited), the send mails a segment once (at most one a week each).
		admin("GET /api/admin/follow-ups/templates", followUps.Templates),
		admin("GET /api/admin/webinars/{id}/follow-ups", followUps.History),
		admin("GET /api/admin/webinars/{id}/follow-ups/preview", followUps.Preview).limited(limitFollowUpPreview),
		admin("POST /api/admin/webinars/{id}/follow-ups", followUps.Send).limited(limitFollowUpSend),
		// New-webinar alerts: anyone leaves an address (one neutral answer
		// whatever it is) and confirms it from the mailed link.
		anyone("POST /api/webinar-alerts", reminders.Subscribe).limited(limitAlertSubscribe),
		anyone("POST /api/webinar-alerts/confirm", reminders.Confirm).limited(limitAlertConfirm),

		// Images (served publicly under /media/ by media.PublicRoutes).
		admin("POST /api/admin/media/{bucket}", images.Upload),
		admin("GET /api/admin/media/{bucket}", images.List),

		// The owner's books: reports, CSV exports, the audit log (refunds
		// are with the coupons).
		admin("GET /api/admin/reports", reports.Report),
		admin("GET /api/admin/reports/exports/{name}", reports.Export).limited(limitExport),
		admin("GET /api/admin/reports/counter", reports.Counter),
		admin("GET /api/admin/reports/unclaimed", reports.Unclaimed),
		admin("GET /api/admin/reports/lists/{name}", reports.List).limited(limitExport),
		admin("GET /api/admin/audit", auditLog.List),
		admin("GET /api/admin/audit/export.csv", auditLog.Export).limited(limitExport),

		anyone("GET /api/config", a.publicConfig),
		// Any other /api/ path.
		anyone("/api/", func(w http.ResponseWriter, r *http.Request) error {
			return apperr.NotFound("No such API endpoint.")
		}),
	}
	if payments.TakesTestCards() {
		routes = append(routes, user("POST /api/payments/test-intents/{id}/confirm", payments.ConfirmTestCard, msgPaymentSignedOut))
	}
	if a.testClock != nil {
		// Browser tests only (WATCHWIN_TEST_CLOCK): absent, so 404, on every real server.
		routes = append(routes, admin("POST /api/test/clock", a.advanceClock))
	}
	routes = append(routes, a.walletRoutes()...)
	if payments.TakesWebhooks() {
		path := "POST /api/webhooks/stripe"
		if a.Payments.Provider().Name() == authorizenet.Name {
			path = "POST /api/webhooks/authorizenet"
		}
		routes = append(routes, anyone(path, payments.Webhook))
	}
	return routes
}

// walletRoutes are the routes of the configured wallets (none without
// credentials): the owner's pass and save link, and Apple's web service for
// pass updates, whose devices carry the pass's token instead of a session
// and re-register often (docs/api.md#wallet-passes).
func (a *App) walletRoutes() []Route {
	wallets := wallet.NewHandler(a.Wallet)
	var routes []Route
	if a.Wallet.Apple() {
		device := wallet.WebServicePath + "/v1/devices/{device}/registrations/{passType}"
		routes = append(routes,
			user("GET /api/coupons/{id}/wallet/apple", wallets.ApplePass, "").limited(limitCouponLookup),
			anyone("POST "+device+"/{serial}", wallets.Register).limited(limitWalletDevice),
			anyone("DELETE "+device+"/{serial}", wallets.Unregister).limited(limitWalletDevice),
			anyone("GET "+device, wallets.Updated).limited(limitWalletDevice),
			anyone("GET "+wallet.WebServicePath+"/v1/passes/{passType}/{serial}", wallets.LatestPass).limited(limitWalletDevice),
			anyone("POST "+wallet.WebServicePath+"/v1/log", wallets.Log).limited(limitWalletDevice),
		)
	}
	if a.Wallet.Google() {
		routes = append(routes, user("GET /api/coupons/{id}/wallet/google", wallets.GoogleSave, "").limited(limitCouponLookup))
	}
	return routes
}

// apiRoutes registers the route table on api, each limited route behind its
// limit.
func (a *App) apiRoutes(api *http.ServeMux) {
	for _, r := range a.Routes() {
		h := r.handler
		if r.Limit != (throttle.Rule{}) {
			h = a.Throttle.Limit(r.Limit, signedInAccount, h)
		}
		if !r.Enrolment && r.Access != Anyone {
			h = refuseEnrolling(h)
		}
		api.Handle(r.Pattern, h)
	}
}

// refuseEnrolling answers an enrolling session (auth.EnrollingFrom) 403
// second_factor_enrolment_required: until it has the second factor the
// store requires, a staff or admin account reaches nothing but its
// enrolment, its session and logout.
func refuseEnrolling(h http.Handler) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if _, ok := auth.EnrollingFrom(r.Context()); ok {
			return auth.ErrEnrolmentRequired
		}
		h.ServeHTTP(w, r)
		return nil
	})
}
