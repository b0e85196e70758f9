package httpx

import (
	"bytes"
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
//
// A string holding NUL (\u0000) is refused too: PostgreSQL cannot store it
// as text. (encoding/json already turns invalid UTF-8 into U+FFFD.)
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxJSONBody))
	if err != nil {
		return decodeError(err)
	}
	if hasNULEscape(body) {
		return apperr.BadRequest("The request body holds a NUL character (\\u0000), which no field accepts.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
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

// hasNULEscape reports whether a JSON text holds the escape \u0000: a
// "\u0000" preceded by an odd number of backslashes (an even number is an
// escaped backslash followed by the letters "u0000").
func hasNULEscape(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`u0000`))
		if j < 0 {
			return false
		}
		at := i + j
		n := 0
		for k := at - 1; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return true
		}
		i = at + 1
	}
}
