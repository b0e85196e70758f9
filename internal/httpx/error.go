// Package httpx holds what every handler shares: JSON decoding and encoding,
// the one place errors become responses, and the middleware chain.
package httpx

import (
	"context"
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

// WriteError answers with err in the API's error shape. Errors that are not
// *apperr.Error become a 500 whose message names only the request id; the
// full error goes to the log.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	if e, ok := apperr.As(err); ok {
		status := statusOf[e.Kind]
		if status == 0 {
			status = http.StatusBadRequest
		}
		if e.RetryAfter > 0 {
			// Whole seconds, rounded up, so a client that waits as told is not refused again.
			secs := int64((e.RetryAfter + time.Second - 1) / time.Second)
			w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
		}
		WriteJSON(w, status, errorBody{errorDetail{Code: e.Code, Message: e.Message, Field: e.Field}})
		return
	}
	switch {
	case errors.Is(err, db.ErrNotFound):
		WriteJSON(w, http.StatusNotFound, errorBody{errorDetail{Code: "not_found", Message: "Not found."}})
		return
	case errors.Is(err, db.ErrConflict):
		WriteJSON(w, http.StatusConflict, errorBody{errorDetail{Code: "conflict", Message: "This change conflicts with the current data. Please reload and try again."}})
		return
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client went away before the answer: nothing failed on our
		// side and nobody reads the body. 499 is the status proxies log
		// for it (nginx's "client closed request").
		slog.InfoContext(r.Context(), "request canceled by the client", "method", r.Method, "path", LoggedPath(r.URL.Path))
		w.WriteHeader(StatusClientClosed)
		return
	}
	id := RequestID(r.Context())
	slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", LoggedPath(r.URL.Path), "err", err) // LogHandler adds request_id
	WriteJSON(w, http.StatusInternalServerError, errorBody{errorDetail{
		Code:    "internal",
		Message: "Something went wrong on our side. Please try again. (request " + id + ")",
	}})
}
