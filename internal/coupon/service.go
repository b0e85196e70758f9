package coupon

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/money"
)

// maxCodeTries bounds retries on a code collision (60 random bits: a
// collision is already vanishingly rare).
const maxCodeTries = 5

// errCodeTries ends an Issue whose every code was taken (a broken code
// source, never chance).
var errCodeTries = errors.New("coupon: no free code after retries")

// CodeSource makes a new coupon code; NewCode is the real one.
type CodeSource func() string

// Service is the coupon logic; it knows nothing of HTTP.
type Service struct {
	store           store
	now             clock.Func
	codes           CodeSource
	expiryDays      int
	policy          func(ctx context.Context) (Policy, error)
	receiptRequired func(ctx context.Context) (bool, error)
}

// Deps is what the coupon service needs besides the database and the clock.
type Deps struct {
	// ExpiryDays: coupons expire this many days after issue
	// (WATCHWIN_COUPON_EXPIRY_DAYS, 30 by default: docs/product.md#coupons).
	ExpiryDays int
	// Policy reads the value policy at each issue (the admin's choice in the
	// site settings; nil: every coupon is Whole).
	Policy func(ctx context.Context) (Policy, error)
	// ReceiptRequired says whether the counter needs a POS receipt number
	// to redeem (docs/product.md#books-that-close; nil: never).
	ReceiptRequired func(ctx context.Context) (bool, error)
}

// NewService returns the coupon service.
func NewService(d *db.DB, now clock.Func, deps Deps) *Service {
	return &Service{store: store{d}, now: now, codes: NewCode, expiryDays: deps.ExpiryDays, policy: deps.Policy,
		receiptRequired: deps.ReceiptRequired}
}

// WithCodes returns a copy of s that takes its codes from next, so a test
// can force a code collision; s itself is unchanged.
func (s *Service) WithCodes(next CodeSource) *Service {
	c := *s
	c.codes = next
	return &c
}

// Issue creates the coupon of a paid seat: a fresh code, status active,
// its parts and dates under the value policy read now (Whole: expiring
// expiryDays, p.ExpiryDays when set, from now; docs/product.md#coupons). Payment fulfilment
// calls it inside its transaction, which stays usable after a code
// collision: the insert skips a taken code (ON CONFLICT (code) DO NOTHING)
// rather than failing, so no error aborts a PostgreSQL transaction and
// Issue simply draws another. The schema allows one coupon per
// registration and per payment, so a second issue for either fails with
// db.ErrConflict, which is final.
func (s *Service) Issue(ctx context.Context, p IssueParams) (Coupon, error) {
	now := s.now()
	days := s.expiryDays
	if p.ExpiryDays > 0 {
		days = p.ExpiryDays
	}
	policy := Policy{Name: PolicyWhole}
	if s.policy != nil && p.ExpiryDays == 0 {
		var err error
		if policy, err = s.policy(ctx); err != nil {
			return Coupon{}, err
		}
	}
	c := Coupon{
		ID: uuid.NewString(), UserID: p.UserID, WebinarID: p.WebinarID, RegistrationID: p.RegistrationID,
		PaymentID: p.PaymentID, ValueCents: p.ValueCents, OriginalPaymentCents: p.OriginalPaymentCents,
		Status: StatusActive, CreatedAt: now,
	}
	c.split(policy, now, days)
	for range maxCodeTries {
		c.Code = s.codes()
		inserted, err := s.store.insert(ctx, c)
		if err != nil {
			return Coupon{}, err
		}
		if inserted {
			return s.store.get(ctx, c.ID)
		}
	}
	return Coupon{}, errCodeTries
}

// split sets c's parts and dates under policy, issued at now (docs/product.md#coupons,
// "Value policy"). The paid part is what the buyer paid, at most the face
// value; the bonus is the rest. Whole: both end wholeDays after issue.
// Split: the paid part lasts PaidYears, or never ends (NoExpiry) when
// PaidNeverExpires, the bonus BonusDays (a coupon without a bonus simply
// lasts as its paid part does).
func (c *Coupon) split(policy Policy, now time.Time, wholeDays int) {
	c.PaidCents, c.BonusCents = Parts(c.OriginalPaymentCents, c.ValueCents)
	c.Policy = policy.Name
	if policy.Name == PolicySplit {
		c.PaidUntil = now.AddDate(policy.PaidYears, 0, 0)
		if policy.PaidNeverExpires {
			c.PaidUntil = NoExpiry
		}
		c.BonusUntil = now.AddDate(0, 0, policy.BonusDays)
		if c.BonusCents == 0 || c.BonusUntil.After(c.PaidUntil) {
			c.BonusUntil = c.PaidUntil
		}
	} else {
		c.Policy = PolicyWhole
		c.PaidUntil = now.AddDate(0, 0, wholeDays)
		c.BonusUntil = c.PaidUntil
	}
	c.ExpiresAt = c.PaidUntil
}

