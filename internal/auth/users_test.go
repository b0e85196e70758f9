package auth_test

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

type usersBody struct {
	Users   []auth.Profile `json:"users"`
	HasMore bool           `json:"has_more"`
}

func edit(email, role string) map[string]any {
	return map[string]any{"email": email, "firstName": "Ada", "lastName": "Lovelace", "phoneNumber": "630-555-0101", "role": role}
}

// signIn returns a client signed in with email and password.
func signIn(t *testing.T, s *testutil.Server, email, password string) *testutil.Client {
	t.Helper()
	c := s.Client()
	c.Do("POST", "/api/auth/login", map[string]string{"email": email, "password": password}).Check(t, testutil.Want{Status: 200})
	return c
}

// signedIn reports whether c's session still signs it in.
func signedIn(t *testing.T, c *testutil.Client) bool {
	t.Helper()
	var b sessionBody
	res := c.Do("GET", "/api/auth/session", nil)
	res.JSON(t, &b)
	return res.Status == 200 && b.User != nil
}

func countAdmins(t *testing.T, d *db.DB) int {
	t.Helper()
	return testutil.Count(t, d, `SELECT count(*) FROM profiles WHERE role = 'admin' AND deleted_at IS NULL`)
}

// Every admin user route as each kind of caller, with the exact answer.
func TestAdminUserRoutes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		actors := s.Actors()
		var me struct{ Profile auth.Profile }
		actors.Admin.Do("GET", "/api/auth/session", nil).JSON(t, &me)
		target := s.CreateUser("target@example.com", "password1", auth.RoleUser)
		s.CreateUser("taken@example.com", "password1", auth.RoleUser)
		gone := s.CreateUser("gone@example.com", "password1", auth.RoleUser)
		missing := uuid.NewString()
		users, one, pw := "/api/admin/users", "/api/admin/users/"+target.ID, "/api/admin/users/"+target.ID+"/password"

		signedOut := testutil.Want{Status: 401, Code: "unauthenticated", Message: "Please log in to continue."}
		notAdmin := testutil.Want{Status: 403, Code: "forbidden", Message: "You don't have permission to do this. Please log in as an administrator."}
		invalid := func(field, message string) testutil.Want {
			return testutil.Want{Status: 400, Code: "validation_failed", Field: field, Message: message}
		}
		notFound := testutil.Want{Status: 404, Code: "not_found", Message: "User not found."}
		good := edit("target@example.com", auth.RoleUser)
		tests := []struct {
			name, who, method, path string
			body                    any
			want                    testutil.Want
		}{
			{"list, anonymous", "anon", "GET", users, nil, signedOut},
			{"list, user", "user", "GET", users, nil, notAdmin},
			{"list, admin", "admin", "GET", users, nil, testutil.Want{Status: 200}},
			{"list, bad limit", "admin", "GET", users + "?limit=501", nil, invalid("limit", "limit must be a whole number from 1 to 500")},

			{"edit, anonymous", "anon", "PUT", one, good, signedOut},
			{"edit, user", "user", "PUT", one, good, notAdmin},
			{"edit, admin", "admin", "PUT", one, good, testutil.Want{Status: 200}},
			{"edit, to staff", "admin", "PUT", one, with(good, "role", auth.RoleStaff), testutil.Want{Status: 200}},
			{"edit, back to user", "admin", "PUT", one, good, testutil.Want{Status: 200}},
			{"edit, bad e-mail", "admin", "PUT", one, with(good, "email", "not-an-email"), invalid("email", "Please enter a valid email address")},
			{"edit, no first name", "admin", "PUT", one, with(good, "firstName", "  "), invalid("firstName", "First name is required")},
			{"edit, no last name", "admin", "PUT", one, with(good, "lastName", ""), invalid("lastName", "Last name is required")},
			{"edit, short phone", "admin", "PUT", one, with(good, "phoneNumber", "555"), invalid("phoneNumber", "Phone number is required")},
			{"edit, unknown role", "admin", "PUT", one, with(good, "role", "root"), invalid("role", "Role must be user, staff or admin")},
			{"edit, no role", "admin", "PUT", one, with(good, "role", nil), invalid("role", "Role must be user, staff or admin")},
			{"edit, unknown field", "admin", "PUT", one, with(good, "password", "x"), testutil.Want{Status: 400, Code: "unknown_field", Field: "password"}},
			{"edit, e-mail taken", "admin", "PUT", one, with(good, "email", " Taken@Example.com"),
				testutil.Want{Status: 409, Code: "email_taken", Field: "email", Message: "An account with this email already exists."}},
			{"edit, missing user", "admin", "PUT", "/api/admin/users/" + missing, good, notFound},

			{"password, anonymous", "anon", "POST", pw, map[string]string{"newPassword": "newpass1"}, signedOut},
			{"password, user", "user", "POST", pw, map[string]string{"newPassword": "newpass1"}, notAdmin},
			{"password, too short", "admin", "POST", pw, map[string]string{"newPassword": "12345"}, invalid("newPassword", "Password must be at least 6 characters")},
			{"password, empty", "admin", "POST", pw, map[string]string{"newPassword": ""}, invalid("newPassword", "Password must be at least 6 characters")},
			{"password, unknown field", "admin", "POST", pw, map[string]string{"userId": target.ID, "newPassword": "newpass1"}, testutil.Want{Status: 400, Code: "unknown_field", Field: "userId"}},
			{"password, missing user", "admin", "POST", "/api/admin/users/" + missing + "/password", map[string]string{"newPassword": "newpass1"}, notFound},
			{"password, admin", "admin", "POST", pw, map[string]string{"newPassword": "newpass1"}, testutil.Want{Status: 204}},

			{"delete, anonymous", "anon", "DELETE", "/api/admin/users/" + gone.ID, nil, signedOut},
			{"delete, user", "user", "DELETE", "/api/admin/users/" + gone.ID, nil, notAdmin},
			{"delete, oneself", "admin", "DELETE", "/api/admin/users/" + me.Profile.ID, nil,
				testutil.Want{Status: 409, Code: "cannot_delete_self", Message: "You can't delete your own account. Ask another admin to do it."}},
			{"delete, missing user", "admin", "DELETE", "/api/admin/users/" + missing, nil, notFound},
			{"delete, admin", "admin", "DELETE", "/api/admin/users/" + gone.ID, nil, testutil.Want{Status: 204}},
			{"delete again", "admin", "DELETE", "/api/admin/users/" + gone.ID, nil, notFound},
			{"edit a deleted user", "admin", "PUT", "/api/admin/users/" + gone.ID, edit("gone@example.com", auth.RoleUser), notFound},
			{"password of a deleted user", "admin", "POST", "/api/admin/users/" + gone.ID + "/password", map[string]string{"newPassword": "newpass1"}, notFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				actors.As(tt.who).Do(tt.method, tt.path, tt.body).Check(t, tt.want)
			})
		}
		if !signedIn(t, actors.Admin) || !signedIn(t, actors.User) {
			t.Error("an admin route signed out a caller")
		}
	})
}

