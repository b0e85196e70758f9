package webinar

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"watchwin/internal/apperr"
)

// Messages of docs/product.md#validation-and-its-messages (shared with the SPA's form schema).
const (
	msgTitle          = "Title must be at least 5 characters"
	msgTitleLong      = "Title must be at most 200 characters"
	msgDescription    = "Description must be at least 10 characters"
	msgDescLong       = "Description must be at most 5000 characters"
	msgControlChars   = "must not contain control characters"
	msgEventDatetime  = "Event date and time is required"
	msgPrice          = "Price must be 0 or greater"
	msgPriceDecimals  = "Price must have at most 2 decimal places"
	msgPriceMax       = "Price must be at most $100,000"
	msgCoupon         = "Coupon value must be 0 or greater"
	msgCouponWhole    = "Coupon value must be a whole number"
	msgCouponMax      = "Coupon value must be at most 1000"
	msgSeats          = "Total seats must be at least 1"
	msgSeatsWhole     = "Total seats must be a whole number"
	msgSeatsMax       = "Total seats must be at most 100000"
	msgLengthMin      = "Video length must be at least 10 seconds"
	msgLengthWhole    = "Video length must be a whole number of seconds"
	msgLengthMax      = "Video length must be at most 12 hours"
	fieldVideoLength  = "video_length_seconds"
	msgVideoSource    = "Video source must be YouTube or an uploaded video"
	fieldVideoSource  = "video_source"
	msgThumbnail      = "Thumbnail image not found. Please upload it again."
	msgNotFound       = "Webinar not found"
	msgHasPaidSeats   = "This webinar has paid registrations and cannot be deleted. Deactivate it instead."
	codeHasPaidSeats  = "webinar_has_paid_seats"
	fieldThumbnail    = "thumbnail_image_path"
	fieldTotalSeats   = "total_seats"
	fieldDisplayPrice = "display_price"
	fieldPercentage   = "actual_coupon_value_percentage"
)

// Limits of the form.
const (
	minTitle         = 5
	maxTitle         = 200
	minDescription   = 10
	maxDescription   = 5000
	maxPriceCents    = 100_000_00
	maxPercentage    = 1000
	maxTotalSeats    = 100_000
	minVideoLength   = 10 // seconds
	maxVideoLength   = 12 * 60 * 60
	maxNumberLiteral = 40 // characters; no valid value needs more
	maxExponent      = 30 // |e| of a literal like 4e1; beyond it no value is valid
)

// Number is a JSON number kept as its literal, so prices are read exactly
// (40.1 is 4010 cents, never 4009.999…) and "at most 2 decimals" and "whole
// number" can be checked on what was sent. Absent or null leaves it empty.
// A string, boolean, array or object is refused like any wrong type.
type Number string

// UnmarshalJSON accepts only a number literal or null.
func (n *Number) UnmarshalJSON(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	switch c := b[0]; {
	case c == 'n':
		*n = ""
		return nil
	case c == '-' || (c >= '0' && c <= '9'):
		*n = Number(b)
		return nil
	case c == '"':
		return &json.UnmarshalTypeError{Value: "string", Type: reflect.TypeFor[float64]()}
	case c == 't' || c == 'f':
		return &json.UnmarshalTypeError{Value: "bool", Type: reflect.TypeFor[float64]()}
	case c == '[':
		return &json.UnmarshalTypeError{Value: "array", Type: reflect.TypeFor[float64]()}
	default:
		return &json.UnmarshalTypeError{Value: "object", Type: reflect.TypeFor[float64]()}
	}
}

// rat returns the exact value of the literal. It refuses literals that are
// very long or carry a large exponent before handing them to math/big, so a
// literal like 1e999999999 cannot make the server compute a huge power.
func (n Number) rat() (*big.Rat, bool) {
	s := string(n)
	if s == "" || len(s) > maxNumberLiteral {
		return nil, false
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(s[i+1:])
		if err != nil || e > maxExponent || e < -maxExponent {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s) // #nosec G113: CVE-2022-23772 was fixed in Go 1.17.7 (this is Go 1.26), and the price text is length-checked first
	return r, ok
}

// sign is the sign of the literal, also for values rat refused (huge or
// tiny): read from the text, since a float would round a tiny value to 0.
func (n Number) sign() int {
	s := string(n)
	mantissa := s
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mantissa = s[:i]
	}
	if strings.Trim(mantissa, "-0.") == "" {
		return 0
	}
	if strings.HasPrefix(s, "-") {
		return -1
	}
	return 1
}

