// Package cluster runs several instances of the real watchwin binary on one
// PostgreSQL database, as a store that outgrew one machine does, with a
// round-robin reverse proxy in front of them: the cluster test
// (cmd/watchwin/cluster_test.go) and the browser test's launcher
// (cmd/watchwin-cluster) use it.
package cluster

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"

	"watchwin/internal/testutil/testbin"
)

// Options describe the instances to start.
type Options struct {
	Binary      string // the watchwin binary
	DatabaseURL string // postgres://… shared by every instance
	Instances   int
	DataDir     string // each instance gets DataDir/instance-N (stored images)
	// BaseURL is the public address (the proxy's), used in e-mail links.
	BaseURL string
	// Env is added to every instance's environment (after the defaults).
	Env []string
	// Log receives instance i's log (JSON lines); nil discards it.
	Log func(i int) io.Writer
}

// Cluster is the running instances.
type Cluster struct {
	URLs []string // each instance's http://host:port
	cmds []*exec.Cmd
}

// Start starts every instance at the same moment (so their migrations run
// concurrently, under the lock) and returns once each answers /readyz.
func Start(ctx context.Context, o Options) (*Cluster, error) {
	c := &Cluster{}
	for i := range o.Instances {
		addr, err := testbin.LoopbackAddr()
		if err != nil {
			return nil, err
		}
		dir := fmt.Sprintf("%s/instance-%d", o.DataDir, i)
		cmd := exec.Command(o.Binary, "serve", "--addr", addr, "--data-dir", dir)
		cmd.Env = append(os.Environ(),
			"WATCHWIN_DATABASE_URL="+o.DatabaseURL,
			"WATCHWIN_BASE_URL="+o.BaseURL,
			"WATCHWIN_LOG_FORMAT=json",
			// The proxy (and the tests, naming a client per buyer in
			// X-Forwarded-For) connect from loopback.
			"WATCHWIN_TRUSTED_PROXIES=127.0.0.1",
			"WATCHWIN_SMTP_URL=", "WATCHWIN_STORAGE_URL=", "WATCHWIN_REQUIRE_EMAIL_CONFIRMATION=false",
			"STRIPE_SECRET_KEY=", "STRIPE_PUBLISHABLE_KEY=", "STRIPE_WEBHOOK_SECRET=")
		cmd.Env = append(cmd.Env, o.Env...)
		if o.Log != nil {
			w := o.Log(i)
			cmd.Stdout, cmd.Stderr = w, w
		}
		if err := cmd.Start(); err != nil {
			c.Stop()
			return nil, err
		}
		c.cmds = append(c.cmds, cmd)
		c.URLs = append(c.URLs, "http://"+addr)
	}
	for _, u := range c.URLs {
		if err := testbin.WaitReady(ctx, u, 60*time.Second); err != nil {
			c.Stop()
			return nil, err
		}
	}
	return c, nil
}

// Stop asks every instance to stop (SIGTERM: they drain their requests)
// and waits for them, killing any still running after 20 s.
func (c *Cluster) Stop() {
	for _, cmd := range c.cmds {
		_ = cmd.Process.Signal(syscall.SIGTERM)
	}
	for _, cmd := range c.cmds {
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}
	c.cmds = nil
}

// InstanceHeader names, in every answer through Proxy, the instance (0, 1,
// …) that gave it, so a test can see its requests were spread.
const InstanceHeader = "X-Watchwin-Instance"

// Proxy is a reverse proxy that sends each request to the next instance in
// turn, as a round-robin load balancer does. It keeps the Host the client
// asked for (the instances compare it with Origin) and appends the client
// to X-Forwarded-For.
func (c *Cluster) Proxy() http.Handler {
	targets := make([]*url.URL, len(c.URLs))
	index := map[string]int{}
	for i, s := range c.URLs {
		targets[i], _ = url.Parse(s)
		index[targets[i].Host] = i
	}
	var next atomic.Uint64
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			target := targets[int(next.Add(1)-1)%len(targets)]
			pr.SetURL(target)
			pr.Out.Host = pr.In.Host
			pr.Out.Header["X-Forwarded-For"] = pr.In.Header["X-Forwarded-For"]
			pr.SetXForwarded()
		},
		ModifyResponse: func(res *http.Response) error {
			res.Header.Set(InstanceHeader, strconv.Itoa(index[res.Request.URL.Host]))
			return nil
		},
	}
}
