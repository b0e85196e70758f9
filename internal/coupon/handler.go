package coupon

import (
	"errors"
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/httpx"
	"watchwin/internal/keyset"
)

// Handler serves the coupon endpoints of docs/api.md: a user reads only
// their own coupons.
type Handler struct{ svc *Service }

// NewHandler returns the coupon handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) List(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	list, err := h.svc.ListMine(r.Context(), user.ID)
	if err != nil {
		return err
	}
	now := h.svc.now()
	out := make([]View, len(list))
	for i, c := range list {
		out[i] = c.View(now)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupons": out})
	return nil
}

// mine answers {coupon: null} when there is none yet: the coupon page shows
// its 'refresh' message then, it is not an error.
func (h *Handler) Mine(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	c, err := h.svc.Mine(r.Context(), user.ID, r.PathValue("id"))
	if errors.Is(err, db.ErrNotFound) {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": nil})
		return nil
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": c.View(h.svc.now())})
	return nil
}

func (h *Handler) AdminList(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Page(r, DefaultAdminPage, MaxAdminPage)
	if err != nil {
		return err
	}
	p := ListParams{Search: r.URL.Query().Get("search"), Status: r.URL.Query().Get("status"), Limit: limit, Offset: offset}
	if c, err := keyset.FromQuery(r, offset); err != nil {
		return err
	} else if c != "" {
		if p.After, err = ParseCursor(c); err != nil {
			return err
		}
	}
	list, more, err := h.svc.AdminList(r.Context(), p)
	if err != nil {
		return err
	}
	now := h.svc.now()
	out := make([]AdminView, len(list))
	for i, c := range list {
		out[i] = c.View(now)
	}
	// next_cursor starts the following page (docs/api.md#admin-coupons).
	var next *string
	if more {
		c := CursorOf(list[len(list)-1]).String()
		next = &c
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupons": out, "has_more": more, "next_cursor": next})
	return nil
}

// Redeem records the admin as the redeemer (the admin guard put them in the
// context).
func (h *Handler) Redeem(w http.ResponseWriter, r *http.Request) error {
	admin, _ := auth.UserFrom(r.Context())
	in, err := redeemBody(w, r)
	if err != nil {
		return err
	}
	c, err := h.svc.Redeem(r.Context(), admin.ID, r.PathValue("id"), in.POSReceipt)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": c.View(h.svc.now())})
	return nil
}

func (h *Handler) CancelRedemption(w http.ResponseWriter, r *http.Request) error {
	admin, _ := auth.UserFrom(r.Context())
	c, err := h.svc.CancelRedemption(r.Context(), admin.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"coupon": c.View(h.svc.now())})
	return nil
}

// The counter's routes (docs/api.md#counter): {code} is the code as
// typed or scanned, normalised by the service. Each answers the verdict.

func (h *Handler) CounterLookup(w http.ResponseWriter, r *http.Request, caller auth.Profile) error {
	return h.counterAnswer(w, r, caller)(h.svc.Lookup(r.Context(), r.PathValue("code")))
}

func (h *Handler) CounterRedeem(w http.ResponseWriter, r *http.Request, caller auth.Profile) error {
	in, err := redeemBody(w, r)
	if err != nil {
		return err
	}
	return h.counterAnswer(w, r, caller)(h.svc.CounterRedeem(r.Context(), caller, r.PathValue("code"), in.POSReceipt))
}

// RedeemInput is the optional body of a redemption: the POS sale's receipt number.
type RedeemInput struct {
	POSReceipt string `json:"pos_receipt"`
}

// redeemBody reads a redemption's body; none at all is an empty one.
func redeemBody(w http.ResponseWriter, r *http.Request) (RedeemInput, error) {
	var in RedeemInput
	if r.ContentLength == 0 {
		return in, nil
	}
	return in, httpx.DecodeJSON(w, r, &in)
}

func (h *Handler) CounterUnredeem(w http.ResponseWriter, r *http.Request, caller auth.Profile) error {
	return h.counterAnswer(w, r, caller)(h.svc.CounterUnredeem(r.Context(), caller, r.PathValue("code")))
}

// counterAnswer writes a counter result as caller sees it, with whether a
// redemption needs a POS receipt number, or returns its error.
func (h *Handler) counterAnswer(w http.ResponseWriter, r *http.Request, caller auth.Profile) func(Counter, error) error {
	return func(c Counter, err error) error {
		if err != nil {
			return err
		}
		a := c.Answer(caller, h.svc.now())
		if a.ReceiptRequired, err = h.svc.ReceiptRequired(r.Context()); err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, a)
		return nil
	}
}

// Policy answers the value policy of coupons issued now (public: the
// Terms page states it).
func (h *Handler) Policy(w http.ResponseWriter, r *http.Request) error {
	t, err := h.svc.Terms(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, t)
	return nil
}
