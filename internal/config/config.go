// Package config holds the one Config the binary is run with. It is loaded
// once in main from flags and environment variables and passed down.
package config

import (
	"flag"
	"fmt"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/registration"
)

// Config is every setting of docs/product.md#running-it.
type Config struct {
	Addr        string // host:port to listen on
	DataDir     string // SQLite file and stored images
	DatabaseURL string // empty = SQLite in DataDir; postgres://… = PostgreSQL
	BaseURL     string // public URL used in e-mails and QR codes
	StoreURL    string // the retailer's online store, linked from the header
	Demo        bool   // seed demo content into an empty database

	Timezone         *time.Location
	CouponExpiryDays int
	// SeatHold is how long a started payment keeps its seat.
	SeatHold time.Duration
	// WaitlistHold is how long a seat offered to the waiting list is kept
	// for its person (docs/api.md#waiting-list).
	WaitlistHold time.Duration
	// WatchCompletePercent is the share of a video's unique seconds that
	// makes it watched fully (WATCHWIN_WATCH_COMPLETE_PERCENT; default
	// registration.DefaultCompletePercent).
	WatchCompletePercent int
	// ReconcileGrace is how old an unconfirmed payment must be before the
	// reconciler asks the provider about it (WATCHWIN_RECONCILE_GRACE; 0:
	// payment.DefaultReconcileGrace).
	ReconcileGrace time.Duration
	// JobInterval is how often the periodic jobs run (WATCHWIN_JOB_INTERVAL,
	// default a minute): the deadline giveaway draw among them. Tests shorten it.
	JobInterval time.Duration
	// AuditRetention is how long audit log entries are kept
	// (WATCHWIN_AUDIT_RETENTION_DAYS, 730); an environment setting, not a
	// site setting, so no admin can shorten the record of their own changes.
	AuditRetention time.Duration

	// Stripe takes payments when StripeSecretKey and StripePublishableKey
	// are set (StripeWebhookSecret verifies its webhooks); otherwise the
	// built-in test provider does. The secrets are never logged.
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	// PaymentProvider is WATCHWIN_PAYMENT_PROVIDER: "authorizenet" takes
	// payments through Authorize.Net with the AuthorizeNet* settings; ""
	// lets the Stripe keys decide (Stripe, or the test provider).
	PaymentProvider string
	// Authorize.Net (docs/operations.md#authorizenet): the API login id and
	// transaction key charge and refund; the public client key lets
	// Accept.js make card tokens in the browser; the signature key verifies
	// webhooks. AuthorizeNetSandbox is AUTHORIZENET_ENVIRONMENT=sandbox.
	// The secrets are never logged.
	AuthorizeNetAPILoginID     string
	AuthorizeNetTransactionKey string
	AuthorizeNetClientKey      string
	AuthorizeNetSignatureKey   string
	AuthorizeNetSandbox        bool
	// AuthorizeNetAPIURL replaces the gateway's API endpoint
	// (AUTHORIZENET_API_URL): only a stand-in on this machine, for tests.
	AuthorizeNetAPIURL string
	// PaymentMode is WATCHWIN_PAYMENT_MODE: "test" says on purpose that a
	// public https site takes no money (the built-in test provider), which
	// is refused otherwise; "" lets the Stripe keys decide.
	PaymentMode string

	// TrustedProxies are the reverse proxies (load balancers) whose
	// X-Forwarded-For header names the client's address; empty trusts none
	// and the connection's peer is the client.
	TrustedProxies []netip.Prefix

	// Wallet holds the Apple Wallet and Google Wallet credentials
	// (docs/operations.md#wallet-passes); a wallet whose settings are empty is off.
	Wallet Wallet

	// MetricsToken turns GET /metrics on for scrapers that send it as a
	// bearer token (WATCHWIN_METRICS_TOKEN); empty: no metrics endpoint.
	// A secret: never log it.
	MetricsToken string
	// LogFormat is "text" (the default, for a terminal) or "json" (one
	// object per line, for a log collector): WATCHWIN_LOG_FORMAT or
	// --log-format.
	LogFormat string

	// SMTPURL is where mail goes: smtp://user:pass@host:port (STARTTLS when
	// the server offers it) or smtps://… (TLS from the first byte); empty
	// writes mail to the log instead. It holds a password: never log it.
	SMTPURL string
	// MailFrom is the From of every e-mail ("Name <address>").
	MailFrom string
	// BulkMailRate is how many bulk mails (the reminders) go out per second,
	// store-wide (WATCHWIN_BULK_MAIL_RATE, default 5): a webinar's thousands
	// of reminders leave as a steady stream, never one burst.
	BulkMailRate float64
	// RequireEmailConfirmation makes login wait until the account's e-mail
	// address is confirmed by the link mailed at sign-up
	// (WATCHWIN_REQUIRE_EMAIL_CONFIRMATION, default false so that `make run`
	// works without a mail server).
	RequireEmailConfirmation bool
	// TestClock (WATCHWIN_TEST_CLOCK=true, for browser tests only) makes the
	// server's clock one a test can move forward through POST /api/test/clock
	// (docs/api.md#test-clock-tests-only); without it that route does not exist.
	TestClock bool
	// NoLoginSlowdown answers failed logins at once instead of slowing
	// each a little more than the last (Go tests only: internal/testutil;
	// no environment variable sets it).
	NoLoginSlowdown bool
	// RequireSecondFactorForStaff sends a staff or admin account without a
	// second factor to its enrolment after the password, and lets it reach
	// nothing else until it has one (WATCHWIN_REQUIRE_2FA_FOR_STAFF, default
	// false so that `make run` signs in in one step; deploy/watchwin.env
	// sets it).
	RequireSecondFactorForStaff bool

	// HTTP is how long the server waits on slow clients (DefaultHTTPLimits;
	// tests shorten them).
	HTTP HTTPLimits

	// Storage is the S3-compatible store of the uploaded images
	// (WATCHWIN_STORAGE_URL); nil keeps them in {DataDir}/storage. It
	// holds a secret key: never log it (its String leaves it out).
	Storage *S3Storage

	// VideoMaxBytes caps one uploaded video (WATCHWIN_VIDEO_MAX_BYTES,
	// default DefaultVideoMaxBytes; docs/operations.md#the-stores-own-videos).
	VideoMaxBytes int64
	// FFmpeg and FFprobe name the tools that turn uploads into streams
	// (WATCHWIN_FFMPEG, WATCHWIN_FFPROBE; "" finds them on PATH).
	FFmpeg, FFprobe string
	// VideoPreset is x264's preset ("" for the transcoder's default; Go
	// tests pass "ultrafast"; no environment variable sets it).
	VideoPreset string
}

