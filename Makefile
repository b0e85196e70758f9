# watchwin: `make run` to start the app with demo content, `make test` to run every test.
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GOFLAGS_BUILD := -trimpath -ldflags "-s -w -X main.version=$(VERSION)"
# The Go packages: not ./..., which would reach into web/node_modules (some npm
# packages ship Go files).
GO_PKGS := ./cmd/... ./internal/... ./web
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || echo /usr/bin/chromium)

.PHONY: run build web go-build test test-go test-web test-e2e lint lint-tools fuzz bench loadtest deps clean

## run: install what is missing, build everything, serve with demo content on http://127.0.0.1:8080
run: build
	./bin/watchwin serve --demo

## build: the SPA, then bin/watchwin with the SPA embedded
build: web go-build

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && (npm ci --no-audit --no-fund || npm ci --no-audit --no-fund)

bench/lighthouse/node_modules/.package-lock.json: bench/lighthouse/package-lock.json
	cd bench/lighthouse && (npm ci --no-audit --no-fund || npm ci --no-audit --no-fund)

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && (npm ci --no-audit --no-fund || npm ci --no-audit --no-fund)

deps: web/node_modules/.package-lock.json e2e/node_modules/.package-lock.json
	go mod download

# The SPA's build, redone only when a source changed: test-go, test-web and
# test-e2e all need it, and each build costs about a minute.
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts web/scripts/paint.mjs \
	web/package.json $(wildcard web/tsconfig*.json)
web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

web: web/dist/index.html

go-build:
	CGO_ENABLED=0 go build $(GOFLAGS_BUILD) -o bin/watchwin ./cmd/watchwin

## test: Go tests (SQLite, and PostgreSQL when WATCHWIN_TEST_DATABASE_URL is set), a short fuzz run, SPA unit tests, browser tests, static analysis
test: test-go fuzz test-web test-e2e lint

# Static analysers at pinned versions, built from tools/lint's own module
# (docs/testing.md#static-analysis says why gosec is v2.20.0).
bin/gosec bin/staticcheck &: tools/lint/go.mod tools/lint/go.sum
	cd tools/lint && go build -o ../../bin/gosec github.com/securego/gosec/v2/cmd/gosec && \
		go build -o ../../bin/staticcheck honnef.co/go/tools/cmd/staticcheck

lint-tools: bin/gosec bin/staticcheck

## lint: staticcheck on every Go package, gosec on the shipped server's (the bench, load and cluster
## tools and the test helpers run only on a developer's machine), npm audit of the SPA's shipped dependencies
# (gosec type-checks ./web, which embeds web/dist: `make build` first, as `make test` does.)
lint: lint-tools
	./bin/staticcheck $(GO_PKGS)
	./bin/gosec -quiet -exclude-generated -exclude-dir=internal/testutil -exclude-dir=internal/mail/mailtest ./cmd/watchwin/... ./internal/... ./web
	@cd web && out=$$(npm audit --omit=dev 2>&1); status=$$?; \
	if [ $$status -eq 0 ]; then echo "npm audit: no known-vulnerable dependency in the shipped SPA"; \
	elif echo "$$out" | grep -qiE 'audit endpoint|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|network|403|404|Forbidden|not found'; then \
		echo "npm audit: skipped, the registry's audit service cannot be reached from here:"; echo "$$out" | tail -3; \
	else echo "$$out"; exit 1; fi

bin/stripe-mock:
	GOBIN=$(CURDIR)/bin go install github.com/stripe/stripe-mock@v0.203.0

# versitygw: a real S3 server (it serves a folder) for the S3 storage tests.
# Built from the Go module proxy, once; the Go build cache keeps later builds short.
VERSITYGW_VERSION := v1.8.0
bin/versitygw:
	GOBIN=$(CURDIR)/bin go install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)

