package app_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// The public list goes out gzipped to browsers that accept it, with an
// ETag that a conditional GET turns into 304 whether it came gzipped or not.
func TestListCompressedAndConditional(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	for range 5 {
		s.CreateWebinar(testutil.WebinarSpec{})
	}
	c := s.Client()
	get := func(header ...string) testutil.Response {
		req, _ := http.NewRequest("GET", "/api/webinars", nil)
		for i := 0; i < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		return c.Send(req)
	}
	plain := get("Accept-Encoding", "identity")
	zipped := get("Accept-Encoding", "gzip, deflate, br")
	if plain.Status != 200 || plain.Header.Get("Content-Encoding") != "" {
		t.Fatalf("plain: %d %q", plain.Status, plain.Header.Get("Content-Encoding"))
	}
	if zipped.Status != 200 || zipped.Header.Get("Content-Encoding") != "gzip" || len(zipped.Body) >= len(plain.Body) {
		t.Fatalf("gzip: %d %q, %d bytes (plain %d)", zipped.Status, zipped.Header.Get("Content-Encoding"), len(zipped.Body), len(plain.Body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped.Body))
	if err != nil {
		t.Fatal(err)
	}
	if body, _ := io.ReadAll(zr); !bytes.Equal(body, plain.Body) {
		t.Errorf("gzip body differs from the plain one")
	}
	for _, res := range []testutil.Response{plain, zipped} {
		etag := res.Header.Get("ETag")
		for _, enc := range []string{"identity", "gzip"} {
			if again := get("Accept-Encoding", enc, "If-None-Match", etag); again.Status != http.StatusNotModified || len(again.Body) != 0 {
				t.Errorf("If-None-Match %s with %s: %d", etag, enc, again.Status)
			}
		}
	}
}

// Answers of the API to signed-in users are never stored by a browser or
// a proxy, whatever their status.
func TestAPINoStore(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	a := s.Actors()
	w := s.CreateWebinar(testutil.WebinarSpec{})
	for _, tt := range []struct {
		name   string
		c      *testutil.Client
		method string
		path   string
		status int
	}{
		{"session", a.User, "GET", "/api/auth/session", 200},
		{"my registration", a.User, "GET", "/api/webinars/" + w.ID + "/registration", 200},
		{"admin list", a.Admin, "GET", "/api/admin/webinars", 200},
		{"refused", a.User, "GET", "/api/admin/webinars", 403},
		{"not found", a.User, "GET", "/api/webinars/00000000-0000-0000-0000-000000000000", 404},
		{"logout", a.User, "POST", "/api/auth/logout", 204},
	} {
		res := tt.c.Do(tt.method, tt.path, nil)
		if res.Status != tt.status || res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d (want %d), Cache-Control %q", tt.name, res.Status, tt.status, res.Header.Get("Cache-Control"))
		}
	}
}
