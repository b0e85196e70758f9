package setting

import (
	"context"
	"strconv"

	"watchwin/internal/audit"
)

// Keys of the coupon value policy (docs/product.md#coupons, "Value policy"):
// Whole (the default: the whole face value expires
// WATCHWIN_COUPON_EXPIRY_DAYS after issue) or Split (the paid part lasts
// coupon_paid_years, at least 5; the bonus is promotional value that
// lasts coupon_bonus_days; with coupon_paid_never_expires the paid part
// never expires). A change applies to coupons issued after it.
const (
	KeyCouponPolicy           = "coupon_value_policy"
	KeyCouponPaidYears        = "coupon_paid_years"
	KeyCouponBonusDays        = "coupon_bonus_days"
	KeyCouponPaidNeverExpires = "coupon_paid_never_expires"
)

// Limits of the Split policy: federal rules and Illinois law give store
// credit sold for money at least 5 years (docs/product.md#coupons).
const (
	MinPaidYears = 5
	maxPaidYears = 50
	minBonusDays = 1
	maxBonusDays = 365
)

// Messages of the coupon value form.
const (
	msgPolicy    = "Choose Whole or Split"
	msgPaidYears = "The paid value must last from 5 to 50 years"
	msgBonusDays = "Promotional value must last from 1 to 365 days"
)

var couponPolicyKeys = []string{KeyCouponPolicy, KeyCouponPaidYears, KeyCouponBonusDays, KeyCouponPaidNeverExpires}

// The policy's keys join the site's defaults and rules here, so a stored
// value that breaks a rule reads as its default like every other setting.
func init() {
	defaults[KeyCouponPolicy], defaults[KeyCouponPaidYears], defaults[KeyCouponBonusDays] = "whole", "5", "30"
	rules[KeyCouponPolicy] = rule{"policy", func(v string) string {
		if v != "whole" && v != "split" {
			return msgPolicy
		}
		return ""
	}}
	rules[KeyCouponPaidYears] = rule{"paid_years", intBetween(MinPaidYears, maxPaidYears, msgPaidYears)}
	rules[KeyCouponBonusDays] = rule{"bonus_days", intBetween(minBonusDays, maxBonusDays, msgBonusDays)}
	defaults[KeyCouponPaidNeverExpires] = "false"
	rules[KeyCouponPaidNeverExpires] = rule{"paid_never_expires", checkBool}
}

// intBetween checks a whole number from lo to hi, written plainly.
func intBetween(lo, hi int, msg string) func(string) string {
	return func(v string) string {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi || strconv.Itoa(n) != v {
			return msg
		}
		return ""
	}
}

// CouponPolicy is the coupon value policy as the admin's form sends it and
// pages read it. PaidYears, BonusDays and PaidNeverExpires are kept under
// Whole too, for a later switch; PaidNeverExpires applies under Split only,
// and PaidYears is then kept, unused.
type CouponPolicy struct {
	Policy           string `json:"policy"` // "whole" or "split"
	PaidYears        int    `json:"paid_years"`
	BonusDays        int    `json:"bonus_days"`
	PaidNeverExpires bool   `json:"paid_never_expires"`
}

func (p CouponPolicy) values() map[string]string {
	return map[string]string{KeyCouponPolicy: p.Policy, KeyCouponPaidYears: strconv.Itoa(p.PaidYears),
		KeyCouponBonusDays: strconv.Itoa(p.BonusDays), KeyCouponPaidNeverExpires: boolString(p.PaidNeverExpires)}
}

// CouponPolicy returns the policy new coupons are issued under, defaults
// filled in. Payment fulfilment reads it in its transaction.
func (s *Service) CouponPolicy(ctx context.Context) (CouponPolicy, error) {
	v, err := s.effective(ctx, couponPolicyKeys)
	if err != nil {
		return CouponPolicy{}, err
	}
	years, _ := strconv.Atoi(v[KeyCouponPaidYears])
	days, _ := strconv.Atoi(v[KeyCouponBonusDays])
	return CouponPolicy{Policy: v[KeyCouponPolicy], PaidYears: years, BonusDays: days,
		PaidNeverExpires: v[KeyCouponPaidNeverExpires] == "true"}, nil
}

// SaveCouponPolicy checks and saves the policy in one transaction with its
// audit entry (settings.coupon_policy, before → after); 400 naming the field
// for a bad value. Coupons already issued keep their parts and dates.
func (s *Service) SaveCouponPolicy(ctx context.Context, in CouponPolicy) (CouponPolicy, error) {
	values := in.values()
	if err := validate(couponPolicyKeys, values); err != nil {
		return CouponPolicy{}, err
	}
	if err := s.saveAudited(ctx, audit.SettingsCouponPolicy, "coupon_policy", values); err != nil {
		return CouponPolicy{}, err
	}
	return in, nil
}