test-go: web bin/stripe-mock bin/versitygw
	@unformatted=$$(gofmt -l cmd internal web/*.go); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	go vet $(GO_PKGS)
	@# -timeout: the money-path proofs now run per gateway and per engine (internal/payment), beyond go test's 10-minute default on 2 cores.
	go test -count=1 -timeout 30m $(GO_PKGS)

# Fuzz targets (package:target): go fuzzes one target per package per run.
# Their seed corpora (f.Add and testdata/fuzz/<target>/) also run in every `go test`.
FUZZ_TARGETS := \
	internal/webinar:FuzzExtractVideoID \
	internal/media:FuzzSanitizeName \
	internal/media:FuzzValidPath \
	internal/coupon:FuzzCouponSearch \
	internal/registration:FuzzSpans \
	internal/video:FuzzParseCaptions \
	internal/app:FuzzAPIBodies \
	internal/app:FuzzServedPaths
# A count, not a duration: Go 1.26's fuzzer can fail a duration-bounded run with a bare
# "context deadline exceeded" on a busy machine (go.dev/issue/75804); a count has no deadline.
FUZZTIME ?= 300x

## fuzz: run each fuzz target for FUZZTIME (300 inputs; e.g. make fuzz FUZZTIME=5m to search longer); a finding is saved in the package's testdata/fuzz
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "fuzz: $${t#*:} ($${t%%:*}, $(FUZZTIME))"; \
		go test ./$${t%%:*} -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime=$(FUZZTIME); \
	done

# After the unit tests, the JavaScript budget of a first visit to / (needs the build: web).
test-web: web
	cd web && npx tsc -b && npx vitest run && npx eslint . && node scripts/check-bundle.mjs

test-e2e: build e2e/node_modules/.package-lock.json
	@test -x "$(CHROMIUM)" || { echo "Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM=/path/to/chromium)"; exit 1; }
	cd e2e && npx tsc --noEmit && CHROMIUM="$(CHROMIUM)" npx playwright test

## loadtest: k6 drives 100 virtual users through the buying journey for 60 s against bin/watchwin
## on SQLite (and PostgreSQL when WATCHWIN_LOADTEST_DATABASE_URL or WATCHWIN_TEST_DATABASE_URL is
## set), then checks the money invariants; not part of `make test`. LOADTEST_DURATION=10s for a short try.
K6_VERSION := v1.8.1
bin/k6:
	GOBIN=$(CURDIR)/bin go install go.k6.io/k6@$(K6_VERSION)

loadtest: go-build bin/k6
	go run ./cmd/loadtest -watchwin bin/watchwin -k6 bin/k6 -script loadtest/journey.js

## bench: the hot paths under wrk against a reference server, the budgets, the admin lists
## and searches on a store of BENCH_SCALE customers, an uploaded video's segments served to 500
## viewers and the transcode of a BENCH_TRANSCODE-long 1080p source (0 skips it), and the Go
## benchmarks (throughput and timings live here, not in unit tests). Needs wrk and ffmpeg
## (apt-get install -y wrk ffmpeg).
## WATCHWIN_BENCH_DATABASE_URL=postgres://… repeats it on PostgreSQL; BENCH_SCALE=0 skips the big store.
## Then Lighthouse audits the five public pages (median of 3, budgets beside; reports in bin/lighthouse).
BENCH_SCALE ?= 100000
BENCH_TRANSCODE ?= 10m
bench: build bench/lighthouse/node_modules/.package-lock.json
	@command -v wrk >/dev/null || { echo "make bench needs wrk: apt-get install -y wrk"; exit 1; }
	@command -v ffmpeg >/dev/null || { echo "make bench needs ffmpeg: apt-get install -y ffmpeg"; exit 1; }
	CGO_ENABLED=0 go build -o bin/watchwin-bench ./cmd/watchwin-bench
	./bin/watchwin-bench -bin bin/watchwin -out bin/bench.json -scale $(BENCH_SCALE) -video-transcode $(BENCH_TRANSCODE); status=$$?; \
	CHROMIUM="$(CHROMIUM)" ./bin/watchwin-bench -bin bin/watchwin -lighthouse bench/lighthouse -lighthouse-out bin/lighthouse || status=1; \
	go test -run '^$$' -bench . -benchmem $(GO_PKGS) && exit $$status

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/dist/.paint web/ssr e2e/test-results e2e/playwright-report
