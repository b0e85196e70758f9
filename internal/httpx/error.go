// Package httpx holds what every handler shares: JSON decoding and encoding,
// the one place errors become responses, and the middleware chain.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/db"
)

// errorBody is the one error shape of the API.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

var statusOf = map[apperr.Kind]int{
	apperr.KindInvalid:         http.StatusBadRequest,
	apperr.KindUnauthenticated: http.StatusUnauthorized,
	apperr.KindForbidden:       http.StatusForbidden,
	apperr.KindNotFound:        http.StatusNotFound,
	apperr.KindConflict:        http.StatusConflict,
	apperr.KindTooLarge:        http.StatusRequestEntityTooLarge,
	apperr.KindUnsupported:     http.StatusUnsupportedMediaType,
	apperr.KindTooMany:         http.StatusTooManyRequests,
	apperr.KindUnavailable:     http.StatusServiceUnavailable,
	apperr.KindPaymentRequired: http.StatusPaymentRequired,
}

// StatusClientClosed is the status recorded (in the request log and the
// metrics) for a request whose client went away before the answer.
const StatusClientClosed = 499

// WriteError answers with err in the API's error shape (Explain says what
// that answer is).
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	status, e, ok := Explain(r, err)
	if !ok {
		w.WriteHeader(StatusClientClosed)
		return
	}
	if e.RetryAfter > 0 {
		// Whole seconds, rounded up, so a client that waits as told is not refused again.
		secs := int64((e.RetryAfter + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
	}
	WriteJSON(w, status, errorBody{errorDetail{Code: e.Code, Message: e.Message, Field: e.Field}})
}

// ErrorBody is WriteError's answer to err as a status and a JSON body, for a
// library that writes its own answers (tusd, behind internal/video's
// upload hooks); ok is false when the client went away.
func ErrorBody(r *http.Request, err error) (status int, body []byte, ok bool) {
	status, e, ok := Explain(r, err)
	if !ok {
		return status, nil, false
	}
	body, err = json.Marshal(errorBody{errorDetail{Code: e.Code, Message: e.Message, Field: e.Field}})
	return status, body, err == nil
}

// Explain is the API's answer to err: its status and the error it shows
// (code, message, field, Retry-After). Errors that are not *apperr.Error
// become a 500 whose message names only the request id; the full error goes
// to the log. ok is false when the client went away before the answer
// (nobody reads one; the status to record is StatusClientClosed).
func Explain(r *http.Request, err error) (status int, e apperr.Error, ok bool) {
	if ae, isApp := apperr.As(err); isApp {
		status := statusOf[ae.Kind]
		if status == 0 {
			status = http.StatusBadRequest
		}
		return status, *ae, true
	}
	switch {
	case errors.Is(err, db.ErrNotFound):
		return http.StatusNotFound, apperr.Error{Kind: apperr.KindNotFound, Code: "not_found", Message: "Not found."}, true
	case errors.Is(err, db.ErrConflict):
		return http.StatusConflict, apperr.Error{Kind: apperr.KindConflict, Code: "conflict",
			Message: "This change conflicts with the current data. Please reload and try again."}, true
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client went away before the answer: nothing failed on our
		// side. 499 is the status proxies log for it (nginx's "client
		// closed request").
		slog.InfoContext(r.Context(), "request canceled by the client", "method", r.Method, "path", LoggedPath(r.URL.Path))
		return StatusClientClosed, apperr.Error{}, false
	}
	id := RequestID(r.Context())
	slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", LoggedPath(r.URL.Path), "err", err) // LogHandler adds request_id
	return http.StatusInternalServerError, apperr.Error{Code: "internal",
		Message: "Something went wrong on our side. Please try again. (request " + id + ")"}, true
}
