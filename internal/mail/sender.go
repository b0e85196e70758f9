package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Sender delivers one message. The Worker calls it; an error means the mail
// was not accepted and is tried again later.
type Sender interface {
	Send(ctx context.Context, from string, m Message) error
}

// Log is the Sender used when no SMTP server is configured: one log line per
// mail, so a `make run` user can read the mail and follow its links. The
// recipient is personal data, so only its domain is written; coupon codes
// are bearer value, so only their first characters are; attachments never.
// The tokens in account links (confirm e-mail, reset password) open an
// account, so they are written whole only when RevealLinks is set (the
// site's public URL is on this machine: `make run`, the e-2-e tests), and
// otherwise masked like coupon codes.
type Log struct {
	Logger      *slog.Logger // nil: slog.Default()
	RevealLinks bool
}

// Send writes m to the log.
func (l Log) Send(ctx context.Context, from string, m Message) error {
	logger := l.Logger
	if logger == nil {
		logger = slog.Default()
	}
	text := MaskCodes(m.Text)
	if !l.RevealLinks {
		text = MaskTokens(text)
	}
	logger.InfoContext(ctx, "mail not sent: no smtp configured, logged instead",
		"mail_id", m.ID,
		"to_domain", domainOf(m.To),
		"subject", MaskCodes(m.Subject),
		"text", text,
		"attachments", len(m.Attachments))
	return nil
}

// linkToken matches the token of a link's query ("?token=…", "&token=…").
var linkToken = regexp.MustCompile(`([?&]token=)([A-Za-z0-9_-]+)`)

// MaskTokens replaces every link token in s by its first 4 characters and
// '…': the link shows where it leads, not how to get in.
func MaskTokens(s string) string {
	return linkToken.ReplaceAllStringFunc(s, func(m string) string {
		sub := linkToken.FindStringSubmatch(m)
		return sub[1] + sub[2][:min(4, len(sub[2]))] + "…"
	})
}

// IsLocalURL reports whether rawURL's host is this machine (localhost or a
// loopback address): mail links to it reach no one else.
func IsLocalURL(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	return isLocalHost(u.Hostname())
}

// isLocalHost reports whether host names this machine (localhost, a
// loopback address).
func isLocalHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// couponCode matches a coupon code (LW-XXXX-XXXX-XXXX, docs/product.md#coupons).
var couponCode = regexp.MustCompile(`(?i)\bLW-[A-Z0-9]+(?:-[A-Z0-9]+)*`)

// MaskCodes replaces every coupon code in s by its first 5 characters and
// '…' ("LW-AB…"): enough to tell codes apart in a log, not to spend one.
func MaskCodes(s string) string {
	return couponCode.ReplaceAllStringFunc(s, func(code string) string {
		return code[:5] + "…"
	})
}

// domainOf is the domain of address ("example.com"), or "?" when there is
// none: the part of a recipient a log may show.
func domainOf(address string) string {
	a, err := mail.ParseAddress(address)
	if err != nil {
		return "?"
	}
	at := strings.LastIndexByte(a.Address, '@')
	if at < 0 {
		return "?"
	}
	return strings.ToLower(a.Address[at+1:])
}

// SMTP sends mail to an SMTP server, one connection per message.
type SMTP struct {
	host     string
	port     int
	implicit bool // smtps://: TLS from the first byte
	user     string
	pass     string

	// Timeout bounds connecting and each SMTP command (default 20 s); the
	// ctx given to Send bounds the whole exchange.
	Timeout time.Duration
	// TLSConfig, when set, replaces the default (system roots, the URL's
	// host as server name); tests use it to trust their own certificate.
	TLSConfig *tls.Config
}

// NewSMTP reads smtp://[user[:pass]@]host:port or smtps://…: smtp:// to
// another machine must upgrade with STARTTLS (a server that does not offer
// it is an error, so an attacker on the network cannot strip it and read
// reset links and coupon codes); smtp:// to this machine (a local relay or
// test server) uses STARTTLS when offered; smtps:// speaks TLS from the
// first byte. User and password, URL-encoded, log in with the
// strongest mechanism the server offers; PLAIN and LOGIN are only used over
// TLS (or to localhost), so a password never crosses the network in the
// clear. Errors never repeat the URL (it may hold a password).
func NewSMTP(rawURL string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("mail: SMTP URL is not a URL")
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return nil, errors.New("mail: SMTP URL must start with smtp:// or smtps://")
	}
	port, err := strconv.Atoi(u.Port())
	if u.Hostname() == "" || err != nil || port < 1 || port > 65535 {
		return nil, errors.New("mail: SMTP URL must name a host and a port")
	}
	s := &SMTP{host: u.Hostname(), port: port, implicit: u.Scheme == "smtps", Timeout: 20 * time.Second}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	return s, nil
}