// The list shows every live account with its fields, by e-mail, in pages.
func TestAdminUserList(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	admin, me := s.Login(auth.RoleAdmin)
	s.CreateUser("b@example.com", "password1", auth.RoleUser)
	a := s.CreateUser("a@example.com", "password1", auth.RoleAdmin)
	gone := s.CreateUser("0-gone@example.com", "password1", auth.RoleUser)
	admin.Do("DELETE", "/api/admin/users/"+gone.ID, nil).Check(t, testutil.Want{Status: 204})

	var body usersBody
	admin.Do("GET", "/api/admin/users", nil).JSON(t, &body)
	var emails []string
	for _, u := range body.Users {
		emails = append(emails, u.Email)
	}
	if want := slices.Sorted(slices.Values([]string{"a@example.com", "b@example.com", me.Email})); !slices.Equal(emails, want) || body.HasMore {
		t.Fatalf("users = %v (more %v), want %v", emails, body.HasMore, want)
	}
	got := body.Users[0]
	if got.ID != a.ID || got.Role != auth.RoleAdmin || got.FirstName != "Test" || got.LastName != "Person" ||
		got.PhoneNumber != "" || !got.CreatedAt.Equal(a.CreatedAt) {
		t.Errorf("user = %+v, want %+v", got, a)
	}
	admin.Do("GET", "/api/admin/users?limit=2&offset=1", nil).JSON(t, &body)
	if len(body.Users) != 2 || body.Users[0].Email != emails[1] || body.Users[1].Email != emails[2] || body.HasMore {
		t.Errorf("page from 1 = %+v", body)
	}
	admin.Do("GET", "/api/admin/users?limit=1", nil).JSON(t, &body)
	if len(body.Users) != 1 || body.Users[0].ID != a.ID || !body.HasMore {
		t.Errorf("first page of 1 = %+v", body)
	}
}

