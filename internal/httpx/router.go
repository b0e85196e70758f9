package httpx

import "net/http"

// Router is where a domain registers its routes ("METHOD /path" patterns, as
// http.ServeMux takes them). *http.ServeMux is one; a Recorder is another.
type Router interface {
	Handle(pattern string, h http.Handler)
}

// Recorder forwards every registration to a Router and remembers its pattern,
// so the route table actually served can be listed (the authorization matrix
// test walks it).
type Recorder struct {
	next     Router
	patterns []string
}

// Record returns a Recorder that registers on next.
func Record(next Router) *Recorder { return &Recorder{next: next} }

// Handle registers h on the wrapped Router and records pattern.
func (r *Recorder) Handle(pattern string, h http.Handler) {
	r.patterns = append(r.patterns, pattern)
	r.next.Handle(pattern, h)
}

// Patterns returns the recorded patterns in registration order.
func (r *Recorder) Patterns() []string { return append([]string(nil), r.patterns...) }
