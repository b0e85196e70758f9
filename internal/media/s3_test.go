package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// The S3 backend is tested against versitygw, an S3 gateway that serves a
// folder: a real S3 server process speaking the protocol over HTTP, not a
// fake of our client. `make test-go` installs the pinned version into bin/.
const versityInstall = "GOBIN=$PWD/bin go install github.com/versity/versitygw/cmd/versitygw@v1.8.0"

const (
	versityAccessKey = "watchwin-test"
	versitySecretKey = "watchwin-test-secret-key"
)

func TestS3(t *testing.T) {
	endpoint := startVersity(t)
	var n atomic.Int64
	// newS3 makes a new bucket for each case, so cases share nothing.
	newS3 := func(t *testing.T, prefix string) (*S3, S3Options) {
		t.Helper()
		o := S3Options{
			Endpoint: endpoint, Region: "us-east-1", PathStyle: true,
			Bucket: fmt.Sprintf("watchwin-%d-%d", time.Now().UnixNano()%1e6, n.Add(1)), Prefix: prefix,
			AccessKey: versityAccessKey, SecretKey: versitySecretKey,
		}
		s, err := NewS3(o)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.client.MakeBucket(context.Background(), o.Bucket, minio.MakeBucketOptions{}); err != nil {
			t.Fatalf("make bucket: %v", err)
		}
		return s, o
	}

	t.Run("contract", func(t *testing.T) {
		runStorageContract(t, func(t *testing.T) Storage { s, _ := newS3(t, ""); return s })
	})
	t.Run("contract with a key prefix", func(t *testing.T) {
		runStorageContract(t, func(t *testing.T) Storage { s, _ := newS3(t, "shop/images/"); return s })
	})

	// Keys are {prefix}{bucket}/{path}; objects put there by other means
	// are listed only when their names are ones an upload could have.
	t.Run("layout and stray objects", func(t *testing.T) {
		ctx := context.Background()
		s, o := newS3(t, "shop/")
		if _, err := put(t, s, BucketSiteImages, "a.png", "a", true); err != nil {
			t.Fatal(err)
		}
		oi, err := s.client.StatObject(ctx, o.Bucket, "shop/site_images/a.png", minio.StatObjectOptions{})
		if err != nil || oi.ContentType != "image/png" {
			t.Fatalf("object at shop/site_images/a.png: %+v, %v", oi, err)
		}
		for _, key := range []string{"shop/site_images/Bad Name.PNG", "shop/site_images/.hidden.png", "site_images/b.png", "shop/site_imagesx/c.png"} {
			if _, err := s.client.PutObject(ctx, o.Bucket, key, strings.NewReader("x"), 1, minio.PutObjectOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		files, err := s.List(ctx, BucketSiteImages, "", 100, 0)
		if err != nil || len(files) != 1 || files[0].Path != "a.png" {
			t.Errorf("List = %+v, %v; want only a.png", files, err)
		}
	})

	t.Run("not ready", func(t *testing.T) {
		ctx := context.Background()
		_, o := newS3(t, "")
		missing := o
		missing.Bucket = "watchwin-no-such-bucket"
		if s, _ := NewS3(missing); s.Ready(ctx) == nil {
			t.Error("Ready with a missing bucket succeeded")
		}
		wrong := o
		wrong.SecretKey = "not-the-secret"
		s, _ := NewS3(wrong)
		err := s.Ready(ctx)
		if err == nil {
			t.Error("Ready with a wrong secret key succeeded")
		} else if strings.Contains(err.Error(), wrong.SecretKey) || strings.Contains(err.Error(), o.SecretKey) {
			t.Errorf("error quotes a secret key: %v", err)
		}
		if _, err := put(t, s, BucketSiteImages, "a.png", "a", true); err == nil || errors.Is(err, ErrExists) || errors.Is(err, ErrNotFound) {
			t.Errorf("Put with a wrong secret key: %v, want a plain error", err)
		}
	})

	// An upload whose reader fails (as the Service's size cap does) stores
	// nothing.
	t.Run("failed read stores nothing", func(t *testing.T) {
		ctx := context.Background()
		s, _ := newS3(t, "")
		r := &capReader{r: bytes.NewReader(make([]byte, 100)), left: 10}
		if _, err := s.Put(ctx, BucketSiteImages, "big.png", r, "image/png", true); !errors.Is(err, errCapExceeded) {
			t.Fatalf("Put = %v, want the reader's error", err)
		}
		if _, err := s.Stat(ctx, BucketSiteImages, "big.png"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Stat after a failed Put: %v", err)
		}
	})
}

// startVersity runs versitygw on a free loopback port, serving a temporary
// folder, and returns its host:port. It looks for bin/versitygw in the
// module root (make test-go installs it there), then on PATH. Without it
// the test is skipped, except under CI=true, where it fails.
func startVersity(t *testing.T) string {
	t.Helper()
	bin := findVersity()
	if bin == "" {
		msg := "versitygw not found in bin/ or on PATH; install it from the module root with: " + versityInstall
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	// versitygw prints the port it was given, not one the system chose, so
	// take a free port first.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	var out bytes.Buffer
	cmd := exec.Command(bin, "--port", addr, "posix", t.TempDir())
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+versityAccessKey, "ROOT_SECRET_KEY="+versitySecretKey)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})

	c, err := minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(versityAccessKey, versitySecretKey, ""), Region: "us-east-1", BucketLookup: minio.BucketLookupPath})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := c.ListBuckets(ctx)
		cancel()
		if err == nil {
			return addr
		}
		select {
		case werr := <-exited:
			t.Fatalf("versitygw exited (%v):\n%s", werr, out.String())
		default:
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-exited // the output is complete once the process is gone
			exited <- nil
			t.Fatalf("versitygw at %s did not answer in 30 s (last: %v):\n%s", addr, err, out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func findVersity() string {
	if dir, err := os.Getwd(); err == nil {
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				p := filepath.Join(dir, "bin", "versitygw")
				if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
					return p
				}
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	p, _ := exec.LookPath("versitygw")
	return p
}
