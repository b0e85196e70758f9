/** Query keys of the reminders feature. */
export const reminderKeys = {
  all: ["reminders"] as const,
  preferences: () => [...reminderKeys.all, "preferences"] as const,
  webinar: (webinarId: string) => [...reminderKeys.all, "webinar", webinarId] as const,
};
