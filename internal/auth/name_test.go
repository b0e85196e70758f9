package auth_test

import (
	"context"
	"strings"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

const hostileName = auth.HostileName

// Names people have are names; control characters, @ and anything a mail
// program shows as a link are not (docs/product.md#names).
func TestValidName(t *testing.T) {
	for _, name := range []string{"O'Brien", "Mary-Jane", "José", "St. John", "J.R.", "Jr.", "Ñúñez", "Zoë",
		"van der Berg", "D’Angelo", "李", "Ph.D", "Smith 3rd", "Renée"} {
		if !auth.ValidName(name) {
			t.Errorf("ValidName(%q) = false, want a name", name)
		}
	}
	for _, name := range []string{hostileName, "Bob\nSmith", "Bob\rSmith", "Bob\tSmith", "Bob\u2028Smith",
		"Bob\u202eSmith", "bob@example.com", "Bob＠evil", "http://x", "HTTPS://X", "www.evil", "WWW.evil",
		"evil.example", "Visit evil.com", "bit.ly", "evil。example", "192.168.0.1", "St.John"} {
		if auth.ValidName(name) {
			t.Errorf("ValidName(%q) = true, want it refused", name)
		}
	}
}

// The plain part of a name is what an e-mail may greet.
func TestPlainName(t *testing.T) {
	for name, want := range map[string]string{
		hostileName:             "Bob",
		"J.R. Ewing":            "J.R. Ewing",
		"Mary-Jo O'Neil Jr.":    "Mary-Jo O'Neil Jr",
		"Visit evil.example":    "Visit",
		"https://evil.example":  "",
		"Ann www.evil.test":     "Ann",
		"Ann Lee-":              "Ann",
		"Zoë\u202eevil.example": "",
	} {
		if got := auth.PlainName(name); got != want {
			t.Errorf("PlainName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestNamesAreNames: sign-up, the admin's user edit and `watchwin user
// add` refuse a name with a line break, a link or an @, naming the field
// with its message (which the SPA shows under it); ordinary names pass;
// the confirmation mail, sent before the address is proved, greets no name.
func TestNamesAreNames(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c := s.Client()
		const firstMsg = "First name can't contain a web address, an @ or a line break"
		const lastMsg = "Last name can't contain a web address, an @ or a line break"
		base := validSignUp("victim@example.com")
		for _, tt := range []struct {
			field, value, message string
		}{
			{"firstName", hostileName, firstMsg},
			{"firstName", "Bob http://evil.example/cancel", firstMsg},
			{"firstName", "Bob\nSmith", firstMsg},
			{"firstName", "bob@evil.example", firstMsg},
			{"lastName", "see www.evil.example", lastMsg},
			{"lastName", "Smith evil.example", lastMsg},
			{"lastName", "Smith\r\nURGENT", lastMsg},
		} {
			c.Do("POST", "/api/auth/signup", with(base, tt.field, tt.value)).
				Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: tt.field, Message: tt.message})
		}
		if m := s.Mails("victim@example.com"); len(m) != 0 {
			t.Fatalf("a refused sign-up mailed the address: %+v", m)
		}

		// Ordinary names sign up; the confirmation greets nobody by name,
		// nor does the resent one.
		for i, name := range []string{"O'Brien", "Mary-Jane", "José", "St. John", "J.R."} {
			email := "name" + string(rune('a'+i)) + "@example.com"
			c.Do("POST", "/api/auth/signup", with(with(validSignUp(email), "firstName", name), "lastName", name)).
				Check(t, testutil.Want{Status: 201})
			c.Do("POST", "/api/auth/email/resend", map[string]string{"email": email}).Check(t, testutil.Want{Status: 202})
			mails := s.Mails(email)
			if len(mails) != 2 {
				t.Fatalf("%s: %d mails, want the confirmation and the resent one", name, len(mails))
			}
			for _, m := range mails {
				if !strings.HasPrefix(m.Text, "Hello,\n") || strings.Contains(m.Text+m.HTML+m.Subject, name) {
					t.Errorf("%s: the mail to an unconfirmed address greets by the typed name:\n%s", name, m.Text)
				}
			}
		}

		// The admin's edit: the same rule and messages.
		admin, _ := s.Login(auth.RoleAdmin)
		p := s.CreateUser("sam@example.com", "password1", auth.RoleUser)
		edit := func(first, last string) map[string]any {
			return map[string]any{"email": p.Email, "firstName": first, "lastName": last, "phoneNumber": "", "role": auth.RoleUser}
		}
		admin.Do("PUT", "/api/admin/users/"+p.ID, edit(hostileName, "Carter")).
			Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: "firstName", Message: firstMsg})
		admin.Do("PUT", "/api/admin/users/"+p.ID, edit("Sam", "Carter@evil.example")).
			Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: "lastName", Message: lastMsg})
		admin.Do("PUT", "/api/admin/users/"+p.ID, edit("J.R.", "O'Brien-St. John")).Check(t, testutil.Want{Status: 200})

		// The command line's accounts too.
		if _, err := s.App.Auth.CreateUser(context.Background(), "cli@example.com", "password1", auth.RoleStaff,
			"Casey", "www.evil.example"); err == nil || !strings.Contains(err.Error(), lastMsg) {
			t.Errorf("user add with a link for a last name: %v", err)
		}
	})
}
