// Package anetserver is a loopback stand-in for Authorize.Net's JSON API, for
// tests without the internet. It follows the published request and response
// shapes of the calls watchwin makes:
//
//   - createTransactionRequest: authCaptureTransaction with opaqueData,
//     refundTransaction, voidTransaction
//     (https://developer.authorize.net/api/reference/index.html#payment-transactions-charge-a-credit-card,
//     #payment-transactions-refund-a-transaction, #payment-transactions-void-a-transaction);
//   - getTransactionDetailsRequest and getUnsettledTransactionListRequest
//     (https://developer.authorize.net/api/reference/index.html#transaction-reporting);
//   - securePaymentContainerRequest, the call Accept.js makes to turn a card
//     into opaqueData (https://developer.authorize.net/api/reference/features/acceptjs.html);
//   - webhooks signed with X-ANET-Signature
//     (https://developer.authorize.net/api/reference/features/webhooks.html).
//
// Like the real API, answers begin with a UTF-8 byte order mark. Switches
// make the next charge decline, time out after charging, answer "duplicate
// transaction" (error 11) or be held for review (response code 4). Card
// numbers behave like the sandbox's test cards: 4111 1111 1111 1111 and
// 4242 4242 4242 4242 pay; 4000 0000 0000 0002 is declined. It is not
// Authorize.Net: only a real sandbox run proves the real gateway agrees
// (docs/testing.md#authorizenet).
package anetserver

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"

	"watchwin/internal/payment/authorizenet"
)

// Login and keys the stand-in accepts (tests configure watchwin with them).
const (
	APILoginID     = "standin-login"
	TransactionKey = "standin-transaction-key"
	ClientKey      = "standin-client-key"
	SignatureKey   = "5A3E4C1F0D9B8A7F6E5D4C3B2A1908F7E6D5C4B3A29180F7E6D5C4B3A2918070"
)

// Transaction is one transaction the stand-in holds.
type Transaction struct {
	ID, Type, Status, Invoice, RefID, RefTransID, Card string
	AmountCents                                        int64
	Submitted                                          time.Time
	Batch                                              string // the settled batch; "" while unsettled
}

// batch is a settlement: its id and when it settled.
type batch struct {
	ID string
	At time.Time
}

// Server is the stand-in. Its switches and records are safe for concurrent use.
type Server struct {
	mu       sync.Mutex
	tx       map[string]*Transaction
	order    []string
	tokens   map[string]string // dataValue → card number
	next     int
	requests []Request

	// Switches: how many coming charges are treated so.
	declineNext, timeoutNext, duplicateNext, holdNext, stallNext int

	batches []batch

	webhookURL string
	hc         *http.Client
}

// Request is one API call as it came: its name and raw body.
type Request struct {
	Name string
	Body []byte
}

// New returns an empty stand-in (mount Handler, or use Start).
func New() *Server {
	return &Server{tx: map[string]*Transaction{}, tokens: map[string]string{}, next: 60000000000, hc: &http.Client{Timeout: 10 * time.Second}}
}

// Start serves a new stand-in on a loopback port until the test ends; its
// API is URL()+"/xml/v1/request.api".
func Start(t interface{ Cleanup(func()) }) (*Server, string) {
	s := New()
	ts := httptest.NewServer(s.Handler())
	url := ts.URL + "/xml/v1/request.api"
	running.Store(url, s)
	t.Cleanup(func() { running.Delete(url); ts.Close() })
	return s, url
}

// running maps the API URL of each stand-in Start serves to it.
var running sync.Map

// At returns the stand-in Start serves at API URL url, or nil.
func At(url string) *Server {
	if s, ok := running.Load(url); ok {
		return s.(*Server)
	}
	return nil
}

