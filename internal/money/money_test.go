package money

import (
	"math"
	"testing"
)

func TestFormatAndPlain(t *testing.T) {
	for _, c := range []struct {
		cents         int64
		format, plain string
	}{
		{0, "$0.00", "0.00"},
		{5, "$0.05", "0.05"},
		{4800, "$48.00", "48.00"},
		{99999, "$999.99", "999.99"},
		{100000, "$1,000.00", "1000.00"},
		{120000, "$1,200.00", "1200.00"},
		{123456789, "$1,234,567.89", "1234567.89"},
		{-525, "-$5.25", "-5.25"},
		{-120050, "-$1,200.50", "-1200.50"},
		{math.MinInt64, "-$92,233,720,368,547,758.08", "-92233720368547758.08"},
	} {
		if got := Format(c.cents); got != c.format {
			t.Errorf("Format(%d) = %q, want %q", c.cents, got, c.format)
		}
		if got := Plain(c.cents); got != c.plain {
			t.Errorf("Plain(%d) = %q, want %q", c.cents, got, c.plain)
		}
	}
}
