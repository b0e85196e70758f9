package wallet_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha1" // #nosec G505 -- the manifest's own hash
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"watchwin/internal/auth"
	"watchwin/internal/config"
	"watchwin/internal/coupon"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/testutil"
	"watchwin/internal/wallet"
	"watchwin/internal/wallet/wallettest"
)

// googleStandIn is a loopback Wallet API: an OAuth2 token endpoint and the
// class and object resources, recording each call.
type googleStandIn struct {
	srv   *httptest.Server
	mu    sync.Mutex
	calls []googleCall
}

type googleCall struct {
	Method, Path, Auth string
	Body               map[string]any
}

func newGoogleStandIn(t testing.TB) *googleStandIn {
	g := &googleStandIn{}
	g.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/token" {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"access_token":"test-access","token_type":"Bearer","expires_in":3600}`)
			return
		}
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		g.mu.Lock()
		g.calls = append(g.calls, googleCall{r.Method, r.URL.Path, r.Header.Get("Authorization"), body})
		g.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "{}")
	}))
	t.Cleanup(g.srv.Close)
	return g
}

func (g *googleStandIn) seen() []googleCall {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.calls)
}

// apnsStandIn is a loopback APNs over HTTP/2 and TLS that refuses the
// first `refuse` pushes with 500.
type apnsStandIn struct {
	srv    *httptest.Server
	mu     sync.Mutex
	refuse int
	pushes []*http.Request
}

