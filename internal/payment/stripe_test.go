package payment

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"

	"watchwin/internal/testutil/testbin"
)

// The Stripe adapter is tested against stripe-mock, Stripe's API simulator
// built from Stripe's OpenAPI spec: it rejects requests whose shape the real
// API would reject, and answers with fixtures. It keeps no state (metadata
// comes back empty, retrieve returns a fixed fixture whatever was created),
// so these tests check that requests are well-formed and that responses map
// onto Intent, not the payment flow. A recording proxy between the adapter
// and stripe-mock captures each request, and answers the few cases
// stripe-mock cannot produce (an unknown id, a declined card, an error body
// quoting secrets) with Stripe-shaped bodies of its own.

const stripeMockKey = "sk_test_watchwinAdapter123"

const stripeMockInstall = "GOBIN=$PWD/bin go install github.com/stripe/stripe-mock@v0.203.0"

func TestStripeAgainstStripeMock(t *testing.T) {
	rec := newStripeRecorder(t, startStripeMock(t))
	s := NewStripe(stripeMockKey, WithStripeAPIURL(rec.srv.URL), WithStripeRetries(0))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	if got := s.Name(); got != "stripe" {
		t.Errorf("Name() = %q, want stripe", got)
	}

	t.Run("create sends a card intent with amount, metadata and idempotency key", func(t *testing.T) {
		meta := map[string]string{
			MetaWebinarID: "web-1", MetaRegistrationID: "reg-1", MetaUserID: "user-1",
			MetaCouponValue: "3750", MetaType: TypeWebinarCoupon,
		}
		in, err := s.Create(ctx, CreateParams{AmountCents: 2500, Currency: "USD", Metadata: meta, IdempotencyKey: "start-reg-1-1"})
		if err != nil {
			t.Fatalf("Create: %v", err)
		}
		req := rec.last(t)
		if req.method != http.MethodPost || req.path != "/v1/payment_intents" {
			t.Errorf("request = %s %s, want POST /v1/payment_intents", req.method, req.path)
		}
		wantForm := url.Values{
			"amount":                   {"2500"},
			"currency":                 {"usd"},
			"payment_method_types[0]":  {"card"},
			"metadata[webinarId]":      {"web-1"},
			"metadata[registrationId]": {"reg-1"},
			"metadata[userId]":         {"user-1"},
			"metadata[couponValue]":    {"3750"},
			"metadata[type]":           {"webinar_coupon"},
		}
		if !reflect.DeepEqual(req.form, wantForm) {
			t.Errorf("form = %v\nwant %v", req.form, wantForm)
		}
		checkStripeHeaders(t, req, "start-reg-1-1")
		if req.status != http.StatusOK {
			t.Fatalf("stripe-mock answered %d: %s", req.status, req.respBody)
		}
		// stripe-mock echoes amount and currency; id and client secret are
		// its own, metadata comes back empty (no state).
		if !strings.HasPrefix(in.ID, "pi_") || in.ClientSecret == "" {
			t.Errorf("ID = %q, ClientSecret empty = %v; want pi_… and a secret", in.ID, in.ClientSecret == "")
		}
		if in.AmountCents != 2500 || in.Currency != "usd" || in.Status != StatusRequiresPaymentMethod {
			t.Errorf("got amount %d %q status %q, want 2500 usd requires_payment_method", in.AmountCents, in.Currency, in.Status)
		}
		checkMapsResponse(t, in, req.respBody)
	})

	t.Run("retrieve reads the intent and maps the response", func(t *testing.T) {
		in, err := s.Retrieve(ctx, "pi_3Watchwin")
		if err != nil {
			t.Fatalf("Retrieve: %v", err)
		}
		req := rec.last(t)
		if req.method != http.MethodGet || req.path != "/v1/payment_intents/pi_3Watchwin" {
			t.Errorf("request = %s %s, want GET /v1/payment_intents/pi_3Watchwin", req.method, req.path)
		}
		if len(req.form) != 0 {
			t.Errorf("retrieve sent parameters %v, want none", req.form)
		}
		checkStripeHeaders(t, req, "")
		if in.ID != "pi_3Watchwin" {
			t.Errorf("ID = %q, want pi_3Watchwin", in.ID)
		}
		checkMapsResponse(t, in, req.respBody)
	})

	t.Run("refund sends the intent and the idempotency key", func(t *testing.T) {
		if err := s.Refund(ctx, "pi_3Watchwin", "refund-reg-1"); err != nil {
			t.Fatalf("Refund: %v", err)
		}
		req := rec.last(t)
		if req.method != http.MethodPost || req.path != "/v1/refunds" {
			t.Errorf("request = %s %s, want POST /v1/refunds", req.method, req.path)
		}
		if want := (url.Values{"payment_intent": {"pi_3Watchwin"}}); !reflect.DeepEqual(req.form, want) {
			t.Errorf("form = %v, want %v", req.form, want)
		}
		checkStripeHeaders(t, req, "refund-reg-1")
		if req.status != http.StatusOK {
			t.Errorf("stripe-mock answered %d: %s", req.status, req.respBody)
		}
	})

	t.Run("a declined intent maps status, metadata and the decline message", func(t *testing.T) {
		rec.stub(t, func(r *http.Request) (int, string, bool) {
			if r.URL.Path != "/v1/payment_intents/pi_declined" {
				return 0, "", false
			}
			return 200, `{"id":"pi_declined","object":"payment_intent","amount":2500,"currency":"usd",
				"status":"requires_payment_method","client_secret":"pi_declined_secret_x",
				"metadata":{"webinarId":"web-1","registrationId":"reg-1"},
				"last_payment_error":{"type":"card_error","code":"card_declined","decline_code":"generic_decline","message":"Your card was declined."}}`, true
		})
		in, err := s.Retrieve(ctx, "pi_declined")
		if err != nil {
			t.Fatalf("Retrieve: %v", err)
		}
		want := Intent{
			ID: "pi_declined", ClientSecret: "pi_declined_secret_x", Status: StatusRequiresPaymentMethod,
			AmountCents: 2500, Currency: "usd",
			Metadata:  map[string]string{"webinarId": "web-1", "registrationId": "reg-1"},
			LastError: "Your card was declined.",
		}
		if !reflect.DeepEqual(in, want) {
			t.Errorf("got  %+v\nwant %+v", in, want)
		}
	})

	t.Run("an unknown intent is ErrIntentNotFound", func(t *testing.T) {
		missing := `{"error":{"type":"invalid_request_error","code":"resource_missing","param":"intent",
			"message":"No such payment_intent: 'pi_gone'","request_log_url":"https://dashboard.stripe.com/logs/req_1"}}`
		rec.stub(t, func(r *http.Request) (int, string, bool) {
			if r.URL.Path == "/v1/payment_intents/pi_gone" || r.FormValue("payment_intent") == "pi_gone" {
				return 404, missing, true
			}
			return 0, "", false
		})
		if _, err := s.Retrieve(ctx, "pi_gone"); !errors.Is(err, ErrIntentNotFound) {
			t.Errorf("Retrieve = %v, want ErrIntentNotFound", err)
		}
		if err := s.Refund(ctx, "pi_gone", "refund-gone"); !errors.Is(err, ErrIntentNotFound) {
			t.Errorf("Refund = %v, want ErrIntentNotFound", err)
		}
		if _, err := s.Retrieve(ctx, ""); !errors.Is(err, ErrIntentNotFound) {
			t.Errorf("Retrieve(\"\") = %v, want ErrIntentNotFound", err)
		}
	})

	t.Run("a refund of an intent already refunded is done", func(t *testing.T) {
		rec.stub(t, func(r *http.Request) (int, string, bool) {
			return 400, `{"error":{"type":"invalid_request_error","code":"charge_already_refunded",
				"message":"Charge ch_1 has already been refunded."}}`, true
		})
		if err := s.Refund(ctx, "pi_3Watchwin", "refund-again"); err != nil {
			t.Errorf("Refund = %v, want nil", err)
		}
	})

	t.Run("errors carry Stripe's code but no client secret", func(t *testing.T) {
		rec.stub(t, func(r *http.Request) (int, string, bool) {
			return 402, `{"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds",
				"message":"Your card has insufficient funds.",
				"payment_intent":{"id":"pi_x","object":"payment_intent","client_secret":"pi_x_secret_LEAK"}}}`, true
		})
		_, err := s.Create(ctx, CreateParams{AmountCents: 2500, Currency: "usd", IdempotencyKey: "k-402"})
		var se *StripeError
		if !errors.As(err, &se) {
			t.Fatalf("Create = %v, want a *StripeError", err)
		}
		if se.Status != 402 || se.Type != "card_error" || se.Code != "card_declined" || se.DeclineCode != "insufficient_funds" {
			t.Errorf("StripeError = %+v", se)
		}
		if strings.Contains(err.Error(), "LEAK") {
			t.Errorf("error text leaks the client secret: %s", err)
		}
		if errors.Is(err, ErrIntentNotFound) {
			t.Errorf("a card error is not ErrIntentNotFound")
		}
	})

	// stripe-mock quotes the Authorization header of a request it refuses
	// (a live-mode key here), as a careless proxy might: the error text must
	// not carry the key.
	t.Run("errors never quote the secret key", func(t *testing.T) {
		const liveKey = "sk_live_not_a_real_key_987"
		bad := NewStripe(liveKey, WithStripeAPIURL(rec.srv.URL), WithStripeRetries(0))
		_, err := bad.Retrieve(ctx, "pi_3Watchwin")
		if rec.last(t).status != http.StatusUnauthorized {
			t.Fatalf("stripe-mock answered %d, want 401 for a live key", rec.last(t).status)
		}
		if !strings.Contains(rec.last(t).respBody, liveKey) {
			t.Logf("stripe-mock no longer quotes the key; redaction not exercised")
		}
		if err == nil || strings.Contains(err.Error(), liveKey) || strings.Contains(err.Error(), "987") {
			t.Errorf("Retrieve with a refused key = %v; want an error without the key", err)
		}

		closed := httptest.NewServer(http.NotFoundHandler())
		closed.Close()
		down := NewStripe(liveKey, WithStripeAPIURL(closed.URL), WithStripeRetries(0))
		if _, err := down.Retrieve(ctx, "pi_3Watchwin"); err == nil || strings.Contains(err.Error(), liveKey) {
			t.Errorf("Retrieve from a closed port = %v; want an error without the key", err)
		}
	})

	t.Run("bad parameters are refused before any request", func(t *testing.T) {
		n := rec.count()
		for _, p := range []CreateParams{
			{AmountCents: 0, Currency: "usd", IdempotencyKey: "k"},
			{AmountCents: -5, Currency: "usd", IdempotencyKey: "k"},
			{AmountCents: 100, Currency: "", IdempotencyKey: "k"},
			{AmountCents: 100, Currency: "usd", IdempotencyKey: ""},
		} {
			if _, err := s.Create(ctx, p); err == nil {
				t.Errorf("Create(%+v) succeeded, want an error", p)
			}
		}
		if err := s.Refund(ctx, "pi_3Watchwin", ""); err == nil {
			t.Errorf("Refund without idempotency key succeeded")
		}
		if rec.count() != n {
			t.Errorf("%d requests reached Stripe, want none", rec.count()-n)
		}
	})

	t.Run("a cancelled context stops the call", func(t *testing.T) {
		cctx, ccancel := context.WithCancel(ctx)
		ccancel()
		if _, err := s.Retrieve(cctx, "pi_3Watchwin"); !errors.Is(err, context.Canceled) {
			t.Errorf("Retrieve = %v, want context.Canceled", err)
		}
	})
}

