// Package apperr is the one error type services return when a request cannot
// be done: a kind (which httpx turns into a status code), a stable code for
// API clients, a message safe to show a user, and the field at fault.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind says what went wrong, independent of transport.
type Kind int

const (
	KindInvalid         Kind = iota + 1 // 400
	KindUnauthenticated                 // 401
	KindForbidden                       // 403
	KindNotFound                        // 404
	KindConflict                        // 409
	KindTooLarge                        // 413
	KindUnsupported                     // 415
	KindTooMany                         // 429
	KindUnavailable                     // 503: overloaded for now, try again shortly
	KindPaymentRequired                 // 402: a card was declined
)

// Error is a failure whose Message may be shown to the user as it is.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	Field   string
	// RetryAfter, when set, tells the client how long to wait before trying
	// again (sent as the Retry-After header, in whole seconds).
	RetryAfter time.Duration
	Err        error // the cause, for the log only
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Invalid reports bad input in one field, with the message the form shows.
func Invalid(field, message string) *Error {
	return &Error{Kind: KindInvalid, Code: "validation_failed", Message: message, Field: field}
}

// BadRequest reports a request that cannot be read at all.
func BadRequest(message string) *Error {
	return &Error{Kind: KindInvalid, Code: "bad_request", Message: message}
}

func Unauthenticated(message string) *Error {
	return &Error{Kind: KindUnauthenticated, Code: "unauthenticated", Message: message}
}

func Forbidden(message string) *Error {
	return &Error{Kind: KindForbidden, Code: "forbidden", Message: message}
}

func NotFound(message string) *Error {
	return &Error{Kind: KindNotFound, Code: "not_found", Message: message}
}

// Conflict reports a request that contradicts the current state; code names
// the particular conflict for API clients.
func Conflict(code, message string) *Error {
	return &Error{Kind: KindConflict, Code: code, Message: message}
}

func TooMany(message string) *Error {
	return &Error{Kind: KindTooMany, Code: "too_many_attempts", Message: message}
}

// Busy refuses a request the server cannot take on right now (a capacity
// limit, not the caller's fault); retryAfter suggests when to try again.
func Busy(message string, retryAfter time.Duration) *Error {
	return &Error{Kind: KindUnavailable, Code: "busy", Message: message, RetryAfter: retryAfter}
}

func TooLarge(message string) *Error {
	return &Error{Kind: KindTooLarge, Code: "body_too_large", Message: message}
}

func Unsupported(field, message string) *Error {
	return &Error{Kind: KindUnsupported, Code: "unsupported_media_type", Message: message, Field: field}
}
