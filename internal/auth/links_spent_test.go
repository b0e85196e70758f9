package auth_test

import (
	"context"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// An admin's new password or new e-mail for an account spends the links
// mailed to it before: a reset link would undo the admin's password, and
// links sent to the old address must not work for the account any more.
func TestAdminChangesSpendMailedLinks(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		const email = "kept@example.com"
		signUp(t, s, email, "old-secret")
		var id string
		if err := d.QueryRowContext(context.Background(), `SELECT id FROM profiles WHERE email = $1`, email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		anon := s.Client()
		const invalid = "This link is invalid or has expired. Please request a new one."
		forgot := func(to string) string {
			anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": to}).Check(t, testutil.Want{Status: 202})
			tokens := tokensIn(t, s.Mails(to), resetLink)
			return tokens[len(tokens)-1]
		}
		reset := func(token string) testutil.Response {
			return anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "thief-secret", "confirm_password": "thief-secret"})
		}

		token := forgot(email)
		admin.Do("POST", "/api/admin/users/"+id+"/password", map[string]string{"newPassword": "admin-secret"}).Check(t, testutil.Want{Status: 204})
		reset(token).Check(t, testutil.Want{Status: 400, Code: "invalid_token", Message: invalid})

		token = forgot(email)
		confirm := tokensIn(t, s.Mails(email), confirmLink)[0] // the sign-up's
		admin.Do("PUT", "/api/admin/users/"+id, edit("moved@example.com", auth.RoleUser)).Check(t, testutil.Want{Status: 200})
		reset(token).Check(t, testutil.Want{Status: 400, Code: "invalid_token", Message: invalid})
		anon.Do("POST", "/api/auth/email/confirm", map[string]string{"token": confirm}).Check(t, testutil.Want{Status: 400, Code: "invalid_token"})
		login(s.Client(), "moved@example.com", "admin-secret").Check(t, testutil.Want{Status: 200})
	})
}
