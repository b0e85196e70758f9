/**
 * API answers the SPA's tests share: a registration (GET
 * /api/registrations/...) and a coupon (GET /api/coupons...) as the server
 * writes them. Override what a test needs.
 */
type Json = Record<string, unknown>;

/** Jane Doe's registration for webinar w1: not watched, nothing bought. */
export function makeRegistration(overrides: Json = {}): Json {
  return {
    id: "r1",
    webinar_id: "w1",
    user_id: "u1",
    user_name_for_registration: "Jane Doe",
    user_email_for_registration: "jane@example.com",
    user_phone_for_registration: null,
    registration_time: "2026-12-01T18:00:00Z",
    attended_live: false,
    watched_video_fully: false,
    purchased_coupon: false,
    ...overrides,
  };
}

/** The $48 coupon Jane bought for $40 with registration r1: active, valid for 30 days. */
export function makeCoupon(overrides: Json = {}): Json {
  return {
    id: "c1",
    code: "LW-7K3M-Q9PX-4TRW",
    user_id: "u1",
    webinar_id: "w1",
    webinar_title: "Safe Storage at Home",
    webinar_registration_id: "r1",
    value: 48,
    value_cents: 4800,
    original_payment_amount: 40,
    original_payment_cents: 4000,
    min_purchase: 96,
    min_purchase_today: 96,
    status: "active",
    created_at: "2026-11-22T18:30:00Z",
    expires_at: "2026-12-22T18:30:00Z",
    redeemed_at: null,
    ...overrides,
  };
}
