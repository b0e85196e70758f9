package seat

// Full is the rule that a webinar is full: its paid seats reached
// total_seats (holds do not count; a held seat may come back). The seats
// filling is what draws the giveaway's winner (Listeners.Filled).
func (s Seats) Full() bool { return s.Paid >= s.Total }

// FullSQL is Full in SQL: the condition that webinar alias w (a row of
// webinars) is full.
func FullSQL(w string) string { return PaidSQL(w+".id") + ` >= ` + w + `.total_seats` }
