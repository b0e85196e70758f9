package httpx

import (
	"net/http/httptest"
	"testing"
)

// A form post goes back to the page of this site that sent it, never elsewhere.
func TestRefererPath(t *testing.T) {
	for _, tc := range []struct{ referer, want string }{
		{"http://shop.example/webinars?sort=soon", "/webinars?sort=soon"},
		{"http://shop.example/webinar/w1", "/webinar/w1"},
		{"http://shop.example/\\evil.example", "/%5Cevil.example"},
		{"http://shop.example//evil.example/x", "/webinars"},
		{"https://evil.example/webinars", "/webinars"},
		{"", "/webinars"},
		{"not a url\x7f", "/webinars"},
	} {
		r := httptest.NewRequest("POST", "http://shop.example/api/webinar-alerts", nil)
		r.Header.Set("Referer", tc.referer)
		if got := RefererPath(r, "/webinars"); got != tc.want {
			t.Errorf("Referer %q: %q, want %q", tc.referer, got, tc.want)
		}
	}
}
