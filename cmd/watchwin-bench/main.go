// Command watchwin-bench measures watchwin's hot paths against a reference
// server on the same machine, in the same run, and checks the performance
// budgets of docs/performance.md#performance. `make bench` runs it:
//
//	watchwin-bench [-bin bin/watchwin] [-out bin/bench.json] [-duration 10s] [-runs 3] [-cpuprofile file]
//	               [-scale 100000] [-admin-only] [-video=true] [-video-only] [-video-viewers 500]
//	               [-video-play 60s] [-video-transcode 10m]
//	watchwin-bench -lighthouse bench/lighthouse [-lighthouse-out bin/lighthouse] [-lighthouse-runs 3]
//
// For each engine (SQLite always; PostgreSQL too when
// WATCHWIN_BENCH_DATABASE_URL is set) it seeds a new database, starts the
// real binary on it, times start → /healthz, loads the public webinar list,
// one webinar's detail and a signed-in session with wrk (50 connections,
// after a warm-up, median of the runs), loads a minimal net/http server
// that sends the list's exact bytes from memory, reads the server's peak
// RSS, and drives purchase fulfilment through the payment service with the
// built-in test provider. It prints one row per measure, each with its
// budget and pass or fail, and writes them all as JSON.
//
// With -scale N it then seeds a store of N customers on each engine (a
// third of them paid, with coupons) and times every admin list and search
// one request at a time against a 20 ms median budget (adminbench.go).
//
// With -video (the default) it serves an uploaded video's segments from
// local storage to 500 viewers on each engine, at playback speed and as fast
// as they can against http.FileServer on the same files; -video-transcode D
// times the transcode of a generated 1080p source of length D into the whole
// ladder (videobench.go). Both need ffmpeg.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// DatabaseURLEnv points a second round of the benchmark at PostgreSQL.
const DatabaseURLEnv = "WATCHWIN_BENCH_DATABASE_URL"

type options struct {
	bin      string
	out      string
	duration time.Duration
	warmup   time.Duration
	runs     int
	conns    int
	threads  int
	// cpuprofile, when set, is where the fulfilment run's CPU profile goes
	// (one file per engine: cpuprofile.sqlite, cpuprofile.postgres).
	cpuprofile string
	// scale, when above 0, adds the admin bench on a store of that many
	// customers (adminbench.go).
	scale     int
	adminOnly bool // only the admin bench
	keep      bool // keep the admin bench's store (to read its query plans)
	// lighthouse, when set, is the folder of Lighthouse's package.json: the
	// bench then audits the public pages instead (lighthouse.go).
	lighthouse string
	lhOut      string
	lhRuns     int
	// video runs the own-video bench: videoViewers viewers, videoPlay at
	// playback speed; videoTranscode > 0 adds the transcode of a 1080p
	// source that long (make bench: 10m).
	video          bool
	videoOnly      bool
	videoViewers   int
	videoPlay      time.Duration
	videoTranscode time.Duration
	serveFiles     string // internal: be the reference file server of this folder (videobench.go)
}

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})))
	var o options
	flag.StringVar(&o.bin, "bin", "bin/watchwin", "the watchwin binary to measure")
	flag.StringVar(&o.out, "out", "bin/bench.json", "where to write the results as JSON")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "length of each measured wrk run")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "length of the warm-up before each endpoint's runs")
	flag.IntVar(&o.runs, "runs", 3, "measured runs per endpoint (the median is reported)")
	flag.IntVar(&o.conns, "connections", 50, "wrk connections")
	flag.IntVar(&o.threads, "threads", 2, "wrk threads")
	flag.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the fulfilment run to `file`.<engine> (go tool pprof)")
	flag.IntVar(&o.scale, "scale", 0, "also time the admin lists and searches on a store of this many customers (0: skip; make bench: 100000)")
	flag.BoolVar(&o.adminOnly, "admin-only", false, "run only the admin bench (with -scale)")
	flag.BoolVar(&o.keep, "keep", false, "keep the admin bench's store (SQLite folder, PostgreSQL schema) and print where")
	flag.StringVar(&o.lighthouse, "lighthouse", "", "audit the public pages with the Lighthouse installed in this folder instead (make bench: bench/lighthouse)")
	flag.StringVar(&o.lhOut, "lighthouse-out", "bin/lighthouse", "where to write the Lighthouse reports")
	flag.IntVar(&o.lhRuns, "lighthouse-runs", 3, "Lighthouse runs per page (the median is reported)")
	flag.BoolVar(&o.video, "video", true, "serve an uploaded video's segments to -video-viewers viewers (needs ffmpeg)")
	flag.BoolVar(&o.videoOnly, "video-only", false, "run only the own-video bench (and the transcode, with -video-transcode)")
	flag.IntVar(&o.videoViewers, "video-viewers", 500, "concurrent viewers of the own-video bench")
	flag.DurationVar(&o.videoPlay, "video-play", time.Minute, "length of the own-video bench's playback-speed phase")
	flag.DurationVar(&o.videoTranscode, "video-transcode", 0, "also time the transcode of a generated 1080p source this long (0: skip; make bench: 10m)")
	flag.StringVar(&o.serveFiles, "serve-files", "", "internal: serve this folder with http.FileServer (the own-video bench's reference)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	runBench := run
	if o.serveFiles != "" {
		runBench = func(ctx context.Context, o options) error { return serveFiles(ctx, o.serveFiles) }
	} else if o.lighthouse != "" {
		runBench = runLighthouse
	}
	if err := runBench(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "watchwin-bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	onlyOne := o.adminOnly || o.videoOnly
	if _, err := exec.LookPath("wrk"); err != nil && !onlyOne {
		return errors.New("wrk is not installed: apt-get install -y wrk")
	}
	videos := !o.adminOnly && (o.video || o.videoOnly || o.videoTranscode > 0)
	if videos {
		if err := checkVideoOptions(o); err != nil {
			return err
		}
	}
	if _, err := os.Stat(o.bin); err != nil {
		return fmt.Errorf("%s: %w (make go-build first)", o.bin, err)
	}
	engines := []string{""}
	if u := os.Getenv(DatabaseURLEnv); u != "" {
		engines = append(engines, u)
	}
	rep := report{Machine: machine(), Started: time.Now().UTC(), Connections: o.conns,
		Duration: o.duration.String(), Runs: o.runs}
	for _, url := range engines {
		if onlyOne {
			break
		}
		res, err := benchEngine(ctx, o, url)
		if err != nil {
			return err
		}
		rep.Engines = append(rep.Engines, res)
	}
	var admins []adminResult
	for _, url := range engines {
		if o.scale <= 0 || o.videoOnly {
			break
		}
		res, err := benchAdmin(ctx, o, url, o.scale)
		if err != nil {
			return fmt.Errorf("admin bench: %w", err)
		}
		admins = append(admins, res)
	}
	if videos {
		if err := runVideo(ctx, o, engines, &rep); err != nil {
			return fmt.Errorf("video bench: %w", err)
		}
	}
	rep.print(os.Stdout)
	printAdmin(os.Stdout, admins)
	printVideo(os.Stdout, rep.Video, rep.Transcode)
	rep.Admin = admins
	if err := rep.write(o.out); err != nil {
		return err
	}
	fmt.Printf("\nresults written to %s\n", o.out)
	if !rep.passed() || !adminPassed(admins) {
		return errors.New("some budgets are not met (rows marked FAIL)")
	}
	return nil
}
