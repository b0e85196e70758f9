// Package clock is the time the services tell: UTC to the microsecond
// (PostgreSQL's resolution), so a value read back from the database equals
// the value written. Services take a Func; tests give them a fake one.
package clock

import "time"

// Func tells the time; Now is the real one.
type Func func() time.Time

// Now is the current time as the database stores it.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
