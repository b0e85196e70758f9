// Package money writes amounts of integer cents for people and for
// spreadsheets. It is the one place that decides how money is written: the
// e-mails, the server's first paint, audit summaries and exports all ask it,
// and web/src/lib/money.ts writes the same text in the browser.
package money

import (
	"strconv"
	"strings"
)

// Format writes cents as en-US dollars: "$1,234.56", "-$5.25", "$0.00" (as
// Intl's en-US currency format does, and so the SPA's formatMoney).
func Format(cents int64) string {
	sign, whole, frac := split(cents)
	var b strings.Builder
	b.WriteString(sign)
	b.WriteByte('$')
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	b.WriteByte('.')
	b.WriteString(frac)
	return b.String()
}

// Plain writes cents as a spreadsheet reads a number: "1234.56", "-5.25".
func Plain(cents int64) string {
	sign, whole, frac := split(cents)
	return sign + whole + "." + frac
}

func split(cents int64) (sign, whole, frac string) {
	u := uint64(cents) // #nosec G115: two's complement, negated below for a negative amount
	if cents < 0 {
		sign, u = "-", -u
	}
	f := strconv.FormatUint(u%100, 10)
	if len(f) == 1 {
		f = "0" + f
	}
	return sign, strconv.FormatUint(u/100, 10), f
}

// Dollars is cents as the API's dollar figures beside them ("value": 48.5
// next to "value_cents": 4850): for display in clients, never for sums.
func Dollars(cents int64) float64 { return float64(cents) / 100 }
