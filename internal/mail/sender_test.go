package mail_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"watchwin/internal/mail"
)

func TestMaskCodes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Your code: LW-ABCD-EFGH-JKLM.", "Your code: LW-AB…."},
		{"LW-7K3QX9PZ2M and lw-abcd-efgh", "LW-7K… and lw-ab…"},
		{"two: LW-AAAA-BBBB, LW-CCCC-DDDD", "two: LW-AA…, LW-CC…"},
		{"no code in SLOW-DOWN or LW- alone", "no code in SLOW-DOWN or LW- alone"},
		{"https://shop.example/c?code=LW-ABCD-EFGH", "https://shop.example/c?code=LW-AB…"},
	}
	for _, tt := range tests {
		if got := mail.MaskCodes(tt.in); got != tt.want {
			t.Errorf("MaskCodes(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestLogSender: one log line per mail with the recipient's domain, the
// subject and the text (links followable), coupon codes masked, and neither
// the address nor any attachment.
func TestLogSender(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, nil))
	m := mail.Message{
		ID:      "m1",
		To:      "Pat Buyer <pat.buyer@Example.COM>",
		Subject: "Your coupon LW-ABCD-EFGH-JKLM",
		Text:    "Code: LW-ABCD-EFGH-JKLM\nPrint it: http://127.0.0.1:8080/webinar/w1/coupon\n",
		HTML:    "<p>LW-ABCD-EFGH-JKLM</p>",
		Attachments: []mail.Attachment{{Filename: "qr.png", ContentType: "image/png", ContentID: "qr",
			Data: []byte("PNG-BYTES-LW-ABCD-EFGH-JKLM")}},
	}
	if err := (mail.Log{Logger: logger}).Send(context.Background(), "shop@example.com", m); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if n := strings.Count(out, "\n"); n != 1 {
		t.Fatalf("%d log lines, want 1:\n%s", n, out)
	}
	for _, want := range []string{`"to_domain":"example.com"`, `"subject":"Your coupon LW-AB…"`,
		`http://127.0.0.1:8080/webinar/w1/coupon`, `Code: LW-AB…`, `"mail_id":"m1"`} {
		if !strings.Contains(out, want) {
			t.Errorf("log line lacks %s:\n%s", want, out)
		}
	}
	for _, never := range []string{"pat.buyer", "Pat Buyer", "ABCD-EFGH", "PNG-BYTES", "UE5HLUJZVEVT", "<p>"} {
		if strings.Contains(out, never) {
			t.Errorf("log line contains %q:\n%s", never, out)
		}
	}
}

// TestLogSenderLinks: in the log's text format (the server's), an account
// link is one unbroken piece a script or a person can follow when the site
// is on this machine, and shows only the start of its token otherwise.
func TestLogSenderLinks(t *testing.T) {
	const token = "q5H0f3mGZ9x-Kc2_Ue8bV1nLr7sWtYy4aDpJiNoXkQE"
	m := mail.Message{ID: "m2", To: "pat@example.com", Subject: "Reset your WatchWin password",
		Text: "Open this link:\n\nhttp://127.0.0.1:8080/auth/reset-password?token=" + token + "\n\nor confirm: " +
			"https://shop.example.com/auth/confirm-email?token=" + token + "&x=1\n"}
	for _, reveal := range []bool{true, false} {
		var buf bytes.Buffer
		logger := slog.New(slog.NewTextHandler(&buf, nil))
		if err := (mail.Log{Logger: logger, RevealLinks: reveal}).Send(context.Background(), "shop@example.com", m); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if reveal {
			link := regexp.MustCompile(`http://127\.0\.0\.1:8080/auth/reset-password\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(out)
			if link == nil || link[1] != token {
				t.Errorf("RevealLinks: the reset link is not whole in the line:\n%s", out)
			}
			continue
		}
		if strings.Contains(out, token[:5]) || !strings.Contains(out, "reset-password?token=q5H0…") ||
			!strings.Contains(out, "confirm-email?token=q5H0…&x=1") {
			t.Errorf("tokens not masked:\n%s", out)
		}
	}
}

func TestIsLocalURL(t *testing.T) {
	for u, want := range map[string]bool{
		"http://127.0.0.1:8080": true, "http://localhost:18108": true, "http://[::1]:8080/": true,
		"http://app.localhost": true, "https://shop.example.com": false, "http://10.0.0.5:8080": false,
		"http://127.0.0.1.example.com": false, "": false,
	} {
		if got := mail.IsLocalURL(u); got != want {
			t.Errorf("IsLocalURL(%q) = %v, want %v", u, got, want)
		}
	}
}

func TestNewSMTPRefusesBadURLs(t *testing.T) {
	for _, u := range []string{"", "http://h:25", "smtp://h", "smtp://:25", "smtp://u:secret@h:x"} {
		_, err := mail.NewSMTP(u)
		if err == nil {
			t.Errorf("NewSMTP(%q) accepted", u)
		} else if strings.Contains(err.Error(), "secret") {
			t.Errorf("NewSMTP(%q) = %v repeats the password", u, err)
		}
	}
}

// TestSMTPStopsWithContext: a server that accepts the connection and never
// answers cannot hold a send (and so shutdown) beyond its context.
func TestSMTPStopsWithContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // silent until the test ends
		}
	}()
	s, err := mail.NewSMTP("smtp://user:secret-pass@" + ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = s.Send(ctx, "shop@example.com", message("buyer@example.com", ""))
	if err == nil {
		t.Fatal("Send to a silent server succeeded")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Send returned after %v, want about 200 ms (its context)", took)
	}
	if strings.Contains(err.Error(), "secret-pass") {
		t.Errorf("error %v repeats the password", err)
	}
}

// TestSMTPConnectionRefused: the error says what failed, without secrets.
func TestSMTPConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s, err := mail.NewSMTP("smtps://user:secret-pass@" + addr)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), "shop@example.com", message("buyer@example.com", ""))
	if err == nil || strings.Contains(err.Error(), "secret-pass") {
		t.Fatalf("Send = %v, want a connection error without the password", err)
	}
}

// smtp:// to another machine must upgrade with STARTTLS: a server that does
// not offer it (as when an attacker on the path strips it) gets no message.
// The fake server listens on this machine's own non-loopback address, which
// the sender treats as another machine.
func TestSMTPRequiresSTARTTLSOffMachine(t *testing.T) {
	var host string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			host = n.IP.String()
			break
		}
	}
	if host == "" {
		t.Skip("no non-loopback IPv4 address on this machine")
	}
	ln, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(30 * time.Second)) // never hang the test
		r := bufio.NewReader(c)
		fmt.Fprint(c, "220 stripped ESMTP\r\n")
		var seen []string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				break
			}
			seen = append(seen, strings.TrimSpace(line))
			switch {
			case strings.HasPrefix(line, "EHLO"):
				fmt.Fprint(c, "250-stripped\r\n250 8BITMIME\r\n")
			case strings.HasPrefix(line, "QUIT"):
				fmt.Fprint(c, "221 bye\r\n")
			default:
				fmt.Fprint(c, "250 ok\r\n")
			}
		}
		got <- strings.Join(seen, "\n")
	}()
	s, err := mail.NewSMTP("smtp://" + ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), "shop@example.com", message("buyer@example.com", "LW-AAAA-BBBB-CCCC"))
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Errorf("Send = %v, want a refusal for want of STARTTLS", err)
	}
	ln.Close()
	if seen := <-got; strings.Contains(seen, "DATA") || strings.Contains(seen, "MAIL FROM") {
		t.Errorf("the message was sent in the clear:\n%s", seen)
	}
}
