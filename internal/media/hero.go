package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"

	"watchwin/internal/apperr"
)

// The home page hero always reads site_images/hero_background.jpg
// (docs/product.md#admin-screens), so a site image whose sanitised name is heroBase is
// stored under HeroName as a JPEG whatever was sent.
const (
	heroBase = "hero_background"
	HeroName = heroBase + ".jpg"
)

// heroQuality is the JPEG quality of a re-encoded hero: a photo at 1920x1080
// stays well under a megabyte with no visible loss.
const heroQuality = 85

// Limits on the pixels of an image the server decodes. A small, highly
// compressed file can declare a huge canvas (a decompression bomb); the
// dimensions are read from the header and checked before any pixel is
// decoded. At the limit the decoded image and its flattened copy take about
// 2 × 160 MB.
const (
	maxSide   = 8000
	maxPixels = 40_000_000
)

const (
	msgTooManyPixels = "Images must be at most 8000 × 8000 pixels and 40 megapixels in all."
	msgUnreadable    = "This image could not be read. Please save it again as JPEG or PNG and retry."
)

// decoders for the sniffed types the server re-encodes. The decoder is chosen
// by the sniffed type, never by the name, so the header check and the decode
// read the same format. gif.Decode returns only the first frame.
var decoders = map[string]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	"image/png":  {png.DecodeConfig, png.Decode},
	"image/gif":  {gif.DecodeConfig, gif.Decode},
	"image/webp": {webp.DecodeConfig, webp.Decode},
}

// putHero stores the hero background as HeroName. A JPEG is stored as it
// is; a PNG, WebP or GIF (its first frame) is decoded, flattened onto white
// and re-encoded as JPEG. Re-encoding runs one at a time (s.reencode) so
// concurrent uploads cannot multiply the memory it needs.
func (s *Service) putHero(ctx context.Context, ctype string, body io.Reader) (FileInfo, error) {
	if ctype == "image/jpeg" {
		fi, err := s.store.Put(ctx, BucketSiteImages, HeroName, body, ctype, true)
		return fi, s.uploadError(err)
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return FileInfo{}, s.uploadError(err)
	}
	select {
	case s.reencode <- struct{}{}:
		defer func() { <-s.reencode }()
	case <-ctx.Done():
		return FileInfo{}, ctx.Err()
	}
	out, err := toJPEG(ctype, data)
	if err != nil {
		return FileInfo{}, err
	}
	fi, err := s.store.Put(ctx, BucketSiteImages, HeroName, bytes.NewReader(out), "image/jpeg", true)
	return fi, s.uploadError(err)
}

// toJPEG decodes data of the sniffed type ctype and encodes it as an opaque
// JPEG of the same dimensions. Transparent pixels become white, the colour
// the page shows behind the hero while it loads.
func toJPEG(ctype string, data []byte) ([]byte, error) {
	dec, ok := decoders[ctype]
	if !ok {
		return nil, fmt.Errorf("media: no decoder for %s", ctype)
	}
	cfg, err := dec.config(bytes.NewReader(data))
	if err != nil {
		return nil, unreadable(err)
	}
	if err := checkDimensions(cfg.Width, cfg.Height); err != nil {
		return nil, err
	}
	img, err := dec.decode(bytes.NewReader(data))
	if err != nil {
		return nil, unreadable(err)
	}
	// The canvas is the declared size. A GIF's first frame may cover only
	// part of it and its bounds are in canvas coordinates (the decoder
	// refuses frames outside it); PNG and WebP images start at (0, 0).
	canvas := image.NewRGBA(image.Rect(0, 0, cfg.Width, cfg.Height))
	draw.Draw(canvas, canvas.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(canvas, img.Bounds(), img, img.Bounds().Min, draw.Over)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, canvas, &jpeg.Options{Quality: heroQuality}); err != nil {
		return nil, fmt.Errorf("media: encode hero: %w", err)
	}
	return buf.Bytes(), nil
}

// checkDimensions refuses an image too large to decode safely.
func checkDimensions(w, h int) error {
	if w <= 0 || h <= 0 {
		return unreadable(fmt.Errorf("media: image is %d×%d", w, h))
	}
	if w > maxSide || h > maxSide || int64(w)*int64(h) > maxPixels {
		return apperr.Invalid("file", msgTooManyPixels)
	}
	return nil
}

func unreadable(cause error) error {
	e := apperr.Invalid("file", msgUnreadable)
	e.Err = cause
	return e
}
