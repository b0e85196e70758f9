package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"testing"

	"watchwin/internal/apperr"
)

// SolidWebP returns a lossless WebP of w×h pixels, all of colour c. The
// standard library has no WebP encoder, so it writes the smallest VP8L
// bitstream by hand: no transforms, no colour cache, and five prefix codes
// of one symbol each (green, red, blue, alpha, distance), so every pixel
// takes zero bits. Exported for the handler tests in package media_test.
func SolidWebP(w, h int, c color.NRGBA) []byte {
	var bw bitWriter
	bw.write(0x2f, 8) // VP8L signature
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(1, 1) // alpha is used
	bw.write(0, 3) // version
	bw.write(0, 1) // no transform
	bw.write(0, 1) // no colour cache
	bw.write(0, 1) // no meta prefix codes
	for _, sym := range []uint8{c.G, c.R, c.B, c.A, 0} {
		bw.write(1, 1) // simple code
		bw.write(0, 1) // one symbol
		bw.write(1, 1) // written in 8 bits
		bw.write(uint32(sym), 8)
	}
	vp8l := bw.bytes()

	var b bytes.Buffer
	chunk := len(vp8l) + len(vp8l)%2
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(4+8+chunk))
	b.WriteString("WEBPVP8L")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(vp8l)))
	b.Write(vp8l)
	if len(vp8l)%2 == 1 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

// bitWriter packs bits least significant first, as VP8L reads them.
type bitWriter struct {
	buf   []byte
	nbits uint
}

func (w *bitWriter) write(v uint32, n uint) {
	for i := uint(0); i < n; i++ {
		if w.nbits%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		w.buf[len(w.buf)-1] |= byte(v>>i&1) << (w.nbits % 8)
		w.nbits++
	}
}

func (w *bitWriter) bytes() []byte { return w.buf }

// pngHeader returns a PNG that is only a signature and an IHDR chunk
// declaring w×h RGBA pixels: enough for png.DecodeConfig, never decodable.
// It stands in for a decompression bomb without building one.
func pngHeader(w, h uint32) []byte {
	var ihdr bytes.Buffer
	ihdr.WriteString("IHDR")
	_ = binary.Write(&ihdr, binary.BigEndian, w)
	_ = binary.Write(&ihdr, binary.BigEndian, h)
	ihdr.Write([]byte{8, 6, 0, 0, 0}) // 8-bit RGBA, deflate, no interlace
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	_ = binary.Write(&b, binary.BigEndian, uint32(ihdr.Len()-4))
	b.Write(ihdr.Bytes())
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr.Bytes()))
	return b.Bytes()
}

