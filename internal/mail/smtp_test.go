package mail_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/smtpserver"
)

// The SMTP sender is tested against a real SMTP server, aiosmtpd
// (testutil/smtpserver), which writes every message it accepts into a
// Maildir that the test then reads back.
var (
	aiosmtpd = smtpserver.Start
	received = smtpserver.Received
)

// part is one leaf of a MIME tree, its body decoded.
type part struct {
	contentType string
	params      map[string]string
	header      map[string]string // Content-ID, Content-Disposition
	body        []byte
}

// leaves walks a MIME entity and returns its leaf parts, decoded.
func leaves(t *testing.T, contentType, encoding string, header map[string]string, body io.Reader) []part {
	t.Helper()
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		t.Fatalf("Content-Type %q: %v", contentType, err)
	}
	if strings.HasPrefix(mt, "multipart/") {
		var out []part
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatal(err)
			}
			h := map[string]string{"Content-ID": p.Header.Get("Content-ID"), "Content-Disposition": p.Header.Get("Content-Disposition")}
			out = append(out, leaves(t, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), h, p)...)
		}
	}
	var data []byte
	switch strings.ToLower(encoding) {
	case "base64":
		data, err = io.ReadAll(base64.NewDecoder(base64.StdEncoding, body))
	case "quoted-printable":
		data, err = io.ReadAll(quotedprintable.NewReader(body))
	default:
		data, err = io.ReadAll(body)
	}
	if err != nil {
		t.Fatalf("decode %s part: %v", mt, err)
	}
	return []part{{contentType: mt, params: params, header: header, body: data}}
}

