package authorizenet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/testutil"
	"watchwin/internal/testutil/anetserver"
)

// TestRequestBodiesMatchTheDocumentedJSON checks every request the adapter
// sends against the shapes of the API reference
// (https://developer.authorize.net/api/reference/index.html): the root
// element, merchantAuthentication first (the JSON API follows the XML
// schema's element order), refId and invoiceNumber at most 20 characters,
// amounts as decimal strings, the token as opaqueData, and the refund by
// refTransId with the card's last four digits and "XXXX".
func TestRequestBodiesMatchTheDocumentedJSON(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		standin, url := anetserver.Start(t)
		g := authorizenet.New(d, (&testutil.Clock{}).Now, authorizenet.Config{APILoginID: anetserver.APILoginID,
			TransactionKey: anetserver.TransactionKey, SignatureKey: anetserver.SignatureKey, APIURL: url})
		ctx := context.Background()
		paymentID := "0f8fad5b-d9cb-469f-a165-70867728950e"
		in, err := g.Create(ctx, payment.CreateParams{AmountCents: 2550, Currency: "usd", IdempotencyKey: "watchwin-payment-" + paymentID,
			Metadata: map[string]string{payment.MetaPaymentID: paymentID}})
		if err != nil {
			t.Fatal(err)
		}
		tok := standin.Token("4111111111111111")
		if got, err := g.Charge(ctx, in.ID, payment.CardToken{Descriptor: tok.DataDescriptor, Value: tok.DataValue}); err != nil || got.Status != payment.StatusSucceeded || got.AmountCents != 2550 {
			t.Fatalf("charge: %+v, %v", got, err)
		}
		standin.Settle()
		if err := g.Refund(ctx, in.ID, "watchwin-refund-"+paymentID); err != nil {
			t.Fatal(err)
		}

		seen := map[string]bool{}
		for _, r := range standin.Requests() {
			body := string(r.Body)
			seen[r.Name] = true
			if !strings.HasPrefix(body, `{"`+r.Name+`":{"merchantAuthentication":{"name":"`+anetserver.APILoginID+`","transactionKey":"`) {
				t.Errorf("%s does not begin with merchantAuthentication: %s", r.Name, body)
			}
			if r.Name != "createTransactionRequest" {
				continue
			}
			var env map[string]struct {
				RefID              string `json:"refId"`
				TransactionRequest struct {
					TransactionType string          `json:"transactionType"`
					Amount          json.RawMessage `json:"amount"`
					Payment         map[string]map[string]string
					RefTransID      string `json:"refTransId"`
					Order           struct {
						InvoiceNumber string `json:"invoiceNumber"`
					} `json:"order"`
				} `json:"transactionRequest"`
			}
			if err := json.Unmarshal(r.Body, &env); err != nil {
				t.Fatal(err)
			}
			req := env[r.Name]
			tr := req.TransactionRequest
			if n := len(req.RefID); n == 0 || n > 20 || tr.Order.InvoiceNumber != req.RefID {
				t.Errorf("refId %q and invoiceNumber %q: want the same reference of 1 to 20 characters", req.RefID, tr.Order.InvoiceNumber)
			}
			if string(tr.Amount) != `"25.50"` {
				t.Errorf("%s amount %s, want the decimal string \"25.50\"", tr.TransactionType, tr.Amount)
			}
			// transactionType, amount, payment, refTransId, order: the schema's order.
			order := regexp.MustCompile(`"(transactionType|amount|payment|refTransId|order)":`).FindAllStringSubmatch(body, -1)
			var names []string
			for _, m := range order {
				names = append(names, m[1])
			}
			switch tr.TransactionType {
			case "authCaptureTransaction":
				if tr.Payment["opaqueData"]["dataDescriptor"] != "COMMON.ACCEPT.INAPP.PAYMENT" || tr.Payment["opaqueData"]["dataValue"] == "" {
					t.Errorf("charge payment %v, want opaqueData", tr.Payment)
				}
				if got := strings.Join(names, ","); got != "transactionType,amount,payment,order" {
					t.Errorf("charge fields in order %s", got)
				}
			case "refundTransaction":
				if cc := tr.Payment["creditCard"]; cc["cardNumber"] != "1111" || cc["expirationDate"] != "XXXX" || tr.RefTransID == "" {
					t.Errorf("refund payment %v refTransId %q, want last four, XXXX and the charge", tr.Payment, tr.RefTransID)
				}
				if got := strings.Join(names, ","); got != "transactionType,amount,payment,refTransId,order" {
					t.Errorf("refund fields in order %s", got)
				}
			default:
				t.Errorf("unexpected %s", tr.TransactionType)
			}
		}
		for _, name := range []string{"createTransactionRequest", "getTransactionDetailsRequest"} {
			if !seen[name] {
				t.Errorf("no %s sent", name)
			}
		}
		if bytes.Contains([]byte(in.ID), []byte(" ")) {
			t.Errorf("intent id %q", in.ID)
		}
	})
}

// TestWebhookSignature: X-ANET-Signature is "sha512=" and the HMAC-SHA512
// of the raw body with the signature key; any other signature, or no key
// configured, is refused.
func TestWebhookSignature(t *testing.T) {
	d := testutil.OpenDB(t, db.SQLite)
	body := []byte(`{"notificationId":"n","eventType":"net.authorize.payment.fraud.held","eventDate":"2026-11-27T14:00:00Z","webhookId":"w","payload":{"id":"1"}}`)
	g := authorizenet.New(d, (&testutil.Clock{}).Now, authorizenet.Config{SignatureKey: anetserver.SignatureKey, APIURL: "http://127.0.0.1:1"})
	ctx := context.Background()
	if ev, err := g.ParseEvent(ctx, body, authorizenet.Sign(body, anetserver.SignatureKey)); err != nil || ev.ID != "n" || ev.IntentID != "" {
		t.Fatalf("signed fraud.held: %+v, %v; want acknowledged with nothing to do", ev, err)
	}
	if _, err := g.ParseEvent(ctx, body, strings.ToLower(authorizenet.Sign(body, anetserver.SignatureKey))); err != nil {
		t.Fatalf("lower-case hex: %v", err)
	}
	for _, sig := range []string{"", "sha512=00", authorizenet.Sign(body, "another key"), authorizenet.Sign(append(body, ' '), anetserver.SignatureKey)} {
		if _, err := g.ParseEvent(ctx, body, sig); err == nil {
			t.Errorf("signature %q accepted", sig)
		}
	}
	unkeyed := authorizenet.New(d, (&testutil.Clock{}).Now, authorizenet.Config{})
	if _, err := unkeyed.ParseEvent(ctx, body, authorizenet.Sign(body, "")); err == nil {
		t.Error("accepted with no signature key configured")
	}
}
