// Public surface of the coupon migration feature.
// Signed-in page, loaded on first visit in its own chunk (app/router.tsx).
export const loadMigrationToolPage = () =>
  import("./components/migration-tool-page").then((m) => m.MigrationToolPage);
