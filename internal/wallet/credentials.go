// Package wallet puts coupons into Apple Wallet and Google Wallet and keeps
// the passes true as the coupon changes (docs/api.md#wallet-passes): the
// signed .pkpass, Apple's web service for pass updates with pushes through
// APNs, Google Wallet objects and their save links. Pushes and Google
// patches wait in an outbox (wallet_outbox) and are retried until sent.
package wallet

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	"github.com/golang-jwt/jwt/v5"
	"github.com/sideshow/apns2/token"
	"golang.org/x/oauth2/google"
	oauthjwt "golang.org/x/oauth2/jwt"
	"software.sslmate.com/src/go-pkcs12"

	"watchwin/internal/config"
)

// Apple is what signs passes and pushes their updates.
type Apple struct {
	PassTypeID, TeamID string
	Cert               *x509.Certificate // the Pass Type ID certificate
	Key                crypto.Signer     // its private key
	WWDR               *x509.Certificate // Apple's intermediate
	APNsKey            *ecdsa.PrivateKey // token-based APNs auth
	APNsKeyID          string
	APNsURL            string // APNs host, Apple's production one unless set
}

// Google is the service account that creates, patches and signs for the
// store's Google Wallet objects.
type Google struct {
	IssuerID string
	Email    string           // the service account's client_email (the save JWT's iss)
	Key      *rsa.PrivateKey  // signs the save JWT
	OAuth    *oauthjwt.Config // the API's OAuth2 tokens, from the key file's token_uri
	APIURL   string           // the Wallet REST API's base URL
}

// Credentials are the wallets configured; a nil field is a wallet that is off.
type Credentials struct {
	Apple  *Apple
	Google *Google
}

// Names are the configured wallets as the badges name them.
func (c Credentials) Names() []string {
	var out []string
	if c.Apple != nil {
		out = append(out, "Apple Wallet")
	}
	if c.Google != nil {
		out = append(out, "Google Wallet")
	}
	return out
}

// Default hosts of the wallets' APIs (docs/operations.md#wallet-passes).
const (
	apnsProduction = "https://api.push.apple.com"
	googleAPI      = "https://walletobjects.googleapis.com/walletobjects/v1"
)

// Load reads the credentials the configuration names; a wallet with some of
// its settings missing, or a file that does not read, is an error (said at
// start, not at the first customer's tap).
func Load(w config.Wallet) (Credentials, error) {
	var c Credentials
	if w.PassTypeID != "" {
		a, err := loadApple(w)
		if err != nil {
			return c, fmt.Errorf("Apple Wallet: %w", err)
		}
		c.Apple = a
	}
	if w.GoogleIssuerID != "" {
		g, err := loadGoogle(w)
		if err != nil {
			return c, fmt.Errorf("Google Wallet: %w", err)
		}
		c.Google = g
	}
	return c, nil
}

func loadApple(w config.Wallet) (*Apple, error) {
	if w.TeamID == "" || w.PassCert == "" || w.WWDRCert == "" || w.APNsKey == "" || w.APNsKeyID == "" {
		return nil, errors.New("WATCHWIN_APPLE_TEAM_ID, WATCHWIN_APPLE_PASS_CERT, WATCHWIN_APPLE_WWDR_CERT, " +
			"WATCHWIN_APNS_KEY and WATCHWIN_APNS_KEY_ID must be set with WATCHWIN_APPLE_PASS_TYPE_ID")
	}
	p12, err := os.ReadFile(w.PassCert)
	if err != nil {
		return nil, err
	}
	key, cert, _, err := pkcs12.DecodeChain(p12, w.PassPassword)
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_APPLE_PASS_CERT: %w", err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, errors.New("WATCHWIN_APPLE_PASS_CERT: the key cannot sign")
	}
	wwdr, err := readCert(w.WWDRCert)
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_APPLE_WWDR_CERT: %w", err)
	}
	apns, err := token.AuthKeyFromFile(w.APNsKey)
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_APNS_KEY: %w", err)
	}
	host := w.APNsURL
	if host == "" {
		host = apnsProduction
	}
	return &Apple{PassTypeID: w.PassTypeID, TeamID: w.TeamID, Cert: cert, Key: signer, WWDR: wwdr,
		APNsKey: apns, APNsKeyID: w.APNsKeyID, APNsURL: host}, nil
}

// readCert reads one certificate, PEM or DER (Apple's download is DER).
func readCert(path string) (*x509.Certificate, error) {
	b, err := os.ReadFile(path) // #nosec G304 -- the operator configured this path (WATCHWIN_APPLE_WWDR_CERT)
	if err != nil {
		return nil, err
	}
	if block, _ := pem.Decode(b); block != nil {
		b = block.Bytes
	}
	return x509.ParseCertificate(b)
}

func loadGoogle(w config.Wallet) (*Google, error) {
	if w.GoogleKey == "" {
		return nil, errors.New("WATCHWIN_GOOGLE_WALLET_KEY must be set with WATCHWIN_GOOGLE_WALLET_ISSUER_ID")
	}
	b, err := os.ReadFile(w.GoogleKey)
	if err != nil {
		return nil, err
	}
	var f struct {
		ClientEmail string `json:"client_email"`
		PrivateKey  string `json:"private_key"`
	}
	if err := json.Unmarshal(b, &f); err != nil || f.ClientEmail == "" {
		return nil, errors.New("WATCHWIN_GOOGLE_WALLET_KEY: not a service account key file")
	}
	key, err := jwt.ParseRSAPrivateKeyFromPEM([]byte(f.PrivateKey))
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_GOOGLE_WALLET_KEY: %w", err)
	}
	oauth, err := google.JWTConfigFromJSON(b, googleScope)
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_GOOGLE_WALLET_KEY: %w", err)
	}
	api := w.GoogleAPIURL
	if api == "" {
		api = googleAPI
	}
	return &Google{IssuerID: w.GoogleIssuerID, Email: f.ClientEmail, Key: key, OAuth: oauth, APIURL: api}, nil
}
