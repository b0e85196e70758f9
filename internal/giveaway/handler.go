package giveaway

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the giveaway endpoints of docs/api.md; every one is an
// admin route, checked on the server.
type Handler struct{ svc *Service }

// NewHandler returns the giveaway handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	winners, err := h.svc.Winners(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"winners": winners})
	return nil
}

func (h *Handler) Notify(w http.ResponseWriter, r *http.Request) error {
	winner, err := h.svc.Notify(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"winner": winner})
	return nil
}

// RepickInput is 'Pick New Winner”s form: why a new winner is needed.
type RepickInput struct {
	Reason string `json:"reason"`
}

// Draw is 'Pick New Winner'.
func (h *Handler) Draw(w http.ResponseWriter, r *http.Request) error {
	admin, _ := auth.UserFrom(r.Context()) // RequireAdmin let only admins in
	var in RepickInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	winner, d, err := h.svc.Repick(r.Context(), admin, r.PathValue("id"), in.Reason)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"winner": winner, "draw": d})
	return nil
}

func (h *Handler) Draws(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.Draws(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"draws": list})
	return nil
}

// RulesPage is GET /api/giveaway/rules (anyone): the official rules and
// each webinar's giveaway with its public draws.
func (h *Handler) RulesPage(w http.ResponseWriter, r *http.Request) error {
	page, err := h.svc.RulesPage(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, page)
	return nil
}

// Webinar is GET /api/webinars/{id}/giveaway (anyone): the webinar's
// giveaway and, signed in, the caller's entry.
func (h *Handler) Webinar(w http.ResponseWriter, r *http.Request) error {
	userID := ""
	if p, ok := auth.UserFrom(r.Context()); ok {
		userID = p.ID
	}
	g, err := h.svc.ForWebinar(r.Context(), r.PathValue("id"), userID)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"giveaway": g})
	return nil
}

// Enter is POST /api/webinars/{id}/giveaway/entries (user): the free entry;
// 201 when made, 200 when the caller was already entered.
func (h *Handler) Enter(w http.ResponseWriter, r *http.Request, p auth.Profile) error {
	var in EntryInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	e, created, err := h.svc.Enter(r.Context(), p, r.PathValue("id"), in, httpx.ClientIP(r))
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, map[string]any{"entry": e, "created": created})
	return nil
}

// PublicDraw is GET /api/giveaway/draws/{id} (anyone): one draw's public
// record and proof, for its page.
func (h *Handler) PublicDraw(w http.ResponseWriter, r *http.Request) error {
	d, err := h.svc.PublicDraw(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"draw": d})
	return nil
}

// Rules is GET /api/admin/giveaway/rules (admin): the Giveaway tab's form.
func (h *Handler) Rules(w http.ResponseWriter, r *http.Request) error {
	rules, err := h.svc.Rules(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"rules": rules})
	return nil
}

// SaveRules is PUT /api/admin/giveaway/rules (admin).
func (h *Handler) SaveRules(w http.ResponseWriter, r *http.Request) error {
	var in RulesInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	rules, err := h.svc.SaveRules(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"rules": rules})
	return nil
}

// Terms is GET /api/admin/webinars/{id}/giveaway (admin).
func (h *Handler) Terms(w http.ResponseWriter, r *http.Request) error {
	t, err := h.svc.Terms(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"terms": t})
	return nil
}

// SaveTerms is PUT /api/admin/webinars/{id}/giveaway (admin).
func (h *Handler) SaveTerms(w http.ResponseWriter, r *http.Request) error {
	var in TermsInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := h.svc.SaveTerms(r.Context(), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"terms": t})
	return nil
}

// AllDraws is GET /api/admin/giveaway-draws (admin): every draw with its proof.
func (h *Handler) AllDraws(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.AllDraws(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"draws": list})
	return nil
}

// EntryList is GET /api/admin/giveaway-draws/{id}/entries.txt (admin): the
// draw's entrant list as a file whose sha256sum is its entries_sha256.
func (h *Handler) EntryList(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	list, err := h.svc.EntryList(r.Context(), id)
	if err != nil {
		return err
	}
	return writeList(w, id, list)
}

// PublicEntryList is GET /api/giveaway/draws/{id}/entries.txt (anyone): the
// same file, for anyone checking the draw (entry ids are random and name
// no one); not audited, limited in the route table.
func (h *Handler) PublicEntryList(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	list, err := h.svc.PublicEntryList(r.Context(), id)
	if err != nil {
		return err
	}
	return writeList(w, id, list)
}

// writeList sends a draw's entrant list as a text attachment.
func writeList(w http.ResponseWriter, id, list string) error {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="giveaway-entries-`+safeName(id)+`.txt"`)
	w.WriteHeader(http.StatusOK)
	_, err := w.Write([]byte(list))
	return err
}

// safeName keeps an id to the characters a file name may hold.
func safeName(id string) string {
	b := []byte(id)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c >= 'A' && c <= 'Z') {
			b[i] = '_'
		}
	}
	return string(b)
}