// Parts splits a face value of valueCents bought for paidCents into the part
// its buyer paid (at most the face value) and the promotional bonus above it
// (docs/product.md#coupons); the new-webinar alert shows them too.
func Parts(paidCents, valueCents int64) (paid, bonus int64) {
	paid = max(0, min(paidCents, valueCents))
	return paid, valueCents - paid
}

// ForPayment returns the coupon a payment was fulfilled with.
func (s *Service) ForPayment(ctx context.Context, paymentID string) (Coupon, error) {
	return s.store.byPayment(ctx, paymentID)
}

// Mine returns a user's coupon for a webinar (db.ErrNotFound when none).
func (s *Service) Mine(ctx context.Context, userID, webinarID string) (Coupon, error) {
	return s.store.mine(ctx, userID, webinarID)
}

// ListMine returns a user's coupons, newest first, after recording the
// expiry of those past it and the owner's look at them: an indication of
// interest, which restarts their dormancy (docs/operations.md#unclaimed-property).
func (s *Service) ListMine(ctx context.Context, userID string) ([]Coupon, error) {
	now := s.now()
	if err := s.store.expire(ctx, userID, now); err != nil {
		return nil, err
	}
	if err := s.store.touch(ctx, userID, now); err != nil {
		return nil, err
	}
	return s.store.listByUser(ctx, userID)
}

// Paging and search limits of the admin coupon list.
const (
	DefaultAdminPage = 100
	MaxAdminPage     = 500
	maxSearch        = 200
)

// ErrNotFound is the 404 of a coupon that does not exist or is not the caller's.
var ErrNotFound = apperr.NotFound("Coupon not found.")

var (
	errAlreadyRedeemed = apperr.Conflict("already_redeemed", "This coupon has already been redeemed.")
	errExpired         = apperr.Conflict("coupon_expired", "This coupon has expired.")
	errNotRedeemed     = apperr.Conflict("not_redeemed", "This coupon has not been redeemed.")
	errChanged         = apperr.Conflict("conflict", "This coupon changed while you were working. Please reload and try again.")
	errRefunded        = apperr.Conflict("coupon_refunded", "This coupon was refunded, so it can't be redeemed.")
	errDisputed        = apperr.Conflict("coupon_disputed",
		"The payment for this coupon is disputed with the card issuer, so it can't be redeemed.")
	errOwnCoupon = &apperr.Error{Kind: apperr.KindForbidden, Code: "own_coupon",
		Message: "Ask another staff member to redeem your own coupon."}
	errStatus = apperr.Invalid("status", "Status must be one of active, used, expired, refunding, refunded, disputed")
)

// AdminList returns a page of all coupons for the admin screen, newest
// first, and whether more follow. The search is trimmed and matched,
// case-insensitively, as a substring of the code, the owner's e-mail or the
// webinar title. Active coupons past expiry are recorded 'expired' first
// (docs/product.md#states-and-transitions).
func (s *Service) AdminList(ctx context.Context, p ListParams) ([]Admin, bool, error) {
	p.Search = strings.TrimSpace(p.Search)
	if utf8.RuneCountInString(p.Search) > maxSearch {
		return nil, false, apperr.Invalid("search", "Search must be at most 200 characters")
	}
	if p.Status != "" && !slices.Contains(Statuses, p.Status) {
		return nil, false, errStatus
	}
	if err := s.store.expireAll(ctx, s.now()); err != nil {
		return nil, false, err
	}
	limit := p.Limit
	p.Limit++ // one more tells whether another page follows
	list, err := s.store.adminList(ctx, p)
	if err != nil {
		return nil, false, err
	}
	if len(list) > limit {
		return list[:limit], true, nil
	}
	return list, false, nil
}

