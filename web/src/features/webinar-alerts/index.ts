// Public surface of the new-webinar alerts feature: the page a confirmation
// link opens, loaded on first visit in its own chunk (app/router.tsx). The
// subscribe box itself is shared (components/webinar-alerts), as the
// webinar and coupon screens show it too.
export const loadConfirmPage = () => import("./components/confirm-page").then((m) => m.ConfirmPage);
