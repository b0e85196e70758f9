package coupon

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"watchwin/internal/db"
)

// maxCodeTries bounds retries on a code collision (60 random bits: a
// collision is already vanishingly rare).
const maxCodeTries = 5

// Service is the coupon logic; it knows nothing of HTTP.
type Service struct {
	store      store
	now        db.Clock
	expiryDays int
}

// NewService returns the coupon service; coupons expire expiryDays after
// issue (WATCHWIN_COUPON_EXPIRY_DAYS, SPEC.md's 30 by default).
func NewService(d *db.DB, now db.Clock, expiryDays int) *Service {
	return &Service{store: store{d}, now: now, expiryDays: expiryDays}
}

// Issue creates the coupon of a paid seat: a fresh code, status active,
// expiring expiryDays from now. Payment fulfilment calls it inside its
// transaction; the schema allows one coupon per registration and per
// payment, so a second issue for either fails with db.ErrConflict.
func (s *Service) Issue(ctx context.Context, p IssueParams) (Coupon, error) {
	now := s.now()
	c := Coupon{
		ID: uuid.NewString(), UserID: p.UserID, WebinarID: p.WebinarID, RegistrationID: p.RegistrationID,
		PaymentID: p.PaymentID, ValueCents: p.ValueCents, OriginalPaymentCents: p.OriginalPaymentCents,
		Status: StatusActive, CreatedAt: now, ExpiresAt: now.AddDate(0, 0, s.expiryDays),
	}
	var err error
	for range maxCodeTries {
		c.Code = newCode()
		if err = s.store.insert(ctx, c); err == nil {
			return s.store.get(ctx, c.ID)
		}
		if !errors.Is(err, db.ErrConflict) {
			return Coupon{}, err
		}
		// A conflict on the registration or payment is final: find out
		// which by looking for the coupon already there.
		if _, e := s.store.byRegistration(ctx, p.RegistrationID); e == nil {
			return Coupon{}, err
		}
	}
	return Coupon{}, err
}

// ForPayment returns the coupon a payment was fulfilled with.
func (s *Service) ForPayment(ctx context.Context, paymentID string) (Coupon, error) {
	return s.store.byPayment(ctx, paymentID)
}

// ForRegistration returns the coupon of a registration.
func (s *Service) ForRegistration(ctx context.Context, registrationID string) (Coupon, error) {
	return s.store.byRegistration(ctx, registrationID)
}

// Mine returns a user's coupon for a webinar (db.ErrNotFound when none).
func (s *Service) Mine(ctx context.Context, userID, webinarID string) (Coupon, error) {
	return s.store.mine(ctx, userID, webinarID)
}

// ListMine returns a user's coupons, newest first, after recording the
// expiry of those past it.
func (s *Service) ListMine(ctx context.Context, userID string) ([]Coupon, error) {
	if err := s.store.expire(ctx, userID, s.now()); err != nil {
		return nil, err
	}
	return s.store.listByUser(ctx, userID)
}