// DeclineNext, TimeoutNext, DuplicateNext and HoldNext treat the next n
// charges so: declined (response code 2); charged, then the connection
// closed before any answer (a timeout after the gateway charged); answered
// "A duplicate transaction has been submitted." (error 11, nothing
// charged); charged and held for review (code 4, FDSPendingReview).
func (s *Server) DeclineNext(n int)   { s.mu.Lock(); s.declineNext = n; s.mu.Unlock() }
func (s *Server) TimeoutNext(n int)   { s.mu.Lock(); s.timeoutNext = n; s.mu.Unlock() }
func (s *Server) DuplicateNext(n int) { s.mu.Lock(); s.duplicateNext = n; s.mu.Unlock() }
func (s *Server) HoldNext(n int)      { s.mu.Lock(); s.holdNext = n; s.mu.Unlock() }

// StallNext charges the next n charges and then keeps each answer back
// until its caller goes away (at most a minute): the window in which a
// server killed between the charge and the coupon dies.
func (s *Server) StallNext(n int) { s.mu.Lock(); s.stallNext = n; s.mu.Unlock() }

// SendWebhooksTo makes the stand-in post signed notifications (authcapture,
// refund, void) to url, as the merchant's webhook setting does.
func (s *Server) SendWebhooksTo(url string) { s.mu.Lock(); s.webhookURL = url; s.mu.Unlock() }

// Settle settles every captured charge in one batch (the nightly batch):
// a refund then goes by refundTransaction instead of a void, and the charge
// leaves the unsettled list for the batch's.
func (s *Server) Settle() {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := batch{ID: strconv.Itoa(9000000 + len(s.batches)), At: time.Now().UTC()}
	for _, t := range s.tx {
		if t.Status == "capturedPendingSettlement" {
			t.Status, t.Batch = "settledSuccessfully", b.ID
		}
	}
	s.batches = append(s.batches, b)
}

// Approve ends the review of a held charge: it is captured.
func (s *Server) Approve(transID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tx[transID]; t != nil && t.Status == "FDSPendingReview" {
		t.Status = "capturedPendingSettlement"
	}
}

// Charges counts approved charges (held ones included), Refunds the
// refunds and voids that went through.
func (s *Server) Charges() int {
	return s.count(func(t *Transaction) bool { return t.Type == "authCaptureTransaction" && t.Status != "declined" })
}
func (s *Server) Refunds() int {
	return s.count(func(t *Transaction) bool { return t.Type == "refundTransaction" || t.Status == "voided" })
}

func (s *Server) count(f func(*Transaction) bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, t := range s.tx {
		if f(t) {
			n++
		}
	}
	return n
}

// Transactions returns a copy of every transaction, oldest first.
func (s *Server) Transactions() []Transaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Transaction, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, *s.tx[id])
	}
	return out
}

// Requests returns every API call received, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Token makes opaqueData for a card, as Accept.js does in the browser.
func (s *Server) Token(cardNumber string) authorizenet.OpaqueData {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := "eyJjb2RlIjoiNTBf" + rand.Text()
	s.tokens[v] = strings.ReplaceAll(cardNumber, " ", "")
	return authorizenet.OpaqueData{DataDescriptor: "COMMON.ACCEPT.INAPP.PAYMENT", DataValue: v}
}

// Handler serves the API at /xml/v1/request.api, the Accept.js stand-in at
// /v1/Accept.js and the records at /standin/stats.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /xml/v1/request.api", s.api)
	mux.HandleFunc("OPTIONS /xml/v1/request.api", func(w http.ResponseWriter, r *http.Request) { cors(w) })
	mux.HandleFunc("GET /v1/Accept.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = io.WriteString(w, AcceptJS)
	})
	mux.HandleFunc("GET /standin/stats", func(w http.ResponseWriter, r *http.Request) {
		cors(w)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"charges": s.Charges(), "refunds": s.Refunds(), "transactions": s.Transactions()})
	})
	mux.HandleFunc("POST /standin/switch", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		switch r.URL.Query().Get("what") {
		case "decline":
			s.DeclineNext(n)
		case "timeout":
			s.TimeoutNext(n)
		case "duplicate":
			s.DuplicateNext(n)
		case "hold":
			s.HoldNext(n)
		case "settle":
			s.Settle()
		}
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func cors(w http.ResponseWriter) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
}