func newAPNsStandIn(t *testing.T, refuse int) *apnsStandIn {
	a := &apnsStandIn{refuse: refuse}
	a.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.pushes = append(a.pushes, r)
		if a.refuse > 0 {
			a.refuse--
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"reason":"InternalServerError"}`)
			return
		}
		w.Header().Set("apns-id", "test")
	}))
	a.srv.EnableHTTP2 = true
	a.srv.StartTLS()
	t.Cleanup(a.srv.Close)
	return a
}

func (a *apnsStandIn) seen() []*http.Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.pushes)
}

// walletServer is the app with both wallets configured with test
// credentials, Google's API at a stand-in.
func walletServer(t testing.TB, d *db.DB, options ...func(*config.Wallet)) (*testutil.Server, wallettest.Files, *googleStandIn) {
	t.Helper()
	g := newGoogleStandIn(t)
	files, err := wallettest.Write(t.TempDir(), g.srv.URL+"/token", true, true)
	if err != nil {
		t.Fatal(err)
	}
	files.Wallet.GoogleAPIURL = g.srv.URL + "/walletobjects/v1"
	for _, o := range options {
		o(&files.Wallet)
	}
	s := testutil.NewServerWithDB(t, d, func(c *config.Config) { c.Wallet = files.Wallet })
	return s, files, g
}

// buyer signs in a new customer and buys a coupon.
func buyer(s *testutil.Server) (*testutil.Client, auth.Profile, coupon.Coupon) {
	client, p := s.Login(auth.RoleUser)
	w := s.CreateWebinar(testutil.WebinarSpec{Title: "Holsters 101", Price: "40"})
	return client, p, s.Purchase(p, w.ID)
}

// couponMail is the coupon e-mail of coupon id sent to.
func couponMail(t *testing.T, s *testutil.Server, to, id string) mail.Message {
	t.Helper()
	for _, m := range s.Mails(to) {
		if m.DedupeKey == "coupon:"+id {
			return m
		}
	}
	t.Fatalf("no coupon e-mail to %s", to)
	return mail.Message{}
}

// pkpass is an unzipped pass.
type pkpass struct {
	files map[string][]byte
	pass  struct {
		SerialNumber, AuthenticationToken, WebServiceURL, PassTypeIdentifier string
		Voided                                                               bool
		Barcodes                                                             []struct{ Format, Message string }
		StoreCard                                                            struct {
			PrimaryFields, SecondaryFields, AuxiliaryFields, BackFields []struct {
				Key   string
				Value any
			}
		}
	}
}

func unzip(t *testing.T, b []byte) pkpass {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	p := pkpass{files: map[string][]byte{}}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		p.files[f.Name], _ = io.ReadAll(rc)
		_ = rc.Close()
	}
	if err := json.Unmarshal(p.files["pass.json"], &p.pass); err != nil {
		t.Fatalf("pass.json: %v", err)
	}
	return p
}

func (p pkpass) field(key string) any {
	c := p.pass.StoreCard
	for _, f := range slices.Concat(c.PrimaryFields, c.SecondaryFields, c.AuxiliaryFields) {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

func download(t *testing.T, c *testutil.Client, couponID string) pkpass {
	t.Helper()
	res := c.Do("GET", "/api/coupons/"+couponID+"/wallet/apple", nil)
	res.Check(t, testutil.Want{Status: 200})
	if ct := res.Header.Get("Content-Type"); ct != wallet.PKPassType {
		t.Fatalf("Content-Type %q", ct)
	}
	return unzip(t, res.Body)
}

// The buyer's pass: a signed storeCard whose barcode is the coupon's QR
// payload; nobody else gets it, and nothing is audited.
func TestApplePass(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s, files, _ := walletServer(t, d)
		client, owner, c := buyer(s)
		if m := couponMail(t, s, owner.Email, c.ID); !strings.Contains(m.Text, "Add to Apple Wallet: open My Dashboard on your phone, "+s.URL+"/dashboard") ||
			!strings.Contains(m.HTML, ">Add to Google Wallet</a>") {
			t.Errorf("the coupon e-mail does not offer the wallets:\n%s", m.Text)
		}
		audited := testutil.Count(t, d, `SELECT COUNT(*) FROM audit_log`)
		p := download(t, client, c.ID)

		want := []string{"icon.png", "icon@2x.png", "logo.png", "logo@2x.png", "manifest.json", "pass.json", "signature"}
		got := make([]string, 0, len(p.files))
		for name := range p.files {
			got = append(got, name)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("files %v, want %v", got, want)
		}
		var manifest map[string]string
		if err := json.Unmarshal(p.files["manifest.json"], &manifest); err != nil {
			t.Fatal(err)
		}
		if len(manifest) != len(want)-2 {
			t.Errorf("manifest lists %d files: %v", len(manifest), manifest)
		}
		for name, sum := range manifest {
			h := sha1.Sum(p.files[name]) // #nosec G401 -- the manifest's own hash
			if hex.EncodeToString(h[:]) != sum {
				t.Errorf("manifest hash of %s does not match", name)
			}
		}
		verifySignature(t, p, files.CA)

		link := coupon.CounterLink(func(path string) string { return s.URL + path }, c.Code)
		if len(p.pass.Barcodes) != 1 || p.pass.Barcodes[0].Message != link || p.pass.Barcodes[0].Format != "PKBarcodeFormatQR" {
			t.Errorf("barcodes %+v, want the QR of %s", p.pass.Barcodes, link)
		}
		if p.pass.SerialNumber != c.ID || p.pass.PassTypeIdentifier != wallettest.PassTypeID || p.pass.Voided ||
			p.pass.WebServiceURL != s.URL+wallet.WebServicePath || len(p.pass.AuthenticationToken) < 16 {
			t.Errorf("pass.json %+v", p.pass)
		}
		if p.field("value") != 48.0 || p.field("minimum") != "$96.00" || p.field("status") != "Valid" {
			t.Errorf("front: value %v, minimum %v, status %v", p.field("value"), p.field("minimum"), p.field("status"))
		}
		var back []any
		for _, f := range p.pass.StoreCard.BackFields {
			back = append(back, f.Value)
		}
		if !slices.Contains(back, any("Show this pass, or a printed copy of the coupon, at the counter.")) ||
			slices.Contains(back, any("A printed copy of this coupon is required.")) {
			t.Errorf("the back's terms: %v; the pass stands in for the printed copy", back)
		}
		if n := testutil.Count(t, d, `SELECT COUNT(*) FROM audit_log`); n != audited {
			t.Errorf("a customer's own download wrote %d audit entries", n-audited)
		}
		// The same pass, same token, when downloaded again.
		if again := download(t, client, c.ID); again.pass.AuthenticationToken != p.pass.AuthenticationToken {
			t.Error("a second download changed the pass's token")
		}

		other, _ := s.Login(auth.RoleUser)
		other.Do("GET", "/api/coupons/"+c.ID+"/wallet/apple", nil).Check(t, testutil.Want{Status: 404, Message: "Coupon not found."})
		other.Do("GET", "/api/coupons/"+c.ID+"/wallet/google", nil).Check(t, testutil.Want{Status: 404, Message: "Coupon not found."})
		s.Client().Do("GET", "/api/coupons/"+c.ID+"/wallet/apple", nil).Check(t, testutil.Want{Status: 401})
	})
}

// verifySignature checks the detached signature of manifest.json with
// OpenSSL against the test root.
func verifySignature(t *testing.T, p pkpass, ca string) {
	t.Helper()
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl is not installed")
	}
	dir := t.TempDir()
	for _, name := range []string{"manifest.json", "signature"} {
		if err := os.WriteFile(filepath.Join(dir, name), p.files[name], 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("openssl", "smime", "-verify", "-inform", "DER", "-binary", "-in", filepath.Join(dir, "signature"),
		"-content", filepath.Join(dir, "manifest.json"), "-CAfile", ca, "-purpose", "any", "-out", os.DevNull).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Verification successful") {
		t.Fatalf("openssl smime -verify: %v\n%s", err, out)
	}
}

// device is an Apple device speaking the web service with a pass's token.
type device struct {
	t      *testing.T
	s      *testutil.Server
	id     string
	serial string
	token  string
}

func (dv device) do(method, path, token string, body any, header map[string]string) testutil.Response {
	dv.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, dv.s.URL+wallet.WebServicePath+"/v1"+path, rd)
	if err != nil {
		dv.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "ApplePass "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return dv.s.Client().Send(req)
}

func (dv device) registration() string {
	return "/devices/" + dv.id + "/registrations/" + wallettest.PassTypeID + "/" + dv.serial
}

func (dv device) updated(tag string) testutil.Response {
	q := ""
	if tag != "" {
		q = "?passesUpdatedSince=" + url.QueryEscape(tag)
	}
	return dv.do("GET", "/devices/"+dv.id+"/registrations/"+wallettest.PassTypeID+q, "", nil, nil)
}

func (dv device) latest(since string) testutil.Response {
	h := map[string]string{}
	if since != "" {
		h["If-Modified-Since"] = since
	}
	return dv.do("GET", "/passes/"+wallettest.PassTypeID+"/"+dv.serial, dv.token, nil, h)
}

// Apple's web service: register, the serials changed since a tag, the
// latest pass with If-Modified-Since, unregister; a wrong token is 401.
// After a redemption at the counter the next fetch is the voided pass.
func TestWebService(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s, _, _ := walletServer(t, d)
		client, _, c := buyer(s)
		p := download(t, client, c.ID)
		dv := device{t: t, s: s, id: "device-1", serial: c.ID, token: p.pass.AuthenticationToken}
		push := map[string]string{"pushToken": "push-token-1"}

		dv.do("POST", dv.registration(), "wrong-token-0123456789", push, nil).Check(t, testutil.Want{Status: 401})
		dv.do("POST", dv.registration(), "", push, nil).Check(t, testutil.Want{Status: 401})
		dv.do("POST", dv.registration(), dv.token, push, nil).Check(t, testutil.Want{Status: 201})
		dv.do("POST", dv.registration(), dv.token, push, nil).Check(t, testutil.Want{Status: 200})
		dv.do("POST", "/devices/device-1/registrations/pass.other/"+c.ID, dv.token, push, nil).Check(t, testutil.Want{Status: 404})

		res := dv.updated("")
		res.Check(t, testutil.Want{Status: 200})
		var list struct {
			SerialNumbers []string `json:"serialNumbers"`
			LastUpdated   string   `json:"lastUpdated"`
		}
		res.JSON(t, &list)
		if !slices.Equal(list.SerialNumbers, []string{c.ID}) || list.LastUpdated == "" {
			t.Fatalf("serials %+v", list)
		}
		dv.updated(list.LastUpdated).Check(t, testutil.Want{Status: 204})

		first := dv.latest("")
		first.Check(t, testutil.Want{Status: 200})
		modified := first.Header.Get("Last-Modified")
		if modified == "" || first.Header.Get("Content-Type") != wallet.PKPassType {
			t.Fatalf("headers %v", first.Header)
		}
		dv.latest(modified).Check(t, testutil.Want{Status: 304})
		dv.do("GET", "/passes/"+wallettest.PassTypeID+"/"+c.ID, "wrong-token-0123456789", nil, nil).Check(t, testutil.Want{Status: 401})

		// The counter redeems it; a minute later the job has seen it.
		s.Clock.Advance(time.Minute)
		clerk, _ := s.Login(auth.RoleStaff)
		clerk.Do("POST", "/api/counter/coupons/"+url.PathEscape(c.Code)+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		if n, err := s.App.Wallet.Sync(context.Background()); err != nil || n != 1 {
			t.Fatalf("sync: %d, %v", n, err)
		}
		res = dv.updated(list.LastUpdated)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &list)
		if !slices.Equal(list.SerialNumbers, []string{c.ID}) {
			t.Fatalf("serials after the redemption %+v", list)
		}
		voided := dv.latest(modified)
		voided.Check(t, testutil.Want{Status: 200})
		v := unzip(t, voided.Body)
		if !v.pass.Voided || !strings.HasPrefix(v.field("status").(string), "Redeemed on ") {
			t.Errorf("after the redemption: voided %v, status %v", v.pass.Voided, v.field("status"))
		}

		dv.do("DELETE", dv.registration(), "wrong-token-0123456789", nil, nil).Check(t, testutil.Want{Status: 401})
		dv.do("DELETE", dv.registration(), dv.token, nil, nil).Check(t, testutil.Want{Status: 200})
		dv.updated("").Check(t, testutil.Want{Status: 204})
		dv.do("POST", "/log", "", map[string][]string{"logs": {"Web service error for pass: 500"}}, nil).
			Check(t, testutil.Want{Status: 200})
	})
}

// A redemption queues a push through APNs (HTTP/2, token auth) to every
// registered device; a refused push is sent again after its backoff.
func TestRedeemPushes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		apns := newAPNsStandIn(t, 1)
		s, _, _ := walletServer(t, d, func(w *config.Wallet) { w.APNsURL = apns.srv.URL })
		client, _, c := buyer(s)
		p := download(t, client, c.ID)
		dv := device{t: t, s: s, id: "device-1", serial: c.ID, token: p.pass.AuthenticationToken}
		dv.do("POST", dv.registration(), dv.token, map[string]string{"pushToken": "abc123"}, nil).Check(t, testutil.Want{Status: 201})

		w := s.App.Wallet.WithClients(apns.srv.Client(), nil)
		ctx := context.Background()
		if _, err := w.Run(ctx); err != nil || len(apns.seen()) != 0 {
			t.Fatalf("pushes before any change: %d, %v", len(apns.seen()), err)
		}
		clerk, _ := s.Login(auth.RoleStaff)
		clerk.Do("POST", "/api/counter/coupons/"+url.PathEscape(c.Code)+"/redeem", nil).Check(t, testutil.Want{Status: 200})
		if _, err := w.Run(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(apns.seen()); n != 1 {
			t.Fatalf("%d pushes after the redemption, want 1 (refused)", n)
		}
		if _, err := w.Run(ctx); err != nil || len(apns.seen()) != 1 {
			t.Fatalf("the refused push was retried before its backoff: %d", len(apns.seen()))
		}
		s.Clock.Advance(31 * time.Second)
		if _, err := w.Run(ctx); err != nil {
			t.Fatal(err)
		}
		pushes := apns.seen()
		if len(pushes) != 2 {
			t.Fatalf("%d pushes after the backoff, want 2", len(pushes))
		}
		r := pushes[1]
		if r.ProtoMajor != 2 || r.URL.Path != "/3/device/abc123" || r.Header.Get("apns-topic") != wallettest.PassTypeID ||
			!strings.HasPrefix(r.Header.Get("Authorization"), "bearer ") {
			t.Errorf("push %s %s topic %q auth %q", r.Proto, r.URL.Path, r.Header.Get("apns-topic"), r.Header.Get("Authorization"))
		}
		s.Clock.Advance(time.Hour)
		if _, err := w.Run(ctx); err != nil || len(apns.seen()) != 2 {
			t.Errorf("a sent push went again: %d", len(apns.seen()))
		}
	})
}

// "Add to Google Wallet": the class and the object are created through the
// API, the save JWT verifies with the key's public half and names the
// object; a refund patches the object to INACTIVE.
func TestGoogleWallet(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s, files, g := walletServer(t, d)
		client, _, c := buyer(s)
		res := client.Do("GET", "/api/coupons/"+c.ID+"/wallet/google", nil)
		res.Check(t, testutil.Want{Status: 200})
		var link struct{ URL string }
		res.JSON(t, &link)
		raw, ok := strings.CutPrefix(link.URL, "https://pay.google.com/gp/v/save/")
		if !ok {
			t.Fatalf("link %q", link.URL)
		}
		claims := jwt.MapClaims{}
		if _, err := jwt.ParseWithClaims(raw, claims, func(*jwt.Token) (any, error) { return &files.GoogleKey.PublicKey, nil },
			jwt.WithValidMethods([]string{"RS256"}), jwt.WithAudience("google")); err != nil {
			t.Fatalf("save JWT: %v", err)
		}
		objectID := wallettest.IssuerID + "." + c.ID
		payload, _ := json.Marshal(claims["payload"])
		if claims["typ"] != "savetowallet" || claims["iss"] != wallettest.ServiceEmail ||
			!strings.Contains(string(payload), `"id":"`+objectID+`"`) {
			t.Errorf("claims %v", claims)
		}
		if origins, _ := claims["origins"].([]any); len(origins) != 1 || origins[0] != s.URL {
			t.Errorf("origins %v, want [%s]", claims["origins"], s.URL)
		}
		calls := g.seen()
		if len(calls) != 2 || calls[0].Path != "/walletobjects/v1/giftCardClass" || calls[1].Path != "/walletobjects/v1/giftCardObject" ||
			calls[1].Auth != "Bearer test-access" || calls[1].Body["state"] != "ACTIVE" || calls[1].Body["id"] != objectID {
			t.Fatalf("API calls %+v", calls)
		}
		if barcode, _ := calls[1].Body["barcode"].(map[string]any); barcode["value"] != coupon.CounterLink(func(p string) string { return s.URL + p }, c.Code) {
			t.Errorf("barcode %v", barcode)
		}
		client.Do("GET", "/api/coupons/"+c.ID+"/wallet/google", nil).Check(t, testutil.Want{Status: 200})
		if n := len(g.seen()); n != 2 {
			t.Errorf("a second link made %d more API calls", n-2)
		}

		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("POST", "/api/admin/coupons/"+c.ID+"/refund", nil).Check(t, testutil.Want{Status: 200})
		if _, err := s.App.Wallet.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		calls = g.seen()
		last := calls[len(calls)-1]
		if len(calls) != 3 || last.Method != "PATCH" || last.Path != "/walletobjects/v1/giftCardObject/"+objectID ||
			last.Body["state"] != "INACTIVE" {
			t.Fatalf("after the refund: %+v", calls)
		}
	})
}

// Without credentials nothing changes: no wallet routes, the SPA is told
// neither wallet is there.
func TestNoWallets(t *testing.T) {
	s := testutil.NewServer(t, db.SQLite)
	client, owner, c := buyer(s)
	if m := couponMail(t, s, owner.Email, c.ID); strings.Contains(m.Text+m.HTML, "Wallet") {
		t.Errorf("the coupon e-mail without wallets:\n%s", m.Text)
	}
	client.Do("GET", "/api/coupons/"+c.ID+"/wallet/apple", nil).Check(t, testutil.Want{Status: 404})
	client.Do("GET", "/api/coupons/"+c.ID+"/wallet/google", nil).Check(t, testutil.Want{Status: 404})
	var cfg struct {
		Wallets map[string]bool `json:"wallets"`
	}
	client.Do("GET", "/api/config", nil).JSON(t, &cfg)
	if cfg.Wallets["apple"] || cfg.Wallets["google"] {
		t.Errorf("wallets %v", cfg.Wallets)
	}
}

// TestPassWithoutExpiry: a coupon whose paid value never expires gets a
// pass with no expiration date ("Expires: Never"; Google's object has no
// end), while a coupon issued before the choice keeps its date.
func TestPassWithoutExpiry(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s, _, g := walletServer(t, d)
		oldClient, _, old := buyer(s)
		admin, _ := s.Login(auth.RoleAdmin)
		admin.Do("PUT", "/api/admin/settings/coupon-policy",
			map[string]any{"policy": "split", "paid_years": 5, "bonus_days": 30, "paid_never_expires": true}).
			Check(t, testutil.Want{Status: 200})
		client, _, c := buyer(s)

		var raw map[string]any
		p := download(t, client, c.ID)
		if err := json.Unmarshal(p.files["pass.json"], &raw); err != nil {
			t.Fatal(err)
		}
		if _, ok := raw["expirationDate"]; ok || p.field("expires") != "Never" {
			t.Errorf("pass of a paid value that never expires: expirationDate %v, Expires %v", raw["expirationDate"], p.field("expires"))
		}
		var back []any
		for _, f := range p.pass.StoreCard.BackFields {
			back = append(back, f.Value)
		}
		if !slices.Contains(back, any("The paid value ($40.00) never expires.")) {
			t.Errorf("the back's terms: %v", back)
		}
		if err := json.Unmarshal(download(t, oldClient, old.ID).files["pass.json"], &raw); err != nil {
			t.Fatal(err)
		}
		if raw["expirationDate"] != old.ExpiresAt.UTC().Format(time.RFC3339) {
			t.Errorf("the old coupon's pass: expirationDate %v, want %s", raw["expirationDate"], old.ExpiresAt)
		}

		client.Do("GET", "/api/coupons/"+c.ID+"/wallet/google", nil).Check(t, testutil.Want{Status: 200})
		calls := g.seen()
		if last := calls[len(calls)-1]; last.Path != "/walletobjects/v1/giftCardObject" || last.Body["validTimeInterval"] != nil {
			t.Errorf("Google object of a paid value that never expires: %+v", last)
		}
	})
}
