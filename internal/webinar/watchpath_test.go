package webinar_test

import (
	"testing"

	"watchwin/internal/webinar"
)

func TestWatchPath(t *testing.T) {
	for _, c := range []struct {
		at   int
		want string
	}{{0, "/webinar/w1/watch"}, {754, "/webinar/w1/watch?t=754"}} {
		if got := webinar.WatchPath("w1", c.at); got != c.want {
			t.Errorf("WatchPath(w1, %d) = %q, want %q", c.at, got, c.want)
		}
	}
}
