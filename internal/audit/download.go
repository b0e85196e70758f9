package audit

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"watchwin/internal/csvx"
)

// Download is a download of customer data (an export, an entrant list) as
// the log records it: data.export, its name, what it covers and the rows
// it held (docs/api.md#audit-log).
type Download struct {
	Name   string // the export's name: "registrations.csv"
	Covers string // a period ("2026-11-01 to 2026-11-30"), a draw
	Rows   int    // rows of data sent, the header not counted
	CutOff bool   // it ended early, after its first bytes
}

// Entry is d's audit entry.
func (d Download) Entry() Entry {
	rows := "1 row"
	if d.Rows != 1 {
		rows = fmt.Sprintf("%d rows", d.Rows)
	}
	summary := d.Name + ", " + d.Covers + ": " + rows
	if d.CutOff {
		summary += ", cut off"
	}
	return Entry{Action: DataExport, TargetType: TargetExport, TargetID: d.Name, Summary: summary}
}

// ServeCSV streams the CSV download d (named filename, its times in loc)
// that write fills, then records d with the rows sent, whole or cut off,
// made by r's Source. Rows leave as they are read, so the entry follows
// them; it is written even when the client hangs up (an error writing it is
// logged, as a cut-off download is).
func ServeCSV(w http.ResponseWriter, r *http.Request, rec *Recorder, loc *time.Location, filename string, d Download,
	write func(*csvx.Writer) error) {
	cw, err := csvx.Serve(w, filename, loc)
	if err == nil {
		err = write(cw)
	}
	if err == nil {
		err = cw.Close()
	}
	if err != nil {
		csvx.Abort(r, d.Name, err)
		d.CutOff = true
	}
	if cw != nil {
		d.Rows = cw.Records()
	}
	ctx := context.WithoutCancel(r.Context())
	if err := rec.Write(ctx, d.Entry()); err != nil {
		slog.ErrorContext(ctx, "export not audited", "export", d.Name, "err", err)
	}
}
