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

import "encoding/json"

// Endpoints and scripts of the two environments.
const (
	SandboxURL         = "https://apitest.authorize.net/xml/v1/request.api"
	ProductionURL      = "https://api.authorize.net/xml/v1/request.api"
	SandboxAcceptJS    = "https://jstest.authorize.net/v1/Accept.js"
	ProductionAcceptJS = "https://js.authorize.net/v1/Accept.js"
)

// Words of the API that watchwin sends or reads.
const (
	maxRefLen        = 20 // refId and invoiceNumber
	txAuthCapture    = "authCaptureTransaction"
	txRefund         = "refundTransaction"
	txVoid           = "voidTransaction"
	responseApproved = "1"
	responseDeclined = "2"
	responseHeld     = "4"
	errDuplicate     = "11"  // "A duplicate transaction has been submitted."
	errCreditExceeds = "55"  // the credits would exceed the original debit: refunded already
	errAlreadyVoided = "310" // "This transaction has already been voided."
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