// checkStripeHeaders: the secret key as bearer token, the API version
// stripe-go is generated for, and the idempotency key when one is due.
func checkStripeHeaders(t *testing.T, req stripeRequest, idemKey string) {
	t.Helper()
	if got := req.header.Get("Authorization"); got != "Bearer "+stripeMockKey {
		t.Errorf("Authorization = %q, want the bearer key", got)
	}
	if got := req.header.Get("Stripe-Version"); got != stripe.APIVersion {
		t.Errorf("Stripe-Version = %q, want %q", got, stripe.APIVersion)
	}
	if got := req.header.Get("Idempotency-Key"); idemKey != "" && got != idemKey {
		t.Errorf("Idempotency-Key = %q, want %q", got, idemKey)
	}
}

// checkMapsResponse compares in with the PaymentIntent JSON it came from.
func checkMapsResponse(t *testing.T, in Intent, body string) {
	t.Helper()
	var pi struct {
		ID               string            `json:"id"`
		Object           string            `json:"object"`
		ClientSecret     string            `json:"client_secret"`
		Status           string            `json:"status"`
		Amount           int64             `json:"amount"`
		Currency         string            `json:"currency"`
		Metadata         map[string]string `json:"metadata"`
		LastPaymentError *struct {
			Message string `json:"message"`
		} `json:"last_payment_error"`
	}
	if err := json.Unmarshal([]byte(body), &pi); err != nil || pi.Object != "payment_intent" {
		t.Fatalf("response is not a payment_intent (%v): %.200s", err, body)
	}
	want := Intent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: IntentStatus(pi.Status),
		AmountCents: pi.Amount, Currency: pi.Currency, Metadata: map[string]string{}}
	for k, v := range pi.Metadata {
		want.Metadata[k] = v
	}
	if pi.LastPaymentError != nil {
		want.LastError = pi.LastPaymentError.Message
	}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("Intent = %+v\nfrom response %+v", in, want)
	}
}

