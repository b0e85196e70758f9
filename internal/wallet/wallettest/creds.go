// Package wallettest makes test credentials for both wallets: a test root
// CA, a WWDR-like intermediate and a Pass Type ID certificate in a .p12, an
// APNs .p8 key, and a Google service-account key file (docs/testing.md#wallet-passes).
package wallettest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"time"

	"software.sslmate.com/src/go-pkcs12"

	"watchwin/internal/config"
)

// Identifiers of the test credentials.
const (
	PassTypeID   = "pass.local.watchwin.test"
	TeamID       = "TEAMTEST01"
	IssuerID     = "3388000000012345678"
	ServiceEmail = "wallet@watchwin-test.iam.gserviceaccount.com"
	Password     = "test-password"
)

// Files are the test credentials written into a folder.
type Files struct {
	Wallet config.Wallet
	CA     string // the test root certificate (PEM) the pass signature chains to
	// GoogleKey is the service account's private key (its public half
	// checks the save JWT).
	GoogleKey *rsa.PrivateKey
}

// Write makes fresh credentials in dir; the Google key's token_uri is
// tokenURL. apple and google say which wallets to configure.
func Write(dir, tokenURL string, apple, google bool) (Files, error) {
	var f Files
	if apple {
		if err := writeApple(dir, &f); err != nil {
			return f, err
		}
	}
	if google {
		if err := writeGoogle(dir, tokenURL, &f); err != nil {
			return f, err
		}
	}
	return f, nil
}

func cert(tmpl, parent *x509.Certificate, pub any, signer any) (*x509.Certificate, []byte, error) {
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, signer)
	if err != nil {
		return nil, nil, err
	}
	c, err := x509.ParseCertificate(der)
	return c, der, err
}

func writePEM(path, kind string, der []byte) error {
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600)
}

// authority is the template of a test CA certificate.
func authority(serial int64, name string, now time.Time) *x509.Certificate {
	return &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name},
		NotBefore: now.Add(-time.Hour), NotAfter: now.AddDate(5, 0, 0), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign}
}

func writeApple(dir string, f *Files) error {
	now := time.Now()
	caKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	ca := authority(1, "Test Apple Root", now)
	caCert, caDER, err := cert(ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		return err
	}
	wwdrKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	wwdr := authority(2, "Test WWDR Intermediate", now)
	wwdrCert, wwdrDER, err := cert(wwdr, caCert, &wwdrKey.PublicKey, caKey)
	if err != nil {
		return err
	}
	passKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	leaf := &x509.Certificate{SerialNumber: big.NewInt(3),
		Subject:   pkix.Name{CommonName: "Pass Type ID: " + PassTypeID, OrganizationalUnit: []string{TeamID}},
		NotBefore: now.Add(-time.Hour), NotAfter: now.AddDate(1, 0, 0), KeyUsage: x509.KeyUsageDigitalSignature}
	passCert, _, err := cert(leaf, wwdrCert, &passKey.PublicKey, wwdrKey)
	if err != nil {
		return err
	}
	p12, err := pkcs12.Modern.Encode(passKey, passCert, nil, Password)
	if err != nil {
		return err
	}
	apnsKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	apnsDER, err := x509.MarshalPKCS8PrivateKey(apnsKey)
	if err != nil {
		return err
	}
	w := &f.Wallet
	w.PassTypeID, w.TeamID, w.PassPassword, w.APNsKeyID = PassTypeID, TeamID, Password, "APNSKEY001"
	w.PassCert, w.WWDRCert, w.APNsKey = filepath.Join(dir, "pass.p12"), filepath.Join(dir, "wwdr.cer"), filepath.Join(dir, "apns.p8")
	f.CA = filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(w.PassCert, p12, 0o600); err != nil {
		return err
	}
	if err := os.WriteFile(w.WWDRCert, wwdrDER, 0o600); err != nil { // DER, as Apple's download
		return err
	}
	if err := writePEM(w.APNsKey, "PRIVATE KEY", apnsDER); err != nil {
		return err
	}
	return writePEM(f.CA, "CERTIFICATE", caDER)
}

func writeGoogle(dir, tokenURL string, f *Files) error {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return err
	}
	b, err := json.Marshal(map[string]string{"type": "service_account", "client_email": ServiceEmail,
		"private_key_id": "testkey1", "private_key": string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"token_uri": tokenURL})
	if err != nil {
		return err
	}
	f.GoogleKey = key
	f.Wallet.GoogleIssuerID, f.Wallet.GoogleKey = IssuerID, filepath.Join(dir, "google.json")
	return os.WriteFile(f.Wallet.GoogleKey, b, 0o600)
}
