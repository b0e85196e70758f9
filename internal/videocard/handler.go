package videocard

import (
	"net/http"

	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the card endpoints of docs/api.md#cards-in-the-video.
type Handler struct{ svc *Service }

// NewHandler returns the card handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Watch answers the cards the player shows: {cards} in timeline order.
func (h *Handler) Watch(w http.ResponseWriter, r *http.Request, _ auth.Profile) error {
	cards, err := h.svc.List(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"cards": cards})
	return nil
}

// Click counts one click: 204.
func (h *Handler) Click(w http.ResponseWriter, r *http.Request, _ auth.Profile) error {
	if err := h.svc.Click(r.Context(), r.PathValue("id"), r.PathValue("card")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// List answers the admin's cards with their clicks.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	cards, err := h.svc.AdminList(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"cards": cards})
	return nil
}

// Create answers 201 {card}.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.svc.Create(r.Context(), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"card": c})
	return nil
}

// Update answers 200 {card}.
func (h *Handler) Update(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.svc.Update(r.Context(), r.PathValue("id"), r.PathValue("card"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"card": c})
	return nil
}

// Delete answers 204.
func (h *Handler) Delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), r.PathValue("id"), r.PathValue("card")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
