// Package csvx writes the CSV exports of the books (docs/api.md#exports)
// for the accountant's spreadsheet: RFC 4180 (comma, CRLF, quotes doubled),
// UTF-8 with a byte-order mark (so spreadsheets read accented names right),
// dates in the store's zone, money as dollars with two decimals, and every
// cell neutralised against formula injection, since names and e-mails are
// user input. Rows are written and flushed as they come: an export of the
// whole history never sits in memory.
package csvx

import (
	"encoding/csv"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// BOM opens every export: UTF-8's byte-order mark.
const BOM = "\ufeff"

// TimeLayout is how times are written, in the store's zone (the column
// header names the zone).
const TimeLayout = "2006-01-02 15:04:05"

// flushEvery is how many rows go to the client at a time.
const flushEvery = 200

// Writer writes one export.
type Writer struct {
	csv   *csv.Writer
	flush func() error
	loc   *time.Location
	rows  int
}

// New writes the byte-order mark to w and returns the export's writer;
// times are written in loc.
func New(w io.Writer, loc *time.Location) (*Writer, error) {
	if _, err := io.WriteString(w, BOM); err != nil {
		return nil, err
	}
	c := csv.NewWriter(w)
	c.UseCRLF = true
	return &Writer{csv: c, loc: loc, flush: func() error { return nil }}, nil
}

// Row writes one record, each cell neutralised.
func (w *Writer) Row(cells ...string) error {
	for i, c := range cells {
		cells[i] = Neutralise(c)
	}
	if err := w.csv.Write(cells); err != nil {
		return err
	}
	w.rows++
	if w.rows%flushEvery == 0 {
		w.csv.Flush()
		if err := w.csv.Error(); err != nil {
			return err
		}
		return w.flush()
	}
	return nil
}

// Close writes what is buffered.
func (w *Writer) Close() error {
	w.csv.Flush()
	if err := w.csv.Error(); err != nil {
		return err
	}
	return w.flush()
}

// Records is how many rows were written after the header row.
func (w *Writer) Records() int { return max(w.rows-1, 0) }

// Time writes t in the store's zone; "" for the zero time.
func (w *Writer) Time(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(w.loc).Format(TimeLayout)
}

// TimePtr is Time of an optional time ("" when nil).
func (w *Writer) TimePtr(t *time.Time) string {
	if t == nil {
		return ""
	}
	return w.Time(*t)
}

// Zone is the header suffix naming the zone times are in: " (America/Chicago)".
func (w *Writer) Zone() string { return " (" + w.loc.String() + ")" }

// Neutralise defuses a cell a spreadsheet would read as a formula (OWASP,
// "CSV Injection"): one that starts with =, +, -, @, a tab or a carriage
// return gets a leading apostrophe, which spreadsheets show as text and
// do not evaluate. Amounts (money.Plain) are never negative in the
// exports, so no figure is changed.
func Neutralise(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Serve starts a CSV download named filename on w and returns the export's
// writer, flushing rows to the client as they are written. After it, an
// error can no longer become a JSON answer: the caller logs it and stops
// (the client sees a cut-off download).
func Serve(w http.ResponseWriter, filename string, loc *time.Location) (*Writer, error) {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8; header=present")
	h.Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	cw, err := New(w, loc)
	if err != nil {
		return nil, err
	}
	rc := http.NewResponseController(w)
	cw.flush = func() error {
		if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
		return nil
	}
	return cw, nil
}

// Abort logs an export cut off after its first bytes.
func Abort(r *http.Request, what string, err error) {
	slog.ErrorContext(r.Context(), "export cut off", "export", what, "err", err)
}
