package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
)

// The admin bench (-scale N): on a store of N customers it times the admin
// lists and searches one request at a time, as an admin at a desk sends
// them, and checks each median against adminBudgetMS.
const (
	adminBudgetMS = 20.0
	adminWarmup   = 3
	adminRequests = 30
	metricsToken  = "bench-metrics-token"
)

// adminResult is one engine's admin measures at one scale.
type adminResult struct {
	Engine   string        `json:"engine"`
	Scale    int           `json:"scale"`
	Coupons  int           `json:"coupons"`
	SeedS    float64       `json:"seed_seconds"`
	PeakRSS  float64       `json:"peak_rss_mb"`
	Measures []adminTiming `json:"measures"`
}

// adminTiming is one endpoint's sequential timings; Budget is false for
// the measures shown for comparison only (offset paging).
type adminTiming struct {
	Name   string  `json:"name"`
	P50MS  float64 `json:"p50_ms"`
	P95MS  float64 `json:"p95_ms"`
	Budget bool    `json:"budgeted"`
}

func (t adminTiming) passed() bool { return !t.Budget || t.P50MS <= adminBudgetMS }

func (r adminResult) passed() bool {
	for _, m := range r.Measures {
		if !m.passed() {
			return false
		}
	}
	return true
}

// benchAdmin seeds a new database with scale customers and times the admin
// endpoints on the real binary, then the public list's rebuild in process.
func benchAdmin(ctx context.Context, o options, databaseURL string, scale int) (adminResult, error) {
	res := adminResult{Engine: string(db.SQLite), Scale: scale}
	dir, err := os.MkdirTemp("", "watchwin-bench-admin-")
	if err != nil {
		return res, err
	}
	if databaseURL != "" {
		res.Engine = string(db.Postgres)
		u, drop, err := db.NewSchema(ctx, databaseURL, "bench_admin_")
		if err != nil {
			return res, err
		}
		if !o.keep {
			defer drop()
		}
		databaseURL = u
	}
	if o.keep {
		fmt.Fprintf(os.Stderr, "== %s: kept in %s %s\n", res.Engine, dir, databaseURL)
	} else {
		defer os.RemoveAll(dir)
	}
	fmt.Fprintf(os.Stderr, "== %s: seeding %d customers\n", res.Engine, scale)
	began := time.Now()
	a, err := openApp(ctx, dir, databaseURL, clock.Now)
	if err != nil {
		return res, err
	}
	const email, password = "bench-admin@example.com", "bench-password"
	seedErr := func() error {
		if _, err := a.Auth.CreateUser(ctx, email, password, auth.RoleAdmin, "Bench", "Admin"); err != nil {
			return err
		}
		ids, err := createWebinars(ctx, a, bigWebinars, "Bench holster course", scale)
		if err != nil {
			return err
		}
		seeded, err := bigSeed(ctx, a.DB, scale, ids)
		if err != nil {
			return err
		}
		res.Coupons, res.SeedS = seeded.coupons, time.Since(began).Seconds()
		return benchAdminRequests(ctx, o, a.DB, dir, databaseURL, email, password, seeded, &res)
	}()
	a.Close()
	if seedErr != nil {
		return res, seedErr
	}
	// The list rebuild, in process on a fresh pool (as after a start).
	fmt.Fprintf(os.Stderr, "== %s: public list rebuild\n", res.Engine)
	a, err = openApp(ctx, dir, databaseURL, clock.Now)
	if err != nil {
		return res, err
	}
	defer a.Close()
	rebuild, err := timeCalls(func() error { _, err := a.Webinars.ListPublic(ctx); return err })
	if err != nil {
		return res, err
	}
	rebuild.Name, rebuild.Budget = "public list rebuilt (webinar.ListPublic)", true
	res.Measures = append(res.Measures, rebuild)
	return res, nil
}

