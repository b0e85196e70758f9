// Package couponlink is the server side of the Coupon Migration Tool
// (/migration-tool, docs/product.md#coupon-migration-tool-migration-tool): it links the coupons a browser
// kept in local storage (webinarCoupons) to the coupons the server issued
// the same user, and shows the database's status with that user's counts.
// (The database's schema migrations are internal/db's.)
//
// It never mints value from browser data (docs/product.md#deliberate-differences-from-the-original-product): a local
// coupon is only linked when its code is one the server already issued to
// the same user; everything else is reported unknown and ignored. The
// sample coupon exists only in --demo.
package couponlink

import "encoding/json"

// MaxCoupons caps the local coupons one run takes: a browser keeps one per
// webinar bought, so 200 is far beyond any real list.
const MaxCoupons = 200

// Status is the tool's database-status card: which engine and schema the
// server runs, and how many coupons and registrations the signed-in user
// has (no one else's data).
type Status struct {
	Engine           string `json:"engine"` // "sqlite" or "postgres"
	MigrationVersion int64  `json:"migration_version"`
	Coupons          int    `json:"coupons"`
	Registrations    int    `json:"registrations"`
}

// RunInput is what 'Run Migration' sends: the entries of the browser's
// webinarCoupons, each an object with at least a code. Only code is read;
// whatever else an entry holds (value, webinar, expiry) is never trusted, so
// it is not even decoded.
type RunInput struct {
	Coupons []json.RawMessage `json:"coupons"`
}

// Result is the outcome of a run (docs/api.md: success and a migrated count;
// a failure is the API's error shape instead).
type Result struct {
	Success bool `json:"success"`
	// Migrated = Linked + Rederived: the user's coupons the run accounted
	// for, all of them issued by the server.
	Migrated int `json:"migrated"`
	// Linked counts distinct local codes that are coupons of this user.
	Linked int `json:"linked"`
	// Rederived counts coupons issued by this run for succeeded payments
	// that lacked one; always 0 (see Service.Run).
	Rederived int `json:"rederived"`
	// Unknown counts local entries matching none of this user's coupons
	// (forged codes, another user's, entries without a code): ignored.
	Unknown int `json:"unknown"`
	// LinkedCodes are the linked codes, as the server writes them, so the
	// tool can mark each local coupon.
	LinkedCodes []string `json:"linked_codes"`
}
