package media

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"

	"watchwin/internal/testutil/s3server"
)

// The S3 backend is tested against versitygw, an S3 gateway that serves a
// folder: a real S3 server process speaking the protocol over HTTP, not a
// fake of our client (see s3server).
func TestS3(t *testing.T) {
	srv := s3server.Start(t)
	// newS3 makes a new bucket for each case, so cases share nothing.
	newS3 := func(t *testing.T, prefix string) (*S3, S3Options) {
		t.Helper()
		o := S3Options{
			Endpoint: srv.Endpoint, Region: s3server.Region, PathStyle: true,
			Bucket: srv.NewBucket(t), Prefix: prefix,
			AccessKey: s3server.AccessKey, SecretKey: s3server.SecretKey,
		}
		s, err := NewS3(o)
		if err != nil {
			t.Fatal(err)
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