// benchAdminRequests starts the server on the seeded store and times each
// admin endpoint with an admin's session.
func benchAdminRequests(ctx context.Context, o options, d *db.DB, dir, databaseURL, email, password string,
	seeded bigSeeded, res *adminResult) error {
	// The last pages' cursors, found as the previous page would give them.
	var lastUser auth.UserCursor
	if err := d.QueryRowContext(ctx, `SELECT email, id FROM profiles WHERE deleted_at IS NULL
		ORDER BY email, id LIMIT 1 OFFSET $1`, res.Scale+1-100).Scan(&lastUser.Email, &lastUser.ID); err != nil {
		return fmt.Errorf("last user page: %w", err)
	}
	var lastCoupon coupon.Cursor
	if err := d.QueryRowContext(ctx, `SELECT created_at, id FROM coupons
		ORDER BY created_at DESC, id LIMIT 1 OFFSET $1`, res.Coupons-100).Scan(&lastCoupon.CreatedAt, &lastCoupon.ID); err != nil {
		return fmt.Errorf("last coupon page: %w", err)
	}
	fmt.Fprintf(os.Stderr, "== %s: admin lists and searches, %d requests each\n", res.Engine, adminRequests)
	os.Setenv("WATCHWIN_METRICS_TOKEN", metricsToken) // the server inherits it
	srv, err := startServer(ctx, o.bin, dir, databaseURL)
	if err != nil {
		return err
	}
	defer srv.stop()
	a, err := openApp(ctx, dir, databaseURL, clock.Now)
	if err != nil {
		return err
	}
	login, err := a.Auth.Login(ctx, auth.LoginInput{Email: email, Password: password}, auth.Client{IP: "127.0.0.1"})
	a.Close()
	if err != nil {
		return err
	}
	cookie := "Cookie: watchwin_session=" + login.Token
	code := func(i int) string { return seeded.codes[i%len(seeded.codes)] }
	n := 0
	next := func() int { n++; return n }
	search := func(q string) string { return "/api/admin/coupons?search=" + url.QueryEscape(q) }
	for _, m := range []struct {
		name   string
		path   func() string
		header string
		budget bool
	}{
		{"admin coupons, page 1", func() string { return "/api/admin/coupons" }, cookie, true},
		{"admin coupons, last page by cursor", func() string { return "/api/admin/coupons?cursor=" + lastCoupon.String() }, cookie, true},
		{"admin coupons ?search= a whole code", func() string { return search(code(next())) }, cookie, true},
		{"admin coupons ?search= a code typed lw… without hyphens", func() string {
			return search(strings.ToLower(strings.ReplaceAll(code(next()), "-", "")))
		}, cookie, true},
		{"admin coupons ?search= part of a code", func() string { return search(code(next())[3:9]) }, cookie, true},
		{"admin coupons ?search= part of an e-mail (one account)", func() string {
			return search(fmt.Sprintf("customer%d@", (next()*7919)%res.Scale))
		}, cookie, true},
		{"admin coupons ?search= part of an e-mail (eleven)", func() string {
			// d in [scale/100, scale/10): customer d and customers d0 to d9.
			lo := max(res.Scale/100, 1)
			return search(fmt.Sprintf("customer%d", lo+(next()*7919)%max(res.Scale/10-lo, 1)))
		}, cookie, true},
		{"admin coupons ?search= broad (every coupon)", func() string { return search("customer") }, cookie, true},
		{"admin coupons ?search= a webinar title", func() string { return search("holster course 7") }, cookie, true},
		{"admin coupons ?search= nothing matches", func() string { return search(fmt.Sprintf("zq%dx", next())) }, cookie, true},
		{"admin users, page 1", func() string { return "/api/admin/users" }, cookie, true},
		{"admin users, last page by cursor", func() string { return "/api/admin/users?cursor=" + lastUser.String() }, cookie, true},
		{"admin users, last page by offset (old clients)", func() string {
			return fmt.Sprintf("/api/admin/users?offset=%d", res.Scale+1-100)
		}, cookie, false},
		{"GET /metrics", func() string { return "/metrics" }, "Authorization: Bearer " + metricsToken, true},
	} {
		t, err := timeCalls(func() error { return fetch(srv.url(m.path()), m.header) })
		if err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
		t.Name, t.Budget = m.name, m.budget
		res.Measures = append(res.Measures, t)
	}
	res.PeakRSS, err = srv.peakRSSMB()
	return err
}

func adminPassed(rs []adminResult) bool {
	for _, r := range rs {
		if !r.passed() {
			return false
		}
	}
	return true
}

// timeCalls runs call adminWarmup times, then adminRequests times one after
// another, and returns the median and 95th percentile.
func timeCalls(call func() error) (adminTiming, error) {
	for range adminWarmup {
		if err := call(); err != nil {
			return adminTiming{}, err
		}
	}
	ds := make([]time.Duration, 0, adminRequests)
	for range adminRequests {
		start := time.Now()
		if err := call(); err != nil {
			return adminTiming{}, err
		}
		ds = append(ds, time.Since(start))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return adminTiming{P50MS: ms(ds[len(ds)/2]), P95MS: ms(ds[(len(ds)*95+99)/100-1])}, nil
}

// fetch GETs url with header and reads the whole body (a 200 or an error).
func fetch(url, header string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	if k, v, ok := strings.Cut(header, ": "); ok {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return nil
}

// printAdmin writes the admin tables, each median beside its budget.
func printAdmin(out io.Writer, rs []adminResult) {
	for _, r := range rs {
		fmt.Fprintf(out, "\n%s, admin at %d customers (%d coupons; seeded in %.0f s; server peak RSS %.0f MB), %d requests one at a time\n",
			r.Engine, r.Scale, r.Coupons, r.SeedS, r.PeakRSS, adminRequests)
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "endpoint\tp50 ms\tp95 ms\tbudget\t\t")
		for _, m := range r.Measures {
			budget, verdict := "—", ""
			if m.Budget {
				budget, verdict = fmt.Sprintf("p50 ≤ %.0f", adminBudgetMS), "pass"
				if !m.passed() {
					verdict = "FAIL"
				}
			}
			fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%s\t%s\t\n", m.Name, m.P50MS, m.P95MS, budget, verdict)
		}
		tw.Flush()
	}
}
