package authorizenet

import (
	"context"
	"time"
)

// listPage is the page size of transaction lists (the API's largest), and
// maxListPages how many pages a lookup reads at most.
const (
	listPage     = 1000
	maxListPages = 10
)

// settledWindow is the longest span getSettledBatchListRequest takes, and
// maxWindows how many spans from the lost charge on a lookup reads (a year).
const (
	settledWindow = 31 * 24 * time.Hour
	maxWindows    = 12
)

// settledDate is how the settled batch list takes its dates.
const settledDate = "2006-01-02T15:04:05Z"

// findByInvoice looks at the gateway for a charge with invoice number ref
// that was not declined; "" when there is none. It looks among the
// unsettled transactions first (getUnsettledTransactionListRequest, newest
// first): a charge is unsettled for hours, longer than an answer takes to be
// lost. With since (when the lost charge was started), it then looks in the
// batches settled from then on, so a charge whose server was down past the
// nightly settlement is still found, never charged twice.
func (g *Gateway) findByInvoice(ctx context.Context, ref string, since *time.Time) (string, error) {
	t, err := g.findIn(ctx, "getUnsettledTransactionListRequest", ref, func(page int) any {
		return GetUnsettledTransactionList{MerchantAuthentication: g.api.auth,
			Sorting: &Sorting{OrderBy: "submitTimeUTC", OrderDescending: true}, Paging: &Paging{Limit: listPage, Offset: page}}
	})
	if err != nil || t != "" || since == nil {
		return t, err
	}
	return g.findSettled(ctx, ref, *since)
}

// findSettled looks for ref in the batches settled since since
// (getSettledBatchListRequest, then getTransactionListRequest per batch).
func (g *Gateway) findSettled(ctx context.Context, ref string, since time.Time) (string, error) {
	now := g.now()
	for from, n := since.Add(-time.Hour), 0; from.Before(now) && n < maxWindows; from, n = from.Add(settledWindow), n+1 {
		to := from.Add(settledWindow)
		if to.After(now) {
			to = now
		}
		var batches GetSettledBatchListResponse
		err := g.api.call(ctx, "getSettledBatchListRequest", GetSettledBatchList{MerchantAuthentication: g.api.auth,
			FirstSettlementDate: from.UTC().Format(settledDate), LastSettlementDate: to.UTC().Format(settledDate)}, &batches)
		if err == nil {
			err = apiError("getSettledBatchListRequest", batches.Messages)
		}
		if err != nil {
			return "", err
		}
		for _, b := range batches.BatchList {
			t, err := g.findIn(ctx, "getTransactionListRequest", ref, func(page int) any {
				return GetTransactionList{MerchantAuthentication: g.api.auth, BatchID: b.BatchID,
					Sorting: &Sorting{OrderBy: "submitTimeUTC", OrderDescending: true}, Paging: &Paging{Limit: listPage, Offset: page}}
			})
			if err != nil || t != "" {
				return t, err
			}
		}
	}
	return "", nil
}

// findIn pages through the transaction list op answers (body(page) asks
// for one page) for a charge with invoice number ref that was not declined.
func (g *Gateway) findIn(ctx context.Context, op, ref string, body func(page int) any) (string, error) {
	for page := 1; page <= maxListPages; page++ {
		var out TransactionListResponse
		err := g.api.call(ctx, op, body(page), &out)
		if err == nil {
			err = apiError(op, out.Messages)
		}
		if err != nil {
			return "", err
		}
		for _, t := range out.Transactions {
			if t.InvoiceNumber == ref && charged(t.TransactionStatus) {
				return t.TransID, nil
			}
		}
		if len(out.Transactions) < listPage {
			return "", nil
		}
	}
	return "", nil
}
