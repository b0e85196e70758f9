package couponlink

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/registration"
)

// Coupons is what the tool needs of the coupon domain (*coupon.Service).
type Coupons interface {
	ListMine(ctx context.Context, userID string) ([]coupon.Coupon, error)
}

// Registrations is what the tool needs of the registration domain
// (*registration.Service).
type Registrations interface {
	ListMine(ctx context.Context, user auth.Profile) ([]registration.Mine, error)
}

// Service runs the tool; it knows nothing of HTTP and reads other domains
// only through their services.
type Service struct {
	db            *db.DB
	coupons       Coupons
	registrations Registrations
}

// NewService returns the migration tool's service.
func NewService(d *db.DB, coupons Coupons, registrations Registrations) *Service {
	return &Service{db: d, coupons: coupons, registrations: registrations}
}

var errTooMany = apperr.Invalid("coupons", fmt.Sprintf("At most %d coupons can be migrated at once.", MaxCoupons))

// Status returns the database-status card for user.
func (s *Service) Status(ctx context.Context, user auth.Profile) (Status, error) {
	version, err := s.db.SchemaVersion(ctx)
	if err != nil {
		return Status{}, err
	}
	coupons, err := s.coupons.ListMine(ctx, user.ID)
	if err != nil {
		return Status{}, err
	}
	regs, err := s.registrations.ListMine(ctx, user)
	if err != nil {
		return Status{}, err
	}
	return Status{Engine: string(s.db.Engine), MigrationVersion: version,
		Coupons: len(coupons), Registrations: len(regs)}, nil
}

// Run reconciles the browser's local coupons with user's server coupons. It
// writes nothing and never creates value from what the browser sent:
//
//   - A local entry is linked only when its code (trimmed, any case) is the
//     code of a coupon the server issued to user; its other fields are not
//     read. A code of another user's coupon is unknown like a forged one, so
//     the answer tells nothing about other accounts.
//   - Re-derivation: a coupon is owed for every payment the provider
//     reported succeeded. Payment fulfilment (payment.Service.Fulfil) marks
//     a payment succeeded in the same transaction that issues its coupon,
//     and coupons are never deleted, so a succeeded payment without a
//     coupon cannot exist and Rederived is always 0. Paid seats without a
//     coupon do exist (a free webinar's claim, the admin's simulated
//     payment), but no money backs them, so no coupon is owed (docs/product.md#deliberate-differences-from-the-original-product).
func (s *Service) Run(ctx context.Context, user auth.Profile, in RunInput) (Result, error) {
	if len(in.Coupons) > MaxCoupons {
		return Result{}, errTooMany
	}
	mine, err := s.coupons.ListMine(ctx, user.ID)
	if err != nil {
		return Result{}, err
	}
	byCode := make(map[string]string, len(mine)) // normalised → as issued
	for _, c := range mine {
		byCode[normalise(c.Code)] = c.Code
	}
	res := Result{Success: true, LinkedCodes: []string{}}
	seen := map[string]bool{}
	for _, raw := range in.Coupons {
		code, ok := codeOf(raw)
		switch issued, found := byCode[code]; {
		case !ok:
			res.Unknown++
		case seen[code]:
			// The same local coupon twice counts once.
		case found:
			seen[code] = true
			res.Linked++
			res.LinkedCodes = append(res.LinkedCodes, issued)
		default:
			seen[code] = true
			res.Unknown++
		}
	}
	res.Migrated = res.Linked + res.Rederived
	slog.InfoContext(ctx, "coupon migration run", "user_id", user.ID, "linked", res.Linked, "unknown", res.Unknown)
	return res, nil
}

// codeOf returns the normalised code of a local entry; false when the entry
// is not an object with a non-empty string code.
func codeOf(raw json.RawMessage) (string, bool) {
	var e struct {
		Code any `json:"code"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return "", false
	}
	code, ok := e.Code.(string)
	code = normalise(code)
	return code, ok && code != ""
}

// normalise makes codes compare as the store writes them: LW- and upper case.
func normalise(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }
