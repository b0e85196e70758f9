// Package webinar owns the webinar catalogue: the public list and detail
// (active webinars only, with seats left computed by the server) and the
// admin create, update, delete and list. Money is integer cents inside; the
// API shows dollars beside the exact cents.
package webinar

import (
	"time"
	"watchwin/internal/money"

	"watchwin/internal/coupon"
	"watchwin/internal/media"
	"watchwin/internal/seat"
)

// Defaults of the webinar form (docs/product.md#validation-and-its-messages, docs/product.md#timings-and-constants).
const (
	DefaultCouponPercentage = 120
	DefaultTotalSeats       = 20
)

// Video sources (docs/product.md#the-stores-own-videos): the webinar plays
// its YouTube video, or a recording uploaded to the store (internal/video).
const (
	SourceYouTube = "youtube"
	SourceUpload  = "upload"
)

// Webinar is one row of the catalogue plus its paid-seat count.
type Webinar struct {
	ID                 string
	Title              string
	Description        string
	EventDatetime      time.Time // UTC
	DisplayPriceCents  int64
	CouponPercentage   int // actual_coupon_value_percentage
	TotalSeats         int
	PaidSeats          int    // registrations with purchased_coupon true
	TakenSeats         int    // PaidSeats and the seats kept for its waiting list
	ThumbnailImagePath string // path in the webinar_assets bucket; "" for none
	YouTubeVideoID     string // bare id; may be "" when VideoSource is SourceUpload
	VideoSource        string // SourceYouTube or SourceUpload
	// VideoLengthSeconds is the length the server measures watching
	// against (docs/product.md#proof-of-watching); 0: not set, the
	// webinar is marked watched as before.
	VideoLengthSeconds int
	// AllowSeeking: viewers may skip ahead (the default).
	AllowSeeking bool
	IsActive     bool
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// SeatsLeft is the seats left the webinar shows (seat.LeftShown).
func (w Webinar) SeatsLeft() int { return seat.LeftShown(w.TotalSeats, w.TakenSeats) }

// CouponValueCents is display_price × percentage / 100, in cents, rounded
// half up to the cent (docs/product.md#money shows it with 2 decimals). Integer math:
// the caps on price (10,000,000 cents) and percentage (1000) keep the
// product far inside int64.
func (w Webinar) CouponValueCents() int64 {
	return CouponValueCents(w.DisplayPriceCents, w.CouponPercentage)
}

// CouponValueCents computes a coupon's face value from a price in cents and
// a whole percentage, rounding half up to the cent.
func CouponValueCents(priceCents int64, percentage int) int64 {
	return (priceCents*int64(percentage) + 50) / 100
}

// View is a webinar as the public API shows it (docs/api.md). The video id
// is left out: the video is for registered users.
type View struct {
	ID                 string    `json:"id"`
	Title              string    `json:"title"`
	Description        string    `json:"description"`
	EventDatetime      time.Time `json:"event_datetime"`
	DisplayPrice       float64   `json:"display_price"`
	DisplayPriceCents  int64     `json:"display_price_cents"`
	CouponPercentage   int       `json:"actual_coupon_value_percentage"`
	CouponValue        float64   `json:"coupon_value"`
	CouponValueCents   int64     `json:"coupon_value_cents"`
	MinPurchase        float64   `json:"min_purchase"` // coupon.MinPurchaseCents of the coupon value
	MinPurchaseCents   int64     `json:"min_purchase_cents"`
	TotalSeats         int       `json:"total_seats"`
	PaidSeats          int       `json:"paid_seats"`
	SeatsLeft          int       `json:"seats_left"`
	ThumbnailImagePath *string   `json:"thumbnail_image_path"`
	ThumbnailURL       *string   `json:"thumbnail_url"`
	IsActive           bool      `json:"is_active"`
	CreatedAt          time.Time `json:"created_at"`
}

// AdminView is the admin API's webinar: the public view plus the video.
type AdminView struct {
	View
	YouTubeVideoID     string `json:"youtube_video_id"`
	VideoSource        string `json:"video_source"`
	VideoLengthSeconds *int   `json:"video_length_seconds"` // null: not set
	AllowSeeking       bool   `json:"allow_seeking"`
	// CaptionsMissing: an active webinar playing an uploaded video that has
	// no captions (the admin table warns).
	CaptionsMissing bool `json:"captions_missing"`
}

// PublicView returns the public representation of w.
func (w Webinar) PublicView() View {
	couponCents := w.CouponValueCents()
	minPurchase := coupon.MinPurchaseCents(couponCents)
	v := View{
		ID:                w.ID,
		Title:             w.Title,
		Description:       w.Description,
		EventDatetime:     w.EventDatetime.UTC(),
		DisplayPrice:      money.Dollars(w.DisplayPriceCents),
		DisplayPriceCents: w.DisplayPriceCents,
		CouponPercentage:  w.CouponPercentage,
		CouponValue:       money.Dollars(couponCents),
		CouponValueCents:  couponCents,
		MinPurchase:       money.Dollars(minPurchase),
		MinPurchaseCents:  minPurchase,
		TotalSeats:        w.TotalSeats,
		PaidSeats:         w.PaidSeats,
		SeatsLeft:         w.SeatsLeft(),
		IsActive:          w.IsActive,
		CreatedAt:         w.CreatedAt.UTC(),
	}
	if w.ThumbnailImagePath != "" {
		p, u := w.ThumbnailImagePath, media.URL(media.BucketWebinarAssets, w.ThumbnailImagePath)
		v.ThumbnailImagePath, v.ThumbnailURL = &p, &u
	}
	return v
}

// AdminView returns the admin representation of w.
func (w Webinar) AdminView() AdminView {
	v := AdminView{View: w.PublicView(), YouTubeVideoID: w.YouTubeVideoID, VideoSource: w.VideoSource,
		AllowSeeking: w.AllowSeeking}
	if w.VideoLengthSeconds > 0 {
		n := w.VideoLengthSeconds
		v.VideoLengthSeconds = &n
	}
	return v
}
