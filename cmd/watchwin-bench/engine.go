package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"time"

	"watchwin/internal/db"
)

// engineResult is one engine's measures and their budgets.
type engineResult struct {
	Engine     string           `json:"engine"`
	ReadyMS    float64          `json:"ready_ms"`    // start → /healthz answers, median of 3 starts
	PeakRSSMB  float64          `json:"peak_rss_mb"` // VmHWM after the list runs
	Endpoints  []endpointResult `json:"endpoints"`   // reference first
	Fulfilment fulfilResult     `json:"fulfilment"`
	Checks     []check          `json:"checks"`
}

// benchEngine seeds a database (SQLite in a temporary folder when
// databaseURL is empty, else a new schema on that PostgreSQL server),
// measures the server on it, then drives fulfilment on it.
func benchEngine(ctx context.Context, o options, databaseURL string) (engineResult, error) {
	res := engineResult{Engine: string(db.SQLite)}
	dir, err := os.MkdirTemp("", "watchwin-bench-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	if databaseURL != "" {
		res.Engine = string(db.Postgres)
		u, drop, err := db.NewSchema(ctx, databaseURL, "bench_")
		if err != nil {
			return res, err
		}
		defer drop()
		databaseURL = u
	}
	fmt.Fprintf(os.Stderr, "== %s: seeding\n", res.Engine)
	seeded, err := seed(ctx, dir, databaseURL)
	if err != nil {
		return res, fmt.Errorf("seed: %w", err)
	}

	// Ready time on the existing database: three starts, the median.
	var readies []time.Duration
	var srv *server
	for i := range 3 {
		s, err := startServer(ctx, o.bin, dir, databaseURL)
		if err != nil {
			return res, err
		}
		readies = append(readies, s.ready)
		if i < 2 {
			if err := s.stop(); err != nil {
				return res, err
			}
			continue
		}
		srv = s
	}
	defer srv.stop()
	res.ReadyMS = ms(median(readies))

	body, err := get(srv.url("/api/webinars"), "")
	if err != nil {
		return res, err
	}
	refSrv, err := startReference(body)
	if err != nil {
		return res, err
	}
	defer refSrv.Close()

	ref, list := target{Name: "reference (list bytes from memory)", URL: refSrv.URL + "/api/webinars"},
		target{Name: "GET /api/webinars", URL: srv.url("/api/webinars")}
	fmt.Fprintf(os.Stderr, "== %s: %s, and the reference in turn\n", res.Engine, list.Name)
	pair, err := measure(ctx, o, ref, list)
	if err != nil {
		return res, err
	}
	if res.PeakRSSMB, err = srv.peakRSSMB(); err != nil { // the list's peak memory
		return res, err
	}
	res.Endpoints = pair
	for _, t := range []target{
		{Name: "GET /api/webinars/{id}", URL: srv.url("/api/webinars/" + seeded.webinarID)},
		{Name: "GET /api/auth/session (signed in)", URL: srv.url("/api/auth/session"),
			Header: "Cookie: watchwin_session=" + seeded.sessionToken},
	} {
		fmt.Fprintf(os.Stderr, "== %s: %s\n", res.Engine, t.Name)
		r, err := measure(ctx, o, t)
		if err != nil {
			return res, err
		}
		res.Endpoints = append(res.Endpoints, r[0])
	}
	res.Endpoints[0].Ratio = 1
	res.Endpoints[1].Ratio = ratio(res.Endpoints[1], res.Endpoints[0])
	for i := 2; i < len(res.Endpoints); i++ {
		res.Endpoints[i].Ratio = res.Endpoints[i].RPS / res.Endpoints[0].RPS
	}
	if err := srv.stop(); err != nil {
		return res, err
	}

	fmt.Fprintf(os.Stderr, "== %s: fulfilment\n", res.Engine)
	profile := ""
	if o.cpuprofile != "" {
		profile = o.cpuprofile + "." + res.Engine
	}
	if res.Fulfilment, err = benchFulfilment(ctx, dir, databaseURL, profile); err != nil {
		return res, fmt.Errorf("fulfilment: %w", err)
	}
	res.Checks = budgets(res)
	return res, nil
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
