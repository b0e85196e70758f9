// Public surface of the books feature: the owner's reports and the audit log
// (docs/api.md#reports, docs/api.md#audit-log). Admin screens, loaded on first visit
// in one chunk of their own (app/router.tsx).
const loadPages = () => import("./components/pages");
export const loadAdminReportsPage = () => loadPages().then((m) => m.AdminReportsPage);
export const loadAdminAuditPage = () => loadPages().then((m) => m.AdminAuditPage);
