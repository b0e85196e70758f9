/** Query keys of the admin's videos; everything under ["videos"]. */
export const videoKeys = {
  all: ["videos"] as const,
  ofWebinar: (webinarId: string) => [...videoKeys.all, "webinar", webinarId] as const,
  caption: (videoId: string, language: string) => [...videoKeys.all, "caption", videoId, language] as const,
};