// Input is the webinar form of docs/api.md, as the admin sends it. Absent
// optional fields take the form defaults (price 0, percentage 120, seats
// 20, active, no thumbnail); PUT sends the whole form too.
type Input struct {
	Title              string  `json:"title"`
	Description        string  `json:"description"`
	EventDatetime      string  `json:"event_datetime"` // RFC 3339
	DisplayPrice       Number  `json:"display_price"`  // dollars, at most 2 decimals
	CouponPercentage   Number  `json:"actual_coupon_value_percentage"`
	TotalSeats         Number  `json:"total_seats"`
	YouTubeVideoID     string  `json:"youtube_video_id"` // bare id or a video URL; may be empty with "upload"
	VideoSource        string  `json:"video_source"`     // SourceYouTube (absent or "") or SourceUpload
	IsActive           *bool   `json:"is_active"`
	ThumbnailImagePath *string `json:"thumbnail_image_path"` // in webinar_assets; null or "" for none
	// VideoLengthSeconds: whole seconds, 10 s to 12 h; absent or null: not set.
	VideoLengthSeconds Number `json:"video_length_seconds"`
	AllowSeeking       *bool  `json:"allow_seeking"` // absent: true
}

// fields is a validated Input.
type fields struct {
	Title, Description string
	EventDatetime      time.Time
	PriceCents         int64
	Percentage         int
	TotalSeats         int
	VideoID            string
	VideoSource        string
	VideoLength        int // 0: not set
	AllowSeeking       bool
	IsActive           bool
	Thumbnail          string
}

// validate checks the form in the order the dialog shows its fields and
// returns the first error, named by its JSON key.
func (in Input) validate() (fields, error) {
	var f fields
	f.Title = strings.TrimSpace(in.Title)
	switch n := utf8.RuneCountInString(f.Title); {
	case n < minTitle:
		return f, apperr.Invalid("title", msgTitle)
	case n > maxTitle:
		return f, apperr.Invalid("title", msgTitleLong)
	case hasControl(f.Title, false):
		return f, apperr.Invalid("title", "Title "+msgControlChars)
	}
	f.Description = strings.TrimSpace(in.Description)
	switch n := utf8.RuneCountInString(f.Description); {
	case n < minDescription:
		return f, apperr.Invalid("description", msgDescription)
	case n > maxDescription:
		return f, apperr.Invalid("description", msgDescLong)
	case hasControl(f.Description, true):
		return f, apperr.Invalid("description", "Description "+msgControlChars)
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(in.EventDatetime))
	if err != nil {
		return f, apperr.Invalid("event_datetime", msgEventDatetime)
	}
	// Whole seconds: nobody schedules to the millisecond, and equal values
	// then compare equal on both engines.
	f.EventDatetime = t.UTC().Truncate(time.Second)

	if f.PriceCents, err = priceCents(in.DisplayPrice); err != nil {
		return f, err
	}
	if f.Percentage, err = wholeNumber(in.CouponPercentage, DefaultCouponPercentage, 0, maxPercentage,
		fieldPercentage, msgCoupon, msgCouponWhole, msgCouponMax); err != nil {
		return f, err
	}
	if f.TotalSeats, err = wholeNumber(in.TotalSeats, DefaultTotalSeats, 1, maxTotalSeats,
		fieldTotalSeats, msgSeats, msgSeatsWhole, msgSeatsMax); err != nil {
		return f, err
	}
	switch f.VideoSource = strings.TrimSpace(in.VideoSource); f.VideoSource {
	case "":
		f.VideoSource = SourceYouTube
	case SourceYouTube, SourceUpload:
	default:
		return f, apperr.Invalid(fieldVideoSource, msgVideoSource)
	}
	// An uploaded video's webinar may keep a YouTube id (to switch back), or none.
	if f.VideoSource == SourceYouTube || strings.TrimSpace(in.YouTubeVideoID) != "" {
		if f.VideoID, err = normalizeVideoID(in.YouTubeVideoID); err != nil {
			return f, err
		}
	}
	if in.VideoLengthSeconds != "" {
		if f.VideoLength, err = wholeNumber(in.VideoLengthSeconds, 0, minVideoLength, maxVideoLength,
			fieldVideoLength, msgLengthMin, msgLengthWhole, msgLengthMax); err != nil {
			return f, err
		}
	}
	f.AllowSeeking = in.AllowSeeking == nil || *in.AllowSeeking
	f.IsActive = in.IsActive == nil || *in.IsActive
	if in.ThumbnailImagePath != nil {
		f.Thumbnail = strings.TrimSpace(*in.ThumbnailImagePath)
	}
	return f, nil
}

