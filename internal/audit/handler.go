package audit

import (
	"net/http"
	"slices"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/csvx"
	"watchwin/internal/httpx"
	"watchwin/internal/keyset"
	"watchwin/internal/period"
)

// Handler serves the audit log's routes (docs/api.md#audit-log): a
// paged list and a CSV export, both read-only. No route writes the log but
// with the entry of its own export.
type Handler struct {
	log *Log
	loc *time.Location
}

// NewHandler returns the handler; dates are the store's (loc).
func NewHandler(l *Log, loc *time.Location) *Handler { return &Handler{log: l, loc: loc} }

// filter reads the filters common to the list and the export: actor,
// action, target_type, target_id, and a period (none: the whole log). It
// also says what they select, for the export's own entry: the period or
// "whole log", and "filtered" when another filter is set (not its value:
// an actor filter is an e-mail address).
func (h *Handler) filter(r *http.Request) (Filter, string, error) {
	q := r.URL.Query()
	f := Filter{Actor: q.Get("actor"), Action: q.Get("action"), TargetType: q.Get("target_type"), TargetID: q.Get("target_id")}
	if f.Action != "" && !slices.Contains(Actions, f.Action) {
		return Filter{}, "", apperr.Invalid("action", "Unknown action.")
	}
	if f.TargetType != "" && !slices.Contains(Targets, f.TargetType) {
		return Filter{}, "", apperr.Invalid("target_type", "Unknown target type.")
	}
	if len(f.Actor) > 254 || len(f.TargetID) > 100 {
		return Filter{}, "", apperr.Invalid("actor", "Filters must be at most 254 characters.")
	}
	covers := "whole log"
	if q.Get("period") != "" || q.Get("from") != "" || q.Get("to") != "" {
		p, err := period.Parse(q, h.loc, h.log.now(), period.ThisMonth)
		if err != nil {
			return Filter{}, "", err
		}
		f.Start, f.End = p.Start, p.End
		covers = p.From + " to " + p.To
	}
	if f.Actor != "" || f.Action != "" || f.TargetType != "" || f.TargetID != "" {
		covers += ", filtered"
	}
	return f, covers, nil
}

// List is GET /api/admin/audit: a page, newest first.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	f, _, err := h.filter(r)
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Page(r, DefaultPage, MaxPage)
	if err != nil {
		return err
	}
	if offset != 0 {
		return apperr.Invalid("offset", "The audit log pages by cursor only.")
	}
	f.Limit = limit
	if c, err := keyset.FromQuery(r, 0); err != nil {
		return err
	} else if c != "" {
		if f.After, err = ParseCursor(c); err != nil {
			return err
		}
	}
	rows, more, err := h.log.List(r.Context(), f)
	if err != nil {
		return err
	}
	var next *string
	if more {
		last := rows[len(rows)-1]
		c := Cursor{At: last.At, ID: last.ID}.String()
		next = &c
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"entries": rows, "has_more": more, "next_cursor": next,
		"actions": Actions, "target_types": Targets, "retention_days": int(h.log.retention.Hours() / 24),
	})
	return nil
}

// Export is GET /api/admin/audit/export.csv: every entry the filters
// select, newest first, streamed; the download is itself recorded.
func (h *Handler) Export(w http.ResponseWriter, r *http.Request) error {
	f, covers, err := h.filter(r)
	if err != nil {
		return err
	}
	rec := &Recorder{DB: h.log.db, Now: h.log.now}
	ServeCSV(w, r, rec, h.loc, "audit-log.csv", Download{Name: "audit-log.csv", Covers: covers}, func(cw *csvx.Writer) error {
		err := cw.Row("time"+cw.Zone(), "actor_email", "actor_id", "actor_role", "action", "target_type", "target_id",
			"summary", "request_id", "client_network")
		if err != nil {
			return err
		}
		return h.log.Each(r.Context(), f, func(e Row) error {
			return cw.Row(cw.Time(e.At), deref(e.ActorEmail), deref(e.ActorID), deref(e.ActorRole), e.Action,
				e.TargetType, e.TargetID, e.Summary, deref(e.RequestID), deref(e.ClientNetwork))
		})
	})
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