// DefaultVideoMaxBytes is the largest video an admin may upload unless
// WATCHWIN_VIDEO_MAX_BYTES says otherwise: 8 GiB, a few hours of a
// camera's 1080p recording.
const DefaultVideoMaxBytes = 8 << 30

// The bounds of WATCHWIN_VIDEO_MAX_BYTES: 1 MiB to 1 TiB.
const (
	minVideoMaxBytes = 1 << 20
	maxVideoMaxBytes = 1 << 40
)

// HTTPLimits bound what one connection may hold: a client that sends its
// headers (or body) too slowly, or idles between requests, is disconnected.
type HTTPLimits struct {
	ReadHeaderTimeout time.Duration // the request line and headers
	ReadTimeout       time.Duration // the whole request, body included (an upload extends its own)
	WriteTimeout      time.Duration // from the end of the headers to the end of the answer
	IdleTimeout       time.Duration // between requests on a kept-alive connection
	MaxHeaderBytes    int
}

// DefaultHTTPLimits are ample for a person on a slow phone connection.
var DefaultHTTPLimits = HTTPLimits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       60 * time.Second,
	WriteTimeout:      90 * time.Second,
	IdleTimeout:       120 * time.Second,
	MaxHeaderBytes:    64 << 10,
}

// Wallet is where the wallet credentials are (docs/operations.md#wallet-passes):
// file paths and the certificate's password, read once at start. Apple is
// on when PassTypeID is set, Google when GoogleIssuerID is.
type Wallet struct {
	PassTypeID   string // WATCHWIN_APPLE_PASS_TYPE_ID, pass.com.example.coupon
	TeamID       string // WATCHWIN_APPLE_TEAM_ID
	PassCert     string // WATCHWIN_APPLE_PASS_CERT: the Pass Type ID certificate and key, .p12
	PassPassword string // WATCHWIN_APPLE_PASS_CERT_PASSWORD: a secret, never logged
	WWDRCert     string // WATCHWIN_APPLE_WWDR_CERT: Apple's WWDR intermediate, PEM or DER
	APNsKey      string // WATCHWIN_APNS_KEY: the APNs auth key, .p8
	APNsKeyID    string // WATCHWIN_APNS_KEY_ID
	APNsURL      string // WATCHWIN_APNS_URL: "" is Apple's production host

	GoogleIssuerID string // WATCHWIN_GOOGLE_WALLET_ISSUER_ID
	GoogleKey      string // WATCHWIN_GOOGLE_WALLET_KEY: the service account's JSON key file
	GoogleAPIURL   string // WATCHWIN_GOOGLE_WALLET_API_URL: "" is Google's Wallet API
}