// stripeRecorder is a proxy to stripe-mock that records every exchange and
// can answer a request itself (stub) where stripe-mock cannot.
type stripeRecorder struct {
	srv *httptest.Server

	mu     sync.Mutex
	reqs   []stripeRequest
	stubFn func(*http.Request) (int, string, bool)
}

type stripeRequest struct {
	method, path string
	header       http.Header
	form         url.Values
	status       int
	respBody     string
}

func newStripeRecorder(t *testing.T, upstream string) *stripeRecorder {
	rec := &stripeRecorder{}
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		form, _ := url.ParseQuery(string(body))
		if r.Method == http.MethodGet {
			form = r.URL.Query()
		}
		r.Form = form
		sr := stripeRequest{method: r.Method, path: r.URL.Path, header: r.Header.Clone(), form: form}

		rec.mu.Lock()
		stub := rec.stubFn
		rec.mu.Unlock()
		status, respBody, stubbed := 0, "", false
		if stub != nil {
			status, respBody, stubbed = stub(r)
		}
		if !stubbed {
			up, err := http.NewRequestWithContext(r.Context(), r.Method, upstream+r.URL.RequestURI(), strings.NewReader(string(body)))
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			up.Header = r.Header.Clone()
			resp, err := http.DefaultClient.Do(up)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			status, respBody = resp.StatusCode, string(b)
		}
		sr.status, sr.respBody = status, respBody
		rec.mu.Lock()
		rec.reqs = append(rec.reqs, sr)
		rec.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Request-Id", "req_test")
		w.WriteHeader(status)
		io.WriteString(w, respBody)
	}))
	t.Cleanup(rec.srv.Close)
	return rec
}

