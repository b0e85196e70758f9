package wallet

import (
	"archive/zip"
	"bytes"
	"crypto/sha1" // #nosec G505 -- Apple's manifest.json is defined as SHA-1 hashes of the pass's files
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"sort"
	"time"

	"github.com/smallstep/pkcs7"
)

// passJSON is Apple's pass.json for a storeCard (Wallet Passes reference).
type passJSON struct {
	FormatVersion       int       `json:"formatVersion"`
	PassTypeIdentifier  string    `json:"passTypeIdentifier"`
	SerialNumber        string    `json:"serialNumber"`
	TeamIdentifier      string    `json:"teamIdentifier"`
	OrganizationName    string    `json:"organizationName"`
	Description         string    `json:"description"`
	LogoText            string    `json:"logoText"`
	ForegroundColor     string    `json:"foregroundColor"`
	BackgroundColor     string    `json:"backgroundColor"`
	LabelColor          string    `json:"labelColor"`
	WebServiceURL       string    `json:"webServiceURL"`
	AuthenticationToken string    `json:"authenticationToken"`
	ExpirationDate      string    `json:"expirationDate,omitempty"` // none when the paid value never expires
	Voided              bool      `json:"voided,omitempty"`
	SharingProhibited   bool      `json:"sharingProhibited"`
	Barcodes            []barcode `json:"barcodes"`
	StoreCard           card      `json:"storeCard"`
}

type barcode struct {
	Format          string `json:"format"`
	Message         string `json:"message"`
	MessageEncoding string `json:"messageEncoding"`
	AltText         string `json:"altText"`
}

type card struct {
	PrimaryFields   []field `json:"primaryFields"`
	SecondaryFields []field `json:"secondaryFields"`
	AuxiliaryFields []field `json:"auxiliaryFields"`
	BackFields      []field `json:"backFields"`
}

type field struct {
	Key           string `json:"key"`
	Label         string `json:"label,omitempty"`
	Value         any    `json:"value"`
	CurrencyCode  string `json:"currencyCode,omitempty"`
	DateStyle     string `json:"dateStyle,omitempty"`
	ChangeMessage string `json:"changeMessage,omitempty"`
}

// Face is what a pass shows (docs/product.md#wallet-passes): the store's
// name and money only, no product imagery (wallet vendors restrict
// firearms content).
type Face struct {
	Serial, AuthToken, WebServiceURL string
	Store                            string
	ValueCents                       int64 // the value today
	MinPurchase                      string
	Expires                          time.Time // zero: the paid value never expires (no expiration date)
	Status                           string    // "Valid", or why it is not
	Voided                           bool
	QR, Code                         string // the counter's QR payload and the code under it
	Back                             []string
}

// brandRed is the site's accent, --color-accent-500 in web/src/index.css.
var brandRed = color.RGBA{0xE5, 0x3E, 0x3E, 0xFF}

// images are the pass's icon and logo: plain squares of the brand colour
// (a pass needs an icon; the store's name is the logo text).
var images = func() map[string][]byte {
	out := map[string][]byte{}
	for name, size := range map[string]int{"icon.png": 29, "icon@2x.png": 58, "logo.png": 50, "logo@2x.png": 100} {
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		draw.Draw(img, img.Bounds(), &image.Uniform{C: brandRed}, image.Point{}, draw.Src)
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			panic(err)
		}
		out[name] = b.Bytes()
	}
	return out
}()

// Build makes the signed .pkpass of f: pass.json, the images, manifest.json
// (SHA-1 of each file) and signature, a detached PKCS#7 signature of the
// manifest by the Pass Type ID certificate with Apple's WWDR intermediate.
func (a *Apple) Build(f Face) ([]byte, error) {
	pass := passJSON{
		FormatVersion: 1, PassTypeIdentifier: a.PassTypeID, SerialNumber: f.Serial, TeamIdentifier: a.TeamID,
		OrganizationName: f.Store, Description: "Store credit at " + f.Store, LogoText: f.Store,
		ForegroundColor: "rgb(255, 255, 255)", BackgroundColor: "rgb(229, 62, 62)", LabelColor: "rgb(255, 255, 255)",
		WebServiceURL: f.WebServiceURL, AuthenticationToken: f.AuthToken,
		Voided: f.Voided, SharingProhibited: true,
		Barcodes: []barcode{{Format: "PKBarcodeFormatQR", Message: f.QR, MessageEncoding: "iso-8859-1", AltText: f.Code}},
		StoreCard: card{
			PrimaryFields: []field{{Key: "value", Label: "Store credit", Value: float64(f.ValueCents) / 100, CurrencyCode: "USD"}},
			SecondaryFields: []field{
				{Key: "minimum", Label: "Minimum purchase", Value: f.MinPurchase},
				{Key: "expires", Label: "Expires", Value: "Never"},
			},
			AuxiliaryFields: []field{{Key: "status", Label: "Status", Value: f.Status, ChangeMessage: "Your coupon: %@"}},
		},
	}
	if !f.Expires.IsZero() {
		pass.ExpirationDate = f.Expires.UTC().Format(time.RFC3339)
		pass.StoreCard.SecondaryFields[1] = field{Key: "expires", Label: "Expires", Value: pass.ExpirationDate,
			DateStyle: "PKDateStyleMedium"}
	}
	for i, line := range f.Back {
		pass.StoreCard.BackFields = append(pass.StoreCard.BackFields, field{Key: fmt.Sprintf("back%d", i), Value: line})
	}
	passBytes, err := json.Marshal(pass)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{"pass.json": passBytes}
	for name, b := range images {
		files[name] = b
	}
	manifest := map[string]string{}
	for name, b := range files {
		sum := sha1.Sum(b) // #nosec G401 -- required by Apple's manifest format
		manifest[name] = hex.EncodeToString(sum[:])
	}
	manifestBytes, err := json.Marshal(manifest)
	if err != nil {
		return nil, err
	}
	signature, err := a.sign(manifestBytes)
	if err != nil {
		return nil, err
	}
	files["manifest.json"], files["signature"] = manifestBytes, signature

	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, name := range names {
		w, err := zw.Create(name)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(files[name]); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// sign is the detached PKCS#7 signature of manifest Apple checks.
func (a *Apple) sign(manifest []byte) ([]byte, error) {
	sd, err := pkcs7.NewSignedData(manifest)
	if err != nil {
		return nil, err
	}
	sd.SetDigestAlgorithm(pkcs7.OIDDigestAlgorithmSHA256)
	if err := sd.AddSignerChain(a.Cert, a.Key, []*x509.Certificate{a.WWDR}, pkcs7.SignerInfoConfig{}); err != nil {
		return nil, fmt.Errorf("wallet: sign pass: %w", err)
	}
	sd.Detach()
	return sd.Finish()
}
