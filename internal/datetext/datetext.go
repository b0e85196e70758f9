// Package datetext writes times for people in the store's zone. It is the
// one place that decides how the e-mails write a date, as internal/money
// is for amounts: the registration, reminder, alert, waiting-list,
// giveaway and coupon e-mails all ask it.
package datetext

import "time"

const (
	momentLayout = "Monday, January 2, 2006 at 3:04 PM MST"
	dayLayout    = "January 2, 2006"
)

// Moment writes t in zone tz with its weekday and the zone's abbreviation:
// "Thursday, March 12, 2026 at 6:30 PM CDT". A nil tz is UTC.
func Moment(t time.Time, tz *time.Location) string { return in(t, tz).Format(momentLayout) }

// Day writes t's day in zone tz: "March 12, 2026". A nil tz is UTC.
func Day(t time.Time, tz *time.Location) string { return in(t, tz).Format(dayLayout) }

func in(t time.Time, tz *time.Location) time.Time {
	if tz == nil {
		return t.UTC()
	}
	return t.In(tz)
}
