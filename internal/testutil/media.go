package testutil

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"testing"
)

// Upload posts a multipart form to POST /api/admin/media/{bucket}: the
// bytes as field "file" named filename, and field "name" when name is not
// empty.
func (c *Client) Upload(bucket, name, filename string, data []byte) Response {
	c.s.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if name != "" {
		if err := mw.WriteField("name", name); err != nil {
			c.s.t.Fatal(err)
		}
	}
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		c.s.t.Fatal(err)
	}
	if _, err := fw.Write(data); err != nil {
		c.s.t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		c.s.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, "/api/admin/media/"+bucket, &body)
	if err != nil {
		c.s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.Send(req)
}

// testImage is a small picture with some colour in it.
func testImage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 0x80, 0xff})
		}
	}
	return img
}

// PNG returns a small PNG image.
func PNG(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, testImage(16, 9)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// JPEG returns a small JPEG image.
func JPEG(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(16, 9), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// GIF returns a small GIF image.
func GIF(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gif.Encode(&b, testImage(16, 9), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// WebP returns a 1x1 lossless WebP image (the standard library has no WebP
// encoder, so these are the bytes of a known-good file).
func WebP() []byte {
	return []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")
}