// Redeem is the admin's 'Mark Redeemed': active → used, redeemed_at now and
// redeemed_by the admin (by), as one conditional update, so a coupon is
// redeemed once however many clerks press at once; the others get 409
// already_redeemed. An expired coupon is refused (409 coupon_expired) and
// recorded expired; the admin's own coupon, 403 own_coupon.
func (s *Service) Redeem(ctx context.Context, by, id, receipt string) (Admin, error) {
	receipt, err := checkReceipt(receipt, false)
	if err != nil {
		return Admin{}, err
	}
	now := s.now()
	ok, err := s.changeAudited(ctx, id, audit.CouponRedeem, StatusActive, s.redeem(id, by, receipt, now))
	if err != nil {
		return Admin{}, err
	}
	if ok {
		return s.store.adminGet(ctx, id)
	}
	c, err := s.store.get(ctx, id)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return Admin{}, ErrNotFound
	case err != nil:
		return Admin{}, err
	}
	return Admin{}, s.whyNotRedeemed(ctx, c, by, now, errAlreadyRedeemed)
}

// redeem is the change of a redemption of coupon id by account by at now
// for the POS sale receipt ("" when none): the conditional update
// (store.redeem) and, when it matched, the entry in the coupon's
// redemption history.
func (s *Service) redeem(id, by, receipt string, now time.Time) func(ctx context.Context) (bool, error) {
	return func(ctx context.Context) (bool, error) {
		ok, err := s.store.redeem(ctx, id, by, receipt, now)
		if err != nil || !ok {
			return ok, err
		}
		return true, s.store.recordRedemption(ctx, id, by, receipt, now)
	}
}

// maxReceipt bounds a POS receipt number (docs/api.md#counter).
const maxReceipt = 40

var (
	errReceiptRequired = apperr.Invalid("pos_receipt", "Enter the POS receipt number of this sale.")
	errReceipt         = apperr.Invalid("pos_receipt", "The POS receipt number must be one line of at most 40 characters.")
)

// checkReceipt trims a POS receipt number and checks it: one line of at
// most maxReceipt characters, and not empty when required.
func checkReceipt(receipt string, required bool) (string, error) {
	receipt = strings.TrimSpace(receipt)
	switch {
	case receipt == "" && required:
		return "", errReceiptRequired
	case utf8.RuneCountInString(receipt) > maxReceipt || strings.ContainsFunc(receipt, unicode.IsControl):
		return "", errReceipt
	}
	return receipt, nil
}

// ReceiptRequired says whether the counter needs a POS receipt number now.
func (s *Service) ReceiptRequired(ctx context.Context) (bool, error) {
	if s.receiptRequired == nil {
		return false, nil
	}
	return s.receiptRequired(ctx)
}

// undone is the change of an undo of coupon id by account by at now: the
// conditional update and, when it matched, the undo in the coupon's
// redemption history (which keeps the redemption).
func (s *Service) undone(id, by string, now time.Time, undo func(ctx context.Context) (bool, error)) func(ctx context.Context) (bool, error) {
	return func(ctx context.Context) (bool, error) {
		ok, err := undo(ctx)
		if err != nil || !ok {
			return ok, err
		}
		return true, s.store.recordUndo(ctx, id, by, now)
	}
}

// whyNotRedeemed is the refusal for coupon c, read back after account by's
// conditional redeem changed nothing: used (the caller's own words for it),
// refunded, disputed, expired (recorded expired now), 403 own_coupon when by
// owns it, or 409 conflict when it is active and unexpired after all (an
// undo landed between the update and the read).
func (s *Service) whyNotRedeemed(ctx context.Context, c Coupon, by string, now time.Time, used error) error {
	switch {
	case c.Status == StatusUsed:
		return used
	case c.Status == StatusRefunding || c.Status == StatusRefunded:
		return errRefunded
	case c.Status == StatusDisputed:
		return errDisputed
	case c.Status == StatusExpired || !now.Before(c.ExpiresAt):
		if err := s.store.expireOne(ctx, c.ID, now); err != nil {
			return err
		}
		return errExpired
	case c.UserID == by:
		return errOwnCoupon
	default:
		return errChanged
	}
}

