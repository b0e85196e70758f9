// Package auth owns accounts: sign-up, login with throttling, sessions held in
// an HttpOnly cookie, the profile of each account, and the guards that other
// handlers use to require a user or an admin.
package auth

import "time"

// Roles of docs/product.md#roles-and-permissions.
const (
	RoleUser  = "user"
	RoleStaff = "staff" // store staff: the counter, no admin area (docs/product.md#roles-and-permissions)
	RoleAdmin = "admin"
)

// validRole reports whether role is one an account may have.
func validRole(role string) bool {
	return role == RoleUser || role == RoleStaff || role == RoleAdmin
}

// msgRole is the answer to any other role.
const msgRole = "Role must be user, staff or admin"

// Profile is an account as the API shows it. Field names follow docs/api.md.
type Profile struct {
	ID          string    `json:"id"`
	Email       string    `json:"email"`
	Role        string    `json:"role"`
	FirstName   string    `json:"firstName"`
	LastName    string    `json:"lastName"`
	PhoneNumber string    `json:"phoneNumber"`
	CreatedAt   time.Time `json:"created_at"`
}

// IsAdmin reports whether the profile may use the admin area.
func (p Profile) IsAdmin() bool { return p.Role == RoleAdmin }

// AtCounter reports whether the profile may use the counter: staff and
// admins (docs/api.md#counter).
func (p Profile) AtCounter() bool { return p.Role == RoleStaff || p.Role == RoleAdmin }

// User is the small identity object the session endpoint returns beside the profile.
type User struct {
	ID    string `json:"id"`
	Email string `json:"email"`
}

// SignUpInput is the sign-up form (docs/product.md#validation-and-its-messages), age confirmation included.
type SignUpInput struct {
	Email           string `json:"email"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	PhoneNumber     string `json:"phoneNumber"`
	AgeConfirmed    bool   `json:"ageConfirmed"`
}

// LoginInput is the login form.
type LoginInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}
