package webinar

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"watchwin/internal/apperr"
)

func TestCouponValueCents(t *testing.T) {
	tests := []struct {
		price int64
		pct   int
		want  int64
	}{
		{4000, 120, 4800}, // docs/product.md#the-product: pay 40, get 48
		{2500, 130, 3250},
		{0, 120, 0},
		{3333, 120, 4000}, // 3999.6 rounds up
		{1, 150, 2},       // 1.5 rounds half up
		{1, 149, 1},       // 1.49 rounds down
		{999, 0, 0},
		{10_000_000, 1000, 100_000_000},
	}
	for _, tt := range tests {
		if got := CouponValueCents(tt.price, tt.pct); got != tt.want {
			t.Errorf("CouponValueCents(%d, %d) = %d, want %d", tt.price, tt.pct, got, tt.want)
		}
	}
}

func TestPriceCents(t *testing.T) {
	tests := []struct {
		lit     string
		want    int64
		wantMsg string
	}{
		{"", 0, ""},
		{"0", 0, ""},
		{"-0", 0, ""},
		{"40", 4000, ""},
		{"40.1", 4010, ""},
		{"40.10", 4010, ""},
		{"40.100", 4010, ""},
		{"19.99", 1999, ""},
		{"0.01", 1, ""},
		{"4e1", 4000, ""},
		{"4.5E+1", 4500, ""},
		{"100000", 10_000_000, ""},
		{"100000.01", 0, msgPriceMax},
		{"1e300", 0, msgPriceMax},
		{"1e999999999", 0, msgPriceMax},
		{"-1", 0, msgPrice},
		{"-0.01", 0, msgPrice},
		{"-1e999999999", 0, msgPrice},
		{"40.001", 0, msgPriceDecimals},
		{"0.005", 0, msgPriceDecimals},
		{"1e-3", 0, msgPriceDecimals},
		{"1e-999999999", 0, msgPriceDecimals},
		{"0e-999999999", 0, ""},
		{"40." + strings.Repeat("0", 60) + "1", 0, msgPriceDecimals},
	}
	for _, tt := range tests {
		got, err := priceCents(Number(tt.lit))
		if tt.wantMsg == "" {
			if err != nil || got != tt.want {
				t.Errorf("priceCents(%q) = %d, %v; want %d", tt.lit, got, err, tt.want)
			}
			continue
		}
		if e, ok := apperr.As(err); !ok || e.Message != tt.wantMsg || e.Field != "display_price" {
			t.Errorf("priceCents(%q) error = %v; want %q", tt.lit, err, tt.wantMsg)
		}
	}
}

func TestWholeNumbers(t *testing.T) {
	seats := func(lit string) (int, error) {
		return wholeNumber(Number(lit), DefaultTotalSeats, 1, maxTotalSeats, fieldTotalSeats, msgSeats, msgSeatsWhole, msgSeatsMax)
	}
	pct := func(lit string) (int, error) {
		return wholeNumber(Number(lit), DefaultCouponPercentage, 0, maxPercentage, fieldPercentage, msgCoupon, msgCouponWhole, msgCouponMax)
	}
	tests := []struct {
		name    string
		f       func(string) (int, error)
		lit     string
		want    int
		wantMsg string
	}{
		{"seats default", seats, "", 20, ""},
		{"seats 1", seats, "1", 1, ""},
		{"seats 20.0", seats, "20.0", 20, ""},
		{"seats 1e2", seats, "1e2", 100, ""},
		{"seats max", seats, "100000", 100000, ""},
		{"seats 0", seats, "0", 0, msgSeats},
		{"seats -3", seats, "-3", 0, msgSeats},
		{"seats 0.5", seats, "0.5", 0, msgSeats},
		{"seats 2.5", seats, "2.5", 0, msgSeatsWhole},
		{"seats over", seats, "100001", 0, msgSeatsMax},
		{"seats huge", seats, "1e999999999", 0, msgSeatsMax},
		{"seats tiny", seats, "1e-999999999", 0, msgSeats},
		{"pct default", pct, "", 120, ""},
		{"pct 0", pct, "0", 0, ""},
		{"pct 0e-99999", pct, "0e-99999", 0, ""},
		{"pct 150", pct, "150", 150, ""},
		{"pct -1", pct, "-1", 0, msgCoupon},
		{"pct 120.5", pct, "120.5", 0, msgCouponWhole},
		{"pct over", pct, "1001", 0, msgCouponMax},
	}
	for _, tt := range tests {
		got, err := tt.f(tt.lit)
		if tt.wantMsg == "" {
			if err != nil || got != tt.want {
				t.Errorf("%s: got %d, %v; want %d", tt.name, got, err, tt.want)
			}
			continue
		}
		if e, ok := apperr.As(err); !ok || e.Message != tt.wantMsg {
			t.Errorf("%s: error = %v; want %q", tt.name, err, tt.wantMsg)
		}
	}
}

