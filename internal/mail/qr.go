package mail

import (
	"bytes"
	"fmt"
	"image/png"
	"sync"

	qrcode "github.com/skip2/go-qrcode"
)

// QRPNG is a PNG QR code of text, 256 pixels square, made here: a coupon
// code is bearer value and never goes to a third-party image service.
// The library's own PNG uses zlib's best compression; a two-colour image
// gains little from it, so this encodes at the fastest level with reused
// encoder buffers.
func QRPNG(text string) ([]byte, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers}
	if err := enc.Encode(&b, q.Image(256)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// pngBuffers lets QRPNG reuse the PNG encoder's zlib state (about 1 MB)
// across calls.
var pngBuffers pngBufferPool

type pngBufferPool struct{ p sync.Pool }

func (p *pngBufferPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBufferPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// drawQRCodes fills in the Data of m's QR code attachments (Attachment.QRCode).
// The Worker calls it just before sending, so whoever queued the mail did
// not spend its transaction drawing images, and the outbox row holds only
// the text.
func (m *Message) drawQRCodes() error {
	for i, a := range m.Attachments {
		if a.QRCode == "" || a.Data != nil {
			continue
		}
		data, err := QRPNG(a.QRCode)
		if err != nil {
			return fmt.Errorf("draw QR code %s: %w", a.Filename, err)
		}
		m.Attachments[i].Data = data
	}
	return nil
}
