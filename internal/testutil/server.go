package testutil

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/db"
)

// Server is the real application on a test database behind httptest.
type Server struct {
	App   *app.App
	URL   string
	Clock *Clock // the app's clock: Advance it to test expiry without sleeping
	t     testing.TB
}

// NewServer starts the application on a fresh database of the given engine.
func NewServer(t testing.TB, engine db.Engine) *Server {
	t.Helper()
	return NewServerWithDB(t, OpenDB(t, engine))
}

// NewServerWithDB starts the application on d (from OpenDB or ForEachEngine),
// with the defaults changed by each option.
func NewServerWithDB(t testing.TB, d *db.DB, options ...func(*config.Config)) *Server {
	t.Helper()
	cfg, err := config.Defaults()
	if err != nil {
		t.Fatal(err)
	}
	cfg.NoLoginSlowdown = true // no waiting on failed logins in tests
	cfg.DataDir = t.TempDir()  // an option may share one between instances
	for _, o := range options {
		o(&cfg)
	}
	// The public URL (links in e-mails) and the app's address are the test
	// server's own, so two servers on one database are two instances (lease
	// holders), as two processes would be.
	ts := httptest.NewUnstartedServer(nil)
	cfg.Addr = ts.Listener.Addr().String()
	cfg.BaseURL = "http://" + cfg.Addr
	clock := &Clock{}
	a := app.NewWithDB(cfg, d, clock.Now)
	ts.Config.Handler = a.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(a.Auth.Wait)   // before the database closes
	t.Cleanup(a.Videos.Stop) // a transcode under way, before the database closes
	return &Server{App: a, URL: ts.URL, Clock: clock, t: t}
}

// BehindProxy is an option of NewServerWithDB: the test's own address is a
// trusted proxy, so a Client's Forwarded address is the client address the
// server sees (as behind a reverse proxy).
func BehindProxy(c *config.Config) {
	ps, err := config.ParseTrustedProxies("127.0.0.1,::1")
	if err != nil {
		panic(err)
	}
	c.TrustedProxies = ps
}

// Client is an API client with its own cookie jar (one browser).
type Client struct {
	s    *Server
	http *http.Client
	// Forwarded, when set, is sent as X-Forwarded-For: the client address
	// on a server started with BehindProxy.
	Forwarded string
}

// Client returns a new, signed-out client.
func (s *Server) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{s: s, http: &http.Client{Jar: jar}}
}

// Response is a decoded API answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test when it cannot.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorCode returns error.code of an error body ("" when absent).
func (r Response) ErrorCode() string { return r.errorField("code") }

// ErrorField returns error.field of an error body.
func (r Response) ErrorField() string { return r.errorField("field") }

// ErrorMessage returns error.message of an error body.
func (r Response) ErrorMessage() string { return r.errorField("message") }

func (r Response) errorField(name string) string {
	var b struct {
		Error map[string]string `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &b)
	return b.Error[name]
}

// Do sends a request. body may be nil, a string (sent as is) or any value
// (sent as JSON).
func (c *Client) Do(method, path string, body any) Response {
	c.s.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			c.s.t.Fatal(err)
		}
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, c.s.URL+path, rd)
	if err != nil {
		c.s.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.Send(req)
}

// Send sends a prepared request (its URL may be a bare path).
func (c *Client) Send(req *http.Request) Response {
	c.s.t.Helper()
	if req.URL.Host == "" {
		full, _ := http.NewRequest(req.Method, c.s.URL+req.URL.String(), req.Body)
		full.Header = req.Header
		req = full
	}
	if c.Forwarded != "" {
		req.Header.Set("X-Forwarded-For", c.Forwarded)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.s.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// CreateUser makes an account directly through the service and returns it.
func (s *Server) CreateUser(email, password, role string) auth.Profile {
	s.t.Helper()
	p, err := s.App.Auth.CreateUser(context.Background(), email, password, role, "Test", "Person")
	if err != nil {
		s.t.Fatalf("create user %s: %v", email, err)
	}
	return p
}

// Login returns a client signed in as a new account with the given role.
func (s *Server) Login(role string) (*Client, auth.Profile) {
	s.t.Helper()
	email := strings.ToLower(role + "-" + randomSuffix() + "@example.com")
	p := s.CreateUser(email, "password1", role)
	c := s.Client()
	if res := c.Do("POST", "/api/auth/login", map[string]string{"email": email, "password": "password1"}); res.Status != http.StatusOK {
		s.t.Fatalf("login %s: %d %s", email, res.Status, res.Body)
	}
	return c, p
}

// Actors are the three kinds of caller an API scenario table runs as.
type Actors struct{ Anon, User, Admin *Client }

// As returns the client for "anon", "user" or "admin".
func (a Actors) As(who string) *Client {
	switch who {
	case "anon":
		return a.Anon
	case "user":
		return a.User
	case "admin":
		return a.Admin
	}
	panic("testutil: unknown actor " + who)
}

// Actors signs in a new user and a new admin beside a signed-out client.
func (s *Server) Actors() Actors {
	s.t.Helper()
	user, _ := s.Login(auth.RoleUser)
	admin, _ := s.Login(auth.RoleAdmin)
	return Actors{Anon: s.Client(), User: user, Admin: admin}
}

// Want is what an API scenario expects; empty strings are not checked.
type Want struct {
	Status               int
	Code, Field, Message string
}

// Check fails the test when the response differs from want (a wrong status
// stops the test, since nothing after it can be trusted).
func (r Response) Check(t testing.TB, want Want) {
	t.Helper()
	if r.Status != want.Status {
		t.Fatalf("status %d, want %d: %.300s", r.Status, want.Status, r.Body)
	}
	for _, c := range []struct{ name, got, want string }{
		{"code", r.ErrorCode(), want.Code},
		{"field", r.ErrorField(), want.Field},
		{"message", r.ErrorMessage(), want.Message},
	} {
		if c.want != "" && c.got != c.want {
			t.Errorf("%s %q, want %q (%.300s)", c.name, c.got, c.want, r.Body)
		}
	}
}
