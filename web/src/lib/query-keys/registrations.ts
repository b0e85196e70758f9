/**
 * Query keys of registrations (shared: a purchase refreshes them). Everything lives under
 * ["registrations"], so invalidating `registrationKeys.all` refreshes the
 * status of every webinar, the video ids and my list.
 */
export const registrationKeys = {
  all: ["registrations"] as const,
  mine: () => [...registrationKeys.all, "mine"] as const,
  forWebinar: (webinarId: string) => [...registrationKeys.all, "webinar", webinarId] as const,
  video: (webinarId: string) => [...registrationKeys.all, "video", webinarId] as const,
};
