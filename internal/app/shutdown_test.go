package app_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// Stopping the server (SIGTERM cancels Serve's context) lets a request
// under way finish with its full answer while new connections are refused.
func TestShutdownDrainsRequests(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	s.CreateUser("drain@example.com", "password1", "user")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.App.ServeListener(ctx, ln) }()

	// A login whose body arrives slowly: in flight when the server is told
	// to stop.
	body, send := io.Pipe()
	req, _ := http.NewRequest("POST", "http://"+addr+"/api/auth/login", body)
	req.Header.Set("Content-Type", "application/json")
	answered := make(chan *http.Response, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
		}
		answered <- res
	}()
	if _, err := io.WriteString(send, `{"email":"drain@example.com",`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the request's headers and first bytes are in
	stop()
	// The listener closes at once: a new connection is refused.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("still accepting connections 5 s after the stop")
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case err := <-served:
		t.Fatalf("server stopped (%v) with a request under way", err)
	default:
	}
	if _, err := io.WriteString(send, `"password":"password1"}`); err != nil {
		t.Fatal(err)
	}
	send.Close()
	res := <-answered
	if res == nil {
		t.FailNow()
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(b), "drain@example.com") {
		t.Fatalf("the request under way got %d %s, want its 200", res.StatusCode, b)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("Serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after the last request")
	}
}
