package coupon

// SetNarrowCap sets how many matches a search part may have and still be
// answered from its candidates, and returns the undo (tests reach both ways
// of answering a search with a few coupons).
func SetNarrowCap(n int) (restore func()) {
	old := narrowCap
	narrowCap = n
	return func() { narrowCap = old }
}

// SetSearchWindow sets how many coupons a PostgreSQL search walks before it
// asks its indexes (0: none), and returns the undo.
func SetSearchWindow(n int) (restore func()) {
	old := searchWindow
	searchWindow = n
	return func() { searchWindow = old }
}
