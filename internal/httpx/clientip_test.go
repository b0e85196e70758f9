package httpx_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"watchwin/internal/httpx"
)

func TestClientIP(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8:ffff::/48"), netip.MustParsePrefix("192.0.2.1/32")}
	tests := []struct {
		name    string
		trusted []netip.Prefix
		peer    string
		xff     []string // header lines
		want    string
	}{
		{"no proxies trusted: the peer", nil, "198.51.100.1:5000", nil, "198.51.100.1"},
		{"no proxies trusted: a forged header is ignored", nil, "198.51.100.1:5000", []string{"203.0.113.9"}, "198.51.100.1"},
		{"untrusted peer: a forged header is ignored", proxies, "198.51.100.1:5000", []string{"203.0.113.9"}, "198.51.100.1"},
		{"untrusted peer naming a trusted proxy: ignored", proxies, "198.51.100.1:5000", []string{"10.0.0.5"}, "198.51.100.1"},
		{"trusted peer: the client it names", proxies, "10.1.2.3:5000", []string{"203.0.113.9"}, "203.0.113.9"},
		{"trusted peer without the header: the peer", proxies, "10.1.2.3:5000", nil, "10.1.2.3"},
		{"chain of trusted proxies: skipped from the right", proxies, "10.1.2.3:5000", []string{"203.0.113.9, 192.0.2.1, 10.9.9.9"}, "203.0.113.9"},
		{"client-forged hops left of the real one are ignored", proxies, "10.1.2.3:5000", []string{"1.1.1.1, 8.8.8.8, 203.0.113.9"}, "203.0.113.9"},
		{"several header lines read as one list", proxies, "10.1.2.3:5000", []string{"1.1.1.1", "203.0.113.9, 10.2.2.2"}, "203.0.113.9"},
		{"garbage before a trusted hop: the last vouched hop", proxies, "10.1.2.3:5000", []string{"not-an-ip, 10.2.2.2"}, "10.2.2.2"},
		{"garbage as the only hop: the peer", proxies, "10.1.2.3:5000", []string{"unknown"}, "10.1.2.3"},
		{"every hop trusted: the furthest", proxies, "10.1.2.3:5000", []string{"10.5.5.5, 10.6.6.6"}, "10.5.5.5"},
		{"hop with a port", proxies, "10.1.2.3:5000", []string{"203.0.113.9:4711"}, "203.0.113.9"},
		{"IPv6 peer and client", proxies, "[2001:db8:ffff::1]:443", []string{"2001:db8:1::7"}, "2001:db8:1::7"},
		{"IPv6 client in brackets with a port", proxies, "[2001:db8:ffff::1]:443", []string{"[2001:db8:1::7]:8080"}, "2001:db8:1::7"},
		{"IPv4-mapped peer is read as IPv4", proxies, "[::ffff:10.1.2.3]:5000", []string{"203.0.113.9"}, "203.0.113.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			h := httpx.ClientAddress(tt.trusted)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = httpx.ClientIP(r)
			}))
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = tt.peer
			for _, line := range tt.xff {
				req.Header.Add("X-Forwarded-For", line)
			}
			h.ServeHTTP(httptest.NewRecorder(), req)
			if got != tt.want {
				t.Errorf("ClientIP = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestClientIPWithoutMiddleware(t *testing.T) {
	req := httptest.NewRequest("GET", "/", nil)
	req.RemoteAddr = "198.51.100.1:5000"
	req.Header.Set("X-Forwarded-For", "203.0.113.9")
	if got := httpx.ClientIP(req); got != "198.51.100.1" {
		t.Errorf("ClientIP = %q, want the peer", got)
	}
}
