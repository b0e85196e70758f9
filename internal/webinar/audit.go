package webinar

import (
	"watchwin/internal/audit"
	"watchwin/internal/money"
)

// auditEntry describes an admin's change of webinar before into after for
// the audit log: create (before is nil), update, or a change of is_active
// (activate, deactivate), with the fields that changed.
func auditEntry(before *Webinar, after Webinar) audit.Entry {
	var c audit.Changes
	action := audit.WebinarCreate
	if before == nil {
		before = &Webinar{}
		c.Add("title", "", after.Title)
		c.Add("price", "", money.Format(after.DisplayPriceCents))
		c.Add("seats", 0, after.TotalSeats)
		c.Add("active", false, after.IsActive)
	} else {
		action = audit.WebinarUpdate
		if before.IsActive != after.IsActive {
			action = audit.WebinarDeactivate
			if after.IsActive {
				action = audit.WebinarActivate
			}
		}
		c.Add("title", before.Title, after.Title)
		if before.Description != after.Description {
			c.Note("description changed")
		}
		c.Add("event", before.EventDatetime, after.EventDatetime)
		c.Add("price", money.Format(before.DisplayPriceCents), money.Format(after.DisplayPriceCents))
		c.Add("coupon %", before.CouponPercentage, after.CouponPercentage)
		c.Add("seats", before.TotalSeats, after.TotalSeats)
		c.Add("video source", before.VideoSource, after.VideoSource)
		c.Add("video", before.YouTubeVideoID, after.YouTubeVideoID)
		c.Add("thumbnail", before.ThumbnailImagePath, after.ThumbnailImagePath)
		c.Add("active", before.IsActive, after.IsActive)
	}
	return audit.Entry{Action: action, TargetType: audit.TargetWebinar, TargetID: after.ID, Summary: c.String()}
}