// TestSMTPDelivery: the whole path — Enqueue, the Worker, the SMTP sender —
// into a real SMTP server (plain, as a local relay would be); the message
// it received has the subject, sender, recipient, text and HTML parts, an
// inline image the HTML refers to and an attached calendar file.
func TestSMTPDelivery(t *testing.T) {
	addr, maildir := aiosmtpd(t)
	d := testutil.OpenDB(t, db.SQLite)
	o := mail.NewOutbox(d, clock.Now)
	s, err := mail.NewSMTP("smtp://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	w := mail.NewWorker(o, s, "WatchWin <no-reply@watchwin.test>", quietLogger())

	png := []byte("\x89PNG\r\n\x1a\n not really a png \x00\x01\x02")
	ics := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//watchwin//test//EN\r\nEND:VCALENDAR\r\n"
	m := mail.Message{
		DedupeKey: "coupon:c1",
		To:        "Pat Buyer <pat@example.com>",
		Subject:   "Your $48.00 coupon – Holster Fundamentals",
		Text:      "Your coupon code is LW-ABCD-EFGH-JKLM.\nIt expires on December 22, 2026.\n",
		HTML:      `<p>Your coupon code is <b>LW-ABCD-EFGH-JKLM</b>.</p><img src="cid:qr-code" alt="QR code">`,
		Attachments: []mail.Attachment{
			{Filename: "coupon-qr.png", ContentType: "image/png", ContentID: "qr-code", Data: png},
			{Filename: "webinar.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH", Data: []byte(ics)},
		},
	}
	if err := o.Enqueue(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if n, err := w.SendDue(context.Background()); err != nil || n != 1 {
		var lastErr string
		_ = d.QueryRow(`SELECT COALESCE(last_error, '') FROM mail_outbox`).Scan(&lastErr)
		t.Fatalf("SendDue = %d, %v (last_error %q); want 1 sent", n, err, lastErr)
	}

	msgs := received(t, maildir)
	if len(msgs) != 1 {
		t.Fatalf("the server holds %d messages, want 1", len(msgs))
	}
	got := msgs[0]
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(got.Header.Get("Subject"))
	if err != nil || subject != m.Subject {
		t.Errorf("Subject = %q (%v), want %q", subject, err, m.Subject)
	}
	if from, err := got.Header.AddressList("From"); err != nil || len(from) != 1 || from[0].Address != "no-reply@watchwin.test" || from[0].Name != "WatchWin" {
		t.Errorf("From = %v (%v), want WatchWin <no-reply@watchwin.test>", from, err)
	}
	if to, err := got.Header.AddressList("To"); err != nil || len(to) != 1 || to[0].Address != "pat@example.com" {
		t.Errorf("To = %v (%v), want pat@example.com", to, err)
	}
	if env := got.Header.Get("X-RcptTo"); env != "pat@example.com" {
		t.Errorf("envelope recipient = %q, want pat@example.com", env)
	}
	if env := got.Header.Get("X-MailFrom"); env != "no-reply@watchwin.test" {
		t.Errorf("envelope sender = %q, want no-reply@watchwin.test", env)
	}
	if id := got.Header.Get("Message-Id"); !strings.HasSuffix(id, "@watchwin.test>") {
		t.Errorf("Message-ID = %q, want one from the outbox id at the sender's domain", id)
	}
	if got.Header.Get("Date") == "" {
		t.Error("no Date header")
	}

	parts := leaves(t, got.Header.Get("Content-Type"), got.Header.Get("Content-Transfer-Encoding"), nil, got.Body)
	byType := map[string]part{}
	for _, p := range parts {
		byType[p.contentType] = p
	}
	if len(parts) != 4 {
		t.Errorf("%d parts, want text, HTML, image and calendar: %v", len(parts), parts)
	}
	if p := byType["text/plain"]; string(p.body) != m.Text {
		t.Errorf("text part = %q, want %q", p.body, m.Text)
	}
	if p := byType["text/html"]; string(p.body) != m.HTML {
		t.Errorf("HTML part = %q, want %q", p.body, m.HTML)
	}
	img := byType["image/png"]
	if !bytes.Equal(img.body, png) || img.header["Content-ID"] != "<qr-code>" || !strings.HasPrefix(img.header["Content-Disposition"], "inline") {
		t.Errorf("image part: %d bytes, Content-ID %q, disposition %q; want the PNG inline as <qr-code>",
			len(img.body), img.header["Content-ID"], img.header["Content-Disposition"])
	}
	cal := byType["text/calendar"]
	if string(cal.body) != ics || cal.params["method"] != "PUBLISH" || !strings.HasPrefix(cal.header["Content-Disposition"], "attachment") ||
		!strings.Contains(cal.header["Content-Disposition"], "webinar.ics") {
		t.Errorf("calendar part %q params %v disposition %q; want webinar.ics attached with method=PUBLISH",
			cal.body, cal.params, cal.header["Content-Disposition"])
	}
	if r := rows(t, d); len(r) != 1 || !r[0].Sent {
		t.Errorf("outbox %v, want the mail marked sent", r)
	}
}

// TestSMTPTLS: smtp:// upgrades with STARTTLS when the server offers it
// (this server refuses mail without it), and smtps:// speaks TLS from the
// first byte; a certificate the client does not trust is an error, never a
// fallback to clear text.
func TestSMTPTLS(t *testing.T) {
	cert, key, pool := selfSigned(t)
	tests := []struct {
		name, scheme string
		args         []string
	}{
		{"starttls", "smtp", []string{"--tlscert", cert, "--tlskey", key}},
		{"implicit tls", "smtps", []string{"--smtpscert", cert, "--smtpskey", key}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, maildir := aiosmtpd(t, tt.args...)
			s, err := mail.NewSMTP(tt.scheme + "://" + addr)
			if err != nil {
				t.Fatal(err)
			}
			m := message("tls@example.com", "")
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := s.Send(ctx, "shop@example.com", m); err == nil {
				t.Fatal("Send with an untrusted certificate succeeded")
			} else if !strings.Contains(err.Error(), "certificate") {
				t.Errorf("Send = %v, want a certificate error", err)
			}
			if n := len(received(t, maildir)); n != 0 {
				t.Fatalf("%d messages went through without a trusted TLS connection", n)
			}

			s.TLSConfig = &tls.Config{RootCAs: pool}
			if err := s.Send(ctx, "shop@example.com", m); err != nil {
				t.Fatalf("Send: %v", err)
			}
			msgs := received(t, maildir)
			if len(msgs) != 1 {
				t.Fatalf("the server holds %d messages, want 1", len(msgs))
			}
			if got := msgs[0].Header.Get("X-RcptTo"); got != "tls@example.com" {
				t.Errorf("recipient %q, want tls@example.com", got)
			}
		})
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key as PEM files
// and returns their paths and a pool that trusts the certificate.
func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "watchwin test SMTP"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(c)
	return certFile, keyFile, pool
}