// Send delivers m from from over a new connection. It gives up when ctx
// ends, even in the middle of the SMTP exchange (the connection is cut), so
// a hung server cannot hold up shutdown.
func (s *SMTP) Send(ctx context.Context, from string, m Message) error {
	msg, err := s.build(from, m)
	if err != nil {
		return err
	}
	var stops []func() bool // ctx watchers and closers of the connections made
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	tlsConfig := &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
	if s.TLSConfig != nil {
		tlsConfig = s.TLSConfig.Clone()
		if tlsConfig.ServerName == "" {
			tlsConfig.ServerName = s.host
		}
	}
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		gomail.WithTimeout(s.Timeout),
		gomail.WithTLSConfig(tlsConfig),
		// STARTTLS is required of another machine, and used when offered
		// by this one. A server that offers it but fails the handshake is
		// an error, never a fallback to clear. (On smtps:// the connection
		// is TLS already and no server offers STARTTLS again.)
		gomail.WithTLSPolicy(s.tlsPolicy()),
		gomail.WithDialContextFunc(s.dialer(ctx, tlsConfig, &stops)),
	}
	if s.user != "" {
		// Auto-discovery picks the strongest mechanism offered and refuses
		// PLAIN and LOGIN on a connection without TLS.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	client, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return s.scrub(fmt.Errorf("smtp client: %w", err))
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("smtp: %w (%v)", ctx.Err(), s.scrub(err))
		}
		return s.scrub(err)
	}
	return nil
}

// tlsPolicy is STARTTLS mandatory for smtp:// to another machine.
func (s *SMTP) tlsPolicy() gomail.TLSPolicy {
	if s.implicit || isLocalHost(s.host) {
		return gomail.TLSOpportunistic
	}
	return gomail.TLSMandatory
}

// dialer connects to the server (TLS from the first byte on smtps://) and
// ties the connection to ctx, which go-mail itself watches only while
// dialing: when ctx ends, any read or write under way fails at once.
func (s *SMTP) dialer(ctx context.Context, tlsConfig *tls.Config, stops *[]func() bool) gomail.DialContextFunc {
	return func(dialCtx context.Context, network, address string) (net.Conn, error) {
		var d net.Dialer
		raw, err := d.DialContext(dialCtx, network, address)
		if err != nil {
			return nil, err
		}
		cc := &ctxConn{Conn: raw, ctx: ctx}
		*stops = append(*stops, context.AfterFunc(ctx, func() { _ = cc.SetDeadline(time.Time{}) }),
			// go-mail leaves the connection open when the exchange fails
			// (no STARTTLS, say): Send closes it when it returns.
			func() bool { _ = raw.Close(); return true })
		if !s.implicit {
			return cc, nil
		}
		tc := tls.Client(cc, tlsConfig)
		if err := tc.HandshakeContext(dialCtx); err != nil {
			_ = raw.Close() // on an error path: the first error is the one returned
			return nil, err
		}
		return tc, nil
	}
}

// ctxConn is a connection whose deadline is "now" once ctx has ended,
// whatever deadline its user sets (go-mail moves the deadline forward
// before each message).
type ctxConn struct {
	net.Conn
	ctx context.Context
	mu  sync.Mutex
}

func (c *ctxConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		t = time.Now()
	}
	return c.Conn.SetDeadline(t)
}

func (c *ctxConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		t = time.Now()
	}
	return c.Conn.SetReadDeadline(t)
}

func (c *ctxConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		t = time.Now()
	}
	return c.Conn.SetWriteDeadline(t)
}

// build turns m into a MIME message: text, with HTML as its alternative,
// inline images (ContentID set) related to the HTML, other files attached.
func (s *SMTP) build(from string, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("from address: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, errors.New("recipient address is not valid")
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.ID != "" {
		// One Message-ID per outbox row, so a mail sent twice (the server
		// took it but the answer was lost) is recognisably the same.
		msg.SetMessageIDWithValue(m.ID + "@" + domainOf(from))
	} else {
		msg.SetMessageID()
	}
	if m.ListUnsubscribe != "" {
		// RFC 8058 one-click unsubscribe: the mailbox provider POSTs
		// "List-Unsubscribe=One-Click" to the URL, no page or login involved.
		msg.SetGenHeader(gomail.HeaderListUnsubscribe, "<"+m.ListUnsubscribe+">")
		msg.SetGenHeader(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		fopts := []gomail.FileOption{}
		if a.ContentType != "" {
			fopts = append(fopts, gomail.WithFileContentType(gomail.ContentType(a.ContentType)))
		}
		var err error
		if a.ContentID != "" {
			fopts = append(fopts, gomail.WithFileContentID("<"+a.ContentID+">"))
			err = msg.EmbedReader(a.Filename, bytes.NewReader(a.Data), fopts...)
		} else {
			err = msg.AttachReader(a.Filename, bytes.NewReader(a.Data), fopts...)
		}
		if err != nil {
			return nil, fmt.Errorf("attachment %q: %w", a.Filename, err)
		}
	}
	return msg, nil
}

// scrub removes the password from err's text, should a server or library
// ever echo it, since errors are stored and logged.
func (s *SMTP) scrub(err error) error {
	if s.pass == "" || !strings.Contains(err.Error(), s.pass) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), s.pass, "[password]"))
}
