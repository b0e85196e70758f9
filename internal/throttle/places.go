package throttle

// AccountsPerAddress is how many accounts may each take a one-per-person
// place from one client address (ClientKey: its /64 for IPv6): a free
// giveaway entry (docs/product.md#giveaway) or a place on a webinar's
// waiting list (docs/product.md#waiting-list). A household, not a batch of
// throwaway accounts.
const AccountsPerAddress = 3

// AddressKey is what such a place keeps of the client address clientIP: the
// hash (Key) of its ClientKey in kind's key space, so places are counted
// per address without the address being stored.
func AddressKey(kind, clientIP string) string { return Key(kind, ClientKey(clientIP)) }