// An edit changes the profile at once; the user stays signed in; a new role
// takes effect on the user's next request.
func TestEditUser(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		p := s.CreateUser("sam@example.com", "password1", auth.RoleUser)
		sam := signIn(t, s, "sam@example.com", "password1")
		sam.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 403})

		res := admin.Do("PUT", "/api/admin/users/"+p.ID, map[string]any{"email": "  Samantha@Example.com ", "firstName": " Samantha ",
			"lastName": "Carter", "phoneNumber": " (630) 555-0199 ", "role": "admin"})
		res.Check(t, testutil.Want{Status: 200})
		var out struct{ User auth.Profile }
		res.JSON(t, &out)
		want := auth.Profile{ID: p.ID, Email: "samantha@example.com", Role: auth.RoleAdmin, FirstName: "Samantha",
			LastName: "Carter", PhoneNumber: "(630) 555-0199", CreatedAt: p.CreatedAt}
		if !out.User.CreatedAt.Equal(want.CreatedAt) {
			t.Errorf("created_at %v, want %v", out.User.CreatedAt, want.CreatedAt)
		}
		out.User.CreatedAt = want.CreatedAt
		if out.User != want {
			t.Errorf("edited = %+v, want %+v", out.User, want)
		}

		// Promoted: admin at once, same session.
		sam.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 200})
		var session sessionBody
		sam.Do("GET", "/api/auth/session", nil).JSON(t, &session)
		if session.Profile == nil || session.Profile.Email != "samantha@example.com" || session.Profile.FirstName != "Samantha" {
			t.Errorf("session after the edit: %+v", session.Profile)
		}
		// The new e-mail signs in; the old one no longer does.
		signIn(t, s, "samantha@example.com", "password1")
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "sam@example.com", "password": "password1"}).
			Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})

		// Demoted: the admin area closes at once, the session stays.
		admin.Do("PUT", "/api/admin/users/"+p.ID, edit("samantha@example.com", auth.RoleUser)).Check(t, testutil.Want{Status: 200})
		sam.Do("GET", "/api/admin/webinars", nil).Check(t, testutil.Want{Status: 403, Code: "forbidden"})
		if !signedIn(t, sam) {
			t.Error("demotion signed the user out")
		}
	})
}

