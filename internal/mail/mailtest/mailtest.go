// Package mailtest helps tests of the e-mails: templates with fixed site
// facts, and golden files of rendered mail (go test -update rewrites them).
package mailtest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"watchwin/internal/mail"
)

var update = flag.Bool("update", false, "rewrite the e-mail golden files in testdata/")

// BaseURL is the public URL of Templates.
const BaseURL = "https://webinars.example.com"

// Templates are the site's templates with links under BaseURL and the
// default site facts.
func Templates() *mail.Templates {
	return mail.NewTemplates(BaseURL+"/", func(context.Context) (mail.Site, error) {
		return mail.Site{Title: "WatchWin", ContactEmail: "info@watchwin.store", Address: "1847 W Ogden Ave, Naperville, IL 60540"}, nil
	})
}

// Golden compares m, written out as Format does, with testdata/name.golden
// of the calling package; with -update it writes the file instead.
func Golden(t *testing.T, name string, m mail.Message) {
	t.Helper()
	got := Format(m)
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (go test -update rewrites it after a deliberate change):\n--- got ---\n%s", name, path, got)
	}
}

// Format writes a message out for reading: headers, attachments (text ones
// whole, QR codes by their text, others by size), the text part, the HTML part.
func Format(m mail.Message) string {
	var b strings.Builder
	fmt.Fprintf(&b, "To: %s\nSubject: %s\nDedupe-Key: %s\n", m.To, m.Subject, m.DedupeKey)
	if m.Class != mail.Transactional {
		fmt.Fprintf(&b, "Class: %s\n", m.Class)
	}
	if m.ListUnsubscribe != "" {
		fmt.Fprintf(&b, "List-Unsubscribe: <%s>\n", m.ListUnsubscribe)
	}
	for _, a := range m.Attachments {
		fmt.Fprintf(&b, "Attachment: %s (%s", a.Filename, a.ContentType)
		if a.ContentID != "" {
			fmt.Fprintf(&b, ", inline as cid:%s", a.ContentID)
		}
		switch {
		case a.QRCode != "":
			fmt.Fprintf(&b, ", QR code of %s)\n", a.QRCode)
		case strings.HasPrefix(a.ContentType, "text/"):
			fmt.Fprintf(&b, ")\n%s", strings.ReplaceAll(string(a.Data), "\r\n", "␍\n"))
		default:
			fmt.Fprintf(&b, ", %d bytes)\n", len(a.Data))
		}
	}
	fmt.Fprintf(&b, "\n===== text/plain =====\n%s\n===== text/html =====\n%s", m.Text, m.HTML)
	return b.String()
}
