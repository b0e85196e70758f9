// Package audit is the append-only log of every change a staff member or an
// admin makes (docs/api.md#audit-log): who did what to which record, when
// and from where. A service writes its entry with Write inside the
// transaction of the change itself, so an entry exists exactly when the
// change committed. No route edits or deletes an entry (the database refuses
// an UPDATE); only Prune removes entries older than the retention.
package audit

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"watchwin/internal/clock"
	"watchwin/internal/db"
)

// Actions (Entry.Action), the filter the audit screen offers.
const (
	WebinarCreate     = "webinar.create"
	WebinarUpdate     = "webinar.update"
	WebinarActivate   = "webinar.activate"
	WebinarDeactivate = "webinar.deactivate"
	WebinarDelete     = "webinar.delete"
	WebinarGiveaway   = "webinar.giveaway" // the webinar's draw date and prize
	// Cards in a webinar's video (docs/api.md#cards-in-the-video).
	WebinarCardCreate = "webinar.card_create"
	WebinarCardUpdate = "webinar.card_update"
	WebinarCardDelete = "webinar.card_delete"
	// A follow-up mailed to a segment of the registrants, with its count
	// (docs/api.md#follow-ups).
	WebinarFollowUp = "webinar.follow_up"

	CouponRedeem       = "coupon.redeem"
	CouponUnredeem     = "coupon.unredeem"
	CouponRefund       = "coupon.refund"
	CouponRefundFailed = "coupon.refund_failed"
	CouponDispute      = "coupon.dispute" // its payment disputed with the card issuer (a chargeback)

	UserUpdate         = "user.update"
	UserRoleChange     = "user.role_change"
	UserPasswordChange = "user.password_change"
	UserDelete         = "user.delete"
	UserSessionsEnd    = "user.sessions_end"

	// An account's own second factor (docs/api.md#second-factor-and-sessions);
	// the reset is the command line's (no actor).
	SecondFactorEnable      = "account.second_factor_enable"
	SecondFactorDisable     = "account.second_factor_disable"
	SecondFactorReset       = "account.second_factor_reset"
	RecoveryCodeUse         = "account.recovery_code_use"
	RecoveryCodesRegenerate = "account.recovery_codes_regenerate"
	// The owner's "this wasn't me" link of the notice that a factor was
	// turned on (docs/api.md#second-factor-and-sessions).
	SecondFactorNotMine = "account.second_factor_not_mine"
	// An account's own passkeys added and removed (docs/api.md#passkeys).
	PasskeyAdd    = "account.passkey_add"
	PasskeyRemove = "account.passkey_remove"

	SettingsGeneral      = "settings.general"
	SettingsAnnouncement = "settings.announcement"
	SettingsBackground   = "settings.background"
	SettingsReminders    = "settings.reminders"
	SettingsCouponPolicy = "settings.coupon_policy"
	SettingsBooks        = "settings.books"    // the POS receipt, end-of-day e-mail, POS file and dormancy
	SettingsGiveaway     = "settings.giveaway" // the official rules
	MediaUpload          = "media.upload"

	// The store's own videos (docs/api.md#own-videos): an upload begun or
	// cancelled, a caption file set or replaced, one caption's text edited,
	// a language's captions removed.
	VideoUpload         = "video.upload"
	VideoUploadCancel   = "video.upload_cancel"
	VideoCaptions       = "video.captions"
	VideoCaptionEdit    = "video.caption_edit"
	VideoCaptionsDelete = "video.captions_delete"

	GiveawayDraw   = "giveaway.draw"
	GiveawayNotify = "giveaway.notify"

	// Questions to the store (docs/api.md#questions-to-the-store): an answer
	// mailed, a question published under its video, an abusive one hidden.
	QuestionAnswer  = "question.answer"
	QuestionPublish = "question.publish"
	QuestionHide    = "question.hide"

	RegistrationForceReset = "registration.force_reset"
	PaymentSimulate        = "payment.simulate"

	// An account made from the command line (`watchwin user add`, the demo
	// admin) and every download of customer data (an export, an entrant list).
	UserCreate = "user.create"
	DataExport = "data.export"

	// TestClockAdvance is the browser tests' clock moved
	// (docs/api.md#test-clock-tests-only): it exists only with
	// WATCHWIN_TEST_CLOCK, so it is not in Actions.
	TestClockAdvance = "test.clock_advance"
)

// Actions lists every action, in the order the screen's filter shows them.
var Actions = []string{
	WebinarCreate, WebinarUpdate, WebinarActivate, WebinarDeactivate, WebinarDelete, WebinarGiveaway,
	WebinarCardCreate, WebinarCardUpdate, WebinarCardDelete, WebinarFollowUp,
	CouponRedeem, CouponUnredeem, CouponRefund, CouponRefundFailed, CouponDispute,
	UserUpdate, UserRoleChange, UserPasswordChange, UserDelete, UserSessionsEnd,
	SecondFactorEnable, SecondFactorDisable, SecondFactorReset, RecoveryCodeUse, RecoveryCodesRegenerate,
	SecondFactorNotMine, PasskeyAdd, PasskeyRemove,
	SettingsGeneral, SettingsAnnouncement, SettingsBackground, SettingsReminders, SettingsCouponPolicy, SettingsBooks, SettingsGiveaway, MediaUpload,
	VideoUpload, VideoUploadCancel, VideoCaptions, VideoCaptionEdit, VideoCaptionsDelete,
	GiveawayDraw, GiveawayNotify,
	QuestionAnswer, QuestionPublish, QuestionHide,
	RegistrationForceReset, PaymentSimulate,
	UserCreate, DataExport,
}

