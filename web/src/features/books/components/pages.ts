// The books' two admin screens share one chunk: one lazy import in the
// route table (app/router.tsx), the least the first visit's code grows by.
export { AdminAuditPage } from "./admin-audit-page";
export { AdminReportsPage } from "./admin-reports-page";
