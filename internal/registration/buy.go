package registration

import (
	"context"
	"errors"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/webinar"
)

// Who may buy a webinar's seat (docs/product.md#who-may-buy) is one rule
// in two forms that must agree: Standing.MayBuy in Go (payment's Start,
// Claim and Fulfil) and MayBuySQL (the offer reminder). It lives here, as it
// judges a registration: registration sits above webinar and seat and below
// payment and reminder, so both can ask it without an import cycle. Whether
// there is a seat is seat's to say (seat.Tx.Take and Hold, seat.OpenSQL),
// and the price decides between buying and claiming.

// The refusals of the rule, as payment answers them
// (docs/api.md#payments-and-coupons).
var (
	// ErrAlreadyPurchased: the registration's seat is paid.
	ErrAlreadyPurchased = apperr.Conflict("already_purchased",
		"You've already purchased the coupon for this webinar. Please check your email for the coupon code or contact support.")
	errWatchFirst     = &apperr.Error{Kind: apperr.KindForbidden, Code: "watch_first", Message: "Please watch the webinar first"}
	errCouponRefunded = apperr.Conflict("coupon_refunded",
		"Your coupon for this webinar was refunded, so it can't be bought again. Please contact the store.")
	errWebinarNotFound = apperr.NotFound("Webinar not found")
)

// Standing is what the rule reads of a user's registration: its webinar,
// the registration (if Registered), and whether a coupon was ever issued
// for it.
type Standing struct {
	Webinar      webinar.Webinar
	Registered   bool
	Registration Registration
	// CouponIssued: a registration keeps its one coupon, refunded or not,
	// so it never buys a second.
	CouponIssued bool
}

// MayBuy is the rule in Go: nil when the registration may take its
// webinar's seat — the webinar active, the user registered, the video
// watched to the end, the seat not paid, no coupon ever issued — else the
// refusal, in this order: 404 'Webinar not found', 404 'Registration not
// found', already_purchased, watch_first, coupon_refunded.
func (st Standing) MayBuy() error {
	switch {
	case !st.Webinar.IsActive:
		return errWebinarNotFound
	case !st.Registered:
		return errNotRegistered
	case st.Registration.PurchasedCoupon:
		return ErrAlreadyPurchased
	case !st.Registration.WatchedVideoFully:
		return errWatchFirst
	case st.CouponIssued:
		return errCouponRefunded
	}
	return nil
}

// MayBuySQL is the rule in SQL, the condition MayBuy is for registration
// alias r of webinar alias w.
func MayBuySQL(r, w string) string {
	return MayWaitSQL(r, w) + ` AND ` + r + `.watched_video_fully = TRUE`
}

// errStaffCannotWait: a staff or admin account would take a customer's seat.
var errStaffCannotWait = &apperr.Error{Kind: apperr.KindForbidden, Code: "staff_cannot_wait",
	Message: "Store staff and admins can't join the waiting list."}

// MayWait is who may join a sold-out webinar's waiting list
// (docs/api.md#waiting-list): whom MayBuy lets buy, but for watching (a
// registrant may watch while waiting), and no staff or admin account. nil, or
// MayBuy's refusal, or 403 staff_cannot_wait.
func (st Standing) MayWait(user auth.Profile) error {
	if err := st.MayBuy(); err != nil && !errors.Is(err, errWatchFirst) {
		return err
	}
	if user.AtCounter() {
		return errStaffCannotWait
	}
	return nil
}

// MayWaitSQL is MayWait's condition on the registration in SQL (the
// account's role is judged when it joins): MayBuySQL without watching.
func MayWaitSQL(r, w string) string {
	return w + `.is_active = TRUE AND ` + r + `.purchased_coupon = FALSE
		AND NOT EXISTS (SELECT 1 FROM coupons issued_c WHERE issued_c.webinar_registration_id = ` + r + `.id)`
}

// Standing reads user's standing for a webinar (404 'Webinar not found'
// when it is missing).
func (s *Service) Standing(ctx context.Context, user auth.Profile, webinarID string) (Standing, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return Standing{}, err
	}
	r, err := s.store.get(ctx, webinarID, user.ID)
	if errors.Is(err, db.ErrNotFound) {
		return Standing{Webinar: w}, nil
	}
	if err != nil {
		return Standing{}, err
	}
	issued, err := s.store.hasCoupon(ctx, r.ID)
	return Standing{Webinar: w, Registered: true, Registration: r, CouponIssued: issued}, err
}