// CancelRedemption is the admin's (by) 'Cancel Redemption': used → active,
// redeemed_at and redeemed_by cleared (expired instead when its expiry has passed
// meanwhile), the redemption kept in its history; 409 not_redeemed for a
// coupon that is not used.
func (s *Service) CancelRedemption(ctx context.Context, by, id string) (Admin, error) {
	now := s.now()
	ok, err := s.changeAudited(ctx, id, audit.CouponUnredeem, StatusUsed, s.undone(id, by, now, func(ctx context.Context) (bool, error) {
		return s.store.unredeem(ctx, id, now)
	}))
	if err != nil {
		return Admin{}, err
	}
	if ok {
		return s.store.adminGet(ctx, id)
	}
	if _, err := s.store.get(ctx, id); errors.Is(err, db.ErrNotFound) {
		return Admin{}, ErrNotFound
	} else if err != nil {
		return Admin{}, err
	}
	return Admin{}, errNotRedeemed
}

// changeAudited runs change (one conditional update of coupon id) and, when
// it changed the coupon, writes the audit entry action in the same
// transaction: the code's first group, the face value and the status from
// → to.
func (s *Service) changeAudited(ctx context.Context, id, action, from string, change func(ctx context.Context) (bool, error)) (bool, error) {
	var changed bool
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		var err error
		if changed, err = change(ctx); err != nil || !changed {
			return err
		}
		c, err := s.store.get(ctx, id)
		if err != nil {
			return err
		}
		summary := audit.CodeHint(c.Code) + " " + money.Format(c.ValueCents) + ": " + from + " → " + c.Status
		if action == audit.CouponRedeem || action == audit.CouponUnredeem { // the redemption made or undone
			if receipt, err := s.store.lastReceipt(ctx, id); err != nil {
				return err
			} else if receipt != "" {
				summary += ", POS receipt " + receipt
			}
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: action, TargetType: audit.TargetCoupon, TargetID: id,
			Summary: summary})
	})
	return changed, err
}

// Get returns coupon id as the admin list shows it; 404 'Coupon not found.'
// when there is none.
func (s *Service) Get(ctx context.Context, id string) (Admin, error) {
	a, err := s.store.adminGet(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return Admin{}, ErrNotFound
	}
	return a, err
}

// ClaimRefund moves an active, unexpired coupon to refunding, the claim of
// its refund (docs/api.md#refunds): one conditional update, so of a
// refund and a redemption (or two refunds) racing, exactly one wins. It
// reports whether this call claimed it; the caller runs it in the
// transaction that claims the payment.
func (s *Service) ClaimRefund(ctx context.Context, id string) (bool, error) {
	return s.store.claimRefund(ctx, id, s.now())
}

// Dispute marks coupon id disputed (docs/api.md#refunds: its payment is
// disputed with the card issuer), with an audit entry, when it is active or
// expired; it reports whether it did (a used or refunded coupon stays so).
func (s *Service) Dispute(ctx context.Context, id string) (bool, error) {
	c, err := s.store.get(ctx, id)
	if err != nil {
		return false, err
	}
	return s.changeAudited(ctx, id, audit.CouponDispute, c.Status, func(ctx context.Context) (bool, error) {
		return s.store.dispute(ctx, id, s.now())
	})
}

// SettleRefund ends a claimed refund: refunded (with refunded_at now) when
// the provider gave the money back, else active again. It reports whether
// the coupon was still refunding.
func (s *Service) SettleRefund(ctx context.Context, id string, refunded bool) (bool, error) {
	return s.store.settleRefund(ctx, id, refunded, s.now())
}

// PolicyTerms is the value policy new coupons get, as the Terms page and
// the admin's form show it (docs/api.md#coupon-value): the policy, the
// Split lives and Whole's days (WATCHWIN_COUPON_EXPIRY_DAYS).
type PolicyTerms struct {
	Policy           string `json:"policy"`
	PaidNeverExpires bool   `json:"paid_never_expires"` // Split: the paid part has no expiry
	PaidYears        int    `json:"paid_years"`
	BonusDays        int    `json:"bonus_days"`
	WholeExpiryDays  int    `json:"whole_expiry_days"`
}

// Terms returns the policy of coupons issued now.
func (s *Service) Terms(ctx context.Context) (PolicyTerms, error) {
	p := Policy{Name: PolicyWhole, PaidYears: 5, BonusDays: 30}
	if s.policy != nil {
		var err error
		if p, err = s.policy(ctx); err != nil {
			return PolicyTerms{}, err
		}
	}
	return PolicyTerms{Policy: p.Name, PaidNeverExpires: p.PaidNeverExpires, PaidYears: p.PaidYears, BonusDays: p.BonusDays, WholeExpiryDays: s.expiryDays}, nil
}
