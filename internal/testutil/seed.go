package testutil

import (
	"context"
	"strconv"
	"time"

	"watchwin/internal/webinar"
)

// WebinarSpec is what a test cares about in a webinar it seeds.
type WebinarSpec struct {
	Title    string
	Price    string // dollars, as the admin form sends them; default "40"
	Seats    int    // default 20
	Inactive bool
	At       time.Time // the event's time; default a week ahead
	// Length is the video's length in seconds (0: not set, watched is
	// marked as before proof of watching); NoSeeking turns skipping ahead off.
	Length    int
	NoSeeking bool
}

// CreateWebinar adds a webinar through the webinar service, a week ahead,
// with the video id dQw4w9WgXcQ.
func (s *Server) CreateWebinar(spec WebinarSpec) webinar.Webinar {
	s.t.Helper()
	if spec.Title == "" {
		spec.Title = "Seeded webinar " + randomSuffix()
	}
	if spec.Price == "" {
		spec.Price = "40"
	}
	if spec.Seats == 0 {
		spec.Seats = 20
	}
	active := !spec.Inactive
	seeking := !spec.NoSeeking
	length := webinar.Number("")
	if spec.Length > 0 {
		length = webinar.Number(strconv.Itoa(spec.Length))
	}
	if spec.At.IsZero() {
		spec.At = s.Clock.Now().Add(7 * 24 * time.Hour)
	}
	w, err := s.App.Webinars.Create(context.Background(), webinar.Input{
		Title: spec.Title, Description: "A webinar seeded by a test.",
		EventDatetime: spec.At.Format(time.RFC3339),
		DisplayPrice:  webinar.Number(spec.Price), TotalSeats: webinar.Number(strconv.Itoa(spec.Seats)),
		YouTubeVideoID: "dQw4w9WgXcQ", IsActive: &active, VideoLengthSeconds: length, AllowSeeking: &seeking,
	})
	if err != nil {
		s.t.Fatalf("create webinar %q: %v", spec.Title, err)
	}
	return w
}
