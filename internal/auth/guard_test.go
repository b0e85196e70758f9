package auth_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

func TestGuards(t *testing.T) {
	ok := func(w http.ResponseWriter, r *http.Request) error { w.WriteHeader(http.StatusTeapot); return nil }
	user := auth.Profile{ID: "u", Role: auth.RoleUser}
	admin := auth.Profile{ID: "a", Role: auth.RoleAdmin}
	requireUser := func(h httpx.HandlerFunc) httpx.HandlerFunc {
		return auth.RequireUser(func(w http.ResponseWriter, r *http.Request, p auth.Profile) error {
			if got, _ := auth.UserFrom(r.Context()); got.ID != p.ID {
				t.Errorf("handler got profile %q, the request carries %q", p.ID, got.ID)
			}
			return h(w, r)
		}, "")
	}
	tests := []struct {
		name   string
		guard  func(httpx.HandlerFunc) httpx.HandlerFunc
		who    *auth.Profile
		status int
	}{
		{"user route, anonymous", requireUser, nil, http.StatusUnauthorized},
		{"user route, user", requireUser, &user, http.StatusTeapot},
		{"user route, admin", requireUser, &admin, http.StatusTeapot},
		{"admin route, anonymous", auth.RequireAdmin, nil, http.StatusUnauthorized},
		{"admin route, user", auth.RequireAdmin, &user, http.StatusForbidden},
		{"admin route, admin", auth.RequireAdmin, &admin, http.StatusTeapot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/api/x", nil)
			if tt.who != nil {
				req = req.WithContext(auth.WithUser(req.Context(), *tt.who))
			}
			rec := httptest.NewRecorder()
			tt.guard(ok).ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
		})
	}
}
