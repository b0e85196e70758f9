package registration

import (
	"context"
	"errors"

	"watchwin/internal/db"
)

// Resume (docs/product.md#resume): the watch page offers to go on from the
// server's furthest point of a registration, and a watch link may carry it
// as ?t= (follow-up mails).

const (
	// resumeMin: a viewer who stopped in the first seconds starts over.
	resumeMin = 5
	// resumeEndSlack: a viewer who reached the last seconds starts over too.
	resumeEndSlack = 5
)

// resumePoint is the second the watch page offers to resume at: the end of
// the last stretch played, or 0 when that is within the first or the last
// few seconds of the video (nothing worth resuming).
func resumePoint(s spans, length int) int {
	at := s.furthest()
	if at < resumeMin || (length > 0 && at >= length-resumeEndSlack) {
		return 0
	}
	return at
}

// ResumeAt is the resume point of userID's registration for webinarID (0
// when not registered or nothing worth resuming), for follow-up mails.
func (s *Service) ResumeAt(ctx context.Context, webinarID, userID string) (int, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return 0, err
	}
	row, err := s.store.progressRow(ctx, webinarID, userID)
	if errors.Is(err, db.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return resumePoint(parseSpans(row.intervals), w.VideoLengthSeconds), nil
}
