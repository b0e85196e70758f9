package registration

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
)

// Messages of docs/product.md#validation-and-its-messages and docs/product.md#texts-users-see; the SPA shows them as they are.
const (
	msgName            = "Name must be at least 2 characters"
	msgNameLong        = "Name must be at most 100 characters"
	msgPhone           = "Please enter a valid phone number"
	msgMissingIDs      = "Missing webinar ID or user ID"
	msgNotRegistered   = "Registration not found"
	msgRegisterToWatch = "Please register for this webinar to watch it."
)

const (
	minName  = 2
	maxName  = 100
	maxPhone = 30
)

// phonePattern: what people type as a phone number (digits, spaces, + - . ( ) and an extension).
var phonePattern = regexp.MustCompile(`^\+?[0-9 ().-]{7,25}((x|ext\.?) ?[0-9]{1,6})?$`)

// validate trims the form and checks it, reporting the first bad field in
// form order.
func (in *Input) validate() error {
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	in.Email = auth.NormalizeEmail(in.Email)
	in.Phone = strings.TrimSpace(in.Phone)
	n := utf8.RuneCountInString(in.Name)
	switch {
	case n < minName:
		return apperr.Invalid("name", msgName)
	case n > maxName:
		return apperr.Invalid("name", msgNameLong)
	case strings.IndexFunc(in.Name, unicode.IsControl) >= 0:
		return apperr.Invalid("name", msgName)
	case !auth.ValidEmail(in.Email):
		return apperr.Invalid("email", auth.MsgEmail)
	case in.Phone != "" && (len(in.Phone) > maxPhone || !phonePattern.MatchString(in.Phone)):
		return apperr.Invalid("phone", msgPhone)
	}
	return nil
}
