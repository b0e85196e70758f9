// Public surface of the follow-ups feature (docs/product.md#follow-ups): the owner's page, loaded on
// demand in its own chunk.

/** "/admin/follow-ups": mail a segment of one webinar's registrants. */
export const loadAdminFollowUpsPage = () => import("./components/follow-ups-page").then((m) => m.AdminFollowUpsPage);
