package app

import "watchwin/internal/throttle"

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
