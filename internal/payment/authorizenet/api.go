// Package authorizenet is the payment.Provider (and payment.Charger) backed
// by Authorize.Net's JSON API: Accept.js turns the card into a one-time token
// in the browser, and the server charges it with createTransactionRequest
// (authCaptureTransaction with opaqueData). See docs/operations.md#authorizenet.
//
// API reference: https://developer.authorize.net/api/reference/index.html.
// The JSON API mirrors the XML schema
// (https://api.authorize.net/xml/v1/schema/AnetApiSchema.xsd): element order
// matters, so every request is a struct whose fields are in the schema's
// order, and answers may begin with a UTF-8 byte order mark.
package authorizenet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"watchwin/internal/money"
)

// Endpoints of the two environments.
const (
	SandboxURL         = "https://apitest.authorize.net/xml/v1/request.api"
	ProductionURL      = "https://api.authorize.net/xml/v1/request.api"
	SandboxAcceptJS    = "https://jstest.authorize.net/v1/Accept.js"
	ProductionAcceptJS = "https://js.authorize.net/v1/Accept.js"
	maxRefLen          = 20 // refId and invoiceNumber
	maxAnswer          = 1 << 20
	descriptorAcceptJS = "COMMON.ACCEPT.INAPP.PAYMENT"
	txAuthCapture      = "authCaptureTransaction"
	txRefund           = "refundTransaction"
	txVoid             = "voidTransaction"
	responseApproved   = "1"
	responseDeclined   = "2"
	responseError      = "3"
	responseHeld       = "4"
	errDuplicate       = "11"  // "A duplicate transaction has been submitted."
	errCreditExceeds   = "55"  // the credits would exceed the original debit: refunded already
	errAlreadyVoided   = "310" // "This transaction has already been voided."
	errNotSettled      = "54"  // the referenced transaction does not meet the criteria for issuing a credit
)

// MerchantAuthentication is the API login id and transaction key.
type MerchantAuthentication struct {
	Name           string `json:"name"`
	TransactionKey string `json:"transactionKey"`
}

// OpaqueData is an Accept.js token.
type OpaqueData struct {
	DataDescriptor string `json:"dataDescriptor"`
	DataValue      string `json:"dataValue"`
}

// CreditCard names a card by its last four digits, as a refund does.
type CreditCard struct {
	CardNumber     string `json:"cardNumber"`
	ExpirationDate string `json:"expirationDate"`
}

// Payment is the transaction's payment: a token, or a card's last four.
type Payment struct {
	CreditCard *CreditCard `json:"creditCard,omitempty"`
	OpaqueData *OpaqueData `json:"opaqueData,omitempty"`
}

// Order carries the invoice number (watchwin's reference).
type Order struct {
	InvoiceNumber string `json:"invoiceNumber"`
	Description   string `json:"description,omitempty"`
}

// TransactionRequest is transactionRequestType, fields in schema order
// (transactionType, amount, currencyCode, payment, …, refTransId, …, order).
type TransactionRequest struct {
	TransactionType string   `json:"transactionType"`
	Amount          string   `json:"amount,omitempty"` // a decimal string, "12.50"
	Payment         *Payment `json:"payment,omitempty"`
	RefTransID      string   `json:"refTransId,omitempty"`
	Order           *Order   `json:"order,omitempty"`
}

// CreateTransaction is the body of createTransactionRequest.
type CreateTransaction struct {
	MerchantAuthentication MerchantAuthentication `json:"merchantAuthentication"`
	RefID                  string                 `json:"refId,omitempty"`
	TransactionRequest     TransactionRequest     `json:"transactionRequest"`
}

// GetTransactionDetails is the body of getTransactionDetailsRequest.
type GetTransactionDetails struct {
	MerchantAuthentication MerchantAuthentication `json:"merchantAuthentication"`
	TransID                string                 `json:"transId"`
}

// Sorting and Paging of a transaction list.
type Sorting struct {
	OrderBy         string `json:"orderBy"`
	OrderDescending bool   `json:"orderDescending"`
}

// Paging pages a list; offset counts pages from 1.
type Paging struct {
	Limit  int `json:"limit"`
	Offset int `json:"offset"`
}

// GetUnsettledTransactionList is the body of getUnsettledTransactionListRequest.
type GetUnsettledTransactionList struct {
	MerchantAuthentication MerchantAuthentication `json:"merchantAuthentication"`
	Sorting                *Sorting               `json:"sorting,omitempty"`
	Paging                 *Paging                `json:"paging,omitempty"`
}

// GetSettledBatchList is the body of getSettledBatchListRequest: the
// batches settled between two times (UTC, at most 31 days apart).
type GetSettledBatchList struct {
	MerchantAuthentication MerchantAuthentication `json:"merchantAuthentication"`
	FirstSettlementDate    string                 `json:"firstSettlementDate"`
	LastSettlementDate     string                 `json:"lastSettlementDate"`
}

// GetSettledBatchListResponse is getSettledBatchListResponse (no batchList:
// none settled then).
type GetSettledBatchListResponse struct {
	BatchList []struct {
		BatchID           string `json:"batchId"`
		SettlementTimeUTC string `json:"settlementTimeUTC"`
	} `json:"batchList,omitempty"`
	Messages Messages `json:"messages"`
}

