package app

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"watchwin/internal/apperr"
	"watchwin/internal/httpx"
	"watchwin/internal/payment"
)

// metrics are what GET /metrics reports in the Prometheus text format:
// this instance's requests (by route pattern and status) and their
// latency, the Go runtime and process, and, read from the database at each
// scrape, the store-wide mail outbox backlog and payments by outcome (the
// same on every instance: aggregate those with max, not sum).
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newMetrics(a *App) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "watchwin_http_requests_total",
			Help: "HTTP requests answered by this instance, by route pattern and status.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "watchwin_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
	}
	m.registry.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		storeCollector{a})
	return m
}

// observe records one answered request (httpx.Measure calls it).
func (m *metrics) observe(route string, status int, took time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(took.Seconds())
}

// handler serves the metrics to a scraper that presents the configured
// token (Authorization: Bearer …); without WATCHWIN_METRICS_TOKEN the
// endpoint does not exist, so nothing about the store leaks by default.
func (m *metrics) handler(token string) http.Handler {
	serve := promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if token == "" {
			return apperr.NotFound("Metrics are off: set WATCHWIN_METRICS_TOKEN to turn them on.")
		}
		given := r.Header.Get("Authorization")
		if subtle.ConstantTimeCompare([]byte(given), []byte("Bearer "+token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			return apperr.Unauthenticated("The metrics need the metrics token.")
		}
		serve.ServeHTTP(w, r)
		return nil
	})
}

var (
	outboxDesc = prometheus.NewDesc("watchwin_mail_outbox_backlog",
		"Mail not sent yet (store-wide): pending (to be tried) or failed (given up).", []string{"state"}, nil)
	paymentsDesc = prometheus.NewDesc("watchwin_payments",
		"Payments in the store by outcome (store-wide): open, succeeded, refunded, canceled.", []string{"outcome"}, nil)
)

// storeCollector reads the outbox backlog and the payments by outcome from
// the database when scraped.
type storeCollector struct{ a *App }

func (c storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxDesc
	ch <- paymentsDesc
}

func (c storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if pending, failed, err := c.a.Outbox.Backlog(ctx); err != nil {
		slog.Warn("metrics: outbox backlog", "err", err)
	} else {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(pending), "pending")
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(failed), "failed")
	}
	byStatus, err := c.a.Payments.CountByStatus(ctx)
	if err != nil {
		slog.Warn("metrics: payments", "err", err)
		return
	}
	for _, status := range []string{payment.PaymentOpen, payment.PaymentSucceeded, payment.PaymentRefunded, payment.PaymentCanceled} {
		ch <- prometheus.MustNewConstMetric(paymentsDesc, prometheus.GaugeValue, float64(byStatus[status]), status)
	}
}
