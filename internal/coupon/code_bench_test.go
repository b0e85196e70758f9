package coupon

import "testing"

// BenchmarkNewCode measures drawing one coupon code (60 bits from
// crypto/rand, formatted LW-XXXX-XXXX-XXXX).
func BenchmarkNewCode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if len(NewCode()) != 17 {
			b.Fatal("bad code length")
		}
	}
}