// The last admin can be neither demoted nor deleted; with two, one may go.
func TestLastAdminProtected(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, me := s.Login(auth.RoleAdmin)
		lastAdmin := testutil.Want{Status: 409, Code: "last_admin", Message: "This is the last admin account. Make another user an admin first."}
		self := "/api/admin/users/" + me.ID

		admin.Do("PUT", self, edit(me.Email, auth.RoleUser)).Check(t, lastAdmin)
		admin.Do("PUT", self, edit(me.Email, auth.RoleStaff)).Check(t, lastAdmin)                  // staff is not admin
		admin.Do("PUT", self, edit(me.Email, auth.RoleAdmin)).Check(t, testutil.Want{Status: 200}) // other fields may change
		// Deleting the last admin is refused whoever asks (the API cannot
		// even ask: an admin cannot delete themself).
		stranger := auth.Profile{ID: uuid.NewString(), Role: auth.RoleAdmin}
		if err := s.App.Auth.DeleteUser(context.Background(), stranger, me.ID); errCode(err) != "last_admin" {
			t.Errorf("deleting the last admin: %v, want last_admin", err)
		}
		if countAdmins(t, d) != 1 {
			t.Fatal("the last admin was removed")
		}

		// With a second admin, either may step down, then the other may not.
		other := s.CreateUser("second-admin@example.com", "password1", auth.RoleAdmin)
		admin.Do("PUT", self, edit(me.Email, auth.RoleUser)).Check(t, testutil.Want{Status: 200})
		admin.Do("GET", "/api/admin/users", nil).Check(t, testutil.Want{Status: 403}) // took effect at once
		second := signIn(t, s, "second-admin@example.com", "password1")
		second.Do("PUT", "/api/admin/users/"+other.ID, edit(other.Email, auth.RoleUser)).Check(t, lastAdmin)
		second.Do("PUT", self, edit(me.Email, auth.RoleAdmin)).Check(t, testutil.Want{Status: 200})
		second.Do("DELETE", self, nil).Check(t, testutil.Want{Status: 204})
		if countAdmins(t, d) != 1 {
			t.Errorf("%d admins left, want 1", countAdmins(t, d))
		}
	})
}

func errCode(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return ""
}

// Two admins, the only ones, demote (or delete) each other at the same
// moment: exactly one change succeeds and one admin remains, every round.
func TestAdminsRemoveEachOtherConcurrently(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		for round := range 8 {
			del := round%2 == 1
			var ids [2]string
			var clients [2]*testutil.Client
			for i := range 2 {
				email := uuid.NewString() + "@example.com"
				ids[i] = s.CreateUser(email, "password1", auth.RoleAdmin).ID
				clients[i] = signIn(t, s, email, "password1")
			}
			if round > 0 { // the survivors of earlier rounds stop being admins
				if _, err := d.Exec(`UPDATE profiles SET role = 'user' WHERE role = 'admin' AND id <> $1 AND id <> $2`, ids[0], ids[1]); err != nil {
					t.Fatal(err)
				}
			}
			var statuses [2]int
			var codes [2]string
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range 2 {
				wg.Go(func() {
					path := "/api/admin/users/" + ids[1-i]
					<-start
					var res testutil.Response
					if del {
						res = clients[i].Do("DELETE", path, nil)
					} else {
						res = clients[i].Do("PUT", path, edit(uuid.NewString()+"@example.com", auth.RoleUser))
					}
					statuses[i], codes[i] = res.Status, res.ErrorCode()
				})
			}
			close(start)
			wg.Wait()
			wins := 0
			for i := range 2 {
				switch {
				case statuses[i] == http.StatusOK || statuses[i] == http.StatusNoContent:
					wins++
				case statuses[i] == http.StatusConflict && codes[i] == "last_admin":
				// A change that lands before the other request passes its
				// guard leaves that caller a user (403) or, deleted, signed
				// out (401). TestAdminsRemoveEachOtherInService races the
				// service calls themselves.
				case statuses[i] == http.StatusForbidden && !del, statuses[i] == http.StatusUnauthorized && del:
				default:
					t.Errorf("round %d, admin %d: %d %s", round, i, statuses[i], codes[i])
				}
			}
			if wins != 1 {
				t.Errorf("round %d (delete %v): %d changes succeeded (%v %v), want 1", round, del, wins, statuses, codes)
			}
			if n := countAdmins(t, d); n != 1 {
				t.Fatalf("round %d (delete %v): %d admins left, want 1", round, del, n)
			}
		}
	})
}

