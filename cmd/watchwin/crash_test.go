package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/testutil/anetserver"
	"watchwin/internal/testutil/testbin"
)

// TestCrashRecovery proves docs/product.md#card-payment's promise with the real binary on
// SQLite, through each gateway: a payment the provider took while the
// server died (kill -9) before the coupon ends in exactly one coupon and one
// charge after a restart, through the reconciler that runs at start. With
// the built-in test provider the card is paid and the server dies before
// any confirm; with Authorize.Net the server itself charges the card token
// and dies while the gateway's answer is on its way (the stand-in's
// StallNext). WATCHWIN_RECONCILE_GRACE is shortened to 1 s so the test only
// waits that long before restarting.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	for _, gateway := range []string{"test", authorizenet.Name} {
		t.Run(gateway, func(t *testing.T) { crashRecovery(t, gateway) })
	}
}

func crashRecovery(t *testing.T, gateway string) {
	dir := t.TempDir()
	bin := binary(t)
	data := filepath.Join(dir, "data")
	env := append(os.Environ(), "WATCHWIN_DATABASE_URL=", "WATCHWIN_RECONCILE_GRACE=1s", "STRIPE_SECRET_KEY=", "STRIPE_PUBLISHABLE_KEY=")
	var standin *anetserver.Server
	if gateway == authorizenet.Name {
		var url string
		standin, url = anetserver.Start(t)
		env = append(env, "WATCHWIN_PAYMENT_PROVIDER=authorizenet", "AUTHORIZENET_ENVIRONMENT=sandbox", "AUTHORIZENET_API_URL="+url,
			"AUTHORIZENET_API_LOGIN_ID="+anetserver.APILoginID, "AUTHORIZENET_TRANSACTION_KEY="+anetserver.TransactionKey,
			"AUTHORIZENET_CLIENT_KEY="+anetserver.ClientKey, "AUTHORIZENET_SIGNATURE_KEY="+anetserver.SignatureKey)
	}
	runBinary(t, bin, env, data, "user", "add", "--email", "boss@example.com", "--password", "secret12", "--role", "admin")
	runBinary(t, bin, env, data, "user", "add", "--email", "buyer@example.com", "--password", "secret12")

	addr := testbin.FreeAddr(t) // the restart after the crash listens here again
	var logs lockedBuffer
	base, server := serveBinary(t, bin, addr, env, data, &logs)

	admin, buyer := newClient(t, base), newClient(t, base)
	admin.call("POST", "/api/auth/login", map[string]string{"email": "boss@example.com", "password": "secret12"}, 200, nil)
	buyer.call("POST", "/api/auth/login", map[string]string{"email": "buyer@example.com", "password": "secret12"}, 200, nil)
	var w struct{ ID string }
	admin.call("POST", "/api/admin/webinars", map[string]any{
		"title": "Crash course", "description": "Survives a crash.",
		"event_datetime": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339),
		"display_price":  40, "total_seats": 5, "youtube_video_id": "dQw4w9WgXcQ", "is_active": true,
	}, 201, &w)
	if w.ID == "" {
		t.Fatal("webinar created without an id")
	}
	buyer.call("POST", "/api/webinars/"+w.ID+"/registrations", map[string]string{"name": "Sam Carter", "email": "buyer@example.com"}, 201, nil)
	buyer.call("POST", "/api/webinars/"+w.ID+"/registration/watched", nil, 200, nil)
	var st struct{ ID, ClientSecret string }
	buyer.call("POST", "/api/webinars/"+w.ID+"/payments", nil, 201, &st)
	confirm := map[string]any{"paymentIntentId": st.ID}
	if standin == nil {
		buyer.call("POST", "/api/payments/test-intents/"+st.ID+"/confirm", map[string]any{
			"client_secret": st.ClientSecret, "card_number": "4242 4242 4242 4242", "exp_month": 12,
			"exp_year": time.Now().Year() + 1, "cvc": "123", "postal_code": "60540"}, 200, nil)
		// The card was charged; the browser's confirm never comes.
	} else {
		// The server charges Accept.js's token; the gateway charged it, and
		// its answer is held back until the server is gone.
		confirm["opaqueData"] = standin.Token("4242 4242 4242 4242")
		standin.StallNext(1)
		go func() { _ = buyer.try("POST", "/api/payments/confirm", confirm, 200, nil) }()
		waitFor(t, 10*time.Second, func() bool { return standin.Charges() == 1 })
	}
	// The server dies between the charge and the coupon.
	if err := server.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = server.Wait()
	if n := buyer.coupons(); n != -1 {
		t.Fatalf("server still answering after kill -9")
	}

	time.Sleep(1100 * time.Millisecond) // the grace period passes while it is down
	serveBinary(t, bin, addr, env, data, &logs)
	var n int
	waitFor(t, 10*time.Second, func() bool { n = buyer.coupons(); return n >= 1 })
	time.Sleep(200 * time.Millisecond)
	if n = buyer.coupons(); n != 1 {
		t.Fatalf("coupons after restart: %d, want 1\n%s", n, logs.String())
	}
	// The browser's confirm, arriving late, gets that same coupon.
	var c struct{ Code string }
	buyer.call("POST", "/api/payments/confirm", confirm, 200, &c)
	if c.Code == "" || buyer.coupons() != 1 {
		t.Fatalf("late confirm: %+v, coupons %d", c, buyer.coupons())
	}
	if standin != nil && standin.Charges() != 1 {
		t.Errorf("charges at the gateway: %d, want 1", standin.Charges())
	}
	secrets := []string{"4242", st.ClientSecret}
	if tok, ok := confirm["opaqueData"].(authorizenet.OpaqueData); ok {
		secrets = append(secrets, tok.DataValue)
	}
	for _, secret := range secrets {
		if secret != "" && strings.Contains(logs.String(), secret) {
			t.Error("the server log holds a card number, a client secret or a card token")
		}
	}
}