func walletFromEnv() Wallet {
	return Wallet{
		PassTypeID: os.Getenv("WATCHWIN_APPLE_PASS_TYPE_ID"), TeamID: os.Getenv("WATCHWIN_APPLE_TEAM_ID"),
		PassCert: os.Getenv("WATCHWIN_APPLE_PASS_CERT"), PassPassword: os.Getenv("WATCHWIN_APPLE_PASS_CERT_PASSWORD"),
		WWDRCert: os.Getenv("WATCHWIN_APPLE_WWDR_CERT"), APNsKey: os.Getenv("WATCHWIN_APNS_KEY"),
		APNsKeyID: os.Getenv("WATCHWIN_APNS_KEY_ID"), APNsURL: os.Getenv("WATCHWIN_APNS_URL"),
		GoogleIssuerID: os.Getenv("WATCHWIN_GOOGLE_WALLET_ISSUER_ID"), GoogleKey: os.Getenv("WATCHWIN_GOOGLE_WALLET_KEY"),
		GoogleAPIURL: os.Getenv("WATCHWIN_GOOGLE_WALLET_API_URL"),
	}
}

// Defaults returns the configuration with every environment variable applied
// and no flags.
func Defaults() (Config, error) {
	c := Config{
		Addr:                 env("WATCHWIN_ADDR", "127.0.0.1:8080"),
		DataDir:              env("WATCHWIN_DATA_DIR", "./data"),
		DatabaseURL:          os.Getenv("WATCHWIN_DATABASE_URL"),
		BaseURL:              os.Getenv("WATCHWIN_BASE_URL"),
		StoreURL:             os.Getenv("WATCHWIN_STORE_URL"),
		CouponExpiryDays:     30,
		SeatHold:             15 * time.Minute,
		WaitlistHold:         24 * time.Hour,
		WatchCompletePercent: registration.DefaultCompletePercent,
		JobInterval:          time.Minute,
		AuditRetention:       730 * 24 * time.Hour,
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripePublishableKey: os.Getenv("STRIPE_PUBLISHABLE_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PaymentMode:          os.Getenv("WATCHWIN_PAYMENT_MODE"),
		PaymentProvider:      os.Getenv("WATCHWIN_PAYMENT_PROVIDER"),

		AuthorizeNetAPILoginID:     os.Getenv("AUTHORIZENET_API_LOGIN_ID"),
		AuthorizeNetTransactionKey: os.Getenv("AUTHORIZENET_TRANSACTION_KEY"),
		AuthorizeNetClientKey:      os.Getenv("AUTHORIZENET_CLIENT_KEY"),
		AuthorizeNetSignatureKey:   os.Getenv("AUTHORIZENET_SIGNATURE_KEY"),
		AuthorizeNetAPIURL:         os.Getenv("AUTHORIZENET_API_URL"),
		SMTPURL:                    os.Getenv("WATCHWIN_SMTP_URL"),
		MetricsToken:               os.Getenv("WATCHWIN_METRICS_TOKEN"),
		LogFormat:                  env("WATCHWIN_LOG_FORMAT", "text"),
		MailFrom:                   env("WATCHWIN_MAIL_FROM", "WatchWin <no-reply@localhost>"),
		BulkMailRate:               5,
		HTTP:                       DefaultHTTPLimits,
		VideoMaxBytes:              DefaultVideoMaxBytes,
		FFmpeg:                     os.Getenv("WATCHWIN_FFMPEG"),
		Wallet:                     walletFromEnv(),
		FFprobe:                    os.Getenv("WATCHWIN_FFPROBE"),
	}
	tz, err := time.LoadLocation(env("WATCHWIN_TIMEZONE", "America/Chicago"))
	if err != nil {
		return c, fmt.Errorf("WATCHWIN_TIMEZONE: %w", err)
	}
	c.Timezone = tz
	if v := os.Getenv("WATCHWIN_COUPON_EXPIRY_DAYS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return c, fmt.Errorf("WATCHWIN_COUPON_EXPIRY_DAYS must be a whole number of days, at least 1")
		}
		c.CouponExpiryDays = n
	}
	if v := os.Getenv("WATCHWIN_SEAT_HOLD_MINUTES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 24*60 {
			return c, fmt.Errorf("WATCHWIN_SEAT_HOLD_MINUTES must be a whole number of minutes, 1 to 1440")
		}
		c.SeatHold = time.Duration(n) * time.Minute
	}
	if v := os.Getenv("WATCHWIN_WAITLIST_HOLD_HOURS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 7*24 {
			return c, fmt.Errorf("WATCHWIN_WAITLIST_HOLD_HOURS must be a whole number of hours, 1 to 168")
		}
		c.WaitlistHold = time.Duration(n) * time.Hour
	}
	if v := os.Getenv("WATCHWIN_WATCH_COMPLETE_PERCENT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 50 || n > 100 {
			return c, fmt.Errorf("WATCHWIN_WATCH_COMPLETE_PERCENT must be a whole percentage, 50 to 100")
		}
		c.WatchCompletePercent = n
	}
	if v := os.Getenv("WATCHWIN_RECONCILE_GRACE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > time.Hour {
			return c, fmt.Errorf("WATCHWIN_RECONCILE_GRACE must be a duration such as 30s, 1s to 1h")
		}
		c.ReconcileGrace = d
	}
	if v := os.Getenv("WATCHWIN_JOB_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > time.Hour {
			return c, fmt.Errorf("WATCHWIN_JOB_INTERVAL must be a duration such as 1m, 1s to 1h")
		}
		c.JobInterval = d
	}
	if v := os.Getenv("WATCHWIN_BULK_MAIL_RATE"); v != "" {
		r, err := strconv.ParseFloat(v, 64)
		if err != nil || r < 0.01 || r > 1000 {
			return c, fmt.Errorf("WATCHWIN_BULK_MAIL_RATE must be a number of mails per second, 0.01 to 1000")
		}
		c.BulkMailRate = r
	}
	if v := os.Getenv("WATCHWIN_AUDIT_RETENTION_DAYS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 30 || n > 3650 {
			return c, fmt.Errorf("WATCHWIN_AUDIT_RETENTION_DAYS must be a whole number of days, 30 to 3650")
		}
		c.AuditRetention = time.Duration(n) * 24 * time.Hour
	}
	if v := os.Getenv("WATCHWIN_VIDEO_MAX_BYTES"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < minVideoMaxBytes || n > maxVideoMaxBytes {
			return c, fmt.Errorf("WATCHWIN_VIDEO_MAX_BYTES must be a whole number of bytes, %d (1 MiB) to %d (1 TiB)",
				minVideoMaxBytes, int64(maxVideoMaxBytes))
		}
		c.VideoMaxBytes = n
	}
	if (c.StripeSecretKey == "") != (c.StripePublishableKey == "") {
		return c, fmt.Errorf("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together (or neither, for the test provider)")
	}
	if c.StripeSecretKey != "" && c.StripeWebhookSecret == "" {
		return c, fmt.Errorf("STRIPE_WEBHOOK_SECRET must be set with the Stripe keys: without webhooks a payment whose browser closed would never be fulfilled")
	}
	switch v := os.Getenv("AUTHORIZENET_ENVIRONMENT"); v {
	case "sandbox":
		c.AuthorizeNetSandbox = true
	case "", "production":
	default:
		return c, fmt.Errorf("AUTHORIZENET_ENVIRONMENT must be sandbox or production")
	}
	if v := os.Getenv("WATCHWIN_REQUIRE_EMAIL_CONFIRMATION"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return c, fmt.Errorf("WATCHWIN_REQUIRE_EMAIL_CONFIRMATION must be true or false")
		}
		c.RequireEmailConfirmation = b
	}
	// The test clock: exactly "true" turns it on, and never on a public
	// https site, so no typo or leftover turns a store's clock into a toy.
	switch v := os.Getenv("WATCHWIN_TEST_CLOCK"); v {
	case "", "false":
	case "true":
		if strings.HasPrefix(c.BaseURL, "https://") {
			return c, fmt.Errorf("WATCHWIN_TEST_CLOCK is for tests only and cannot be used with a public https WATCHWIN_BASE_URL")
		}
		c.TestClock = true
	default:
		return c, fmt.Errorf("WATCHWIN_TEST_CLOCK must be true or false (it is for tests only)")
	}
	if v := os.Getenv("WATCHWIN_REQUIRE_2FA_FOR_STAFF"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return c, fmt.Errorf("WATCHWIN_REQUIRE_2FA_FOR_STAFF must be true or false")
		}
		c.RequireSecondFactorForStaff = b
	}
	proxies, err := ParseTrustedProxies(os.Getenv("WATCHWIN_TRUSTED_PROXIES"))
	if err != nil {
		return c, fmt.Errorf("WATCHWIN_TRUSTED_PROXIES: %w", err)
	}
	c.TrustedProxies = proxies
	if err := CheckSMTPURL(c.SMTPURL); err != nil {
		return c, fmt.Errorf("WATCHWIN_SMTP_URL: %w", err)
	}
	if c.Storage, err = storageFromEnv(); err != nil {
		return c, err
	}
	if a, err := mail.ParseAddress(c.MailFrom); err != nil || !strings.Contains(a.Address, "@") {
		return c, fmt.Errorf("WATCHWIN_MAIL_FROM must be one e-mail address, such as 'WatchWin <no-reply@example.com>'")
	}
	return c, nil
}

