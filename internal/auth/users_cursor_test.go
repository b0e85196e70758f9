package auth_test

import (
	"fmt"
	"net/url"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

type usersCursorBody struct {
	Users      []auth.Profile `json:"users"`
	HasMore    bool           `json:"has_more"`
	NextCursor *string        `json:"next_cursor"`
}

// Paging the user list by cursor visits every account that exists
// throughout exactly once, in the list's order, while accounts are added
// and deleted between pages; deleted accounts are never listed.
func TestAdminUserCursorPaging(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		var ids []string
		for i := range 9 {
			ids = append(ids, s.CreateUser(fmt.Sprintf("pager-%d@example.com", i), "password1", auth.RoleUser).ID)
		}
		var all usersCursorBody
		admin.Do("GET", "/api/admin/users?limit=500", nil).JSON(t, &all)
		if all.HasMore || all.NextCursor != nil || len(all.Users) != 10 {
			t.Fatalf("whole list: %d users, more %v, cursor %v", len(all.Users), all.HasMore, all.NextCursor)
		}

		deleted := map[string]bool{}
		var got []string
		cursor, page := "", 0
		for {
			q := url.Values{"limit": {"2"}}
			if cursor != "" {
				q.Set("cursor", cursor)
				page++
				switch page % 3 {
				case 0: // an account that sorts ahead of the cursor
					s.CreateUser(fmt.Sprintf("pager-%d-late@example.com", page), "password1", auth.RoleUser)
				case 1: // one behind it
					s.CreateUser(fmt.Sprintf("a-%d-late@example.com", page), "password1", auth.RoleUser)
				case 2: // delete the account listed last (ahead of the cursor)
					id := ids[len(ids)-1-page/3]
					admin.Do("DELETE", "/api/admin/users/"+id, nil).Check(t, testutil.Want{Status: 204})
					deleted[id] = true
				}
			}
			var b usersCursorBody
			res := admin.Do("GET", "/api/admin/users?"+q.Encode(), nil)
			res.Check(t, testutil.Want{Status: 200})
			res.JSON(t, &b)
			for _, u := range b.Users {
				got = append(got, u.ID)
				if deleted[u.ID] {
					t.Errorf("deleted account %s listed", u.Email)
				}
			}
			if b.HasMore != (b.NextCursor != nil) {
				t.Fatalf("has_more %v with next_cursor %v", b.HasMore, b.NextCursor)
			}
			if !b.HasMore {
				break
			}
			cursor = *b.NextCursor
		}
		seen := map[string]int{}
		for _, id := range got {
			seen[id]++
		}
		for _, u := range all.Users {
			if !deleted[u.ID] && seen[u.ID] != 1 {
				t.Errorf("account %s, there throughout, listed %d times", u.Email, seen[u.ID])
			}
		}
		for id, n := range seen {
			if n > 1 {
				t.Errorf("account %s listed %d times", id, n)
			}
		}
		if len(deleted) == 0 {
			t.Fatal("no account was deleted between pages")
		}
	})
}

// A bad cursor, or a cursor with an offset, is a 400 naming the cursor.
func TestAdminUserCursorRefused(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	admin, _ := s.Login(auth.RoleAdmin)
	for _, q := range []string{"?cursor=***", "?cursor=WyJhIl0", "?cursor=WyJhIiwiYiJd&offset=1"} {
		admin.Do("GET", "/api/admin/users"+q, nil).Check(t, testutil.Want{Status: 400, Code: "validation_failed", Field: "cursor"})
	}
}
