package report

import (
	"net/http"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/csvx"
	"watchwin/internal/httpx"
	"watchwin/internal/period"
)

// Handler serves the reports and their exports (docs/api.md#reports,
// docs/api.md#exports): admins only, read-only.
type Handler struct{ svc *Service }

// NewHandler returns the report handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) period(r *http.Request) (period.Period, error) {
	return period.Parse(r.URL.Query(), h.svc.loc, h.svc.now(), period.ThisMonth)
}

// Report is GET /api/admin/reports?period=…: the period's figures.
func (h *Handler) Report(w http.ResponseWriter, r *http.Request) error {
	p, err := h.period(r)
	if err != nil {
		return err
	}
	rep, err := h.svc.Report(r.Context(), p)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// Export is GET /api/admin/reports/exports/{name}?period=…: one CSV of the
// period, streamed, then recorded in the audit log with its rows.
func (h *Handler) Export(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	export, ok := Exports[name]
	if !ok {
		return apperr.NotFound("No such export: breakage.csv, counter.csv, coupons.csv, liability.csv, payments.csv, registrations.csv, retention.csv and sources.csv exist.")
	}
	p, err := h.period(r)
	if err != nil {
		return err
	}
	filename := name[:len(name)-len(".csv")] + "-" + p.From + "-to-" + p.To + ".csv"
	rec := &audit.Recorder{DB: h.svc.db, Now: h.svc.now}
	audit.ServeCSV(w, r, rec, h.svc.loc, filename, audit.Download{Name: name, Covers: p.From + " to " + p.To},
		func(cw *csvx.Writer) error { return export(h.svc, r.Context(), p, cw) })
	return nil
}

// Counter is GET /api/admin/reports/counter?day=YYYY-MM-DD (today by
// default), or a period as the report takes: the counter's summary.
func (h *Handler) Counter(w http.ResponseWriter, r *http.Request) error {
	p, err := h.counterPeriod(r)
	if err != nil {
		return err
	}
	day, err := h.svc.CounterDay(r.Context(), p)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, day)
	return nil
}

// counterPeriod is the day named by `day` (today when no period is named), else the period.
func (h *Handler) counterPeriod(r *http.Request) (period.Period, error) {
	q := r.URL.Query()
	if day := q.Get("day"); day != "" || q.Get("period") == "" && q.Get("from") == "" && q.Get("to") == "" {
		if day == "" {
			day = h.svc.now().In(h.svc.loc).Format("2006-01-02")
		}
		p, err := h.svc.Day(day)
		if err != nil {
			return period.Period{}, apperr.Invalid("day", "Days are written YYYY-MM-DD, such as 2026-11-30.")
		}
		return p, nil
	}
	return h.period(r)
}

// Unclaimed is GET /api/admin/reports/unclaimed: the unclaimed-property
// list now (its first rows and its totals), in the audit log as a bulk
// read of customer data.
func (h *Handler) Unclaimed(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.UnclaimedList(r.Context())
	if err != nil {
		return err
	}
	rec := &audit.Recorder{DB: h.svc.db, Now: h.svc.now}
	if err := rec.Write(r.Context(), audit.Download{Name: "unclaimed", Covers: "now", Rows: len(list.Coupons)}.Entry()); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, list)
	return nil
}

// List is GET /api/admin/reports/lists/{name}: a CSV of the books as they
// stand now (pos-import.csv, unclaimed.csv), streamed and audited as the
// exports are.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	list, ok := Lists[name]
	if !ok {
		return apperr.NotFound("No such list: pos-import.csv and unclaimed.csv exist.")
	}
	today := h.svc.now().In(h.svc.loc).Format("2006-01-02")
	filename := name[:len(name)-len(".csv")] + "-" + today + ".csv"
	rec := &audit.Recorder{DB: h.svc.db, Now: h.svc.now}
	audit.ServeCSV(w, r, rec, h.svc.loc, filename, audit.Download{Name: name, Covers: "as of " + today},
		func(cw *csvx.Writer) error { return list(h.svc, r.Context(), cw) })
	return nil
}