func TestNumberRefusesOtherTypes(t *testing.T) {
	for _, body := range []string{`{"n":"40"}`, `{"n":true}`, `{"n":[1]}`, `{"n":{"a":1}}`} {
		var v struct {
			N Number `json:"n"`
		}
		err := json.Unmarshal([]byte(body), &v)
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) || te.Field != "n" {
			t.Errorf("%s: error = %v; want a type error on n", body, err)
		}
	}
	var v struct {
		N Number `json:"n"`
	}
	if err := json.Unmarshal([]byte(`{"n":null}`), &v); err != nil || v.N != "" {
		t.Errorf("null: %q, %v", v.N, err)
	}
}

func TestValidate(t *testing.T) {
	valid := func() Input {
		return Input{
			Title: "  Holster Basics  ", Description: "Everything about holsters.",
			EventDatetime: "2026-12-01T18:30:00-06:00", DisplayPrice: "40",
			YouTubeVideoID: "https://youtu.be/dQw4w9WgXcQ?si=x",
		}
	}
	f, err := valid().validate()
	if err != nil {
		t.Fatal(err)
	}
	if f.Title != "Holster Basics" || f.PriceCents != 4000 || f.Percentage != 120 || f.TotalSeats != 20 ||
		f.VideoID != "dQw4w9WgXcQ" || !f.IsActive || f.EventDatetime.Format("2006-01-02T15:04:05Z07:00") != "2026-12-02T00:30:00Z" {
		t.Fatalf("validate: got %+v", f)
	}
	if f.VideoSource != SourceYouTube {
		t.Errorf("no video_source: %q, want youtube", f.VideoSource)
	}
	// An uploaded video needs no YouTube id, and may keep one to switch back.
	for _, id := range []string{"", "  ", "dQw4w9WgXcQ"} {
		in := valid()
		in.VideoSource, in.YouTubeVideoID = SourceUpload, id
		if f, err := in.validate(); err != nil || f.VideoSource != SourceUpload || f.VideoID != strings.TrimSpace(id) {
			t.Errorf("upload with id %q: %+v, %v", id, f, err)
		}
	}
	tests := []struct {
		name           string
		edit           func(*Input)
		field, message string
	}{
		{"short title", func(in *Input) { in.Title = " Hi   " }, "title", msgTitle},
		{"long title", func(in *Input) { in.Title = strings.Repeat("a", 201) }, "title", msgTitleLong},
		{"title NUL", func(in *Input) { in.Title = "Holster\x00Basics" }, "title", "Title " + msgControlChars},
		{"title newline", func(in *Input) { in.Title = "Holster\nBasics" }, "title", "Title " + msgControlChars},
		{"short description", func(in *Input) { in.Description = "too short" }, "description", msgDescription},
		{"long description", func(in *Input) { in.Description = strings.Repeat("a", 5001) }, "description", msgDescLong},
		{"description NUL", func(in *Input) { in.Description = "Everything\x00 about" }, "description", "Description " + msgControlChars},
		{"no date", func(in *Input) { in.EventDatetime = "" }, "event_datetime", msgEventDatetime},
		{"bad date", func(in *Input) { in.EventDatetime = "next tuesday" }, "event_datetime", msgEventDatetime},
		{"date without zone", func(in *Input) { in.EventDatetime = "2026-12-01T18:30:00" }, "event_datetime", msgEventDatetime},
		{"negative price", func(in *Input) { in.DisplayPrice = "-5" }, "display_price", msgPrice},
		{"price decimals", func(in *Input) { in.DisplayPrice = "1.234" }, "display_price", msgPriceDecimals},
		{"negative percentage", func(in *Input) { in.CouponPercentage = "-1" }, "actual_coupon_value_percentage", msgCoupon},
		{"zero seats", func(in *Input) { in.TotalSeats = "0" }, "total_seats", msgSeats},
		{"short video", func(in *Input) { in.YouTubeVideoID = "abc" }, "youtube_video_id", msgVideoRequired},
		{"bad video", func(in *Input) { in.YouTubeVideoID = "https://vimeo.com/1234567" }, "youtube_video_id", msgVideoInvalid},
		{"youtube without id", func(in *Input) { in.VideoSource, in.YouTubeVideoID = SourceYouTube, "" }, "youtube_video_id", msgVideoRequired},
		{"unknown source", func(in *Input) { in.VideoSource = "vimeo" }, "video_source", msgVideoSource},
		{"upload with a bad id", func(in *Input) { in.VideoSource, in.YouTubeVideoID = SourceUpload, "abc" }, "youtube_video_id", msgVideoRequired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := valid()
			tt.edit(&in)
			_, err := in.validate()
			e, ok := apperr.As(err)
			if !ok || e.Field != tt.field || e.Message != tt.message {
				t.Fatalf("got %v; want %q on %s", err, tt.message, tt.field)
			}
		})
	}
}
