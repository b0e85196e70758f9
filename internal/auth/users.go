package auth

import (
	"context"
	"errors"
	"slices"
	"strings"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/db"
)

// Paging of the admin user list (GET /api/admin/users).
const (
	DefaultUserPage = 100
	MaxUserPage     = 500
)

// UserInput is the admin's Edit User dialog (docs/api.md#admin-users:
// email, firstName, lastName, phoneNumber, role).
type UserInput struct {
	Email       string `json:"email"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	PhoneNumber string `json:"phoneNumber"`
	Role        string `json:"role"`
}

// PasswordInput is the admin's Change Password dialog (docs/api.md#admin-users;
// the user comes from the path).
type PasswordInput struct {
	NewPassword string `json:"newPassword"`
}

var (
	errUserNotFound = apperr.NotFound("User not found.")
	errLastAdmin    = apperr.Conflict("last_admin",
		"This is the last admin account. Make another user an admin first.")
	errDeleteSelf = apperr.Conflict("cannot_delete_self",
		"You can't delete your own account. Ask another admin to do it.")
	// errNotAdmin: the acting admin lost the role (to another admin's change)
	// between the request's guard and the change itself.
	errNotAdmin = apperr.Forbidden("You don't have permission to do this. Please log in as an administrator.")
)

func (in *UserInput) normalize() {
	in.Email = NormalizeEmail(in.Email)
	in.FirstName = strings.TrimSpace(in.FirstName)
	in.LastName = strings.TrimSpace(in.LastName)
	in.PhoneNumber = strings.TrimSpace(in.PhoneNumber)
	in.Role = strings.TrimSpace(in.Role)
}

// validate applies the sign-up rules and messages (docs/product.md#validation-and-its-messages) in
// the order the dialog shows its fields, then the role. A name or phone
// that cur, the account as stored, does not have may stay empty: accounts
// made by `watchwin user add` or --demo have no phone (and may have no
// names), and an admin fixing one field must not have to invent the others.
// A field the account has cannot be emptied.
func (in *UserInput) validate(cur Profile) error {
	if !ValidEmail(in.Email) {
		return apperr.Invalid("email", MsgEmail)
	}
	blank := mayBeBlank{first: cur.FirstName == "", last: cur.LastName == "", phone: cur.PhoneNumber == ""}
	if err := validateNamePhone(in.FirstName, in.LastName, in.PhoneNumber, blank); err != nil {
		return err
	}
	if !validRole(in.Role) {
		return apperr.Invalid("role", msgRole)
	}
	return nil
}

// Account returns the live account id (db.ErrNotFound when it does not
// exist or was deleted).
func (s *Service) Account(ctx context.Context, id string) (Profile, error) {
	return s.store.liveProfile(ctx, id)
}

// ListUsers returns a page of the accounts (deleted ones never), by e-mail,
// and whether more follow. The page starts after the account after names
// when it is set (a cursor, docs/api.md#admin-coupons), else at offset.
func (s *Service) ListUsers(ctx context.Context, limit, offset int, after *UserCursor) ([]Profile, bool, error) {
	list, err := s.store.listUsers(ctx, limit+1, offset, after)
	if err != nil {
		return nil, false, err
	}
	if len(list) > limit {
		return list[:limit], true, nil
	}
	return list, false, nil
}

// UpdateUser is an admin's edit of an account, role included. The change
// is refused with 409 last_admin when it would leave no admin, checked
// under lockAdmins so that two admins demoting each other at once cannot
// both succeed. A demotion ends no session: the role is read on every
// request, so it takes effect at the user's next one.
func (s *Service) UpdateUser(ctx context.Context, actor Profile, id string, in UserInput) (Profile, error) {
	in.normalize()
	var out Profile
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		admins, cur, err := s.lockForChange(ctx, id)
		if err != nil {
			return err
		}
		// Checked against the stored account: which fields may stay empty
		// depends on it.
		if err := in.validate(cur); err != nil {
			return err
		}
		if cur.Role == RoleAdmin && in.Role != RoleAdmin && len(admins) <= 1 {
			return errLastAdmin
		}
		if !slices.Contains(admins, actor.ID) {
			return errNotAdmin
		}
		out = cur
		out.Email, out.FirstName, out.LastName, out.PhoneNumber, out.Role = in.Email, in.FirstName, in.LastName, in.PhoneNumber, in.Role
		err = s.store.updateProfile(ctx, out, s.now())
		if errors.Is(err, db.ErrConflict) {
			e := apperr.Conflict("email_taken", "An account with this email already exists.")
			e.Field = "email"
			return e
		}
		if err != nil {
			return err
		}
		if out.Email != cur.Email {
			// Links mailed to the old address must not work for the account
			// any more.
			if err := s.spendLinks(ctx, id, purposeReset, purposeConfirm); err != nil {
				return err
			}
		}
		return audit.Write(ctx, s.store.db, s.now(), userAuditEntry(cur, out))
	})
	return out, err
}

// userAuditEntry is an admin's edit of account cur into out for the audit
// log: the role's change with its values, the other fields by name only
// (they are personal data, which the log does not copy).
func userAuditEntry(cur, out Profile) audit.Entry {
	var c audit.Changes
	action := audit.UserUpdate
	if cur.Role != out.Role {
		action = audit.UserRoleChange
		c.Add("role", cur.Role, out.Role)
	}
	for _, f := range []struct{ name, before, after string }{
		{"email", cur.Email, out.Email}, {"first name", cur.FirstName, out.FirstName},
		{"last name", cur.LastName, out.LastName}, {"phone", cur.PhoneNumber, out.PhoneNumber},
	} {
		if f.before != f.after {
			c.Note(f.name + " changed")
		}
	}
	return audit.Entry{Action: action, TargetType: audit.TargetUser, TargetID: out.ID, Summary: c.String()}
}

// DeleteUser deletes an account for an admin: its sign-in, sessions and
// personal details go at once, while the records of what it paid for stay
// (see store.tombstone). An admin cannot delete themself (409
// cannot_delete_self), nor the last admin (409 last_admin).
func (s *Service) DeleteUser(ctx context.Context, actor Profile, id string) error {
	if id == actor.ID {
		return errDeleteSelf
	}
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		admins, cur, err := s.lockForChange(ctx, id)
		if err != nil {
			return err
		}
		if cur.Role == RoleAdmin && len(admins) <= 1 {
			return errLastAdmin
		}
		if !slices.Contains(admins, actor.ID) {
			return errNotAdmin
		}
		if err := s.store.tombstone(ctx, id, s.now()); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.UserDelete, TargetType: audit.TargetUser,
			TargetID: id, Summary: "account deleted and anonymised (role " + cur.Role + ")"})
	})
}

// lockForChange locks the admin rows, then the target's row, and returns
// the admins and the target (404 when missing or deleted). Admins first,
// always: every role-changing transaction takes its locks in one order.
func (s *Service) lockForChange(ctx context.Context, id string) ([]string, Profile, error) {
	admins, err := s.store.lockAdmins(ctx)
	if err != nil {
		return nil, Profile{}, err
	}
	cur, err := s.store.liveProfile(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, Profile{}, errUserNotFound
	}
	return admins, cur, err
}

// ChangePassword sets an account's password for an admin
// (docs/api.md#admin-users), with the sign-up password rules, hashed through
// the hashing gate. Every session of the account ends, except keepToken's
// (the acting admin's own, when they change their own password).
func (s *Service) ChangePassword(ctx context.Context, id string, in PasswordInput, keepToken string) error {
	if err := validatePassword("newPassword", in.NewPassword); err != nil {
		return err
	}
	if _, err := s.store.liveProfile(ctx, id); errors.Is(err, db.ErrNotFound) {
		return errUserNotFound // before hashing: no work for a wrong id
	} else if err != nil {
		return err
	}
	var hash string
	var hashErr error
	if err := s.hashes.run(ctx, func() { hash, hashErr = hashPassword(in.NewPassword) }); err != nil {
		return err
	}
	if hashErr != nil {
		return hashErr
	}
	keep := ""
	if keepToken != "" {
		keep = hashToken(keepToken)
	}
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		// Locked, so a delete running at the same time either comes first
		// (404 here) or after (and removes this password with the rest).
		if _, err := s.store.liveProfile(ctx, id); errors.Is(err, db.ErrNotFound) {
			return errUserNotFound
		} else if err != nil {
			return err
		}
		if err := s.store.setPassword(ctx, id, hash, s.now()); err != nil {
			return err
		}
		// A reset link mailed earlier would undo the admin's password.
		if err := s.spendLinks(ctx, id, purposeReset); err != nil {
			return err
		}
		if err := s.store.deleteSessions(ctx, id, keep); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.UserPasswordChange, TargetType: audit.TargetUser,
			TargetID: id, Summary: "password set by an admin; the account's other sessions ended"})
	})
}

// spendLinks makes every unused account link of the given purposes of
// account id unusable.
func (s *Service) spendLinks(ctx context.Context, id string, purposes ...string) error {
	for _, purpose := range purposes {
		if err := s.store.spendTokens(ctx, id, purpose, s.now()); err != nil {
			return err
		}
	}
	return nil
}
