package registration

import (
	"net/http"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// Handler serves the registration endpoints of docs/api.md.
type Handler struct{ svc *Service }

// NewHandler returns the registration handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

type registrationBody struct {
	Registration *Registration `json:"registration"`
	Created      bool          `json:"created"`
}

func (h *Handler) Register(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	reg, created, err := h.svc.Register(r.Context(), user, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, registrationBody{Registration: &reg, Created: created})
	return nil
}

// mine answers 200 with registration null when there is none: "not
// registered yet" is an answer the watch page polls for, not an error.
func (h *Handler) Mine(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	reg, err := h.svc.Mine(r.Context(), user, r.PathValue("id"))
	if e, ok := apperr.As(err); ok && e == errNotRegistered {
		httpx.WriteJSON(w, http.StatusOK, registrationBody{})
		return nil
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, registrationBody{Registration: &reg})
	return nil
}

func (h *Handler) Watched(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	reg, err := h.svc.MarkWatched(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, registrationBody{Registration: &reg})
	return nil
}

func (h *Handler) Reset(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	reg, err := h.svc.ResetMine(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, registrationBody{Registration: &reg})
	return nil
}

func (h *Handler) Video(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	v, err := h.svc.Video(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, v)
	return nil
}

// VideoStream answers a fresh stream of the webinar's uploaded video.
func (h *Handler) VideoStream(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	st, err := h.svc.Stream(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]Stream{"stream": st})
	return nil
}

func (h *Handler) List(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	list, err := h.svc.ListMine(r.Context(), user)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"registrations": list})
	return nil
}

func (h *Handler) AdminReset(w http.ResponseWriter, r *http.Request) error {
	var in ResetInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	reg, err := h.svc.ResetFor(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, registrationBody{Registration: &reg})
	return nil
}

// simulatePurchase is 'DEV: Simulate Successful Payment' on the admin's own
// registration.
func (h *Handler) SimulatePurchase(w http.ResponseWriter, r *http.Request) error {
	admin, _ := auth.UserFrom(r.Context())
	reg, err := h.svc.SimulatePurchase(r.Context(), admin, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, registrationBody{Registration: &reg})
	return nil
}

type progressBody struct {
	Progress Progress `json:"progress"`
}

// ReportProgress takes one progress report (docs/api.md#proof-of-watching) and
// answers the server's figure.
func (h *Handler) ReportProgress(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	var in ProgressInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.ReportProgress(r.Context(), user, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, progressBody{Progress: p})
	return nil
}

// Progress answers the caller's progress without changing it.
func (h *Handler) Progress(w http.ResponseWriter, r *http.Request, user auth.Profile) error {
	p, err := h.svc.Progress(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, progressBody{Progress: p})
	return nil
}
