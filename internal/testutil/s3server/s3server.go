// Package s3server runs versitygw, a real S3-compatible server that serves
// a folder, for tests of the S3 storage backend. It imports nothing of
// watchwin, so any package's tests can use it.
package s3server

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"watchwin/internal/testutil/testbin"
)

// Version is the versitygw release the Makefile installs (keep them equal).
const Version = "v1.8.0"

// Install is the command that puts versitygw where Start looks first.
const Install = "GOBIN=$PWD/bin go install github.com/versity/versitygw/cmd/versitygw@" + Version

// The keys of the server's root account.
const (
	AccessKey = "watchwin-test"
	SecretKey = "watchwin-test-secret-key"
	Region    = "us-east-1"
)

// Server is a running versitygw.
type Server struct {
	Endpoint string // host:port, plain HTTP, path-style buckets
	Client   *minio.Client
	buckets  atomic.Int64
}

// Start runs versitygw on a free loopback port, serving a temporary folder,
// until the test ends. It finds versitygw as testbin.Find does; without it
// the test is skipped, except under CI=true, where it fails.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := testbin.Find("versitygw")
	if bin == "" {
		testbin.Missing(t, "versitygw not found in bin/ or on PATH; install it from the module root with: "+Install)
	}
	// versitygw listens on the port it is given and does not report one
	// the system chose.
	addr := testbin.FreeAddr(t)

	out := &syncBuffer{}
	cmd := exec.Command(bin, "--port", addr, "posix", t.TempDir())
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+AccessKey, "ROOT_SECRET_KEY="+SecretKey)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})

	c, err := minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(AccessKey, SecretKey, ""), Region: Region, BucketLookup: minio.BucketLookupPath})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := c.ListBuckets(ctx)
		cancel()
		if err == nil {
			return &Server{Endpoint: addr, Client: c}
		}
		select {
		case werr := <-exited:
			exited <- werr
			t.Fatalf("versitygw exited (%v):\n%s", werr, out)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("versitygw at %s did not answer in 30 s (last: %v):\n%s", addr, err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// NewBucket creates an empty bucket with a name no other call returns.
func (s *Server) NewBucket(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("watchwin-%d-%d", time.Now().UnixNano()%1e6, s.buckets.Add(1))
	if err := s.Client.MakeBucket(context.Background(), name, minio.MakeBucketOptions{}); err != nil {
		t.Fatalf("make bucket %s: %v", name, err)
	}
	return name
}

// URL is a WATCHWIN_STORAGE_URL for bucket on this server, keys included.
func (s *Server) URL(bucket string) string {
	return fmt.Sprintf("s3://%s:%s@%s?endpoint=http://%s&region=%s", AccessKey, SecretKey, bucket, s.Endpoint, Region)
}

// syncBuffer collects the server's output, written and read concurrently.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
