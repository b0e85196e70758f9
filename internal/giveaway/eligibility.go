package giveaway

import "watchwin/internal/auth"

// The giveaway's one eligibility rule (docs/product.md#giveaway): an
// entry counts when its person was a customer (role user) when they
// entered, and a paid seat counts only when it was paid for, never when it
// was simulated. Employees of the sponsor (staff and admins) are out. Every
// draw (seats filled, deadline, 'Pick New Winner'), the entrant list and a
// person's own entry read entries through these; a draw already made is
// not rewritten.

// mayEnter reports whether a person with role may enter.
func mayEnter(role string) bool { return role == auth.RoleUser }

// eligibleRole is mayEnter in SQL: the role recorded at entry (entry.entrant_role),
// else, for rows made before roles were recorded, the person's role now (p.role).
func eligibleRole(entry string) string {
	return `COALESCE(` + entry + `.entrant_role, p.role) = '` + auth.RoleUser + `'`
}

// paidEntrySQL is the condition of registration r (its profile joined as p)
// being a paid entry.
var paidEntrySQL = `r.purchased_coupon = TRUE AND r.simulated = FALSE AND ` + eligibleRole("r")

// freeEntrySQL is the condition of giveaway_entries row e (its profile joined as
// p) being an entry.
var freeEntrySQL = eligibleRole("e")
