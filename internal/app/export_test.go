package app

import (
	"time"

	"watchwin/internal/throttle"
)

// The app's tests seed a short own-video recording: a second of ffmpeg, not
// the demo's two minutes (12 s: webinar lengths start at 10 s).
func init() { demoVideoLength = 12 * time.Second }

// RouteLimits are the limited routes of a's table, by pattern.
func RouteLimits(a *App) map[string]throttle.Rule {
	out := map[string]throttle.Rule{}
	for _, r := range a.Routes() {
		if r.Limit != (throttle.Rule{}) {
			out[r.Pattern] = r.Limit
		}
	}
	return out
}
