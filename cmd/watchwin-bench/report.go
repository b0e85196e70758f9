package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"
)

// The budgets (docs/performance.md#performance), on this 2-core machine with wrk
// sharing the cores.
const (
	listRatioSQLite   = 0.5 // list req/s ÷ reference req/s
	listRatioPostgres = 0.25
	listP99MS         = 10.0  // SQLite
	fulfilPerSecond   = 500.0 // SQLite
	peakRSSMB         = 40.0
	readyMS           = 200.0
)

// check is one budget: the measure, the limit and whether it holds.
type check struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Limit  string  `json:"limit"`
	Passed bool    `json:"passed"`
}

func budgets(r engineResult) []check {
	list := r.Endpoints[1]
	ratio := listRatioSQLite
	if r.Engine == "postgres" {
		ratio = listRatioPostgres
	}
	cs := []check{
		{"list req/s ÷ reference", list.Ratio, fmt.Sprintf("≥ %.2f", ratio), list.Ratio >= ratio},
	}
	if r.Engine == "sqlite" {
		cs = append(cs,
			check{"list p99 (ms)", list.P99MS, fmt.Sprintf("≤ %.0f (reference's: %.1f)", listP99MS, r.Endpoints[0].P99MS), list.P99MS <= listP99MS},
			check{"fulfilments/s", r.Fulfilment.PerSecond, fmt.Sprintf("≥ %.0f", fulfilPerSecond), r.Fulfilment.PerSecond >= fulfilPerSecond})
	}
	cs = append(cs,
		check{"oversold seats", float64(r.Fulfilment.Oversold), "= 0", r.Fulfilment.Oversold == 0},
		check{"coupons ≠ fulfilments", float64(r.Fulfilment.Mismatch), "= 0", r.Fulfilment.Mismatch == 0},
		check{"peak RSS during list (MB)", r.PeakRSSMB, fmt.Sprintf("≤ %.0f", peakRSSMB), r.PeakRSSMB <= peakRSSMB},
		check{"ready after start (ms)", r.ReadyMS, fmt.Sprintf("≤ %.0f", readyMS), r.ReadyMS <= readyMS},
	)
	return cs
}

type report struct {
	Machine     string         `json:"machine"`
	Started     time.Time      `json:"started"`
	Connections int            `json:"connections"`
	Duration    string         `json:"duration"`
	Runs        int            `json:"runs"`
	Engines     []engineResult `json:"engines"`
	Admin       []adminResult  `json:"admin,omitempty"` // -scale
	// Video is the own-video bench per engine, Transcode the long
	// transcode (-video-transcode); videobench.go.
	Video     []videoResult    `json:"video,omitempty"`
	Transcode *transcodeResult `json:"transcode,omitempty"`
}

func (r report) passed() bool {
	if !videoPassed(r.Video, r.Transcode) {
		return false
	}
	for _, e := range r.Engines {
		for _, c := range e.Checks {
			if !c.Passed {
				return false
			}
		}
	}
	return true
}

func (r report) print(out io.Writer) {
	fmt.Fprintf(out, "\nwatchwin bench, %s; %s × %d runs (median)", r.Machine, r.Duration, r.Runs)
	if len(r.Engines) > 0 {
		fmt.Fprintf(out, ", wrk %d connections", r.Connections)
	}
	fmt.Fprintln(out)
	for _, e := range r.Engines {
		fmt.Fprintf(out, "\n%s\n", e.Engine)
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "endpoint\treq/s\tp50 ms\tp99 ms\t× reference\t")
		for _, ep := range e.Endpoints {
			fmt.Fprintf(tw, "%s\t%.0f\t%.2f\t%.2f\t%.2f\t\n", ep.Name, ep.RPS, ep.P50MS, ep.P99MS, ep.Ratio)
		}
		f := e.Fulfilment
		fmt.Fprintf(tw, "purchase fulfilment (%d workers)\t%.0f\t\t\t\t\n", f.Workers, f.PerSecond)
		tw.Flush()
		fmt.Fprintf(out, "  (%d fulfilled, %d refunded on the contested webinar, in %.2f s)\n", f.Fulfilled, f.Refunded, f.Seconds)
		printChecks(out, e.Checks)
	}
}

// printChecks prints budgets as a table, each passed or FAIL.
func printChecks(out io.Writer, cs []check) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "budget\tvalue\tlimit\t\t")
	for _, c := range cs {
		verdict := "pass"
		if !c.Passed {
			verdict = "FAIL"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", c.Name, trim(c.Value), c.Limit, verdict)
	}
	tw.Flush()
}

func trim(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	return strings.TrimSuffix(strings.TrimSuffix(s, "0"), ".0")
}

func (r report) write(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// machine describes where the numbers come from.
func machine() string {
	model := ""
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores, %s", model, runtime.NumCPU(), runtime.Version())
}