// priceCents reads display_price (dollars) into cents: at least 0, at most
// $100,000, and at most 2 decimals, judged on the exact value sent.
func priceCents(n Number) (int64, error) {
	if n == "" {
		return 0, nil
	}
	r, ok := n.rat()
	if !ok {
		switch n.sign() {
		case 0:
			return 0, nil
		case -1:
			return 0, apperr.Invalid(fieldDisplayPrice, msgPrice)
		}
		if f, _ := strconv.ParseFloat(string(n), 64); f > maxPriceCents/100 {
			return 0, apperr.Invalid(fieldDisplayPrice, msgPriceMax)
		}
		return 0, apperr.Invalid(fieldDisplayPrice, msgPriceDecimals)
	}
	if r.Sign() < 0 {
		return 0, apperr.Invalid(fieldDisplayPrice, msgPrice)
	}
	cents := new(big.Rat).Mul(r, big.NewRat(100, 1))
	if !cents.IsInt() {
		return 0, apperr.Invalid(fieldDisplayPrice, msgPriceDecimals)
	}
	if cents.Cmp(big.NewRat(maxPriceCents, 1)) > 0 {
		return 0, apperr.Invalid(fieldDisplayPrice, msgPriceMax)
	}
	return cents.Num().Int64(), nil
}

// wholeNumber reads an integer field within [lo, hi], def when absent.
func wholeNumber(n Number, def, lo, hi int, field, msgLow, msgWhole, msgHigh string) (int, error) {
	if n == "" {
		return def, nil
	}
	r, ok := n.rat()
	if !ok {
		// A literal too long or too far out to read exactly: decide by its
		// sign and rough size.
		switch f, _ := strconv.ParseFloat(string(n), 64); {
		case n.sign() < 0, n.sign() == 0 && lo > 0, n.sign() > 0 && f < float64(lo):
			return 0, apperr.Invalid(field, msgLow)
		case n.sign() == 0:
			return 0, nil
		case f > float64(hi):
			return 0, apperr.Invalid(field, msgHigh)
		}
		return 0, apperr.Invalid(field, msgWhole)
	}
	if r.Cmp(big.NewRat(int64(lo), 1)) < 0 {
		return 0, apperr.Invalid(field, msgLow)
	}
	if !r.IsInt() {
		return 0, apperr.Invalid(field, msgWhole)
	}
	if r.Cmp(big.NewRat(int64(hi), 1)) > 0 {
		return 0, apperr.Invalid(field, msgHigh)
	}
	return int(r.Num().Int64()), nil
}

// hasControl reports control characters (NUL included, which PostgreSQL
// refuses in text); multiLine allows tab, newline and carriage return.
func hasControl(s string, multiLine bool) bool {
	for _, r := range s {
		if r == '\t' || r == '\n' || r == '\r' {
			if multiLine {
				continue
			}
			return true
		}
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}

// paidSeatsMessage explains why total_seats cannot go lower.
func paidSeatsMessage(paid int) string {
	if paid == 1 {
		return "Total seats cannot be less than the 1 seat already paid for"
	}
	return fmt.Sprintf("Total seats cannot be less than the %d seats already paid for", paid)
}

// heldSeatsMessage explains why total_seats cannot go lower while buyers
// are paying for seats they hold.
func heldSeatsMessage(paid, held int) string {
	return fmt.Sprintf("Total seats cannot be less than %d right now: %s paid for and %s held by buyers who are paying. Try again when their checkouts end.",
		paid+held, plural(paid, "seat"), plural(held, "seat"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
