package config_test

import (
	"net/netip"
	"slices"
	"strings"
	"testing"

	"watchwin/internal/config"
)

func TestTrustedProxies(t *testing.T) {
	tests := []struct {
		value string
		want  []string
		err   string
	}{
		{"", nil, ""},
		{" , ", nil, ""},
		{"10.0.0.0/8", []string{"10.0.0.0/8"}, ""},
		{"10.1.2.3/8, 192.0.2.7 ,2001:db8::/32,2001:db8::1", []string{"10.0.0.0/8", "192.0.2.7/32", "2001:db8::/32", "2001:db8::1/128"}, ""},
		{"::ffff:192.0.2.7", []string{"192.0.2.7/32"}, ""},
		{"10.0.0.0/33", nil, `"10.0.0.0/33"`},
		{"proxy.internal", nil, `"proxy.internal"`},
		{"10.0.0.1, 300.1.1.1", nil, `"300.1.1.1"`},
		{"fe80::1%eth0", nil, `"fe80::1%eth0"`},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			t.Setenv("WATCHWIN_TRUSTED_PROXIES", tt.value)
			c, err := config.Defaults()
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), "WATCHWIN_TRUSTED_PROXIES") || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want a WATCHWIN_TRUSTED_PROXIES error naming %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range c.TrustedProxies {
				got = append(got, p.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("TrustedProxies = %v, want %v", got, tt.want)
			}
		})
	}
	// Single addresses match only themselves.
	ps, _ := config.ParseTrustedProxies("192.0.2.7")
	if !ps[0].Contains(netip.MustParseAddr("192.0.2.7")) || ps[0].Contains(netip.MustParseAddr("192.0.2.8")) {
		t.Errorf("192.0.2.7 parsed as %v", ps)
	}
}
