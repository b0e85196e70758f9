package keyset

import (
	"errors"
	"net/http/httptest"
	"testing"

	"watchwin/internal/apperr"
)

func TestRoundTrip(t *testing.T) {
	for _, parts := range [][]string{{"2026-11-24T18:56:47.123456Z", "id-1"}, {"a\"b\\c@example.com", ""}} {
		got, err := Decode(Encode(parts...), len(parts))
		if err != nil || len(got) != len(parts) || got[0] != parts[0] || got[1] != parts[1] {
			t.Errorf("Decode(Encode(%q)) = %q, %v", parts, got, err)
		}
	}
}

func TestDecodeRefusesForeignCursors(t *testing.T) {
	for _, c := range []string{"", "!!!", Encode("one"), Encode("a", "b", "c"), "bm90IGpzb24"} {
		var e *apperr.Error
		if _, err := Decode(c, 2); !errors.As(err, &e) || e.Field != "cursor" {
			t.Errorf("Decode(%q) error = %v, want a 400 naming cursor", c, err)
		}
	}
}

func TestFromQuery(t *testing.T) {
	if c, err := FromQuery(httptest.NewRequest("GET", "/x?cursor=abc", nil), 0); err != nil || c != "abc" {
		t.Errorf("FromQuery = %q, %v", c, err)
	}
	if _, err := FromQuery(httptest.NewRequest("GET", "/x?cursor=abc&offset=5", nil), 5); err == nil {
		t.Error("cursor with offset accepted")
	}
}
