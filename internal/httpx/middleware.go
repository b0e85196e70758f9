package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"watchwin/internal/apperr"
)

type ctxKey int

const requestIDKey ctxKey = iota

// RequestID returns the id given to the request by RequestIDs.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// RequestIDs gives every request an id, sent back in X-Request-Id and
// written in every log line about the request (LogHandler adds it to each
// line logged with the request's context). A request arriving from one of
// the trusted proxies keeps the X-Request-Id the proxy set, when it is a
// plausible id (1 to 64 letters, digits, '-', '_', '.', ':'), so one id
// follows a request from the load balancer into this log; otherwise the id
// is 16 random hex digits.
func RequestIDs(trusted []netip.Prefix) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get("X-Request-Id")
			if !validRequestID(id) || !fromTrusted(r, trusted) {
				b := make([]byte, 8)
				_, _ = rand.Read(b)
				id = hex.EncodeToString(b)
			}
			w.Header().Set("X-Request-Id", id)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
		})
	}
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_.:", c)
		if !ok {
			return false
		}
	}
	return true
}

// fromTrusted reports whether the connection's peer is a trusted proxy.
func fromTrusted(r *http.Request, trusted []netip.Prefix) bool {
	peer, err := parseHop(r.RemoteAddr)
	return err == nil && isTrusted(peer, trusted)
}

// LogHandler wraps a slog handler so that every record logged with a
// request's context (slog.InfoContext(r.Context(), …) and the like) carries
// that request's id as request_id.
func LogHandler(h slog.Handler) slog.Handler { return logHandler{h} }

type logHandler struct{ slog.Handler }

func (h logHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return logHandler{h.Handler.WithAttrs(attrs)}
}

func (h logHandler) WithGroup(name string) slog.Handler {
	return logHandler{h.Handler.WithGroup(name)}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// ReadFrom hands a body read from a file (http.ServeContent's) to the
// writer below, so the connection's own ReadFrom can have the kernel send it.
func (s *statusRecorder) ReadFrom(src io.Reader) (int64, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return io.Copy(s.ResponseWriter, src)
}

// LogRequests logs one line per API request: method, path (never the query,
// which may carry personal data, and never a coupon code: LoggedPath),
// status and duration (and, through LogHandler, the request id).
func LogRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slog.LevelDebug
		if rec.status >= 500 {
			level = slog.LevelWarn
		} else if len(r.URL.Path) > 4 && r.URL.Path[:5] == "/api/" {
			level = slog.LevelInfo
		}
		slog.Log(r.Context(), level, "http", "method", r.Method, "path", LoggedPath(r.URL.Path), "status", rec.status,
			"duration_ms", time.Since(start).Milliseconds())
	})
}

// codePrefix starts the API paths that hold a coupon code, which is bearer
// value (docs/api.md#counter), followed by one of codeActions or nothing.
// The code may be a whole link, slashes included, once the path is decoded.
const codePrefix = "/api/counter/coupons/"

var codeActions = []string{"/redeem", "/unredeem"}

// LoggedPath is path as the request log writes it: a coupon code in it
// becomes {code}.
func LoggedPath(path string) string {
	rest, ok := strings.CutPrefix(path, codePrefix)
	if !ok {
		return path
	}
	for _, action := range codeActions {
		if strings.HasSuffix(rest, action) {
			return codePrefix + "{code}" + action
		}
	}
	return codePrefix + "{code}"
}

// Recover turns a panic in a handler into a logged 500.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.ErrorContext(r.Context(), "panic", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				WriteError(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// ContentSecurityPolicy allows the app's own origin plus exactly what the
// YouTube player, Stripe.js and Authorize.Net's Accept.js (its script from
// js.authorize.net or, in the sandbox, jstest.authorize.net, which posts the
// card to api2.authorize.net or apitest.authorize.net) and the HLS player of
// uploaded videos (its MediaSource, a blob: URL) need, and forbids framing by
// anyone.
const ContentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://www.youtube.com https://js.stripe.com https://*.js.stripe.com https://js.authorize.net https://jstest.authorize.net; " +
	"frame-src https://www.youtube.com https://www.youtube-nocookie.com https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; " +
	"connect-src 'self' https://api.stripe.com https://api2.authorize.net https://apitest.authorize.net; " +
	"img-src 'self' data: blob:; " +
	"media-src 'self' blob:; " +
	"style-src 'self' 'unsafe-inline'; " +
	"font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// PermissionsPolicy turns off the powerful features no page uses (the
// camera, except on the counter page: CounterPolicies) and lets Stripe.js
// take payments.
const PermissionsPolicy = `camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")`

// The counter page's policies (docs/api.md#counter): its camera scanner
// may use the camera (this origin only), and its QR decoder, WebAssembly
// served from this origin, may be compiled ('wasm-unsafe-eval' allows that
// and no JavaScript eval). Every other response keeps the stricter ones.
var (
	CounterContentSecurityPolicy = strings.Replace(ContentSecurityPolicy, "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1)
	CounterPermissionsPolicy     = strings.Replace(PermissionsPolicy, "camera=()", "camera=(self)", 1)
)

// CounterPolicies gives a response the counter page's policies instead of
// the ones SecurityHeaders set.
func CounterPolicies(h http.Header) {
	h["Content-Security-Policy"] = []string{CounterContentSecurityPolicy}
	h["Permissions-Policy"] = []string{CounterPermissionsPolicy}
}

// securityHeaders are the headers every response carries, keys in
// canonical form. SecurityHeaders puts these very slices in each response's
// header map rather than building them per request: Header.Set and Add
// replace or grow a value, never write into it.
var securityHeaders = []struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{ContentSecurityPolicy}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	{"Permissions-Policy", []string{PermissionsPolicy}},
}

// SecurityHeaders sets the headers every response carries.
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, sh := range securityHeaders {
			h[sh.key] = sh.value
		}
		next.ServeHTTP(w, r)
	})
}

var errCrossOrigin = apperr.Forbidden("This request came from another site and was refused.")

// RefuseCrossOrigin refuses state-changing requests sent from another origin
// (cross-site request forgery), using the browser's Sec-Fetch-Site and Origin
// headers through the standard library's CrossOriginProtection. The bypass
// patterns name routes that act on a token in the request, never on the
// session cookie, so another site gains nothing by sending them.
func RefuseCrossOrigin(bypass ...string) Middleware {
	cop := http.NewCrossOriginProtection()
	for _, p := range bypass {
		cop.AddInsecureBypassPattern(p)
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if IsFormPost(r) {
			// A browser's form post shows the answer as a page: text, not JSON.
			http.Error(w, errCrossOrigin.Message, http.StatusForbidden)
			return
		}
		WriteError(w, r, errCrossOrigin)
	}))
	return cop.Handler
}
