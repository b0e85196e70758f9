import { z } from "@/lib/zod";

/**
 * A giveaway winner (docs/api.md "Giveaway"). The winner's e-mail and names
 * are null when the account was deleted ('Unknown'), the title when the
 * webinar is gone ('Unknown Webinar'); `created_at` is 'Date Picked'.
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
});
export type Winner = z.infer<typeof winnerSchema>;

/** GET /api/admin/giveaway-winners: newest first. */
export const winnerListSchema = z.object({ winners: z.array(winnerSchema) });

/** POST …/notify: the winner after the change. */
export const winnerResponseSchema = z.object({ winner: winnerSchema });

/** POST /api/admin/webinars/{id}/giveaway/draw: the new winner (and the draw's audit record, unused here). */
export const drawResponseSchema = z.object({ winner: winnerSchema });
