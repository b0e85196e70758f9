// Package registration owns webinar registrations: a signed-in user
// registers for an active webinar (once; a second try returns the first),
// watches it (the video id is only for registered users and admins), and
// the server records when the video was watched to the end. Resets clear the
// flags for another run-through, but never undo a purchase backed by money.
package registration

import "time"

// Registration is one row of webinar_registrations (docs/product.md#records).
type Registration struct {
	ID                string    `json:"id"`
	WebinarID         string    `json:"webinar_id"`
	UserID            string    `json:"user_id"`
	Name              string    `json:"user_name_for_registration"`
	Email             string    `json:"user_email_for_registration"`
	Phone             *string   `json:"user_phone_for_registration"`
	RegistrationTime  time.Time `json:"registration_time"`
	AttendedLive      bool      `json:"attended_live"`
	WatchedVideoFully bool      `json:"watched_video_fully"`
	PurchasedCoupon   bool      `json:"purchased_coupon"`
	// source is the first touch stored at registration (written, not read back).
	source Source
}

// Mine is one of my registrations with the webinar it is for (My Webinars
// on the dashboard).
type Mine struct {
	Registration
	Webinar WebinarSummary `json:"webinar"`
}

// WebinarSummary is what a list of registrations shows of each webinar.
type WebinarSummary struct {
	ID            string    `json:"id"`
	Title         string    `json:"title"`
	EventDatetime time.Time `json:"event_datetime"`
}

// Input is the registration dialog's form (docs/product.md#registration-dialog, docs/product.md#validation-and-its-messages).
type Input struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone"`
	// Source is the visit's first touch (utm tags and ?ref=), optional.
	Source *Source `json:"source"`
}

// ResetInput names the registration an admin resets ('Force Reset').
type ResetInput struct {
	WebinarID string `json:"webinar_id"`
	UserID    string `json:"user_id"`
}

// Video is what the watch page needs to play a webinar.
type Video struct {
	// Source is webinar.SourceYouTube or webinar.SourceUpload.
	Source         string `json:"source"`
	YouTubeVideoID string `json:"youtube_video_id"`
	// LengthSeconds: the length watching is measured against; null: not
	// set, the end is recorded as before.
	LengthSeconds *int `json:"video_length_seconds"`
	AllowSeeking  bool `json:"allow_seeking"`
	// MaxPlaybackRate is maxRate: the page tells a stretch played from a jump by it.
	MaxPlaybackRate int `json:"max_playback_rate"`
	// Stream, PosterURL and Captions play an uploaded video: null, null
	// and none for YouTube and while no upload is ready.
	Stream    *Stream   `json:"stream"`
	PosterURL *string   `json:"poster_url"`
	Captions  []Caption `json:"captions"`
}

// Stream opens an uploaded video's HLS stream for one viewer until
// ExpiresAt; the page asks for a fresh one every RefreshAfterSeconds
// (docs/api.md#streaming-an-uploaded-video).
type Stream struct {
	MasterURL           string    `json:"master_url"`
	ExpiresAt           time.Time `json:"expires_at"`
	RefreshAfterSeconds int       `json:"refresh_after_seconds"`
}

// Caption is one caption track of an uploaded video.
type Caption struct {
	Language string `json:"language"`
	Label    string `json:"label"`
	URL      string `json:"url"`
}
