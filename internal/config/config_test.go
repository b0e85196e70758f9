package config_test

import (
	"flag"
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

func TestMailSettings(t *testing.T) {
	const secret = "s3cret-Passw0rd"
	tests := []struct {
		smtp, from string
		err        string // "" = accepted; else a part of the error
	}{
		{"", "", ""},
		{"smtp://127.0.0.1:2525", "", ""},
		{"smtp://user:" + secret + "@mail.example.com:587", "Store <shop@example.com>", ""},
		{"smtps://user%40example.com:" + secret + "@mail.example.com:465/", "shop@example.com", ""},
		{"smtp://[::1]:25", "", ""},
		{"http://mail.example.com:25", "", "scheme"},
		{"mail.example.com:25", "", "scheme"},
		{"smtp://user:" + secret + "@mail.example.com", "", "port"},
		{"smtp://user:" + secret + "@mail.example.com:0", "", "port"},
		{"smtp://user:" + secret + "@mail.example.com:99999", "", "port"},
		{"smtp://user:" + secret + "@:25", "", "host"},
		{"smtp://user:" + secret + "@mail.example.com:25/x?y=1", "", "no path"},
		{"smtp://user:" + secret + "@mail example.com:25", "", "not a URL"},
		{"", "not an address", "WATCHWIN_MAIL_FROM"},
		{"", "a@example.com, b@example.com", "WATCHWIN_MAIL_FROM"},
	}
	for _, tt := range tests {
		t.Run(tt.smtp+" "+tt.from, func(t *testing.T) {
			t.Setenv("WATCHWIN_SMTP_URL", tt.smtp)
			t.Setenv("WATCHWIN_MAIL_FROM", tt.from)
			c, err := config.Defaults()
			if tt.err == "" {
				if err != nil {
					t.Fatalf("Defaults: %v", err)
				}
				if c.SMTPURL != tt.smtp {
					t.Errorf("SMTPURL = %q, want %q", c.SMTPURL, tt.smtp)
				}
				wantFrom := tt.from
				if wantFrom == "" {
					wantFrom = "WatchWin <no-reply@localhost>"
				}
				if c.MailFrom != wantFrom {
					t.Errorf("MailFrom = %q, want %q", c.MailFrom, wantFrom)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("err = %v, want one mentioning %q", err, tt.err)
			}
			if tt.smtp != "" && !strings.Contains(err.Error(), "WATCHWIN_SMTP_URL") {
				t.Errorf("err = %v, want it to name WATCHWIN_SMTP_URL", err)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("err = %v repeats the password", err)
			}
		})
	}
}

func TestRequireEmailConfirmation(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
		err   bool
	}{{"", false, false}, {"true", true, false}, {"false", false, false}, {"1", true, false}, {"yes", false, true}} {
		t.Setenv("WATCHWIN_REQUIRE_EMAIL_CONFIRMATION", tt.value)
		c, err := config.Defaults()
		if tt.err {
			if err == nil || !strings.Contains(err.Error(), "WATCHWIN_REQUIRE_EMAIL_CONFIRMATION") {
				t.Errorf("%q: err = %v, want one naming the variable", tt.value, err)
			}
			continue
		}
		if err != nil || c.RequireEmailConfirmation != tt.want {
			t.Errorf("%q: RequireEmailConfirmation = %v (err %v), want %v", tt.value, c.RequireEmailConfirmation, err, tt.want)
		}
	}
}

// The reminders' pace is 5 bulk mails a second unless WATCHWIN_BULK_MAIL_RATE
// says another number from 0.01 to 1000; anything else stops the server.
func TestBulkMailRate(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  float64
		err   bool
	}{{"", 5, false}, {"12.5", 12.5, false}, {"0.2", 0.2, false}, {"0", 0, true}, {"-1", 0, true}, {"5000", 0, true}, {"fast", 0, true}} {
		t.Setenv("WATCHWIN_BULK_MAIL_RATE", tt.value)
		c, err := config.Defaults()
		if tt.err {
			if err == nil || !strings.Contains(err.Error(), "WATCHWIN_BULK_MAIL_RATE") {
				t.Errorf("%q: err = %v, want one naming the variable", tt.value, err)
			}
			continue
		}
		if err != nil || c.BulkMailRate != tt.want {
			t.Errorf("%q: BulkMailRate = %v (err %v), want %v", tt.value, c.BulkMailRate, err, tt.want)
		}
	}
}