// The same race on the service itself, past the HTTP guard, many times: one
// change wins, the other is refused as the last admin's, one admin remains.
func TestAdminsRemoveEachOtherInService(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		for round := range 30 {
			del := round%2 == 1
			if _, err := d.Exec(`UPDATE profiles SET role = 'user' WHERE role = 'admin'`); err != nil {
				t.Fatal(err)
			}
			var admins [2]auth.Profile
			for i := range admins {
				admins[i] = s.CreateUser(uuid.NewString()+"@example.com", "password1", auth.RoleAdmin)
			}
			var errs [2]error
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range 2 {
				wg.Go(func() {
					actor, target := admins[i], admins[1-i]
					<-start
					if del {
						errs[i] = s.App.Auth.DeleteUser(ctx, actor, target.ID)
					} else {
						in := auth.UserInput{Email: target.Email, FirstName: "A", LastName: "B", PhoneNumber: "630-555-0101", Role: auth.RoleUser}
						_, errs[i] = s.App.Auth.UpdateUser(ctx, actor, target.ID, in)
					}
				})
			}
			close(start)
			wg.Wait()
			wins, refused := 0, 0
			for _, err := range errs {
				switch {
				case err == nil:
					wins++
				case errCode(err) == "last_admin":
					refused++
				default:
					t.Errorf("round %d (delete %v): %v", round, del, err)
				}
			}
			if wins != 1 || refused != 1 {
				t.Errorf("round %d (delete %v): %d succeeded, %d refused (%v); want 1 and 1", round, del, wins, refused, errs)
			}
			if n := countAdmins(t, d); n != 1 {
				t.Fatalf("round %d (delete %v): %d admins left, want 1", round, del, n)
			}
		}
	})
}

// A new password ends every session of the account (the next request is
// signed out), the old password stops working, the new one signs in, and
// the hash goes through the hashing gate. An admin who changes their own
// password stays signed in where they did it.
func TestAdminChangesPassword(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, me := s.Login(auth.RoleAdmin)
		p := s.CreateUser("sam@example.com", "password1", auth.RoleUser)
		phone, laptop := signIn(t, s, "sam@example.com", "password1"), signIn(t, s, "sam@example.com", "password1")
		phone.Do("GET", "/api/coupons", nil).Check(t, testutil.Want{Status: 200})

		hashes := auth.HashCount(s.App.Auth)
		admin.Do("POST", "/api/admin/users/"+p.ID+"/password", map[string]string{"newPassword": "brand-new-1"}).Check(t, testutil.Want{Status: 204})
		if n := auth.HashCount(s.App.Auth) - hashes; n != 1 {
			t.Errorf("%d hashes through the gate, want 1", n)
		}
		for name, c := range map[string]*testutil.Client{"phone": phone, "laptop": laptop} {
			c.Do("GET", "/api/coupons", nil).Check(t, testutil.Want{Status: 401, Code: "unauthenticated"})
			if signedIn(t, c) {
				t.Errorf("%s still signed in after the password change", name)
			}
		}
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "sam@example.com", "password": "password1"}).
			Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})
		signIn(t, s, "sam@example.com", "brand-new-1").Do("GET", "/api/coupons", nil).Check(t, testutil.Want{Status: 200})
		if !signedIn(t, admin) {
			t.Error("the admin was signed out by another account's password change")
		}

		// Their own: this session stays, the others end.
		elsewhere := signIn(t, s, me.Email, "password1")
		admin.Do("POST", "/api/admin/users/"+me.ID+"/password", map[string]string{"newPassword": "admin-new-1"}).Check(t, testutil.Want{Status: 204})
		admin.Do("GET", "/api/admin/users", nil).Check(t, testutil.Want{Status: 200})
		if signedIn(t, elsewhere) {
			t.Error("the admin's other session survived their password change")
		}
		signIn(t, s, me.Email, "admin-new-1")
	})
}

