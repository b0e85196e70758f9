package testutil

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"watchwin/internal/httpx"
)

// Browser posts forms as a browser without JavaScript does (same-origin,
// URL-encoded), with a cookie jar, but stops at each redirect so the test
// sees it.
type Browser struct {
	t testing.TB
	s *Server
	// HTTP is the browser's client, for requests other than a form post:
	// the same cookie jar, and it does not follow redirects either.
	HTTP *http.Client
}

// Browser returns a new browser, with no cookies, failing t on errors.
func (s *Server) Browser(t testing.TB) *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{t: t, s: s, HTTP: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// FormAnswer is the answer to a form post.
type FormAnswer struct {
	Status   int
	Location string
	Cookies  map[string]*http.Cookie
	Body     string
}

// Post sends form to path as a same-origin form post, with header's extra
// headers (which may override the defaults, such as Sec-Fetch-Site). A form
// post answered with JSON fails the test: a browser would show it raw.
func (b *Browser) Post(path string, form url.Values, header map[string]string) FormAnswer {
	b.t.Helper()
	req, _ := http.NewRequest("POST", b.s.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", b.s.URL)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := b.HTTP.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	a := FormAnswer{Status: res.StatusCode, Location: res.Header.Get("Location"), Cookies: map[string]*http.Cookie{}, Body: string(body)}
	for _, c := range res.Cookies() {
		a.Cookies[c.Name] = c
	}
	if ct := res.Header.Get("Content-Type"); strings.HasPrefix(ct, "application/json") {
		b.t.Errorf("a form post was answered JSON: %d %s", res.StatusCode, body)
	}
	return a
}

// Flash is the answer's flash cookie, decoded; the test fails without one,
// or when the cookie is not one the SPA can read on any page briefly.
func (a FormAnswer) Flash(t testing.TB) url.Values {
	t.Helper()
	c := a.Cookies[httpx.FlashCookieName]
	if c == nil {
		t.Fatalf("no flash cookie (status %d, %s)", a.Status, a.Body)
	}
	if c.HttpOnly || c.Path != "/" || c.SameSite != http.SameSiteLaxMode || c.MaxAge <= 0 || c.MaxAge > 60 {
		t.Errorf("flash cookie = %+v, want readable by the SPA, Path=/, Lax, short-lived", c)
	}
	v, err := url.ParseQuery(c.Value)
	if err != nil {
		t.Fatalf("flash %q: %v", c.Value, err)
	}
	return v
}
