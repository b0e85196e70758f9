package app_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"watchwin/internal/testutil"
)

// fuzzServer is the real application for a fuzz target: a signed-in
// admin sending requests straight to its handler, and a webinar to name in
// paths.
type fuzzServer struct {
	s       *testutil.Server
	admin   *testutil.Direct
	webinar string
}

func newFuzzServer(f *testing.F) *fuzzServer {
	s := testutil.NewServer(f, testutil.FuzzEngine())
	return &fuzzServer{s: s, admin: s.Direct("admin"), webinar: s.CreateWebinar(testutil.WebinarSpec{}).ID}
}

// do serves one request as the admin and returns the recorded answer.
func (fs *fuzzServer) do(t testing.TB, method, target, contentType string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return fs.admin.Do(t, req)
}

// bodyRoutes are the served API routes that take a request body, with their
// path wildcards filled in (the webinar's id, a real bucket and page).
func (fs *fuzzServer) bodyRoutes() [][2]string {
	fill := strings.NewReplacer("{id}", fs.webinar, "{bucket}", "site_images", "{page}", "home")
	var out [][2]string
	for _, r := range fs.s.App.Routes() {
		method, path, ok := strings.Cut(r.Pattern, " ")
		if !ok || (method != "POST" && method != "PUT" && method != "PATCH") || path == "/api/auth/logout" {
			continue // logout would end the fuzzing admin's session
		}
		out = append(out, [2]string{method, fill.Replace(path)})
	}
	return out
}

var bodySeeds = []string{
	`{}`, `[]`, `null`, `""`, `0`, `{"email":"a@b.co","password":"secret1","confirmPassword":"secret1"}`,
	`{"title":"T","description":"D","event_datetime":"2027-01-15T00:30:00Z","display_price":40,"actual_coupon_value_percentage":120,"total_seats":20,"youtube_video_id":"aqz-KE-bpKQ","is_active":true}`,
	`{"total_seats":1e309}`, `{"display_price":-1}`, `{"name":"\u0000","email":"x@y.z"}`, `{"coupons":[{"code":"LW-AAAA-BBBB-CCCC"}]}`,
	`{"newPassword":"` + strings.Repeat("p", 5000) + `"}`, `{"a":`, `{"email":"a@b.co"} {}`, "\xff\xfe", `{"enabled":"yes"}`,
	`{"image_path":"../../etc/passwd"}`, `{"paymentIntentId":"pi_x"}`, `{"card_number":"4242 4242 4242 4242","exp_month":13}`,
}

// FuzzAPIBodies sends arbitrary bytes as the body of every API route that
// takes one, through the real router as a signed-in admin: whatever the
// bytes, the answer is never a 5xx (a panic is turned into a 500 by the
// Recover middleware, so this catches panics too).
func FuzzAPIBodies(f *testing.F) {
	fs := newFuzzServer(f)
	routes := fs.bodyRoutes()
	if len(routes) < 10 {
		f.Fatalf("only %d body routes found: %v", len(routes), routes)
	}
	// Each route gets an empty object; the other seeds go round the routes.
	for i := range routes {
		f.Add(uint8(i), false, []byte(`{}`))
	}
	for i, b := range bodySeeds {
		f.Add(uint8(i*7%len(routes)), false, []byte(b))
	}
	f.Add(uint8(0), true, []byte("--X\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG\r\n--X--\r\n"))
	f.Fuzz(func(t *testing.T, route uint8, multipart bool, body []byte) {
		r := routes[int(route)%len(routes)]
		contentType := "application/json"
		if multipart {
			contentType = "multipart/form-data; boundary=X"
		}
		rec := fs.do(t, r[0], r[1], contentType, body)
		if rec.Code >= 500 {
			t.Fatalf("%s %s with body %q: %d %s", r[0], r[1], body, rec.Code, rec.Body)
		}
	})
}

// FuzzServedPaths sends GET requests for arbitrary paths to the whole
// handler, where the server does its own path handling: the SPA fallback
// (which also stands in for the SPA's redirect-path normalisation on the
// server side: any path the client router may be sent to is answered), the
// stored media and the API. Never a 5xx; an unknown non-asset path is the
// SPA's index page; nothing outside the embedded app and the media buckets
// is ever served.
func FuzzServedPaths(f *testing.F) {
	fs := newFuzzServer(f)
	// Every page is the SPA's index with its own head and data (page.go):
	// it starts the same entry script.
	index := fs.do(f, "GET", "/", "", nil).Body.String()
	entry := regexp.MustCompile(`<script type="module"[^>]*></script>`).FindString(index)
	isIndex := func(body string) bool {
		if entry == "" { // the SPA is not built: the notice stands in for it
			return body == index
		}
		return strings.Contains(body, entry) && strings.Contains(body, `<div id="root">`)
	}
	for _, p := range []string{
		"/", "/webinars", "/auth?next=%2Fdashboard", "/assets/missing.js", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
		"/media/site_images/../../../etc/passwd", "/media/site_images/a.png", "/media/x/y", "/api/webinars/..%2f..%2fconfig",
		"//evil.example/", "/index.html", "/healthz", "/readyz", "/\x00", "/api/", "/media/", "/watch/%ff", "/a/b/c/d/e/f/g",
	} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, path string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req, err := http.NewRequest("GET", "http://watchwin.test"+path, nil)
		if err != nil {
			return // not a URL a client could send
		}
		req.RequestURI = req.URL.RequestURI()
		rec := fs.admin.Do(t, req)
		if rec.Code >= 500 {
			t.Fatalf("GET %q: %d %s", path, rec.Code, rec.Body)
		}
		body := rec.Body.String()
		if strings.Contains(body, "root:x:0:0") || strings.Contains(body, "[fonts]") {
			t.Fatalf("GET %q served a file outside the app", path)
		}
		health := req.URL.Path == "/healthz" || req.URL.Path == "/readyz"
		if rec.Code == http.StatusOK && !health && !strings.HasPrefix(req.URL.Path, "/api/") && !strings.HasPrefix(req.URL.Path, "/media/") &&
			!strings.HasPrefix(req.URL.Path, "/assets/") && !strings.Contains(req.URL.Path, ".") && !isIndex(body) {
			t.Fatalf("GET %q: 200 but not the SPA's index page", path)
		}
	})
}