type messages struct {
	ResultCode string `json:"resultCode"`
	Message    []msg  `json:"message"`
}

type msg struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

var ok = messages{"Ok", []msg{{"I00001", "Successful."}}}

func failed(code, text string) messages { return messages{"Error", []msg{{code, text}}} }

// api answers one call. Every request names merchantAuthentication first.
func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	cors(w)
	body, _ := io.ReadAll(r.Body)
	var env map[string]json.RawMessage
	if err := json.Unmarshal(body, &env); err != nil || len(env) != 1 {
		s.write(w, map[string]any{"messages": failed("E00003", "The request is not valid JSON.")})
		return
	}
	for name, raw := range env {
		s.mu.Lock()
		s.requests = append(s.requests, Request{Name: name, Body: body})
		s.mu.Unlock()
		var auth struct {
			MerchantAuthentication struct {
				Name           string `json:"name"`
				TransactionKey string `json:"transactionKey"`
				ClientKey      string `json:"clientKey"`
			} `json:"merchantAuthentication"`
		}
		_ = json.Unmarshal(raw, &auth)
		a := auth.MerchantAuthentication
		if a.Name != APILoginID || (a.TransactionKey != TransactionKey && !(name == "securePaymentContainerRequest" && a.ClientKey == ClientKey)) {
			s.write(w, map[string]any{"messages": failed("E00007", "User authentication failed due to invalid authentication values.")})
			return
		}
		switch name {
		case "createTransactionRequest":
			s.createTransaction(w, r, raw)
		case "getTransactionDetailsRequest":
			s.details(w, raw)
		case "getUnsettledTransactionListRequest":
			s.list(w, func(t *Transaction) bool { return t.Batch == "" })
		case "getSettledBatchListRequest":
			s.settledBatches(w, raw)
		case "getTransactionListRequest":
			var req authorizenet.GetTransactionList
			_ = json.Unmarshal(raw, &req)
			s.list(w, func(t *Transaction) bool { return req.BatchID != "" && t.Batch == req.BatchID })
		case "securePaymentContainerRequest":
			s.securePaymentContainer(w, raw)
		default:
			s.write(w, map[string]any{"messages": failed("E00045", "The root node does not reference a valid XML namespace.")})
		}
	}
}

// write answers as the API does: JSON after a byte order mark.
func (s *Server) write(w http.ResponseWriter, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(append([]byte("\xef\xbb\xbf"), b...))
}

type txResponse struct {
	ResponseCode  string  `json:"responseCode"`
	AuthCode      string  `json:"authCode"`
	TransID       string  `json:"transId"`
	RefTransID    string  `json:"refTransID"`
	AccountNumber string  `json:"accountNumber"`
	AccountType   string  `json:"accountType"`
	Messages      []txMsg `json:"messages,omitempty"`
	Errors        []txErr `json:"errors,omitempty"`
}
type txMsg struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}
type txErr struct {
	ErrorCode string `json:"errorCode"`
	ErrorText string `json:"errorText"`
}

