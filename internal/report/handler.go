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
		return apperr.NotFound("No such export: coupons.csv, payments.csv, registrations.csv, retention.csv and sources.csv exist.")
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