// GetTransactionList is the body of getTransactionListRequest: the
// transactions of one settled batch.
type GetTransactionList struct {
	MerchantAuthentication MerchantAuthentication `json:"merchantAuthentication"`
	BatchID                string                 `json:"batchId"`
	Sorting                *Sorting               `json:"sorting,omitempty"`
	Paging                 *Paging                `json:"paging,omitempty"`
}

// TransactionListResponse is getUnsettledTransactionListResponse and
// getTransactionListResponse: a page of transactions.
type TransactionListResponse struct {
	Transactions []TransactionSummary `json:"transactions,omitempty"`
	Messages     Messages             `json:"messages"`
}

// Messages is every answer's outcome: resultCode "Ok" or "Error".
type Messages struct {
	ResultCode string `json:"resultCode"`
	Message    []struct {
		Code string `json:"code"`
		Text string `json:"text"`
	} `json:"message"`
}

// TransactionResponse is createTransactionResponse's transactionResponse.
type TransactionResponse struct {
	ResponseCode  string `json:"responseCode"`
	AuthCode      string `json:"authCode,omitempty"`
	TransID       string `json:"transId"`
	RefTransID    string `json:"refTransID,omitempty"`
	AccountNumber string `json:"accountNumber,omitempty"`
	AccountType   string `json:"accountType,omitempty"`
	Messages      []struct {
		Code        string `json:"code"`
		Description string `json:"description"`
	} `json:"messages,omitempty"`
	Errors []struct {
		ErrorCode string `json:"errorCode"`
		ErrorText string `json:"errorText"`
	} `json:"errors,omitempty"`
}

// CreateTransactionResponse is createTransactionResponse.
type CreateTransactionResponse struct {
	TransactionResponse *TransactionResponse `json:"transactionResponse,omitempty"`
	RefID               string               `json:"refId,omitempty"`
	Messages            Messages             `json:"messages"`
}

// TransactionDetails is getTransactionDetailsResponse's transaction.
type TransactionDetails struct {
	TransID                   string      `json:"transId"`
	RefTransID                string      `json:"refTransId,omitempty"`
	TransactionType           string      `json:"transactionType"`
	TransactionStatus         string      `json:"transactionStatus"`
	ResponseCode              json.Number `json:"responseCode"`
	ResponseReasonDescription string      `json:"responseReasonDescription,omitempty"`
	AuthAmount                json.Number `json:"authAmount"`
	SettleAmount              json.Number `json:"settleAmount"`
	Order                     *Order      `json:"order,omitempty"`
	Payment                   *Payment    `json:"payment,omitempty"`
}

// GetTransactionDetailsResponse is getTransactionDetailsResponse.
type GetTransactionDetailsResponse struct {
	Transaction *TransactionDetails `json:"transaction,omitempty"`
	Messages    Messages            `json:"messages"`
}

// TransactionSummary is one row of a transaction list.
type TransactionSummary struct {
	TransID           string      `json:"transId"`
	TransactionStatus string      `json:"transactionStatus"`
	InvoiceNumber     string      `json:"invoiceNumber,omitempty"`
	SettleAmount      json.Number `json:"settleAmount"`
}

// APIError is an answer with resultCode "Error" and no transaction outcome.
type APIError struct {
	Op, Code, Text string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("payment: authorizenet %s: %s %s", e.Op, e.Code, e.Text)
}

// errNotFound: E00040 "The record cannot be found." (an unknown transId).
const codeNotFound = "E00040"

// client posts one request to the API.
type client struct {
	url  string
	auth MerchantAuthentication
	hc   *http.Client
}

// call posts {"<name>": body} and decodes the answer into out. An answer
// with resultCode "Error" is returned decoded and as an *APIError.
func (c *client) call(ctx context.Context, name string, body, out any) error {
	buf, err := json.Marshal(map[string]any{name: body})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.hc.Do(req) // #nosec G704: the configured gateway URL, not the caller's
	if err != nil {
		return fmt.Errorf("payment: authorizenet %s: %w", name, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("payment: authorizenet %s: %w", name, err)
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("payment: authorizenet %s: status %d", name, res.StatusCode)
	}
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("payment: authorizenet %s: answer: %w", name, err)
	}
	return nil
}

// apiError is the *APIError of m, or nil when it is Ok.
func apiError(op string, m Messages) error {
	if m.ResultCode == "Ok" {
		return nil
	}
	e := &APIError{Op: op, Code: "unknown"}
	if len(m.Message) > 0 {
		e.Code, e.Text = m.Message[0].Code, m.Message[0].Text
	}
	return e
}

// isNotFound reports an answer about a transId the gateway does not know.
func isNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Code == codeNotFound
}

// amount writes cents as the API's decimal string ("12.50").
func amount(cents int64) string { return money.Plain(cents) }

// cents reads the API's decimal amount (a JSON number such as 12.5 or 12.50).
func cents(n json.Number) (int64, error) {
	s := strings.TrimSpace(n.String())
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 || whole == "" {
		return 0, fmt.Errorf("amount %q", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q", s)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil || w < 0 {
		return 0, fmt.Errorf("amount %q", s)
	}
	return w*100 + f, nil
}
