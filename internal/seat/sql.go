package seat

// PaidSQL is the SQL count of a webinar's paid seats, for queries of other
// packages that show or decide by it (the public list, reminders, the
// giveaway): webinar is the SQL expression of the webinar's id, such as
// "w.id" or "$1". It is the one place the paid-seat rule is written in SQL.
func PaidSQL(webinar string) string {
	return `(SELECT count(*) FROM webinar_registrations paid_r WHERE paid_r.webinar_id = ` + webinar +
		` AND paid_r.purchased_coupon = TRUE)`
}

// TakenSQL is the SQL count of a webinar's seats that are not for sale:
// paid, or kept for someone on its waiting list (a seat kept so comes back
// only to the list). Lapsed waiting-list holds are deleted under the seat
// lock, which the waiting-list job takes every minute.
func TakenSQL(webinar string) string {
	return `(` + PaidSQL(webinar) + ` + (SELECT count(*) FROM seat_offers kept_o WHERE kept_o.webinar_id = ` + webinar + `))`
}

// OpenSQL is the SQL condition that webinar alias w (a row of webinars) is
// not sold out: taken seats (TakenSQL) below total_seats. It is the SQL
// form of the sold-out refusal of Take and Hold (ErrNoSeat); running
// payment holds are left out, as they may come back.
func OpenSQL(w string) string { return w + `.total_seats > ` + TakenSQL(w+".id") }