// CheckSMTPURL accepts an empty URL (mail goes to the log) or
// smtp://[user[:pass]@]host:port or smtps://…, so a typo stops the server at
// start instead of failing every mail later. Its messages never repeat the
// URL, which may hold a password.
func CheckSMTPURL(s string) error {
	if s == "" {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil {
		// url.Parse's error quotes the whole URL, password included.
		return fmt.Errorf("not a URL; want smtp://user:pass@host:port or smtps://user:pass@host:port (user and password URL-encoded)")
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return fmt.Errorf("scheme must be smtp:// (STARTTLS when offered) or smtps:// (implicit TLS)")
	}
	if u.Hostname() == "" {
		return fmt.Errorf("a host is required: smtp://user:pass@host:port")
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil || port < 1 || port > 65535 {
		return fmt.Errorf("a port is required, such as smtp://host:587 or smtps://host:465")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("only smtp://user:pass@host:port is read: no path or query")
	}
	return nil
}

// ParseTrustedProxies reads a comma-separated list of CIDR ranges
// ("10.0.0.0/8") and single addresses ("203.0.113.7", "2001:db8::1"); an
// empty list trusts no proxy. Any entry that is neither is an error, so a
// typo stops the server instead of silently trusting nobody (or everybody).
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address or CIDR range", item)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q is not an address or CIDR range", item)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// RegisterCommon adds the flags every subcommand honours.
func (c *Config) RegisterCommon(fs *flag.FlagSet) {
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "data folder: SQLite database and stored images (env WATCHWIN_DATA_DIR)")
	fs.StringVar(&c.LogFormat, "log-format", c.LogFormat, "log format: text or json (env WATCHWIN_LOG_FORMAT)")
}

