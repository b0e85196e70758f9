package page

// EventDate is how the server's first paint writes event times (paint.go).
var EventDate = eventDate