// transparentPNG is 30×20: the left half fully transparent, the top right
// quarter opaque red, the bottom right quarter half-transparent blue.
func transparentPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 30, 20))
	for y := 0; y < 20; y++ {
		for x := 15; x < 30; x++ {
			c := color.NRGBA{255, 0, 0, 255}
			if y >= 10 {
				c = color.NRGBA{0, 0, 255, 128}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// animatedGIF is a 24×12 screen whose first frame covers only its right
// half in green (the rest of the screen is empty), and a second frame in
// red that must be ignored.
func animatedGIF(t *testing.T) []byte {
	t.Helper()
	pal := color.Palette{color.Transparent, color.RGBA{0, 255, 0, 255}, color.RGBA{255, 0, 0, 255}}
	first := image.NewPaletted(image.Rect(12, 0, 24, 12), pal)
	second := image.NewPaletted(image.Rect(0, 0, 24, 12), pal)
	for i := range first.Pix {
		first.Pix[i] = 1
	}
	for i := range second.Pix {
		second.Pix[i] = 2
	}
	var b bytes.Buffer
	err := gif.EncodeAll(&b, &gif.GIF{
		Image:  []*image.Paletted{first, second},
		Delay:  []int{10, 10},
		Config: image.Config{ColorModel: pal, Width: 24, Height: 12},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// near reports whether two colours differ by at most 12 per channel (JPEG
// is lossy).
func near(got color.Color, want color.RGBA) bool {
	r, g, b, _ := got.RGBA()
	d := func(a uint32, b uint8) bool {
		x := int(a>>8) - int(b)
		return x >= -12 && x <= 12
	}
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// readStored opens a stored file and returns its bytes.
func readStored(t *testing.T, s *Service, bucket, p string) []byte {
	t.Helper()
	f, _, err := s.Open(context.Background(), bucket, p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	white = color.RGBA{255, 255, 255, 255}
	red   = color.RGBA{255, 0, 0, 255}
	green = color.RGBA{0, 255, 0, 255}
)

// Whatever was sent under the hero's name, the home page's fixed path
// site_images/hero_background.jpg holds a JPEG of the same dimensions.
func TestUploadHeroIsStoredAsJPEG(t *testing.T) {
	jpg := func() []byte {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 6)), nil); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}()
	tests := []struct {
		name, filename string
		data           []byte
		w, h           int
		pixels         map[image.Point]color.RGBA
		same           bool // stored byte for byte
	}{
		{
			name: "png with transparency", filename: "hero_background.jpg", data: transparentPNG(t), w: 30, h: 20,
			pixels: map[image.Point]color.RGBA{
				{2, 2}:   white,                // transparent → white
				{22, 3}:  red,                  // opaque kept
				{22, 16}: {127, 127, 255, 255}, // half-transparent blue over white
			},
		},
		{
			name: "webp", filename: "hero_background.jpg", data: SolidWebP(40, 30, color.NRGBA{255, 0, 0, 128}), w: 40, h: 30,
			pixels: map[image.Point]color.RGBA{{0, 0}: {255, 127, 127, 255}, {39, 29}: {255, 127, 127, 255}},
		},
		{
			name: "gif first frame", filename: "hero_background.gif", data: animatedGIF(t), w: 24, h: 12,
			pixels: map[image.Point]color.RGBA{{3, 6}: white, {20, 6}: green},
		},
		{name: "png named png", filename: "hero_background.png", data: transparentPNG(t), w: 30, h: 20},
		{name: "name sanitised", filename: " Hero Background.WEBP", data: SolidWebP(3, 2, color.NRGBA{0, 0, 0, 255}), w: 3, h: 2},
		{name: "no extension", filename: "hero_background", data: transparentPNG(t), w: 30, h: 20},
		{name: "jpeg kept as is", filename: "hero_background.png", data: jpg, w: 8, h: 6, same: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestService(t)
			fi, err := upload(t, s, BucketSiteImages, tt.filename, tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Path != HeroName || fi.ContentType != "image/jpeg" {
				t.Fatalf("stored %s as %s, want %s as image/jpeg", fi.Path, fi.ContentType, HeroName)
			}
			got := readStored(t, s, BucketSiteImages, fi.Path)
			if tt.same && !bytes.Equal(got, tt.data) {
				t.Error("a JPEG hero was changed")
			}
			img, format, err := image.Decode(bytes.NewReader(got))
			if err != nil || format != "jpeg" {
				t.Fatalf("stored hero decodes as %q: %v", format, err)
			}
			if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
				t.Errorf("stored hero is %dx%d, want %dx%d", b.Dx(), b.Dy(), tt.w, tt.h)
			}
			for p, want := range tt.pixels {
				if c := img.At(p.X, p.Y); !near(c, want) {
					t.Errorf("pixel %v = %v, want about %v", p, c, want)
				}
			}
			files, _ := s.List(context.Background(), BucketSiteImages, 100, 0)
			if len(files) != 1 || files[0].Path != HeroName {
				t.Errorf("site_images holds %+v, want only %s", files, HeroName)
			}
		})
	}
}

// Only the hero is converted: other site images and thumbnails keep their
// type, a thumbnail named hero_background included.
func TestUploadOnlyHeroIsConverted(t *testing.T) {
	s := newTestService(t)
	img := transparentPNG(t)
	for _, tt := range []struct{ bucket, name, path string }{
		{BucketSiteImages, "hero_background_old.jpg", "hero_background_old.png"},
		{BucketSiteImages, "my_hero_background.jpg", "my_hero_background.png"},
		{BucketWebinarAssets, "hero_background.jpg", "webinar_thumbnails/hero_background_1764000000.png"},
	} {
		fi, err := upload(t, s, tt.bucket, tt.name, img)
		if err != nil || fi.Path != tt.path || fi.ContentType != "image/png" {
			t.Errorf("%s %s: stored %+v, %v; want %s", tt.bucket, tt.name, fi, err, tt.path)
		}
		if got := readStored(t, s, tt.bucket, fi.Path); !bytes.Equal(got, img) {
			t.Errorf("%s %s: bytes changed", tt.bucket, tt.name)
		}
	}
}

// A hero that is too large to decode safely, or cannot be decoded, is
// refused with a message on the file field and leaves the old hero alone.
func TestUploadHeroRefused(t *testing.T) {
	tooManyPixels := "Images must be at most 8000 × 8000 pixels and 40 megapixels in all."
	unreadable := "This image could not be read. Please save it again as JPEG or PNG and retry."
	wide := func() []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 8001, 1))); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}()
	truncated := transparentPNG(t)
	truncated = truncated[:len(truncated)-20]
	tests := []struct {
		name    string
		data    []byte
		message string
	}{
		{"png too wide", wide, tooManyPixels},
		{"png header too high", pngHeader(1, 8001), tooManyPixels},
		{"png header over 40 megapixels", pngHeader(7000, 7000), tooManyPixels},
		{"png header huge", pngHeader(100000, 100000), tooManyPixels},
		{"webp too large", SolidWebP(16000, 16000, color.NRGBA{A: 255}), tooManyPixels},
		{"gif screen too wide", append([]byte("GIF89a\x41\x1f\x01\x00\x00\x00\x00"), 0x3b), tooManyPixels},
		{"png header only", pngHeader(10, 10), unreadable},
		{"png truncated", truncated, unreadable},
		{"png garbage", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 64)...), unreadable},
		{"webp garbage", []byte("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00garbagegarbagegarbage!!!"), unreadable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestService(t)
			old, err := upload(t, s, BucketSiteImages, HeroName, transparentPNG(t))
			if err != nil {
				t.Fatal(err)
			}
			before := readStored(t, s, BucketSiteImages, HeroName)

			_, err = upload(t, s, BucketSiteImages, HeroName, tt.data)
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.KindInvalid || e.Field != "file" || e.Message != tt.message {
				t.Fatalf("error %v, want 400 on file: %s", err, tt.message)
			}
			if got := readStored(t, s, BucketSiteImages, old.Path); !bytes.Equal(got, before) {
				t.Error("a refused upload replaced the hero")
			}
		})
	}
}

func TestCheckDimensions(t *testing.T) {
	for _, tt := range []struct {
		w, h int
		ok   bool
	}{
		{1, 1, true}, {1920, 1080, true}, {8000, 5000, true}, {5000, 8000, true},
		{8001, 1, false}, {1, 8001, false}, {8000, 5001, false}, {6325, 6325, false},
		{0, 10, false}, {10, 0, false},
	} {
		if err := checkDimensions(tt.w, tt.h); (err == nil) != tt.ok {
			t.Errorf("checkDimensions(%d, %d) = %v, want ok %v", tt.w, tt.h, err, tt.ok)
		}
	}
}