// stub makes fn answer the requests it accepts until the subtest ends.
func (r *stripeRecorder) stub(t *testing.T, fn func(*http.Request) (int, string, bool)) {
	r.mu.Lock()
	r.stubFn = fn
	r.mu.Unlock()
	t.Cleanup(func() {
		r.mu.Lock()
		r.stubFn = nil
		r.mu.Unlock()
	})
}

func (r *stripeRecorder) last(t *testing.T) stripeRequest {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		t.Fatal("no request reached Stripe")
	}
	return r.reqs[len(r.reqs)-1]
}

func (r *stripeRecorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reqs)
}

// startStripeMock runs stripe-mock on free loopback ports for the test and
// returns its HTTP base URL. It finds stripe-mock as testbin.Find does;
// without it the test is skipped, except under CI=true, where a missing
// simulator is a failure.
func startStripeMock(t *testing.T) string {
	t.Helper()
	bin := testbin.Find("stripe-mock")
	if bin == "" {
		testbin.Missing(t, "stripe-mock not found in bin/ or on PATH; install it from the module root with: "+stripeMockInstall)
	}
	// An empty port lets the system choose; stripe-mock prints the address
	// it got, so parallel runs never race for a port.
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})

	addrc := make(chan string, 1)
	var logMu sync.Mutex
	var logTail []string
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() { // keep draining so stripe-mock never blocks on a full pipe
			line := sc.Text()
			logMu.Lock()
			if len(logTail) < 20 {
				logTail = append(logTail, line)
			}
			logMu.Unlock()
			if a, ok := strings.CutPrefix(line, "Listening for HTTP at address: "); ok {
				select {
				case addrc <- strings.TrimSpace(a):
				default:
				}
			}
		}
	}()

	deadline := time.Now().Add(20 * time.Second)
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a
	case <-time.After(time.Until(deadline)):
		logMu.Lock()
		defer logMu.Unlock()
		t.Fatalf("stripe-mock printed no HTTP address in 20 s:\n%s", strings.Join(logTail, "\n"))
	}
	// Wait until it answers an API call, not only until it listens.
	for {
		req, _ := http.NewRequest(http.MethodGet, base+"/v1/payment_intents/pi_ready", nil)
		req.Header.Set("Authorization", "Bearer "+stripeMockKey)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock at %s did not answer in 20 s (last: %v)", base, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