// WATCHWIN_VIDEO_MAX_BYTES caps an uploaded video: 8 GiB by default, a
// whole number of bytes from 1 MiB to 1 TiB, anything else stops the server.
func TestVideoMaxBytes(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  int64
		err   bool
	}{{"", 8 << 30, false}, {"1048576", 1 << 20, false}, {"2147483648", 2 << 30, false},
		{"1048575", 0, true}, {"1099511627777", 0, true}, {"8GB", 0, true}, {"-1", 0, true}} {
		t.Setenv("WATCHWIN_VIDEO_MAX_BYTES", tt.value)
		c, err := config.Defaults()
		if tt.err {
			if err == nil || !strings.Contains(err.Error(), "WATCHWIN_VIDEO_MAX_BYTES") {
				t.Errorf("%q: err = %v, want one naming the variable", tt.value, err)
			}
			continue
		}
		if err != nil || c.VideoMaxBytes != tt.want {
			t.Errorf("%q: VideoMaxBytes = %d (err %v), want %d", tt.value, c.VideoMaxBytes, err, tt.want)
		}
	}
}

// The log format is text unless WATCHWIN_LOG_FORMAT or --log-format says
// json; anything else stops the server at start.
func TestLogFormat(t *testing.T) {
	for _, tt := range []struct{ env, flag, want, err string }{
		{"", "", "text", ""},
		{"json", "", "json", ""},
		{"json", "text", "text", ""},
		{"", "json", "json", ""},
		{"yaml", "", "", "must be text or json"},
	} {
		t.Setenv("WATCHWIN_LOG_FORMAT", tt.env)
		c, err := config.Defaults()
		if err != nil {
			t.Fatal(err)
		}
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		c.RegisterServe(fs)
		var args []string
		if tt.flag != "" {
			args = []string{"--log-format", tt.flag}
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		err = c.Finish()
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("env %q flag %q: err %v, want %q", tt.env, tt.flag, err, tt.err)
			}
			continue
		}
		if err != nil || c.LogFormat != tt.want {
			t.Errorf("env %q flag %q: %q, %v; want %q", tt.env, tt.flag, c.LogFormat, err, tt.want)
		}
	}
}

// A public https site with no Stripe keys would issue real coupons for test
// cards: it starts only when WATCHWIN_PAYMENT_MODE=test says so on purpose.
func TestPaymentModeOnAPublicSite(t *testing.T) {
	for _, tt := range []struct{ base, mode, stripe, err string }{
		{"", "", "", ""},
		{"http://shop.example", "", "", ""},
		{"https://localhost:8443", "", "", ""},
		{"https://127.0.0.1", "", "", ""},
		{"https://shop.example", "", "", "no Stripe keys are set"},
		{"https://shop.example", "test", "", ""},
		{"https://shop.example", "", "sk_test_x", ""},
		{"https://shop.example", "test", "sk_test_x", "choose one"},
		{"https://shop.example", "live", "", "must be test or empty"},
	} {
		t.Setenv("WATCHWIN_BASE_URL", tt.base)
		t.Setenv("WATCHWIN_PAYMENT_MODE", tt.mode)
		t.Setenv("STRIPE_SECRET_KEY", tt.stripe)
		t.Setenv("STRIPE_PUBLISHABLE_KEY", strings.Replace(tt.stripe, "sk_", "pk_", 1))
		t.Setenv("STRIPE_WEBHOOK_SECRET", strings.Replace(tt.stripe, "sk_test", "whsec", 1))
		c, err := config.Defaults()
		if err != nil {
			t.Fatal(err)
		}
		err = c.Finish()
		if (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s mode %q stripe %q: err = %v, want %q", tt.base, tt.mode, tt.stripe, err, tt.err)
		}
	}
}

