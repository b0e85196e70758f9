package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"watchwin/internal/apperr"
)

// MaxJSONBody caps every JSON request body.
const MaxJSONBody = 1 << 20

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Debug("write json", "err", err)
	}
}

// DecodeJSON reads one JSON object into dst, refusing unknown fields, wrong
// types, trailing data and bodies over MaxJSONBody with errors a client can
// act on.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	body := http.MaxBytesReader(w, r.Body, MaxJSONBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		return apperr.BadRequest("The request body must hold a single JSON object.")
	}
	return nil
}

func decodeError(err error) error {
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return apperr.TooLarge(fmt.Sprintf("The request body must be at most %d bytes.", maxErr.Limit))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.BadRequest("The request body is not valid JSON.")
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return apperr.BadRequest("The request body must be a JSON object.")
		}
		return apperr.Invalid(typeErr.Field, fmt.Sprintf("%s must be a %s.", typeErr.Field, jsonKind(typeErr.Type.Kind().String())))
	case errors.Is(err, io.EOF):
		return apperr.BadRequest("The request body is empty.")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		e := apperr.Invalid(field, fmt.Sprintf("Unknown field %q.", field))
		e.Code = "unknown_field"
		return e
	default:
		return apperr.BadRequest("The request body could not be read.")
	}
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "struct", "map", "ptr":
		return "object"
	default:
		return "number"
	}
}
