package authorizenet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"watchwin/internal/money"
)

// APIError is an answer with resultCode "Error" and no transaction outcome.
type APIError struct {
	Op, Code, Text string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("payment: authorizenet %s: %s %s", e.Op, e.Code, e.Text)
}

// codeNotFound is E00040 "The record cannot be found." (an unknown transId).
const codeNotFound = "E00040"

// maxAnswer caps an answer's body.
const maxAnswer = 1 << 20

// client posts one request to the API.
type client struct {
	url  string
	auth MerchantAuthentication
	hc   *http.Client
}

// call posts {"<name>": body} and decodes the answer into out; its
// resultCode is the caller's to read (apiError).
func (c *client) call(ctx context.Context, name string, body, out any) error {
	buf, err := json.Marshal(map[string]any{name: body})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.hc.Do(req) // #nosec G704: the configured gateway URL, not the caller's
	if err != nil {
		return fmt.Errorf("payment: authorizenet %s: %w", name, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("payment: authorizenet %s: %w", name, err)
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("payment: authorizenet %s: status %d", name, res.StatusCode)
	}
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("payment: authorizenet %s: answer: %w", name, err)
	}
	return nil
}

// apiError is the *APIError of m, or nil when it is Ok.
func apiError(op string, m Messages) error {
	if m.ResultCode == "Ok" {
		return nil
	}
	e := &APIError{Op: op, Code: "unknown"}
	if len(m.Message) > 0 {
		e.Code, e.Text = m.Message[0].Code, m.Message[0].Text
	}
	return e
}

// isNotFound reports an answer about a transId the gateway does not know.
func isNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Code == codeNotFound
}

// amount writes cents as the API's decimal string ("12.50").
func amount(cents int64) string { return money.Plain(cents) }

// cents reads the API's decimal amount (a JSON number such as 12.5 or 12.50).
func cents(n json.Number) (int64, error) {
	s := strings.TrimSpace(n.String())
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 || whole == "" {
		return 0, fmt.Errorf("amount %q", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q", s)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil || w < 0 {
		return 0, fmt.Errorf("amount %q", s)
	}
	return w*100 + f, nil
}
