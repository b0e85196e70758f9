package coupon

// SetNarrowCap sets how many matches a search part may have and still be
// answered from its candidates, and returns the undo (tests reach both ways
// of answering a search with a few coupons).
func SetNarrowCap(n int) (restore func()) {
	old := narrowCap
	narrowCap = n
	return func() { narrowCap = old }
}
