package httpx_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"watchwin/internal/httpx"
)

// A path or query that is not valid text never reaches a handler.
func TestRefuseInvalidText(t *testing.T) {
	reached := false
	h := httpx.RefuseInvalidText(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = true }))
	for target, status := range map[string]int{
		"/api/webinars/abc?search=caf%C3%A9": 200,
		"/api/webinars/%00":                  404,
		"/api/webinars/%ff/coupon":           404,
		"/api/admin/coupons?search=a%00b":    400,
		"/api/admin/coupons?search=%c3":      400,
		"/api/admin/coupons?%ff=1":           400,
	} {
		reached = false
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if reached != (status == 200) || rec.Code != status || (status == 400 && !strings.Contains(rec.Body.String(), `"bad_request"`)) {
			t.Errorf("%s: handler reached %v, answer %d %s; want %d", target, reached, rec.Code, rec.Body, status)
		}
	}
}

// A JSON string holding NUL is refused; the letters \u0000 (an escaped
// backslash before them) are text like any other.
func TestDecodeJSONRefusesNUL(t *testing.T) {
	for body, ok := range map[string]bool{
		`{"name":"Sam\u0000"}`:          false,
		`{"name":"\\\u0000"}`:           false,
		`{"name":"Sam \\u0000 Carter"}`: true,
		`{"name":"u0000"}`:              true,
	} {
		var dst struct{ Name string }
		rec := httptest.NewRecorder()
		err := httpx.DecodeJSON(rec, httptest.NewRequest("POST", "/", strings.NewReader(body)), &dst)
		if (err == nil) != ok || strings.ContainsRune(dst.Name, 0) {
			t.Errorf("%s: err %v, name %q", body, err, dst.Name)
		}
	}
}
