package auth

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"watchwin/internal/apperr"
)

// Messages of docs/product.md#validation-and-its-messages, shared with the SPA's zod schemas.
const (
	// MsgEmail is the error of a malformed address, wherever one is typed.
	MsgEmail           = "Please enter a valid email address"
	msgPassword        = "Password must be at least 6 characters"
	msgPasswordsDiffer = "Passwords don't match"
	msgFirstName       = "First name is required"
	msgLastName        = "Last name is required"
	msgPhone           = "Phone number is required"
	msgAge             = "You must be 21 or older to sign up"
)

const (
	minPassword = 6
	maxPassword = 256
	minPhone    = 7
	maxName     = 100
	maxPhone    = 30
)

// MaxEmail is the longest e-mail address (RFC 5321's path limit): longer is
// not an address, and no form carries more of one back in its flash.
const MaxEmail = 254

// emailPattern accepts what a person types as an e-mail address: a local
// part, one @, and a dotted domain with a top-level part of 2+ letters.
var emailPattern = regexp.MustCompile(`^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$`)

// NormalizeEmail trims and lower-cases an address; accounts are unique on it.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// dotBlindDomains are the mail providers that ignore dots in the local part.
var dotBlindDomains = map[string]bool{"gmail.com": true, "googlemail.com": true}

// Mailbox is the inbox a normalised address delivers to, for limits per
// person (docs/product.md#new-webinar-alerts): a plus-address tag is cut
// ("pat+x@" is "pat@"), and for providers that ignore dots in the local
// part the dots are too (googlemail.com is gmail.com). Accounts and
// subscriptions stay keyed by the address as typed.
func Mailbox(email string) string {
	local, domain, ok := strings.Cut(email, "@")
	if !ok {
		return email
	}
	if tag := strings.IndexByte(local, '+'); tag > 0 {
		local = local[:tag]
	}
	if dotBlindDomains[domain] {
		local, domain = strings.ReplaceAll(local, ".", ""), "gmail.com"
	}
	return local + "@" + domain
}

// ValidEmail reports whether s (already normalised) is an e-mail address.
func ValidEmail(s string) bool { return len(s) <= MaxEmail && emailPattern.MatchString(s) }

func validatePassword(field, p string) error {
	n := utf8.RuneCountInString(p)
	if n < minPassword {
		return apperr.Invalid(field, msgPassword)
	}
	if len(p) > maxPassword {
		return apperr.Invalid(field, "Password must be at most 256 characters")
	}
	return nil
}

func (in *SignUpInput) normalize() {
	in.Email = NormalizeEmail(in.Email)
	in.FirstName = strings.TrimSpace(in.FirstName)
	in.LastName = strings.TrimSpace(in.LastName)
	in.PhoneNumber = strings.TrimSpace(in.PhoneNumber)
}

// validate checks the sign-up form in the order the form shows its fields.
func (in *SignUpInput) validate() error {
	if !ValidEmail(in.Email) {
		return apperr.Invalid("email", MsgEmail)
	}
	if err := validatePassword("password", in.Password); err != nil {
		return err
	}
	if utf8.RuneCountInString(in.ConfirmPassword) < minPassword {
		return apperr.Invalid("confirmPassword", msgPassword)
	}
	if in.Password != in.ConfirmPassword {
		return apperr.Invalid("confirmPassword", msgPasswordsDiffer)
	}
	if err := validateNamePhone(in.FirstName, in.LastName, in.PhoneNumber, mayBeBlank{}); err != nil {
		return err
	}
	if !in.AgeConfirmed {
		return apperr.Invalid("ageConfirmed", msgAge)
	}
	return nil
}

// mayBeBlank marks the name and phone fields that may stay empty: none on
// the sign-up form; on the admin's edit, those the account never had.
type mayBeBlank struct{ first, last, phone bool }

// validateNamePhone checks the name and phone fields with the sign-up
// form's rules (names with ValidName too), in the order the forms show
// them. A field blank allows may be empty; when given, it follows the
// rules all the same.
func validateNamePhone(first, last, phone string, blank mayBeBlank) error {
	switch {
	case first == "" && !blank.first:
		return apperr.Invalid("firstName", msgFirstName)
	case utf8.RuneCountInString(first) > maxName:
		return apperr.Invalid("firstName", "First name must be at most 100 characters")
	case !ValidName(first):
		return apperr.Invalid("firstName", msgFirstNamePlain)
	case last == "" && !blank.last:
		return apperr.Invalid("lastName", msgLastName)
	case utf8.RuneCountInString(last) > maxName:
		return apperr.Invalid("lastName", "Last name must be at most 100 characters")
	case !ValidName(last):
		return apperr.Invalid("lastName", msgLastNamePlain)
	case phone == "" && blank.phone:
	case utf8.RuneCountInString(phone) < minPhone:
		return apperr.Invalid("phoneNumber", msgPhone)
	case utf8.RuneCountInString(phone) > maxPhone:
		return apperr.Invalid("phoneNumber", "Phone number must be at most 30 characters")
	}
	return nil
}