// RegisterServe adds the flags of `watchwin serve`.
func (c *Config) RegisterServe(fs *flag.FlagSet) {
	c.RegisterCommon(fs)
	fs.StringVar(&c.Addr, "addr", c.Addr, "address to listen on (env WATCHWIN_ADDR)")
	fs.BoolVar(&c.Demo, "demo", false, "on an empty database, create sample webinars and an admin account")
}

// Finish fills values derived from others once flags are parsed.
func (c *Config) Finish() error {
	abs, err := filepath.Abs(c.DataDir)
	if err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	c.DataDir = abs
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("the log format (WATCHWIN_LOG_FORMAT or --log-format) must be text or json")
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	base, err := url.Parse(c.BaseURL)
	if err != nil {
		return fmt.Errorf("WATCHWIN_BASE_URL: %w", err)
	}
	return c.checkPaymentMode(base)
}

// checkPaymentMode refuses a public https site that would take no money:
// with no Stripe keys the test provider issues real coupons for test cards,
// so a live store must name that choice (WATCHWIN_PAYMENT_MODE=test).
func (c *Config) checkPaymentMode(base *url.URL) error {
	if err := c.checkAuthorizeNet(); err != nil {
		return err
	}
	switch {
	case c.PaymentProvider == "authorizenet" && c.PaymentMode == "test":
		return fmt.Errorf("WATCHWIN_PAYMENT_MODE=test and WATCHWIN_PAYMENT_PROVIDER=authorizenet are both set: choose one")
	case c.PaymentProvider == "authorizenet":
		return nil
	case c.PaymentMode != "" && c.PaymentMode != "test":
		return fmt.Errorf("WATCHWIN_PAYMENT_MODE must be test or empty (the Stripe keys choose Stripe)")
	case c.PaymentMode == "test" && c.StripeSecretKey != "":
		return fmt.Errorf("WATCHWIN_PAYMENT_MODE=test and the Stripe keys are both set: choose one")
	case c.PaymentMode == "" && c.StripeSecretKey == "" && base.Scheme == "https" && !localHost(base.Hostname()):
		return fmt.Errorf("WATCHWIN_BASE_URL is a public https site but no Stripe keys are set: the built-in test provider would issue real coupons for test cards. Set the Stripe keys, or WATCHWIN_PAYMENT_MODE=test for a test site on purpose")
	}
	return nil
}

