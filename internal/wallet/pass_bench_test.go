package wallet_test

import (
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// passBudget is the pass endpoint's budget (docs/performance.md#wallet-pass):
// one signed .pkpass, database reads and signing included.
const passBudget = 20 * time.Millisecond

// BenchmarkApplePass downloads the buyer's pass through the whole server
// (session, owner check, the pass's row, the face, zip and PKCS#7 signing)
// and fails when a download takes longer than passBudget on average.
func BenchmarkApplePass(b *testing.B) {
	s, _, _ := walletServer(b, testutil.OpenDB(b, db.SQLite))
	client, _, c := buyer(s)
	path := "/api/coupons/" + c.ID + "/wallet/apple"
	client.Do("GET", path, nil).Check(b, testutil.Want{Status: 200})
	start := time.Now()
	for b.Loop() {
		if res := client.Do("GET", path, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
	per := time.Since(start) / time.Duration(b.N)
	b.ReportMetric(float64(per.Microseconds())/1000, "ms/pass")
	if per > passBudget {
		b.Fatalf("a pass took %v, budget %v", per, passBudget)
	}
}