// Target types (Entry.TargetType).
const (
	TargetWebinar      = "webinar"
	TargetCoupon       = "coupon"
	TargetUser         = "user"
	TargetSetting      = "setting"
	TargetImage        = "image"
	TargetVideo        = "video"
	TargetGiveaway     = "giveaway_winner"
	TargetRegistration = "registration"
	TargetExport       = "export" // the download's name: "registrations.csv"
	TargetQuestion     = "question"
)

// Targets lists every target type, for the screen's filter.
var Targets = []string{TargetWebinar, TargetCoupon, TargetUser, TargetSetting, TargetImage, TargetVideo, TargetGiveaway,
	TargetRegistration, TargetExport, TargetQuestion}

// Entry is one change: what was done to which record, and a short summary
// of it (before → after) that never holds a secret, a password or its hash,
// nor a whole coupon code (codes are bearer value).
type Entry struct {
	Action     string
	TargetType string
	TargetID   string
	Summary    string
}

// maxSummary bounds a summary (characters): a line, not a copy of the record.
const maxSummary = 500

// Source is who makes the changes of a request and from where: the
// signed-in staff or admin account and its role, the request id (the one in
// the server's log and in X-Request-Id) and the client's network.
type Source struct {
	ActorID   string
	ActorRole string
	RequestID string
	Network   string // Network(client address): never the whole address
}

type sourceKey struct{}

// WithSource returns ctx carrying src; the route table sets it for every
// staff and admin route once the guard let the request in.
func WithSource(ctx context.Context, src Source) context.Context {
	return context.WithValue(ctx, sourceKey{}, src)
}

// CommandLine is the Source of what the server's command line does
// (`watchwin user add`, `user reset-2fa`, the --demo seed): the system (no
// account) with the role "command line"; the screen shows "System (command
// line)".
var CommandLine = Source{ActorRole: "command line"}

// SourceFrom returns the Source ctx carries. A change without one (a
// periodic job, the automatic giveaway draw) is the system's: its entry
// has no actor.
func SourceFrom(ctx context.Context) (Source, bool) {
	src, ok := ctx.Value(sourceKey{}).(Source)
	return src, ok
}

// Write records e as made by ctx's Source at at, on the transaction ctx
// carries (db.InTx), so it commits or rolls back with the change.
func Write(ctx context.Context, d *db.DB, at time.Time, e Entry) error {
	if e.Action == "" || e.TargetType == "" || e.TargetID == "" {
		return fmt.Errorf("audit: entry without action or target: %+v", e)
	}
	src, _ := SourceFrom(ctx)
	_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO audit_log
		(id, at, actor_id, actor_role, action, target_type, target_id, summary, request_id, client_network)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		uuid.NewString(), at, nullIfEmpty(src.ActorID), nullIfEmpty(src.ActorRole), e.Action, e.TargetType, e.TargetID,
		clip(e.Summary, maxSummary), nullIfEmpty(src.RequestID), nullIfEmpty(src.Network))
	return db.MapError(err)
}

// Recorder writes entries on its database with the time of its clock, for
// a service with no transaction of its own (an image upload).
type Recorder struct {
	DB  *db.DB
	Now clock.Func
}

// Write records e as made by ctx's Source now.
func (r *Recorder) Write(ctx context.Context, e Entry) error { return Write(ctx, r.DB, r.Now(), e) }

// Network is the part of a client address the log keeps: the /24 of an
// IPv4 address, the /48 of an IPv6 one. It says which network a change came
// from (the store's, a home connection) without naming the machine; the
// throttle and seat-hold tables keep a hash of the address instead, because
// they only count, while this log is read by people. "" when ip is not an
// address.
func Network(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	a = a.Unmap().WithZone("")
	bits := 48
	if a.Is4() {
		bits = 24
	}
	p, _ := a.Prefix(bits)
	return p.String()
}

// Changes builds a summary of field changes: "title: "A" → "B"; seats: 20 → 25".
type Changes []string

// Add notes field's change from before to after, when they differ.
func (c *Changes) Add(field string, before, after any) {
	b, a := show(before), show(after)
	if b != a {
		*c = append(*c, field+": "+b+" → "+a)
	}
}

// Note adds a free line (no values of secrets: "password set").
func (c *Changes) Note(line string) { *c = append(*c, line) }

// String is the summary; "no change" when nothing was noted.
func (c Changes) String() string {
	if len(c) == 0 {
		return "no change"
	}
	return strings.Join(c, "; ")
}

// show writes a value for a summary: strings quoted and cut to 60
// characters, the rest as fmt prints them.
func show(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", clip(x, 60))
	case *string:
		if x == nil {
			return "none"
		}
		return show(*x)
	case time.Time:
		return x.UTC().Format(time.RFC3339)
	}
	return fmt.Sprint(v)
}

// CodeHint is the first group of a coupon code ("LW-7K3M-…"): enough to
// recognise it in the log, not enough to redeem it.
func CodeHint(code string) string {
	if len(code) <= 7 {
		return code
	}
	return code[:7] + "…"
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