// checkAuthorizeNet refuses WATCHWIN_PAYMENT_PROVIDER=authorizenet without
// its four keys (a store that takes no money, or whose webhooks anyone could
// forge), and gateway URLs that are not a stand-in on this machine.
func (c *Config) checkAuthorizeNet() error {
	switch c.PaymentProvider {
	case "":
		return nil
	case "authorizenet":
	default:
		return fmt.Errorf("WATCHWIN_PAYMENT_PROVIDER must be authorizenet or empty (the Stripe keys choose Stripe)")
	}
	if c.StripeSecretKey != "" {
		return fmt.Errorf("WATCHWIN_PAYMENT_PROVIDER=authorizenet and the Stripe keys are both set: choose one")
	}
	if c.AuthorizeNetAPILoginID == "" || c.AuthorizeNetTransactionKey == "" || c.AuthorizeNetClientKey == "" || c.AuthorizeNetSignatureKey == "" {
		return fmt.Errorf("WATCHWIN_PAYMENT_PROVIDER=authorizenet needs AUTHORIZENET_API_LOGIN_ID, AUTHORIZENET_TRANSACTION_KEY, AUTHORIZENET_CLIENT_KEY and AUTHORIZENET_SIGNATURE_KEY")
	}
	if v := c.AuthorizeNetAPIURL; v != "" {
		if u, err := url.Parse(v); err != nil || !localHost(u.Hostname()) {
			return fmt.Errorf("AUTHORIZENET_API_URL may only name a stand-in on this machine (tests); leave it empty for the real gateway")
		}
	}
	return nil
}

// localHost reports whether host names this machine.
func localHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
