// Shared by the reminders feature and the admin's site-wide switches (features/settings).

/** The three reminder e-mails (docs/api.md#reminders), in the order screens show them. */
export const REMINDER_KINDS = ["ready", "unfinished", "offer"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Every switch of My Dashboard's Settings: the registration reminders, the credit reminders, the new-webinar alerts. */
export const SWITCH_KINDS = [...REMINDER_KINDS, "credit_expiry", "bonus_expiry", "new_webinars"] as const;
export type SwitchKind = (typeof SWITCH_KINDS)[number];

/** How each kind is named, with what it is about. */
export const REMINDER_LABELS: Record<SwitchKind, { label: string; description: string }> = {
  ready: { label: "It's ready to watch", description: "When a webinar you registered for is ready, if you haven't watched it yet." },
  unfinished: { label: "You didn't finish", description: "Two days later, if you still haven't watched it to the end." },
  offer: {
    label: "Your coupon offer",
    description: "A day after watching, if you haven't bought the coupon and seats are left.",
  },
  credit_expiry: {
    label: "Your store credit expires soon",
    description: "Seven days before a coupon of yours expires, unless it was redeemed or refunded.",
  },
  bonus_expiry: {
    label: "Your promotional bonus expires soon",
    description: "Three days before a coupon's promotional bonus ends (the part you paid stays).",
  },
  new_webinars: {
    label: "New webinars",
    description: "One e-mail when we publish a new webinar.",
  },
};
