package main

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// target is one endpoint to load.
type target struct {
	Name   string
	URL    string
	Header string // "Name: value", or ""
}

// endpointResult is the median of an endpoint's wrk runs.
type endpointResult struct {
	Name  string   `json:"name"`
	RPS   float64  `json:"rps"`
	P50MS float64  `json:"p50_ms"`
	P99MS float64  `json:"p99_ms"`
	Ratio float64  `json:"ratio_to_reference"`
	Runs  []wrkRun `json:"runs"`
}

type wrkRun struct {
	RPS   float64 `json:"rps"`
	P50MS float64 `json:"p50_ms"`
	P99MS float64 `json:"p99_ms"`
}

// measure warms each target up, then runs wrk on them in turn o.runs
// times (so a reference and the endpoint compared with it see the same
// moments of the machine), and keeps the median of each figure.
func measure(ctx context.Context, o options, ts ...target) ([]endpointResult, error) {
	res := make([]endpointResult, len(ts))
	for i, t := range ts {
		res[i].Name = t.Name
		if _, err := get(t.URL, t.Header); err != nil { // answers 200 before it is loaded
			return nil, err
		}
		if _, err := runWrk(ctx, o, t, o.warmup); err != nil {
			return nil, err
		}
	}
	for range o.runs {
		for i, t := range ts {
			r, err := runWrk(ctx, o, t, o.duration)
			if err != nil {
				return nil, err
			}
			res[i].Runs = append(res[i].Runs, r)
		}
	}
	for i := range res {
		res[i].RPS = medianOf(res[i].Runs, func(r wrkRun) float64 { return r.RPS })
		res[i].P50MS = medianOf(res[i].Runs, func(r wrkRun) float64 { return r.P50MS })
		res[i].P99MS = medianOf(res[i].Runs, func(r wrkRun) float64 { return r.P99MS })
	}
	return res, nil
}

// ratio is the median, over the runs, of r's req/s ÷ the reference's in
// the same round.
func ratio(r, ref endpointResult) float64 {
	v := make([]float64, len(r.Runs))
	for i := range r.Runs {
		v[i] = r.Runs[i].RPS / ref.Runs[i].RPS
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

func runWrk(ctx context.Context, o options, t target, d time.Duration) (wrkRun, error) {
	args := []string{"-t", strconv.Itoa(o.threads), "-c", strconv.Itoa(o.conns),
		"-d", fmt.Sprintf("%ds", max(1, int(d.Round(time.Second).Seconds()))), "--latency"}
	if t.Header != "" {
		args = append(args, "-H", t.Header)
	}
	out, err := exec.CommandContext(ctx, "wrk", append(args, t.URL)...).CombinedOutput()
	if err != nil {
		return wrkRun{}, fmt.Errorf("wrk %s: %v\n%s", t.URL, err, out)
	}
	return parseWrk(string(out))
}

var (
	reRPS     = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	reLatency = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([0-9.]+)(us|ms|s)\s*$`)
	reNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
	reErrors  = regexp.MustCompile(`Socket errors:.*`)
)

// parseWrk reads requests per second and the 50th and 99th percentile
// latencies from wrk --latency's output. Any error response or socket
// error fails the run: a fast error page is not a result.
func parseWrk(out string) (wrkRun, error) {
	var r wrkRun
	if m := reNon2xx.FindStringSubmatch(out); m != nil {
		return r, fmt.Errorf("wrk saw %s error responses:\n%s", m[1], out)
	}
	if m := reErrors.FindString(out); m != "" {
		return r, fmt.Errorf("wrk: %s\n%s", m, out)
	}
	m := reRPS.FindStringSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("no Requests/sec in wrk's output:\n%s", out)
	}
	r.RPS, _ = strconv.ParseFloat(m[1], 64)
	for _, l := range reLatency.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(l[2], 64)
		switch l[3] {
		case "us":
			v /= 1000
		case "s":
			v *= 1000
		}
		if l[1] == "50" {
			r.P50MS = v
		} else {
			r.P99MS = v
		}
	}
	if r.P50MS == 0 || r.P99MS == 0 {
		return r, fmt.Errorf("no latency distribution in wrk's output:\n%s", strings.TrimSpace(out))
	}
	return r, nil
}

func medianOf(runs []wrkRun, f func(wrkRun) float64) float64 {
	v := make([]float64, len(runs))
	for i, r := range runs {
		v[i] = f(r)
	}
	sort.Float64s(v)
	return v[len(v)/2]
}
