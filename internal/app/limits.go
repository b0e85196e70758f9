package app

import (
	"net/http"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/throttle"
)

// limitWindow is the window of every route limit below.
const limitWindow = 15 * time.Minute

// The route limits (Route.Limit, routes.go), per client address and per
// signed-in account; login and sign-up have their own limits in package
// auth. Every request counts, whatever its answer; past a limit the answer
// is 429 too_many_attempts with Retry-After. The limits are far above what
// a person does in 15 minutes, and the per-address ones allow a whole
// audience behind one shop's address; docs/api.md lists them. Rules with
// the same Name share their counts.
var (
	// An admin setting another account's password.
	limitPasswordChange = throttle.Rule{Name: "password-change", PerAccount: 20, PerAddress: 60, Window: limitWindow}
	// Registering for a webinar (each answer tells whether one exists).
	limitRegister = throttle.Rule{Name: "register", PerAccount: 60, PerAddress: 600, Window: limitWindow}
	// Free giveaway entries (each sends a confirmation e-mail).
	limitGiveawayEntry = throttle.Rule{Name: "giveaway-entry", PerAccount: 30, PerAddress: 300, Window: limitWindow}
	// Starting a card payment (holds a seat; asks the payment provider).
	limitPaymentStart = throttle.Rule{Name: "payment-start", PerAccount: 30, PerAddress: 300, Window: limitWindow}
	// Confirming a payment (each asks the payment provider about the intent).
	limitPaymentConfirm = throttle.Rule{Name: "payment-confirm", PerAccount: 60, PerAddress: 300, Window: limitWindow}
	// Coupon search and lookups: codes are bearer value.
	limitCouponSearch = throttle.Rule{Name: "coupon-search", PerAccount: 600, PerAddress: 1200, Window: limitWindow}
	limitCouponLookup = throttle.Rule{Name: "coupon-lookup", PerAccount: 600, PerAddress: 3000, Window: limitWindow}
	// The counter's lookups, redemptions and undos, counted together: a busy
	// counter checks a coupon every few seconds, a device guessing codes is
	// stopped (docs/api.md#counter). Per address: a store's few devices.
	limitCounterLookup = throttle.Rule{Name: "counter-lookup", PerAccount: 300, PerAddress: 600, Window: limitWindow}
	// One-click unsubscribes: mailbox providers post them from a few
	// addresses of their own, so the per-address limit is generous.
	limitUnsubscribe = throttle.Rule{Name: "unsubscribe", PerAccount: 30, PerAddress: 600, Window: limitWindow}
	// The "Tell me about new webinars" box: each request may mail a
	// confirmation link (one mailbox gets at most 3 a day besides, package
	// reminder), and following links is cheap for a guesser, so both are
	// limited per client address.
	limitAlertSubscribe = throttle.Rule{Name: "webinar-alerts", PerAccount: 20, PerAddress: 60, Window: limitWindow}
	limitAlertConfirm   = throttle.Rule{Name: "webinar-alert-confirm", PerAccount: 30, PerAddress: 120, Window: limitWindow}
	// Progress reports of the watch page: one every 10 s while playing,
	// plus pauses and tab changes, is under 150 in 15 minutes; per address,
	// a room of viewers behind one shop's address.
	limitProgress = throttle.Rule{Name: "progress", PerAccount: 450, PerAddress: 20000, Window: limitWindow}
	// Clicks on the cards in a video (each adds one to a card's count): a
	// viewer clicks a few; the limit keeps one account from inflating them.
	limitCardClick = throttle.Rule{Name: "card-click", PerAccount: 30, PerAddress: 600, Window: limitWindow}
	// Joining and leaving waiting lists (each takes the webinar's seat lock).
	limitWaitlist = throttle.Rule{Name: "waitlist", PerAccount: 60, PerAddress: 600, Window: limitWindow}
	// A draw's public entrant list (anyone, not audited): each reads the
	// whole list; a person checking a draw downloads it a few times.
	limitPublicEntryList = throttle.Rule{Name: "giveaway-entry-list", PerAccount: 30, PerAddress: 120, Window: limitWindow}
	// A video upload's requests (tus): 50 MB parts and their offset checks,
	// so an 8 GB file on a bad connection is a few hundred requests.
	limitVideoUpload = throttle.Rule{Name: "video-upload", PerAccount: 600, PerAddress: 1200, Window: limitWindow}
	// Apple Wallet devices asking for pass updates (no session; the pass's
	// token is checked in constant time): a phone re-registers its passes
	// hundreds of times, and a shop's Wi-Fi holds many phones.
	limitWalletDevice = throttle.Rule{Name: "wallet-device", PerAccount: 3000, PerAddress: 3000, Window: limitWindow}
	// Passkey sign-ins (each begun one stores a ceremony, each finish checks
	// a signature): a page's autofill begins one per visit; per address, a
	// store's counter devices and a household.
	limitPasskeyLogin = throttle.Rule{Name: "passkey-login", PerAccount: 60, PerAddress: 300, Window: limitWindow}
	// Adding, renaming and removing the caller's passkeys.
	limitPasskeyChange = throttle.Rule{Name: "passkey-change", PerAccount: 60, PerAddress: 300, Window: limitWindow}
	// Questions to the store from the player: a viewer asks a few in a
	// webinar; per address, a room of viewers behind one shop's address.
	limitQuestionAsk = throttle.Rule{Name: "question-ask", PerAccount: 10, PerAddress: 300, Window: limitWindow}
	// Staff answering, publishing and hiding questions (each answer is a
	// mail): a busy clerk clears an inbox, a stolen session is stopped.
	limitQuestionAnswer = throttle.Rule{Name: "question-answer", PerAccount: 120, PerAddress: 300, Window: limitWindow}
	// CSV exports of the books: each reads a whole period's rows.
	limitExport = throttle.Rule{Name: "export", PerAccount: 60, PerAddress: 120, Window: limitWindow}
	// Follow-ups (docs/api.md#follow-ups): a preview lists customers, a send
	// mails a segment; an owner tries a few segments, a stolen session is stopped.
	limitFollowUpPreview = throttle.Rule{Name: "follow-up-preview", PerAccount: 120, PerAddress: 240, Window: limitWindow}
	limitFollowUpSend    = throttle.Rule{Name: "follow-up-send", PerAccount: 20, PerAddress: 40, Window: limitWindow}
)

// signedInAccount is the id of the request's signed-in account, "" when none.
func signedInAccount(r *http.Request) string {
	if p, ok := auth.UserFrom(r.Context()); ok {
		return p.ID
	}
	return ""
}