// Deleting an account signs it out everywhere and for good, frees its
// e-mail, and keeps everything it paid for: the coupon stays listed (owner
// 'Unknown'), the payment and the paid seat stay.
func TestDeleteUserKeepsCoupons(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		p := s.CreateUser("sam@example.com", "password1", auth.RoleUser)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holster Fundamentals", Seats: 5})
		c := s.Purchase(p, w.ID)
		sam := signIn(t, s, "sam@example.com", "password1")

		admin.Do("DELETE", "/api/admin/users/"+p.ID, nil).Check(t, testutil.Want{Status: 204})

		sam.Do("GET", "/api/coupons", nil).Check(t, testutil.Want{Status: 401})
		if signedIn(t, sam) {
			t.Error("the deleted user is still signed in")
		}
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "sam@example.com", "password": "password1"}).
			Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})
		s.Client().Do("POST", "/api/auth/login", map[string]string{"email": "deleted-" + p.ID + "@deleted.invalid", "password": "password1"}).
			Check(t, testutil.Want{Status: 401, Code: "invalid_credentials"})

		var coupons struct {
			Coupons []struct {
				ID           string  `json:"id"`
				Code         string  `json:"code"`
				UserID       string  `json:"user_id"`
				UserEmail    *string `json:"user_email"`
				WebinarTitle *string `json:"webinar_title"`
				Status       string  `json:"status"`
			} `json:"coupons"`
		}
		admin.Do("GET", "/api/admin/coupons", nil).JSON(t, &coupons)
		if len(coupons.Coupons) != 1 {
			t.Fatalf("coupons after the delete: %+v", coupons)
		}
		got := coupons.Coupons[0]
		if got.ID != c.ID || got.Code != c.Code || got.UserEmail != nil || got.UserID != p.ID ||
			got.WebinarTitle == nil || *got.WebinarTitle != "Holster Fundamentals" || got.Status != "active" {
			t.Errorf("coupon after the delete: %+v", got)
		}
		admin.Do("GET", "/api/admin/coupons?search=sam%40example", nil).JSON(t, &coupons)
		if len(coupons.Coupons) != 0 {
			t.Errorf("the deleted e-mail still finds the coupon: %+v", coupons.Coupons)
		}
		admin.Do("GET", "/api/admin/coupons?search=deleted", nil).JSON(t, &coupons)
		if len(coupons.Coupons) != 0 {
			t.Errorf("the placeholder e-mail finds the coupon: %+v", coupons.Coupons)
		}
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/redeem", nil).Check(t, testutil.Want{Status: 200}) // still redeemable in store

		var users usersBody
		admin.Do("GET", "/api/admin/users", nil).JSON(t, &users)
		for _, u := range users.Users {
			if u.ID == p.ID {
				t.Errorf("the deleted user is listed: %+v", u)
			}
		}
		var webinar struct {
			PaidSeats int `json:"paid_seats"`
			SeatsLeft int `json:"seats_left"`
		}
		s.Client().Do("GET", "/api/webinars/"+w.ID, nil).JSON(t, &webinar)
		if webinar.PaidSeats != 1 || webinar.SeatsLeft != 4 {
			t.Errorf("seats after the delete: %+v, want the paid seat kept", webinar)
		}
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM payments WHERE user_id = $1 AND status = 'succeeded'`, p.ID).Scan(&n); err != nil || n != 1 {
			t.Errorf("payments kept: %d (%v), want 1", n, err)
		}
		var name, email, first string
		if err := d.QueryRow(`SELECT r.user_name_for_registration, r.user_email_for_registration, p.first_name
			FROM webinar_registrations r JOIN profiles p ON p.id = r.user_id WHERE r.user_id = $1`, p.ID).Scan(&name, &email, &first); err != nil {
			t.Fatal(err)
		}
		if name != "Deleted user" || email != "deleted-"+p.ID+"@deleted.invalid" || first != "" {
			t.Errorf("personal details kept: %q %q %q", name, email, first)
		}

		// The address is free for a new account, which sees none of the old one's coupons.
		s.Client().Do("POST", "/api/auth/signup", validSignUp("sam@example.com")).Check(t, testutil.Want{Status: 201})
		fresh := signIn(t, s, "sam@example.com", "secret1")
		var mine struct{ Coupons []any }
		fresh.Do("GET", "/api/coupons", nil).JSON(t, &mine)
		if len(mine.Coupons) != 0 {
			t.Errorf("the new account with the old e-mail sees %d coupons", len(mine.Coupons))
		}
	})
}
