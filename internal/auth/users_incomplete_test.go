package auth_test

import (
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// An admin edits accounts that never had every profile field: one made by
// `watchwin user add` without --first-name or --last-name (no names, no
// phone) and one made like the demo admin (names, no phone). A field the
// account lacks may stay empty; one it has may not be emptied; a value
// given still follows the sign-up rules.
func TestEditIncompleteAccount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		// As cmd/watchwin's `user add` and --demo create accounts.
		cli, err := s.App.Auth.CreateUser(t.Context(), "ops@example.com", "password1", auth.RoleUser, "", "")
		if err != nil {
			t.Fatal(err)
		}
		demo, err := s.App.Auth.CreateUser(t.Context(), "demo-admin@example.com", "password1", auth.RoleAdmin, "Demo", "Admin")
		if err != nil {
			t.Fatal(err)
		}
		body := func(email, first, last, phone, role string) map[string]any {
			return map[string]any{"email": email, "firstName": first, "lastName": last, "phoneNumber": phone, "role": role}
		}
		invalid := func(field, message string) testutil.Want {
			return testutil.Want{Status: 400, Code: "validation_failed", Field: field, Message: message}
		}
		tests := []struct {
			name string
			id   string
			body map[string]any
			want testutil.Want
			// after is the account as stored afterwards
			first, last, phone string
		}{
			{"CLI account: first name only", cli.ID, body("ops@example.com", " Olive ", "", "", "user"), testutil.Want{Status: 200}, "Olive", "", ""},
			{"CLI account: its first name now set cannot be emptied", cli.ID, body("ops@example.com", "", "", "", "user"),
				invalid("firstName", "First name is required"), "Olive", "", ""},
			{"CLI account: a short phone is still refused", cli.ID, body("ops@example.com", "Olive", "", "555", "user"),
				invalid("phoneNumber", "Phone number is required"), "Olive", "", ""},
			{"demo admin: new first name, no phone", demo.ID, body("demo-admin@example.com", "Dana", "Admin", "", "admin"), testutil.Want{Status: 200}, "Dana", "Admin", ""},
			{"demo admin: last name cannot be emptied", demo.ID, body("demo-admin@example.com", "Dana", "", "", "admin"),
				invalid("lastName", "Last name is required"), "Dana", "Admin", ""},
			{"demo admin: phone added", demo.ID, body("demo-admin@example.com", "Dana", "Admin", "630-555-0142", "admin"), testutil.Want{Status: 200}, "Dana", "Admin", "630-555-0142"},
			{"demo admin: phone, once set, cannot be emptied", demo.ID, body("demo-admin@example.com", "Dana", "Admin", "", "admin"),
				invalid("phoneNumber", "Phone number is required"), "Dana", "Admin", "630-555-0142"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				admin.Do("PUT", "/api/admin/users/"+tt.id, tt.body).Check(t, tt.want)
				var first, last, phone string
				if err := d.QueryRow(`SELECT first_name, last_name, phone_number FROM profiles WHERE id = $1`, tt.id).
					Scan(&first, &last, &phone); err != nil {
					t.Fatal(err)
				}
				if first != tt.first || last != tt.last || phone != tt.phone {
					t.Errorf("stored %q %q %q, want %q %q %q", first, last, phone, tt.first, tt.last, tt.phone)
				}
			})
		}
	})
}
