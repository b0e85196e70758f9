import { z } from "@/lib/zod";

/** A count of records and their sum (docs/api.md#reports). */
const moneySchema = z.object({ count: z.number(), cents: z.number(), dollars: z.number() });
export type Money = z.infer<typeof moneySchema>;

/**
 * GET /api/admin/reports: a period of the store's days and its figures:
 * payments, coupons by face value, the store credit owed at its end, the
 * funnel of the webinars held in it, and the chart's series.
 */
export const reportSchema = z.object({
  period: z.object({ period: z.string(), from: z.string(), to: z.string(), start: z.string(), end: z.string() }),
  payments: z.object({ taken: moneySchema, refunded: moneySchema, net_cents: z.number(), returned_no_seat: moneySchema }),
  coupons: z.object({
    issued: moneySchema,
    redeemed: moneySchema,
    expired: moneySchema,
    // Split bonuses that ended before their coupon (docs/product.md#coupons "Value policy").
    promotional_expired: moneySchema.optional(),
    refunded: moneySchema,
  }),
  // Owed at as_of, split into the part buyers paid and the live promotional bonus.
  outstanding: moneySchema.extend({
    as_of: z.string(),
    paid: moneySchema.optional(),
    promotional: moneySchema.optional(),
    // The same by the coupons' age at as_of (docs/product.md#books-that-close).
    by_age: z
      .array(z.object({ label: z.string(), from_days: z.number(), to_days: z.number().nullable(), paid: moneySchema, promotional: moneySchema }))
      .optional(),
  }),
  // Promotional value that ended unredeemed, per month (breakage).
  breakage: z.array(z.object({ month: z.string(), expired: moneySchema })).optional(),
  funnel: z.array(
    z.object({
      webinar_id: z.string(),
      webinar_title: z.string(),
      registered: z.number(),
      watched: z.number(),
      paid: z.number(),
      redeemed: z.number(),
      watched_percent: z.number(),
      paid_percent: z.number(),
      redeemed_percent: z.number(),
      // People on its waiting list now (docs/api.md#waiting-list): sales it could have made.
      waiting: z.number().optional(),
      // What brought viewers back (docs/api.md#follow-ups); absent from a server before them.
      card_clicks: z.number().optional(),
      questions: z.number().optional(),
      questions_answered: z.number().optional(),
      followed_up: z.number().optional(),
      follow_up_came_back: z.number().optional(),
      follow_up_bought: z.number().optional(),
    }),
  ),
  // Where viewers stop (docs/product.md#retention-and-sources): per webinar, 100 parts of the
  // video.
  retention: z
    .array(
      z.object({
        webinar_id: z.string(),
        webinar_title: z.string(),
        length_seconds: z.number(),
        registrants: z.number(),
        viewers: z.number(),
        buckets: z.array(z.number()),
        median_watched_percent: z.number(),
        half_stopped_seconds: z.number(),
      }),
    )
    .optional(),
  // The period's registrations by first touch.
  sources: z
    .array(
      z.object({
        source: z.string(),
        utm_medium: z.string(),
        utm_campaign: z.string(),
        ref: z.string(),
        registered: z.number(),
        watched: z.number(),
        paid: z.number(),
        redeemed: z.number(),
        revenue: moneySchema,
      }),
    )
    .optional(),
  series: z.object({
    bucket: z.enum(["day", "month", "year"]),
    points: z.array(z.object({ start: z.string(), sales: moneySchema, redemptions: moneySchema })),
  }),
  // The acts on store credit the owner checks by name (docs/api.md#reports):
  // redemptions by the coupon's own owner, refunds after a cancelled redemption.
  controls: z
    .object({
      self_redemptions: z.array(
        z.object({
          coupon_id: z.string(),
          code: z.string(),
          value_cents: z.number(),
          redeemed_at: z.string(),
          redeemed_by: z.string().nullish(),
          undone_at: z.string().nullish(),
        }),
      ),
      refunds_after_undo: z.array(
        z.object({
          coupon_id: z.string(),
          code: z.string(),
          value_cents: z.number(),
          redeemed_at: z.string(),
          redeemed_by: z.string().nullish(),
          undone_at: z.string().nullish(),
          undone_by: z.string().nullish(),
          refunded_at: z.string(),
          refunded_by: z.string().nullish(),
          reason: z.string(),
        }),
      ),
    })
    .optional(),
});
export type Report = z.infer<typeof reportSchema>;
export type SeriesPoint = Report["series"]["points"][number];
export type RetentionCurve = NonNullable<Report["retention"]>[number];
export type SourceRow = NonNullable<Report["sources"]>[number];

/**
 * An audit entry (docs/api.md#audit-log): the actor's e-mail is null for the system or a deleted
 * account; the system's role is null, or "command line" for the server's commands.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  summary: z.string(),
  request_id: z.string().nullable(),
  client_network: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit: a page, newest first, with the filter choices. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
  actions: z.array(z.string()),
  target_types: z.array(z.string()),
  retention_days: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/reports/counter?day=…: the counter's day (docs/api.md#books-that-close). */
export const counterDaySchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  redemptions: z.array(
    z.object({
      coupon_id: z.string(),
      code: z.string(),
      redeemed_at: z.string(),
      clerk: z.string().nullable(),
      value_cents: z.number(),
      pos_receipt: z.string(),
      undone_at: z.string().nullable(),
    }),
  ),
  clerks: z.array(moneySchema.extend({ clerk: z.string().nullable() })),
  total: moneySchema,
});
export type CounterDay = z.infer<typeof counterDaySchema>;

/** GET /api/admin/reports/unclaimed: coupons dormant for the set years (docs/api.md#books-that-close). */
export const unclaimedSchema = z.object({
  as_of: z.string(),
  dormancy_years: z.number(),
  dormant_since: z.string(),
  total: moneySchema,
  coupons: z.array(
    z.object({
      coupon_id: z.string(),
      code: z.string(),
      owner_name: z.string(),
      email: z.string(),
      phone: z.string(),
      paid_cents: z.number(),
      last_activity_at: z.string(),
      expires_at: z.string().optional(),
      /** Its paid value has no expiry (expires_at is then 9999-12-31): the case Illinois' exemption turns on. */
      paid_never_expires: z.boolean().optional(),
    }),
  ),
});
export type UnclaimedList = z.infer<typeof unclaimedSchema>;
