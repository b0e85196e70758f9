package auth

import "watchwin/internal/keyset"

// UserCursor is an account's place in the admin user list's order (e-mail,
// then id): a page that starts after it is a range read of an index.
type UserCursor struct {
	Email string
	ID    string
}

// String returns the cursor as the API sends it (next_cursor).
func (c UserCursor) String() string { return keyset.Encode(c.Email, c.ID) }

// UserCursorOf is the cursor of the page that follows p.
func UserCursorOf(p Profile) UserCursor { return UserCursor{Email: p.Email, ID: p.ID} }

// ParseUserCursor reads a cursor String made; anything else is a 400 naming
// the cursor parameter.
func ParseUserCursor(s string) (*UserCursor, error) {
	parts, err := keyset.Decode(s, 2)
	if err != nil {
		return nil, err
	}
	return &UserCursor{Email: parts[0], ID: parts[1]}, nil
}
