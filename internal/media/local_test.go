package media

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLocalContract(t *testing.T) {
	runStorageContract(t, func(t *testing.T) Storage { return NewLocal(t.TempDir()) })
}

// Files are kept at {dir}/{bucket}/{path}, and uploads leave no temporary
// files behind.
func TestLocalLayout(t *testing.T) {
	dir := t.TempDir()
	l := NewLocal(dir)
	if _, err := put(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png", "first", false); err != nil {
		t.Fatal(err)
	}
	if _, err := put(t, l, BucketWebinarAssets, "webinar_thumbnails/a_1.png", "second", true); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "webinar_assets", "webinar_thumbnails", "a_1.png")); err != nil || string(got) != "second" {
		t.Errorf("file not where the layout says: %q, %v", got, err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "webinar_assets", "webinar_thumbnails"))
	for _, e := range entries {
		if e.Name() != "a_1.png" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if err := l.Ready(context.Background()); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("Ready left files in the storage folder: %v", entries)
	}
}

// A storage folder that cannot be written is not ready.
func TestLocalNotReady(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "storage")
	if err := os.WriteFile(blocker, []byte("a file where the folder should be"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := NewLocal(blocker).Ready(context.Background()); err == nil {
		t.Fatal("Ready on a file instead of a folder succeeded")
	}
}

// Paths that try to leave the storage folder never touch a file outside it.
func TestLocalStaysInsideItsFolder(t *testing.T) {
	dir := t.TempDir()
	l := NewLocal(filepath.Join(dir, "storage"))
	if err := os.WriteFile(filepath.Join(dir, "secret.png"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"../secret.png", "../../secret.png", "/etc/passwd", `..\secret.png`} {
		if _, err := put(t, l, BucketSiteImages, p, "x", true); !errors.Is(err, ErrInvalidPath) {
			t.Errorf("Put(%q) = %v, want ErrInvalidPath", p, err)
		}
		if err := l.Delete(context.Background(), BucketSiteImages, p); !errors.Is(err, ErrInvalidPath) {
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

// Stray files a person copied into a bucket folder are listed only when
// their names are ones an upload could have.
func TestLocalListSkipsStrayFiles(t *testing.T) {
	dir := t.TempDir()
	l := NewLocal(dir)
	if _, err := put(t, l, BucketSiteImages, "a.png", "a", true); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(dir, "site_images", ".tmp-upload"), []byte("x"), 0o600)
	_ = os.WriteFile(filepath.Join(dir, "site_images", "Bad Name.PNG"), []byte("x"), 0o600)
	files, err := l.List(context.Background(), BucketSiteImages, "", 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	if strings.Join(got, ",") != "a.png" {
		t.Errorf("List = %v, want [a.png]", got)
	}
}
