// Command loadtest drives bin/watchwin with k6 (loadtest/journey.js) and then
// checks the money invariants in its database. `make loadtest` runs it:
//
//	go run ./cmd/loadtest [-watchwin bin/watchwin] [-k6 bin/k6] [-script loadtest/journey.js]
//
// It runs on SQLite, then on PostgreSQL when WATCHWIN_LOADTEST_DATABASE_URL
// (or else WATCHWIN_TEST_DATABASE_URL) names a server; each PostgreSQL run
// gets its own schema, dropped afterwards. LOADTEST_DURATION (60s),
// LOADTEST_VUS (100), LOADTEST_RAMP (10s, over which the visitors arrive)
// and LOADTEST_THINK (1, the mean seconds a visitor waits between steps)
// shape the run. For each engine it prints the requests,
// the unexpected answers by status, p50/p99 latency and the invariants, and
// it exits non-zero on any 5xx, any unexpected answer or any broken invariant.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil/testbin"
)

func main() {
	watchwin := flag.String("watchwin", "bin/watchwin", "the watchwin binary under test")
	k6 := flag.String("k6", "bin/k6", "the k6 binary")
	script := flag.String("script", "loadtest/journey.js", "the k6 journey")
	flag.Parse()
	run := runner{
		watchwin: *watchwin, k6: *k6, script: *script,
		duration: env("LOADTEST_DURATION", "60s"),
		vus:      env("LOADTEST_VUS", "100"),
		think:    env("LOADTEST_THINK", "1"),
		ramp:     env("LOADTEST_RAMP", "10s"),
	}
	if err := run.validate(); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	pg := os.Getenv("WATCHWIN_LOADTEST_DATABASE_URL")
	if pg == "" {
		pg = os.Getenv("WATCHWIN_TEST_DATABASE_URL")
	}
	engines := []db.Engine{db.SQLite}
	if pg != "" {
		engines = append(engines, db.Postgres)
	} else {
		fmt.Println("loadtest: WATCHWIN_LOADTEST_DATABASE_URL (or WATCHWIN_TEST_DATABASE_URL) is not set: PostgreSQL is not load-tested")
	}
	failed := false
	for _, e := range engines {
		ok, err := run.engine(context.Background(), e, pg)
		if err != nil {
			fmt.Fprintf(os.Stderr, "loadtest %s: %v\n", e, err)
			ok = false
		}
		failed = failed || !ok
	}
	if failed {
		fmt.Println("\nloadtest: FAILED")
		os.Exit(1)
	}
	fmt.Println("\nloadtest: passed (0 5xx, 0 unexpected answers, every invariant held)")
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

type runner struct {
	watchwin, k6, script       string
	duration, vus, think, ramp string
}

func (r runner) validate() error {
	d, err := time.ParseDuration(r.duration)
	if err != nil || d < time.Second {
		return fmt.Errorf("LOADTEST_DURATION %q: want a Go duration of at least 1s, such as 60s", r.duration)
	}
	if d, err := time.ParseDuration(r.ramp); err != nil || d < 0 {
		return fmt.Errorf("LOADTEST_RAMP %q: want a Go duration, such as 10s", r.ramp)
	}
	if n, err := strconv.Atoi(r.vus); err != nil || n < 1 {
		return fmt.Errorf("LOADTEST_VUS %q: want a whole number ≥ 1", r.vus)
	}
	if f, err := strconv.ParseFloat(r.think, 64); err != nil || f < 0 {
		return fmt.Errorf("LOADTEST_THINK %q: want seconds ≥ 0", r.think)
	}
	for _, f := range []string{r.watchwin, r.k6, r.script} {
		if _, err := os.Stat(f); err != nil {
			return fmt.Errorf("%s is missing (make loadtest builds bin/watchwin and installs bin/k6)", f)
		}
	}
	return nil
}

// engine runs one load test on a new database of engine e and reports it;
// ok is false when anything failed.
func (r runner) engine(ctx context.Context, e db.Engine, pgBase string) (ok bool, err error) {
	dir, err := os.MkdirTemp("", "watchwin-loadtest-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	dataDir := filepath.Join(dir, "data")
	dbURL := ""
	if e == db.Postgres {
		var drop func()
		dbURL, drop, err = db.NewSchema(ctx, pgBase, "loadtest_")
		if err != nil {
			return false, err
		}
		defer drop()
	}

	addr, err := testbin.LoopbackAddr()
	if err != nil {
		return false, err
	}
	base := "http://" + addr
	serverEnv := append(os.Environ(),
		"WATCHWIN_DATABASE_URL="+dbURL, "WATCHWIN_DATA_DIR="+dataDir, "WATCHWIN_ADDR="+addr,
		"WATCHWIN_BASE_URL="+base, "WATCHWIN_TRUSTED_PROXIES=127.0.0.1", "WATCHWIN_SEAT_HOLD_MINUTES=1",
		"WATCHWIN_SMTP_URL=", "WATCHWIN_REQUIRE_EMAIL_CONFIRMATION=false",
		"STRIPE_SECRET_KEY=", "STRIPE_PUBLISHABLE_KEY=", "STRIPE_WEBHOOK_SECRET=")
	adminPass := strings.ToLower(rand.Text())
	add := exec.CommandContext(ctx, r.watchwin, "user", "add", "--email", "loadtest-admin@example.com",
		"--password", adminPass, "--role", "admin")
	add.Env = serverEnv
	if out, err := add.CombinedOutput(); err != nil {
		return false, fmt.Errorf("watchwin user add: %v\n%s", err, out)
	}

	logPath := filepath.Join(dir, "server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return false, err
	}
	defer logFile.Close()
	server := exec.Command(r.watchwin, "serve")
	server.Env = serverEnv
	server.Stdout, server.Stderr = logFile, logFile
	if err := server.Start(); err != nil {
		return false, err
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			_ = server.Process.Signal(syscall.SIGTERM)
			_ = server.Wait()
		}
	}
	defer stop()
	if err := testbin.WaitReady(ctx, base, 20*time.Second); err != nil {
		return false, err
	}
	seeds, err := seed(base, adminPass, r.duration)
	if err != nil {
		return false, fmt.Errorf("seed: %w", err)
	}

	fmt.Printf("\n== %s: %s virtual users (arriving over %s) for %s, mean think time %s s, %d late payers ==\n",
		e, r.vus, r.ramp, r.duration, r.think, len(seeds.late))
	summaryPath := filepath.Join(dir, "summary.json")
	k6 := exec.CommandContext(ctx, r.k6, "run", "--quiet", "--no-usage-report", r.script)
	k6.Env = append(os.Environ(), "BASE_URL="+base, "SUMMARY_FILE="+summaryPath,
		"LOADTEST_DURATION="+r.duration, "LOADTEST_RAMP="+r.ramp, "LOADTEST_VUS="+r.vus, "LOADTEST_THINK="+r.think,
		"WEBINARS_LARGE="+strings.Join(seeds.large, ","), "WEBINARS_SMALL="+strings.Join(seeds.small, ","),
		"WEBINARS_LATE="+strings.Join(seeds.late, ","))
	var k6Log bytes.Buffer
	k6.Stdout, k6.Stderr = &k6Log, &k6Log
	k6Err := k6.Run()
	stop()

	sum, err := readSummary(summaryPath)
	if err != nil {
		return false, fmt.Errorf("k6 (%v): %w\n%s", k6Err, err, tail(k6Log.String(), 40))
	}
	ok = sum.report(os.Stdout)
	if k6Err != nil {
		fmt.Printf("k6 exited with %v:\n%s\n", k6Err, tail(k6Log.String(), 40))
		ok = false
	} else if sum.unexpected() > 0 {
		fmt.Printf("unexpected answers, one of each kind (k6 log):\n%s", firstOfEachKind(k6Log.String()))
	}

	d, err := db.Open(ctx, dbURL, dataDir)
	if err != nil {
		return false, err
	}
	defer d.Close()
	t, err := countRows(ctx, d)
	if err != nil {
		return false, err
	}
	fmt.Printf("database            %d webinars, %d paid seats, %d coupons, %d succeeded / %d refunded / %d open payments\n",
		t.webinars, t.seatsPaid, t.coupons, t.succeeded, t.refunded, t.open)
	results, err := checkInvariants(ctx, d)
	if err != nil {
		return false, err
	}
	fmt.Println("invariants")
	for _, res := range results {
		mark := "ok"
		if res.broken > 0 {
			mark = fmt.Sprintf("BROKEN (%d rows)", res.broken)
			ok = false
		}
		fmt.Printf("  %-72s %s\n", res.name, mark)
	}
	if lines := panics(logPath); len(lines) > 0 {
		fmt.Printf("server log: %d panics or internal errors, first: %s\n", len(lines), lines[0])
		ok = false
	}
	return ok, nil
}

// seeds are the webinars the journey buys from.
type seeds struct {
	large, small, late []string
}

// seed creates, through the admin API, webinars with seats for everyone,
// small ones that sell out, and (for runs of 60 s or more) one-seat
// webinars for the late payers.
func seed(base, adminPass, duration string) (seeds, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	post := func(path string, body any, want int, out any) error {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", base)
		res, err := c.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		if res.StatusCode != want {
			return fmt.Errorf("POST %s: %d: %.300s", path, res.StatusCode, data)
		}
		if out != nil {
			return json.Unmarshal(data, out)
		}
		return nil
	}
	if err := post("/api/auth/login", map[string]string{"email": "loadtest-admin@example.com", "password": adminPass}, 200, nil); err != nil {
		return seeds{}, err
	}
	create := func(title string, seats int, price float64) (string, error) {
		var w struct{ ID string }
		err := post("/api/admin/webinars", map[string]any{
			"title": title, "description": "Seeded by the load test.",
			"event_datetime": time.Now().Add(14 * 24 * time.Hour).UTC().Format(time.RFC3339),
			"display_price":  price, "total_seats": seats, "youtube_video_id": "dQw4w9WgXcQ", "is_active": true,
		}, 201, &w)
		return w.ID, err
	}
	var s seeds
	for i, spec := range []struct {
		list  *[]string
		n     int
		title string
		seats int
		price float64
	}{
		{&s.large, 4, "Load test open class", 100000, 40},
		{&s.small, 3, "Load test small class", 5, 25.5},
	} {
		for j := range spec.n {
			id, err := create(fmt.Sprintf("%s %d.%d", spec.title, i, j), spec.seats, spec.price)
			if err != nil {
				return s, err
			}
			*spec.list = append(*spec.list, id)
		}
	}
	if d, _ := time.ParseDuration(duration); d >= time.Minute {
		for j := range 4 {
			id, err := create(fmt.Sprintf("Load test one-seat class %d", j), 1, 30)
			if err != nil {
				return s, err
			}
			s.late = append(s.late, id)
		}
	}
	return s, nil
}

// summary is the part of k6's end-of-test summary (handleSummary's data)
// the report reads.
type summary struct {
	State struct {
		TestRunDurationMs float64 `json:"testRunDurationMs"`
	} `json:"state"`
	Metrics map[string]struct {
		Values map[string]float64 `json:"values"`
	} `json:"metrics"`
}

func readSummary(path string) (summary, error) {
	var s summary
	b, err := os.ReadFile(path)
	if err != nil {
		return s, err
	}
	return s, json.Unmarshal(b, &s)
}

func (s summary) value(metric, key string) float64 {
	return s.Metrics[metric].Values[key]
}

// byStatus returns the counters named prefix+status that are non-zero, by
// status.
func (s summary) byStatus(prefix string) (keys []string, counts map[string]int) {
	counts = map[string]int{}
	for name, m := range s.Metrics {
		if status, ok := strings.CutPrefix(name, prefix); ok && m.Values["count"] > 0 {
			counts[status] = int(m.Values["count"])
			keys = append(keys, status)
		}
	}
	slices.Sort(keys)
	return keys, counts
}

func (s summary) unexpected() int {
	_, counts := s.byStatus("unexpected_")
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// report prints the run's figures; false when a 5xx, an unexpected answer
// or a failed check was seen.
func (s summary) report(w io.Writer) bool {
	ok := true
	secs := s.State.TestRunDurationMs / 1000
	reqs := s.value("http_reqs", "count")
	fmt.Fprintf(w, "requests            %.0f in %.0f s (%.1f/s), %.0f journeys started\n",
		reqs, secs, reqs/max(secs, 1), s.value("iterations", "count"))
	fmt.Fprintf(w, "outcomes            %.0f coupons bought, %.0f sold out, %.0f late payments refunded (%.0f seats bought after their hold lapsed)\n",
		s.value("journey_coupons", "count"), s.value("journey_sold_out", "count"),
		s.value("journey_refunded", "count"), s.value("late_payer_coupons", "count"))
	fmt.Fprintf(w, "latency (all)       p50 %s  p99 %s  max %s\n",
		ms(s.value("http_req_duration", "med")), ms(s.value("http_req_duration", "p(99)")), ms(s.value("http_req_duration", "max")))
	for _, step := range []string{"signup", "login", "webinars", "register", "watched", "start_payment", "pay_card", "confirm", "coupon", "dashboard"} {
		m := "step_" + step
		if _, seen := s.Metrics[m]; seen {
			fmt.Fprintf(w, "  %-17s p50 %s  p99 %s\n", step, ms(s.value(m, "med")), ms(s.value(m, "p(99)")))
		}
	}
	keys, counts := s.byStatus("responses_")
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %d", k, counts[k]))
		if strings.HasPrefix(k, "5") || k == "0" || k == "other" {
			ok = false
		}
	}
	fmt.Fprintf(w, "responses by status %s\n", strings.Join(parts, ", "))
	keys, counts = s.byStatus("unexpected_")
	if len(keys) == 0 {
		fmt.Fprintln(w, "errors by status    none (every answer was one the journey expects)")
	} else {
		parts = parts[:0]
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s: %d", k, counts[k]))
		}
		fmt.Fprintf(w, "errors by status    %s (status 0: no answer)\n", strings.Join(parts, ", "))
		ok = false
	}
	if fails := s.value("checks", "fails"); fails > 0 {
		fmt.Fprintf(w, "checks              %.0f failed of %.0f\n", fails, fails+s.value("checks", "passes"))
		ok = false
	}
	return ok
}

func ms(v float64) string {
	if v >= 1000 {
		return fmt.Sprintf("%.2f s", v/1000)
	}
	return fmt.Sprintf("%.1f ms", v)
}

// panics returns the server log's lines that report a panic or an internal
// error.
func panics(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for line := range strings.Lines(string(b)) {
		if strings.Contains(line, "panic") || strings.Contains(line, "level=ERROR") {
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// firstOfEachKind returns the first k6 log line of each step and status
// the journey did not expect ("signup: POST /api/auth/signup answered 503: …").
func firstOfEachKind(log string) string {
	seen := map[string]bool{}
	var b strings.Builder
	for line := range strings.Lines(log) {
		_, msg, ok := strings.Cut(line, `msg="`)
		if !ok || !strings.Contains(msg, " answered ") {
			continue
		}
		step, _, _ := strings.Cut(msg, ":")
		_, rest, _ := strings.Cut(msg, " answered ")
		status, _, _ := strings.Cut(rest, ":")
		if key := step + " " + status; !seen[key] {
			seen[key] = true
			fmt.Fprintf(&b, "  %s", strings.TrimSuffix(strings.TrimSpace(msg), `\n" source=console`)+"\n")
		}
	}
	return b.String()
}