// WATCHWIN_TEST_CLOCK: off unless exactly "true", never with a public https
// site, and any other value stops the server.
func TestTestClock(t *testing.T) {
	for _, tt := range []struct {
		value, base string
		want, err   bool
	}{
		{"", "", false, false}, {"false", "", false, false}, {"true", "", true, false},
		{"1", "", false, true}, {"TRUE", "", false, true}, {"yes", "", false, true},
		{"true", "https://webinars.example.com", false, true},
	} {
		t.Setenv("WATCHWIN_TEST_CLOCK", tt.value)
		t.Setenv("WATCHWIN_BASE_URL", tt.base)
		c, err := config.Defaults()
		if tt.err {
			if err == nil || !strings.Contains(err.Error(), "WATCHWIN_TEST_CLOCK") {
				t.Errorf("%q with %q: err = %v, want one naming the variable", tt.value, tt.base, err)
			}
			continue
		}
		if err != nil || c.TestClock != tt.want {
			t.Errorf("%q: TestClock = %v (err %v), want %v", tt.value, c.TestClock, err, tt.want)
		}
	}
}

// WATCHWIN_PAYMENT_PROVIDER=authorizenet starts only with its four keys,
// never beside the Stripe keys or WATCHWIN_PAYMENT_MODE=test, and its API
// URL may only name a stand-in on this machine.
func TestAuthorizeNetSettings(t *testing.T) {
	keys := []string{"AUTHORIZENET_API_LOGIN_ID", "AUTHORIZENET_TRANSACTION_KEY", "AUTHORIZENET_CLIENT_KEY", "AUTHORIZENET_SIGNATURE_KEY"}
	for _, tt := range []struct {
		provider, mode, stripe, apiURL, env string
		keys                                int
		err                                 string
	}{
		{"authorizenet", "", "", "", "", 4, ""},
		{"authorizenet", "", "", "", "sandbox", 4, ""},
		{"authorizenet", "", "", "http://127.0.0.1:9/xml/v1/request.api", "sandbox", 4, ""},
		{"authorizenet", "", "", "", "", 3, "needs AUTHORIZENET_API_LOGIN_ID"},
		{"authorizenet", "", "", "", "", 0, "needs AUTHORIZENET_API_LOGIN_ID"},
		{"authorizenet", "test", "", "", "", 4, "choose one"},
		{"authorizenet", "", "sk_test_x", "", "", 4, "choose one"},
		{"authorizenet", "", "", "https://evil.example/api", "", 4, "stand-in on this machine"},
		{"authorizenet", "", "", "", "staging", 4, "sandbox or production"},
		{"square", "", "", "", "", 4, "must be authorizenet or empty"},
	} {
		t.Setenv("WATCHWIN_BASE_URL", "https://shop.example")
		t.Setenv("WATCHWIN_PAYMENT_PROVIDER", tt.provider)
		t.Setenv("WATCHWIN_PAYMENT_MODE", tt.mode)
		t.Setenv("STRIPE_SECRET_KEY", tt.stripe)
		t.Setenv("STRIPE_PUBLISHABLE_KEY", strings.Replace(tt.stripe, "sk_", "pk_", 1))
		t.Setenv("STRIPE_WEBHOOK_SECRET", strings.Replace(tt.stripe, "sk_test", "whsec", 1))
		t.Setenv("AUTHORIZENET_API_URL", tt.apiURL)
		t.Setenv("AUTHORIZENET_ENVIRONMENT", tt.env)
		for i, k := range keys {
			v := ""
			if i < tt.keys {
				v = "key-" + k
			}
			t.Setenv(k, v)
		}
		c, err := config.Defaults()
		if err == nil {
			err = c.Finish()
		}
		if (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%+v: err = %v, want %q", tt, err, tt.err)
		}
	}
}
