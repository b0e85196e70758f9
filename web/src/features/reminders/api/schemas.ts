import { SWITCH_KINDS } from "@/lib/reminder-kinds";
import { zm } from "@/lib/zod";

/** GET/PATCH /api/reminders/preferences: which reminders the account receives. */
export const preferencesSchema = zm.object({
  ready: zm.boolean(),
  unfinished: zm.boolean(),
  offer: zm.boolean(),
  credit_expiry: zm.boolean(),
  bonus_expiry: zm.boolean(),
  new_webinars: zm.boolean(),
});
export type ReminderPreferences = zm.infer<typeof preferencesSchema>;

/** POST /api/reminders/unsubscribe answer. */
export const unsubscribedSchema = zm.object({
  kind: zm.enum(SWITCH_KINDS),
  label: zm.string(),
  unsubscribed: zm.boolean(),
});
export type Unsubscribed = zm.infer<typeof unsubscribedSchema>;

/** GET /api/admin/webinars/{id}/reminders: per kind, sent and what followed. */
export const webinarRemindersSchema = zm.object({
  webinar_id: zm.string(),
  kinds: zm.array(
    zm.object({
      kind: zm.enum(SWITCH_KINDS),
      label: zm.string(),
      sent: zm.number(),
      watched: zm.number(),
      bought: zm.number(),
    }),
  ),
});
export type WebinarReminders = zm.infer<typeof webinarRemindersSchema>;
