package httpx

import (
	"fmt"
	"net/http"
	"strconv"

	"watchwin/internal/apperr"
)

// Page reads the limit and offset query parameters of a paged list: limit
// 1..max (def when absent), offset ≥ 0 (0 when absent); anything else is a
// 400 naming the parameter.
func Page(r *http.Request, def, max int) (limit, offset int, err error) {
	if limit, err = queryInt(r, "limit", def, 1, max); err != nil {
		return 0, 0, err
	}
	if offset, err = queryInt(r, "offset", 0, 0, 1<<31-1); err != nil {
		return 0, 0, err
	}
	return limit, offset, nil
}

func queryInt(r *http.Request, key string, def, min, max int) (int, error) {
	v := r.URL.Query().Get(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return 0, apperr.Invalid(key, fmt.Sprintf("%s must be a whole number from %d to %d", key, min, max))
	}
	return n, nil
}
