package media

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Local keeps each bucket in a folder: {dir}/{bucket}/{path}. Every file
// operation goes through an os.Root opened on the bucket folder, so even a
// path that slipped past ValidPath, or a symbolic link planted in the
// folder, cannot reach outside it.
type Local struct {
	dir string
}

// NewLocal returns the local-folder backend rooted at dir (usually
// {DataDir}/storage). Folders are created on the first write.
func NewLocal(dir string) *Local { return &Local{dir: dir} }

// bucketRoot opens the bucket's folder, creating it first when create is set.
func (l *Local) bucketRoot(bucket string, create bool) (*os.Root, error) {
	if !KnownBucket(bucket) {
		return nil, ErrNotFound
	}
	dir := filepath.Join(l.dir, bucket)
	if create {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("media: create bucket folder: %w", err)
		}
	}
	r, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return r, err
}

func check(ctx context.Context, bucket, p string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !KnownBucket(bucket) {
		return ErrNotFound
	}
	if !ValidPath(p) {
		return ErrInvalidPath
	}
	return nil
}

// Put writes r to a temporary file beside the target, syncs it, then either
// renames it over the target (overwrite) or hard-links it to the target,
// which fails atomically when the name is taken, so two racing uploads can
// never replace each other's file. Readers see the old file or the new one,
// never a partial one. contentType is not stored: the local backend serves
// a file by its extension, which the Service sets from the detected type.
func (l *Local) Put(ctx context.Context, bucket, p string, r io.Reader, contentType string, overwrite bool) (FileInfo, error) {
	if err := check(ctx, bucket, p); err != nil {
		return FileInfo{}, err
	}
	root, err := l.bucketRoot(bucket, true)
	if err != nil {
		return FileInfo{}, err
	}
	defer root.Close()
	dir := path.Dir(p)
	if dir != "." {
		if err := root.MkdirAll(dir, 0o750); err != nil {
			return FileInfo{}, fmt.Errorf("media: create folder: %w", err)
		}
	}
	// Temporary names start with '.', which no stored name can, so List
	// never shows them and no Put can collide with one.
	tmp := path.Join(dir, ".tmp-"+strings.ToLower(rand.Text()[:16]))
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return FileInfo{}, fmt.Errorf("media: create temporary file: %w", err)
	}
	defer root.Remove(tmp) // after a link or a failure; a no-op after a rename
	_, err = io.Copy(f, r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return FileInfo{}, fmt.Errorf("media: write: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return FileInfo{}, err
	}
	if overwrite {
		err = root.Rename(tmp, p)
	} else {
		err = root.Link(tmp, p)
		if errors.Is(err, fs.ErrExist) {
			return FileInfo{}, ErrExists
		}
	}
	if err != nil {
		return FileInfo{}, fmt.Errorf("media: store: %w", err)
	}
	return statIn(root, bucket, p)
}

func statIn(root *os.Root, bucket, p string) (FileInfo, error) {
	st, err := root.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return FileInfo{}, ErrNotFound
	}
	if err != nil {
		return FileInfo{}, err
	}
	if !st.Mode().IsRegular() {
		return FileInfo{}, ErrNotFound
	}
	return info(bucket, p, st), nil
}

func info(bucket, p string, st fs.FileInfo) FileInfo {
	return FileInfo{Bucket: bucket, Path: p, Size: st.Size(), ModTime: st.ModTime().UTC(), ContentType: ContentTypeOf(p)}
}

// Open returns the file for reading.
func (l *Local) Open(ctx context.Context, bucket, p string) (io.ReadSeekCloser, FileInfo, error) {
	if err := check(ctx, bucket, p); err != nil {
		return nil, FileInfo{}, err
	}
	root, err := l.bucketRoot(bucket, false)
	if err != nil {
		return nil, FileInfo{}, err
	}
	defer root.Close()
	f, err := root.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, FileInfo{}, ErrNotFound
	}
	if err != nil {
		return nil, FileInfo{}, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		_ = f.Close() // on an error path: the first error is the one returned
		if err == nil {
			err = ErrNotFound
		}
		return nil, FileInfo{}, err
	}
	return f, info(bucket, p, st), nil
}

// Stat describes one file.
func (l *Local) Stat(ctx context.Context, bucket, p string) (FileInfo, error) {
	if err := check(ctx, bucket, p); err != nil {
		return FileInfo{}, err
	}
	root, err := l.bucketRoot(bucket, false)
	if err != nil {
		return FileInfo{}, err
	}
	defer root.Close()
	return statIn(root, bucket, p)
}

// List walks the bucket folder. Buckets hold site pictures and thumbnails
// (hundreds of files, not millions), so a walk per call is fine; an object
// store backend would page on its side.
func (l *Local) List(ctx context.Context, bucket, prefix string, limit, offset int) ([]FileInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !KnownBucket(bucket) {
		return nil, ErrNotFound
	}
	root, err := l.bucketRoot(bucket, false)
	if errors.Is(err, ErrNotFound) {
		return []FileInfo{}, nil // nothing uploaded yet
	}
	if err != nil {
		return nil, err
	}
	defer root.Close()
	var files []FileInfo
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil // temporary files of uploads under way
		}
		if d.IsDir() || !d.Type().IsRegular() || !ValidPath(p) || !strings.HasPrefix(p, prefix) {
			return nil
		}
		st, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // deleted while we walked
		}
		if err != nil {
			return err
		}
		files = append(files, info(bucket, p, st))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("media: list: %w", err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	if offset >= len(files) {
		return []FileInfo{}, nil
	}
	files = files[offset:]
	if limit >= 0 && limit < len(files) {
		files = files[:limit]
	}
	return files, nil
}

// Delete removes one file.
func (l *Local) Delete(ctx context.Context, bucket, p string) error {
	if err := check(ctx, bucket, p); err != nil {
		return err
	}
	root, err := l.bucketRoot(bucket, false)
	if err != nil {
		return err
	}
	defer root.Close()
	if _, err := statIn(root, bucket, p); err != nil {
		return err
	}
	if err := root.Remove(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return ErrNotFound
		}
		return err
	}
	return nil
}

// Ready checks that the storage folder can be written: it creates the
// folder if need be and a temporary file in it (named with a leading '.',
// which List never shows).
func (l *Local) Ready(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.MkdirAll(l.dir, 0o750); err != nil {
		return fmt.Errorf("media: storage folder: %w", err)
	}
	f, err := os.CreateTemp(l.dir, ".ready-*")
	if err != nil {
		return fmt.Errorf("media: storage folder not writable: %w", err)
	}
	name := f.Name()
	_ = f.Close() // an empty probe file: only whether it could be created and removed matters
	return os.Remove(name)
}
