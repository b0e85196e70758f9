package giveaway

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/throttle"
)

// MyEntry is a person's entry in a webinar's giveaway: a paid seat or a
// free entry (never both: one entry per person per webinar).
type MyEntry struct {
	Kind      string    `json:"kind"` // KindPaid or KindFree
	EnteredAt time.Time `json:"entered_at"`
}

// EntryInput is the free-entry form: the entrant confirms eligibility (age,
// residency and any rule the admin sets) and agrees to the official rules;
// ShowName lets the rules page show their first name and last initial if
// they win.
type EntryInput struct {
	Eligible    bool `json:"eligible"`
	AcceptRules bool `json:"accept_rules"`
	ShowName    bool `json:"show_name"`
}

var (
	errWebinarNotFound = apperr.NotFound("Webinar not found")
	errStaffEntry      = apperr.Forbidden("Store staff and administrators may not enter the giveaway.")
	errClosed          = apperr.Conflict("giveaway_closed", "The giveaway for this webinar has closed.")
	errUnconfirmed     = &apperr.Error{Kind: apperr.KindForbidden, Code: "email_not_confirmed",
		Message: "Please confirm your e-mail address before entering the giveaway. We can send the link again."}
	errAddressLimit = apperr.Conflict("entry_address_limit", countWords[throttle.AccountsPerAddress]+
		" accounts have already entered this giveaway from your network. The free entry is one per person.")
)

// countWords spells a small count at the start of a sentence; a constant
// index past its end does not compile.
var countWords = [...]string{"No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"}

const (
	msgEligible    = "Please confirm that you meet the eligibility requirements."
	msgAcceptRules = "Please agree to the official rules."
)

// Enter is "Enter the giveaway without purchase" (docs/product.md#giveaway): a
// signed-in user's free entry in a listed webinar's giveaway while it is open.
// It takes no seat. A person already entered (by a paid seat or an earlier free
// entry) keeps their one entry: created is false and nothing changes. The
// store's own people (staff, admins) may not enter. One person, one entry: the
// account's e-mail must be confirmed, and at most throttle.AccountsPerAddress
// accounts enter from the client address clientIP (its /64 for IPv6). A new
// entry's confirmation e-mail is queued in the same transaction.
func (s *Service) Enter(ctx context.Context, p auth.Profile, webinarID string, in EntryInput, clientIP string) (e MyEntry, created bool, err error) {
	if !mayEnter(p.Role) {
		return MyEntry{}, false, errStaffEntry
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// Under the seat lock, as a draw reads its entries: an entry is
		// either in a draw's list or refused as closed.
		if _, err := s.seats.Lock(ctx, webinarID); err != nil {
			return err
		}
		w, err := s.store.webinar(ctx, webinarID)
		if errors.Is(err, db.ErrNotFound) || (err == nil && !w.IsActive) {
			return errWebinarNotFound
		}
		if err != nil {
			return err
		}
		if mine, err := s.store.entryOf(ctx, webinarID, p.ID); err != nil || mine != nil {
			if mine != nil {
				e = *mine
			}
			return err
		}
		now := s.now()
		if !w.open(now) {
			return errClosed
		}
		if !in.Eligible {
			return apperr.Invalid("eligible", msgEligible)
		}
		if !in.AcceptRules {
			return apperr.Invalid("accept_rules", msgAcceptRules)
		}
		if ok, err := s.store.emailConfirmed(ctx, p.ID); err != nil || !ok {
			return cmp.Or(err, error(errUnconfirmed))
		}
		address := throttle.AddressKey("giveaway-entry-address", clientIP)
		if n, err := s.store.entriesFrom(ctx, webinarID, address); err != nil || n >= throttle.AccountsPerAddress {
			return cmp.Or(err, error(errAddressLimit))
		}
		id := uuid.NewString()
		if err := s.store.insertEntry(ctx, id, webinarID, p, in.ShowName, address, now); err != nil {
			return err
		}
		r, err := s.Rules(ctx)
		if err != nil {
			return err
		}
		m, err := entryMessage(ctx, s.templates, s.tz, p, id, w.view(r, now, nil))
		if err != nil {
			return err
		}
		if err := s.mailer.Enqueue(ctx, m); err != nil {
			return err
		}
		e, created = MyEntry{Kind: KindFree, EnteredAt: now}, true
		return nil
	})
	if errors.Is(err, db.ErrConflict) {
		// Two entries at once for one person: the other one counts.
		mine, gerr := s.store.entryOf(ctx, webinarID, p.ID)
		if gerr == nil && mine != nil {
			return *mine, false, nil
		}
	}
	if err != nil {
		return MyEntry{}, false, err
	}
	return e, created, nil
}
