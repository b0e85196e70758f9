package media

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func put(t *testing.T, l *Local, bucket, p, content string, overwrite bool) (FileInfo, error) {
	t.Helper()
	return l.Put(context.Background(), bucket, p, strings.NewReader(content), "image/png", overwrite)
}

func read(t *testing.T, l *Local, bucket, p string) string {
	t.Helper()
	f, _, err := l.Open(context.Background(), bucket, p)
	if err != nil {
		t.Fatalf("open %s: %v", p, err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestLocalPutOpenStatDelete(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	l := NewLocal(dir)
	fi, err := put(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png", "first", false)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size != 5 || fi.Path != "webinar_thumbnails/a_1.png" || fi.ContentType != "image/png" || fi.Bucket != BucketWebinarAssets {
		t.Errorf("Put info: %+v", fi)
	}
	if _, err := os.Stat(filepath.Join(dir, "webinar_assets", "webinar_thumbnails", "a_1.png")); err != nil {
		t.Errorf("file not where the layout says: %v", err)
	}
	if got := read(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); got != "first" {
		t.Errorf("content %q", got)
	}
	if _, err := l.Stat(ctx, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); err != nil {
		t.Error(err)
	}
	// No overwrite keeps the first file.
	if _, err := put(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png", "second", false); !errors.Is(err, ErrExists) {
		t.Errorf("Put without overwrite on a taken path: %v, want ErrExists", err)
	}
	if got := read(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); got != "first" {
		t.Errorf("content after refused Put %q", got)
	}
	// Overwrite replaces it.
	if _, err := put(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png", "third", true); err != nil {
		t.Fatal(err)
	}
	if got := read(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); got != "third" {
		t.Errorf("content after overwrite %q", got)
	}
	// Directories are not files.
	if _, _, err := l.Open(ctx, BucketWebinarAssets, "webinar_thumbnails"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(folder) = %v, want ErrNotFound", err)
	}
	if err := l.Delete(ctx, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Stat(ctx, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Stat after Delete: %v", err)
	}
	if err := l.Delete(ctx, BucketWebinarAssets, "webinar_thumbnails/a_1.png"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete: %v", err)
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(filepath.Join(dir, "webinar_assets", "webinar_thumbnails"))
	for _, e := range entries {
		t.Errorf("left behind: %s", e.Name())
	}
}

func TestLocalRefusesBadBucketsAndPaths(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	l := NewLocal(filepath.Join(dir, "storage"))
	if err := os.WriteFile(filepath.Join(dir, "secret.png"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := put(t, l, "other_bucket", "a.png", "x", true); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown bucket Put: %v", err)
	}
	if _, _, err := l.Open(ctx, "../storage", "a.png"); !errors.Is(err, ErrNotFound) {
		t.Errorf("bucket traversal Open: %v", err)
	}
	for _, p := range []string{"../secret.png", "../../secret.png", "/etc/passwd", `..\secret.png`, "a\x00.png", "", ".", "..", "ünï.png", "A.png"} {
		if _, err := put(t, l, BucketSiteImages, p, "x", true); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Put(%q) = %v, want ErrInvalidPath", p, err)
		}
		if _, _, err := l.Open(ctx, BucketSiteImages, p); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Open(%q) = %v, want ErrInvalidPath", p, err)
		}
		if err := l.Delete(ctx, BucketSiteImages, p); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Delete(%q) = %v, want ErrInvalidPath", p, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "secret.png")); string(got) != "secret" {
		t.Error("a file outside the storage folder changed")
	}
}

// A symbolic link planted in a bucket cannot lead outside it: os.Root
// refuses to follow it.
func TestLocalSymlinkEscape(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside.png")
	if err := os.WriteFile(outside, []byte("outside"), 0o600); err != nil {
		t.Fatal(err)
	}
	l := NewLocal(filepath.Join(dir, "storage"))
	if _, err := put(t, l, BucketSiteImages, "ok.png", "ok", true); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "storage", "site_images", "link.png")); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	if f, _, err := l.Open(ctx, BucketSiteImages, "link.png"); err == nil {
		f.Close()
		t.Fatal("Open followed a link outside the bucket")
	}
	if _, err := put(t, l, BucketSiteImages, "link.png", "overwritten", true); err != nil {
		t.Logf("Put over the link: %v", err)
	}
	if got, _ := os.ReadFile(outside); string(got) != "outside" {
		t.Fatal("a Put wrote through a link outside the bucket")
	}
}

// Many uploads racing for one path without overwrite: exactly one wins and
// the file holds its content, whole.
func TestLocalNoOverwriteRace(t *testing.T) {
	l := NewLocal(t.TempDir())
	const n = 24
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			content := bytes.Repeat([]byte{byte('a' + i)}, 64<<10)
			_, errs[i] = l.Put(context.Background(), BucketWebinarAssets, "webinar_thumbnails/race_1.png", bytes.NewReader(content), "image/png", false)
		}()
	}
	wg.Wait()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("two Puts won: %d and %d", winner, i)
		case err == nil:
			winner = i
		case !errors.Is(err, ErrExists):
			t.Fatalf("Put %d: %v", i, err)
		}
	}
	if winner < 0 {
		t.Fatal("no Put won")
	}
	got := read(t, l, BucketWebinarAssets, "webinar_thumbnails/race_1.png")
	if want := strings.Repeat(string(rune('a'+winner)), 64<<10); got != want {
		t.Fatalf("file holds %d bytes not all from the winner", len(got))
	}
}

func TestLocalList(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	l := NewLocal(dir)
	if files, err := l.List(ctx, BucketSiteImages, "", 100, 0); err != nil || len(files) != 0 {
		t.Fatalf("empty bucket: %v, %v", files, err)
	}
	for _, p := range []string{"c.png", "a.png", "b.png", "webinar_x/z.png", "d.gif"} {
		if _, err := put(t, l, BucketSiteImages, p, p, true); err != nil {
			t.Fatal(err)
		}
	}
	// Stray files a person copied in are skipped unless their names are valid.
	_ = os.WriteFile(filepath.Join(dir, "site_images", ".tmp-upload"), []byte("x"), 0o600)
	_ = os.WriteFile(filepath.Join(dir, "site_images", "Bad Name.PNG"), []byte("x"), 0o600)
	paths := func(fs []FileInfo) string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Path)
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		prefix        string
		limit, offset int
		want          string
	}{
		{"", 100, 0, "a.png,b.png,c.png,d.gif,webinar_x/z.png"},
		{"", 2, 0, "a.png,b.png"},
		{"", 2, 2, "c.png,d.gif"},
		{"", 2, 4, "webinar_x/z.png"},
		{"", 2, 5, ""},
		{"", 100, 99, ""},
		{"webinar_x/", 100, 0, "webinar_x/z.png"},
		{"b", 100, 0, "b.png"},
	}
	for _, tt := range tests {
		files, err := l.List(ctx, BucketSiteImages, tt.prefix, tt.limit, tt.offset)
		if err != nil {
			t.Fatal(err)
		}
		if got := paths(files); got != tt.want {
			t.Errorf("List(%q, %d, %d) = %s, want %s", tt.prefix, tt.limit, tt.offset, got, tt.want)
		}
	}
	if _, err := l.List(ctx, "nope", "", 10, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("List(unknown bucket) = %v", err)
	}
}