func (s *Server) createTransaction(w http.ResponseWriter, r *http.Request, raw json.RawMessage) {
	var req authorizenet.CreateTransaction
	if err := json.Unmarshal(raw, &req); err != nil {
		s.write(w, map[string]any{"messages": failed("E00003", err.Error())})
		return
	}
	tr := req.TransactionRequest
	if len(req.RefID) > 20 || (tr.Order != nil && len(tr.Order.InvoiceNumber) > 20) {
		s.write(w, map[string]any{"messages": failed("E00003", "The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:refId' element is invalid - The actual length is greater than the MaxLength value.")})
		return
	}
	invoice := ""
	if tr.Order != nil {
		invoice = tr.Order.InvoiceNumber
	}
	answer := func(code string, t *Transaction, errs ...txErr) {
		res := txResponse{ResponseCode: code, AccountType: "Visa", Errors: errs}
		if t != nil {
			res.TransID, res.RefTransID, res.AccountNumber = t.ID, t.RefTransID, "XXXX"+last4(t.Card)
			if code == "1" || code == "4" {
				res.AuthCode = "STANDIN"
				res.Messages = []txMsg{{"1", "This transaction has been approved."}}
			}
		} else {
			res.TransID = "0"
		}
		m := ok
		if code != "1" && code != "4" {
			m = failed("E00027", "The transaction was unsuccessful.")
		}
		s.write(w, map[string]any{"transactionResponse": res, "refId": req.RefID, "messages": m})
	}
	s.mu.Lock()
	switch tr.TransactionType {
	case "authCaptureTransaction":
		if tr.Payment == nil || tr.Payment.OpaqueData == nil {
			s.mu.Unlock()
			s.write(w, map[string]any{"messages": failed("E00003", "payment.opaqueData is required.")})
			return
		}
		card, known := s.tokens[tr.Payment.OpaqueData.DataValue]
		if !known {
			s.mu.Unlock()
			s.write(w, map[string]any{"messages": failed("E00114", "Invalid OTS Token.")})
			return
		}
		delete(s.tokens, tr.Payment.OpaqueData.DataValue) // one use
		cents, err := parseAmount(tr.Amount)
		if err != nil {
			s.mu.Unlock()
			s.write(w, map[string]any{"messages": failed("E00003", "amount: "+err.Error())})
			return
		}
		if s.duplicateNext > 0 {
			s.duplicateNext--
			s.mu.Unlock()
			answer("3", nil, txErr{"11", "A duplicate transaction has been submitted."})
			return
		}
		t := s.add(&Transaction{Type: tr.TransactionType, Status: "capturedPendingSettlement", Invoice: invoice, RefID: req.RefID, Card: card, AmountCents: cents})
		switch {
		case s.declineNext > 0 || card == "4000000000000002":
			if s.declineNext > 0 {
				s.declineNext--
			}
			t.Status = "declined"
			s.mu.Unlock()
			answer("2", t, txErr{"2", "This transaction has been declined."})
			return
		case s.holdNext > 0:
			s.holdNext--
			t.Status = "FDSPendingReview"
			s.mu.Unlock()
			answer("4", t)
			return
		case s.timeoutNext > 0:
			s.timeoutNext--
			s.mu.Unlock()
			s.notify(authorizenet.EventAuthCapture, t)
			hangUp(w) // charged, and the answer never comes
			return
		case s.stallNext > 0:
			s.stallNext--
			s.mu.Unlock()
			select { // charged; the answer waits for a caller that is gone
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			hangUp(w)
			return
		}
		s.mu.Unlock()
		s.notify(authorizenet.EventAuthCapture, t)
		answer("1", t)
	case "voidTransaction":
		t := s.tx[tr.RefTransID]
		switch {
		case t == nil:
			s.mu.Unlock()
			answer("3", nil, txErr{"16", "The transaction cannot be found."})
		case t.Status == "voided":
			s.mu.Unlock()
			answer("3", t, txErr{"310", "This transaction has already been voided."})
		case t.Status != "capturedPendingSettlement" && t.Status != "FDSPendingReview":
			s.mu.Unlock()
			answer("3", t, txErr{"311", "This transaction has already been captured."})
		default:
			t.Status = "voided"
			s.mu.Unlock()
			s.notify(authorizenet.EventVoid, t)
			answer("1", t)
		}
	case "refundTransaction":
		t := s.tx[tr.RefTransID]
		cents, err := parseAmount(tr.Amount)
		switch {
		case t == nil:
			s.mu.Unlock()
			answer("3", nil, txErr{"16", "The transaction cannot be found."})
		case err != nil || tr.Payment == nil || tr.Payment.CreditCard == nil || tr.Payment.CreditCard.CardNumber != last4(t.Card):
			s.mu.Unlock()
			answer("3", nil, txErr{"5", "A valid amount is required."})
		case t.Status != "settledSuccessfully":
			s.mu.Unlock()
			answer("3", nil, txErr{"54", "The referenced transaction does not meet the criteria for issuing a credit."})
		case s.refundedCents(t.ID)+cents > t.AmountCents:
			s.mu.Unlock()
			answer("3", nil, txErr{"55", "The sum of credits against the referenced transaction would exceed original debit amount."})
		default:
			rt := s.add(&Transaction{Type: tr.TransactionType, Status: "refundPendingSettlement", Invoice: invoice, RefID: req.RefID, RefTransID: t.ID, Card: t.Card, AmountCents: cents})
			s.mu.Unlock()
			s.notify(authorizenet.EventRefund, rt)
			answer("1", rt)
		}
	default:
		s.mu.Unlock()
		s.write(w, map[string]any{"messages": failed("E00003", "transactionType not served by the stand-in")})
	}
}

// hangUp closes the connection with no answer, as a timeout looks to the client.
func hangUp(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if c, _, err := hj.Hijack(); err == nil {
			_ = c.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

func (s *Server) refundedCents(id string) int64 {
	var n int64
	for _, t := range s.tx {
		if t.RefTransID == id && t.Type == "refundTransaction" {
			n += t.AmountCents
		}
	}
	return n
}

// add stores t under a new transaction id (the caller holds mu).
func (s *Server) add(t *Transaction) *Transaction {
	s.next++
	t.ID = strconv.Itoa(s.next)
	t.Submitted = time.Now().UTC()
	s.tx[t.ID] = t
	s.order = append(s.order, t.ID)
	return t
}

func last4(card string) string { return card[max(0, len(card)-4):] }

func dollars(cents int64) json.Number {
	return json.Number(fmt.Sprintf("%d.%02d", cents/100, cents%100))
}

// parseAmount reads a decimal string amount, as the API requires it.
func parseAmount(s string) (int64, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 {
		return 0, fmt.Errorf("%q is not a decimal amount", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil || w < 0 || (w == 0 && f == 0) {
		return 0, fmt.Errorf("%q is not a positive decimal amount", s)
	}
	return w*100 + f, nil
}

func (s *Server) details(w http.ResponseWriter, raw json.RawMessage) {
	var req authorizenet.GetTransactionDetails
	_ = json.Unmarshal(raw, &req)
	s.mu.Lock()
	t := s.tx[req.TransID]
	var out map[string]any
	if t == nil {
		out = map[string]any{"messages": failed("E00040", "The record cannot be found.")}
	} else {
		code := 1
		if t.Status == "declined" {
			code = 2
		}
		tx := map[string]any{
			"transId": t.ID, "submitTimeUTC": t.Submitted.Format("2006-01-02T15:04:05.000Z"),
			"transactionType": t.Type, "transactionStatus": t.Status, "responseCode": code,
			"responseReasonCode": code, "authAmount": dollars(t.AmountCents), "settleAmount": dollars(t.AmountCents),
			"order":   map[string]any{"invoiceNumber": t.Invoice},
			"payment": map[string]any{"creditCard": map[string]any{"cardNumber": "XXXX" + last4(t.Card), "expirationDate": "XXXX", "cardType": "Visa"}},
		}
		if t.RefTransID != "" {
			tx["refTransId"] = t.RefTransID
		}
		out = map[string]any{"transaction": tx, "messages": ok}
	}
	s.mu.Unlock()
	s.write(w, out)
}

// list answers the transactions keep picks, newest first, in one page (the
// stand-in never holds a thousand).
func (s *Server) list(w http.ResponseWriter, keep func(*Transaction) bool) {
	s.mu.Lock()
	list := []map[string]any{}
	for i := len(s.order) - 1; i >= 0; i-- { // newest first
		t := s.tx[s.order[i]]
		if !keep(t) {
			continue
		}
		list = append(list, map[string]any{"transId": t.ID, "submitTimeUTC": t.Submitted.Format(time.RFC3339),
			"transactionStatus": t.Status, "invoiceNumber": t.Invoice, "accountType": "Visa",
			"accountNumber": "XXXX" + last4(t.Card), "settleAmount": dollars(t.AmountCents)})
	}
	s.mu.Unlock()
	s.write(w, map[string]any{"transactions": list, "totalNumInResultSet": len(list), "messages": ok})
}

// settledBatches answers the batches settled between the request's first
// and last settlement dates (at most 31 days apart, as the API requires).
func (s *Server) settledBatches(w http.ResponseWriter, raw json.RawMessage) {
	var req authorizenet.GetSettledBatchList
	_ = json.Unmarshal(raw, &req)
	from, err1 := time.Parse("2006-01-02T15:04:05Z", req.FirstSettlementDate)
	to, err2 := time.Parse("2006-01-02T15:04:05Z", req.LastSettlementDate)
	if err1 != nil || err2 != nil || to.Before(from) || to.Sub(from) > 31*24*time.Hour {
		s.write(w, map[string]any{"messages": failed("E00086", "The date range is not valid.")})
		return
	}
	s.mu.Lock()
	list := []map[string]any{}
	for _, b := range s.batches {
		if !b.At.Before(from) && !b.At.After(to) {
			list = append(list, map[string]any{"batchId": b.ID, "settlementTimeUTC": b.At.Format(time.RFC3339),
				"settlementState": "settledSuccessfully", "paymentMethod": "creditCard"})
		}
	}
	s.mu.Unlock()
	if len(list) == 0 {
		s.write(w, map[string]any{"messages": messages{"Ok", []msg{{"I00004", "No records found."}}}})
		return
	}
	s.write(w, map[string]any{"batchList": list, "messages": ok})
}

// securePaymentContainer is Accept.js's call: a card in, opaqueData out.
func (s *Server) securePaymentContainer(w http.ResponseWriter, raw json.RawMessage) {
	var req struct {
		Data struct {
			Token struct {
				CardNumber     string `json:"cardNumber"`
				ExpirationDate string `json:"expirationDate"`
				CardCode       string `json:"cardCode"`
			} `json:"token"`
		} `json:"data"`
	}
	_ = json.Unmarshal(raw, &req)
	n := strings.ReplaceAll(req.Data.Token.CardNumber, " ", "")
	switch n {
	case "4111111111111111", "4242424242424242", "4000000000000002", "5424000000000015":
	default:
		s.write(w, map[string]any{"messages": failed("E_WC_05", "Please provide valid credit card number.")})
		return
	}
	if len(req.Data.Token.ExpirationDate) < 4 {
		s.write(w, map[string]any{"messages": failed("E_WC_08", "Expiration date must be in the future.")})
		return
	}
	s.write(w, map[string]any{"opaqueData": s.Token(n), "messages": ok})
}

// notify posts a signed notification about t when a webhook URL is set.
func (s *Server) notify(event string, t *Transaction) {
	s.mu.Lock()
	url := s.webhookURL
	s.mu.Unlock()
	if url == "" {
		return
	}
	body, _ := json.Marshal(map[string]any{
		"notificationId": "standin-" + rand.Text(), "eventType": event,
		"eventDate": time.Now().UTC().Format(time.RFC3339Nano), "webhookId": "standin-webhook",
		"payload": map[string]any{"responseCode": 1, "authAmount": dollars(t.AmountCents), "invoiceNumber": t.Invoice,
			"entityName": "transaction", "id": t.ID},
	})
	go func() {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-ANET-Signature", authorizenet.Sign(body, SignatureKey))
		if res, err := s.hc.Do(req); err == nil {
			_ = res.Body.Close()
		}
	}()
}
