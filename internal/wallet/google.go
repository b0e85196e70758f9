package wallet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"
)

// googleScope is the Wallet API's OAuth2 scope for issuers.
const googleScope = "https://www.googleapis.com/auth/wallet_object.issuer"

// SaveURLPrefix starts every "Add to Google Wallet" link; the signed save
// JWT follows it.
const SaveURLPrefix = "https://pay.google.com/gp/v/save/"

// googleClient calls the Wallet REST API as the service account (OAuth2
// tokens from the key file's token_uri, cached until they expire).
type googleClient struct {
	g    *Google
	http *http.Client
}

// newGoogleClient returns the API client; base carries its requests (nil:
// http.DefaultClient).
func newGoogleClient(g *Google, base *http.Client) *googleClient {
	ctx := context.Background()
	if base != nil {
		ctx = context.WithValue(ctx, oauth2.HTTPClient, base)
	}
	return &googleClient{g: g, http: g.OAuth.Client(ctx)}
}

// classID is the store's one gift-card class; objectID a coupon's object.
func (g *Google) classID() string                 { return g.IssuerID + ".watchwin_store_credit" }
func (g *Google) objectID(couponID string) string { return g.IssuerID + "." + couponID }

// googleState is the object's state for a coupon status (the Wallet API's
// State): used is COMPLETED, expired EXPIRED, any other unusable INACTIVE.
func googleState(status string) string {
	switch status {
	case "active":
		return "ACTIVE"
	case "used":
		return "COMPLETED"
	case "expired":
		return "EXPIRED"
	default:
		return "INACTIVE"
	}
}

// class is the gift-card class of the store: its name, the brand colour.
func (g *Google) class(store string) map[string]any {
	return map[string]any{"id": g.classID(), "issuerName": store, "merchantName": store,
		"reviewStatus": "UNDER_REVIEW", "hexBackgroundColor": "#E53E3E"}
}

// object is f as a gift-card object in state (googleState).
func (g *Google) object(f Face, state string) map[string]any {
	modules := []map[string]string{
		{"id": "minimum", "header": "Minimum purchase", "body": f.MinPurchase},
		{"id": "status", "header": "Status", "body": f.Status},
	}
	for i, line := range f.Back {
		modules = append(modules, map[string]string{"id": fmt.Sprintf("terms%d", i), "header": "Terms", "body": line})
	}
	obj := map[string]any{
		"id": g.objectID(f.Serial), "classId": g.classID(), "state": state, "cardNumber": f.Code,
		"balance":         map[string]any{"micros": f.ValueCents * 10000, "currencyCode": "USD"},
		"barcode":         map[string]any{"type": "QR_CODE", "value": f.QR, "alternateText": f.Code},
		"textModulesData": modules,
	}
	if !f.Expires.IsZero() { // a paid value that never expires has no end
		obj["validTimeInterval"] = map[string]any{"end": map[string]string{"date": f.Expires.UTC().Format(time.RFC3339)}}
	}
	return obj
}

// insert creates a class or object (kind giftCardClass or giftCardObject);
// one that exists already (409) is not an error.
func (c *googleClient) insert(ctx context.Context, kind string, body any) error {
	status, err := c.call(ctx, http.MethodPost, c.g.APIURL+"/"+kind, body)
	if err != nil || status == http.StatusConflict {
		return err
	}
	return checkStatus(status)
}

// patch replaces the object's fields with those of body.
func (c *googleClient) patch(ctx context.Context, objectID string, body any) error {
	status, err := c.call(ctx, http.MethodPatch, c.g.APIURL+"/giftCardObject/"+url.PathEscape(objectID), body)
	if err != nil {
		return err
	}
	return checkStatus(status)
}

func checkStatus(status int) error {
	if status/100 != 2 {
		return fmt.Errorf("google wallet: answered %d", status)
	}
	return nil
}

func (c *googleClient) call(ctx context.Context, method, u string, body any) (int, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20)) // drained so the connection is reused
	return res.StatusCode, nil
}

// SaveURL is the "Add to Google Wallet" link of the object of couponID: a
// save JWT (typ savetowallet) naming the object, signed with the service
// account's key, usable from origins.
func (g *Google) SaveURL(couponID string, origins []string, now time.Time) (string, error) {
	claims := jwt.MapClaims{
		"iss": g.Email, "aud": "google", "typ": "savetowallet", "iat": now.Unix(), "origins": origins,
		"payload": map[string]any{"giftCardObjects": []map[string]string{{"id": g.objectID(couponID)}}},
	}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodRS256, claims).SignedString(g.Key)
	if err != nil {
		return "", err
	}
	return SaveURLPrefix + signed, nil
}
