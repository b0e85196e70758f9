import { z } from "@/lib/zod";

/**
 * A giveaway winner (docs/api.md#giveaway). The winner's e-mail and names
 * are null when the account was deleted ('Unknown'), the title when the
 * webinar is gone ('Unknown Webinar'); `created_at` is 'Date Picked';
 * `staff_at_draw`: staff or an admin when drawn (a draw from before the
 * eligibility rule), marked so the store can act.
 */
export const winnerSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string().nullish().transform((v) => v || null),
  first_name: z.string().nullish().transform((v) => v || null),
  last_name: z.string().nullish().transform((v) => v || null),
  webinar_id: z.string(),
  webinar_title: z.string().nullish().transform((v) => v || null),
  created_at: z.string(),
  notified: z.boolean(),
  notified_at: z.string().nullish().transform((v) => v ?? null),
  staff_at_draw: z.boolean(),
});
export type Winner = z.infer<typeof winnerSchema>;

/** GET /api/admin/giveaway-winners: newest first. */
export const winnerListSchema = z.object({ winners: z.array(winnerSchema) });

/** POST …/notify: the winner after the change. */
export const winnerResponseSchema = z.object({ winner: winnerSchema });

/** POST /api/admin/webinars/{id}/giveaway/draw: the new winner (and the draw's audit record, unused here). */
export const drawResponseSchema = z.object({ winner: winnerSchema });

/** The official rules' settings (docs/api.md#giveaway): money in cents. */
export const rulesSchema = z.object({
  sponsor_name: z.string(),
  sponsor_address: z.string(),
  prize_description: z.string(),
  prize_value_cents: z.number(),
  min_age: z.number(),
  residency: z.string(),
  extra_eligibility: z.string(),
  notify_days: z.number(),
  claim_days: z.number(),
});
export type Rules = z.infer<typeof rulesSchema>;

/**
 * A draw as anyone sees it on the rules page and its own page. `proof_kind`
 * "commit_reveal": the webinar's `commitment` (SHA-256 of the seed, public
 * since `committed_at`), the `seed` this draw revealed, the `counter` and the
 * `winner_index` (from 0) into the entry list; "random": the older kind,
 * checked by the store (no seed).
 */
export const publicDrawSchema = z.object({
  id: z.string(),
  webinar_id: z.string(),
  title: z.string().nullable(),
  drawn_at: z.string(),
  trigger: z.string(),
  outcome: z.enum(["winner", "no_entrants"]),
  entries: z.number(),
  paid_entries: z.number().nullable(),
  free_entries: z.number().nullable(),
  entries_sha256: z.string().nullable(),
  winner: z.string().nullable(),
  proof_kind: z.enum(["commit_reveal", "random"]),
  commitment: z.string().nullable(),
  committed_at: z.string().nullable(),
  seed: z.string().nullable(),
  counter: z.number().nullable(),
  winner_index: z.number().nullable(),
  winner_entry_id: z.string().nullable(),
  /** Why the store picked a new winner (an `admin_repick`'s reason, public); null for the automatic draws. */
  reason: z.string().nullish().transform((v) => v ?? null),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;

/** A person's entry in a webinar's giveaway. */
export const myEntrySchema = z.object({ kind: z.enum(["paid", "free"]), entered_at: z.string() });
export type MyEntry = z.infer<typeof myEntrySchema>;

/** One webinar's giveaway: prize, dates, whether it is open, its draws and (signed in) the caller's entry. */
export const webinarGiveawaySchema = z.object({
  webinar_id: z.string(),
  title: z.string(),
  event_datetime: z.string(),
  opens_at: z.string(),
  draws_at: z.string(),
  draws_at_default: z.boolean(),
  prize_description: z.string(),
  prize_value_cents: z.number(),
  open: z.boolean(),
  /** SHA-256 of the webinar's secret seed, public from its creation; the seed once a draw revealed it. */
  commitment: z.string().nullish().transform((v) => v ?? null),
  committed_at: z.string().nullish().transform((v) => v ?? null),
  seed: z.string().nullish().transform((v) => v ?? null),
  draws: z.array(publicDrawSchema),
  entry: myEntrySchema.nullish().transform((v) => v ?? null),
});
export type WebinarGiveaway = z.infer<typeof webinarGiveawaySchema>;

/** GET /api/giveaway/draws/{id}. */
export const publicDrawResponseSchema = z.object({ draw: publicDrawSchema });

/** GET /api/giveaway/rules. */
export const rulesPageSchema = z.object({ rules: rulesSchema, webinars: z.array(webinarGiveawaySchema) });
export type RulesPage = z.infer<typeof rulesPageSchema>;

/** A draw with its proof, as /admin/giveaway-winners lists it. */
export const adminDrawSchema = z.object({
  id: z.string(),
  webinar_id: z.string(),
  winner_id: z.string().nullable(),
  user_id: z.string().nullable(),
  drawn_at: z.string(),
  entrants: z.number(),
  candidates: z.number(),
  trigger: z.enum(["seats_filled", "deadline", "admin_repick"]),
  paid_entries: z.number().nullable(),
  free_entries: z.number().nullable(),
  entries_sha256: z.string().nullable(),
  random_value: z.string().nullable(),
  winner_entry_id: z.string().nullable(),
  proof_kind: z.enum(["commit_reveal", "random"]),
  counter: z.number().nullable(),
  winner_index: z.number().nullable(),
  reason: z.string().nullable(),
  webinar_title: z.string().nullable(),
  winner_email: z.string().nullable(),
  winner_first_name: z.string().nullable(),
  winner_last_name: z.string().nullable(),
});
export type AdminDraw = z.infer<typeof adminDrawSchema>;

/** A webinar's own draw date and prize (null: the defaults). */
export const termsSchema = z.object({
  webinar_id: z.string(),
  draws_at: z.string().nullable(),
  prize_description: z.string().nullable(),
  prize_value_cents: z.number().nullable(),
});
export type Terms = z.infer<typeof termsSchema>;
