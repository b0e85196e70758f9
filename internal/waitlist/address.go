package waitlist

import (
	"fmt"

	"watchwin/internal/apperr"
	"watchwin/internal/throttle"
)

// addressKind is the key space of the client addresses the list keeps
// (throttle.AddressKey).
const addressKind = "waitlist-address"

// errAddressLimit: throttle.AccountsPerAddress accounts of the caller's
// address (its /64 for IPv6) are on the list already (docs/product.md#waiting-list).
var errAddressLimit = apperr.Conflict("waitlist_address_limit", fmt.Sprintf(
	"Your network already has %d accounts on this waiting list. A place in line is one per person.", throttle.AccountsPerAddress))
