// Command standin serves the Authorize.Net stand-in (anetserver) for browser
// tests, which start it (e2e/tests/authorizenet.spec.ts): the JSON API at
// /xml/v1/request.api, Accept.js at /v1/Accept.js, what it saw at
// /standin/stats. Test code only; never part of a store.
//
//	go run ./internal/testutil/anetserver/standin -addr 127.0.0.1:18701 -webhook http://127.0.0.1:18700/api/webhooks/authorizenet
package main

import (
	"flag"
	"log"
	"net/http"
	"time"

	"watchwin/internal/testutil/anetserver"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18701", "loopback address to serve on")
	webhook := flag.String("webhook", "", "watchwin's webhook URL the stand-in posts signed notifications to")
	flag.Parse()
	s := anetserver.New()
	if *webhook != "" {
		s.SendWebhooksTo(*webhook)
	}
	srv := &http.Server{Addr: *addr, Handler: s.Handler(), ReadHeaderTimeout: 5 * time.Second}
	log.Printf("authorize.net stand-in on http://%s", *addr)
	log.Fatal(srv.ListenAndServe())
}
