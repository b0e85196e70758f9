import { zm } from "@/lib/zod";

/** What a card does when clicked (docs/api.md#cards-in-the-video). */
export const VIDEO_CARD_ACTIONS = ["none", "link", "question"] as const;
export type VideoCardAction = (typeof VIDEO_CARD_ACTIONS)[number];

/** A card on a webinar's timeline: shown from start_second for duration_seconds. */
export const videoCardSchema = zm.object({
  id: zm.string(),
  webinar_id: zm.string(),
  start_second: zm.number(),
  duration_seconds: zm.number(),
  title: zm.string(),
  line: zm.string(),
  action: zm.enum(VIDEO_CARD_ACTIONS),
  link_url: zm.string(),
});
export type VideoCard = zm.infer<typeof videoCardSchema>;
export const videoCardListSchema = zm.object({ cards: zm.array(videoCardSchema) });

/** The admin's card: with its click count. */
export const adminVideoCardSchema = zm.extend(videoCardSchema, { clicks: zm.number() });
export type AdminVideoCard = zm.infer<typeof adminVideoCardSchema>;
export const adminVideoCardListSchema = zm.object({ cards: zm.array(adminVideoCardSchema) });
export const adminVideoCardBodySchema = zm.object({ card: adminVideoCardSchema });

/** Query keys of a webinar's cards: the player's and the admin's (with clicks). */
export const videoCardKeys = {
  all: ["video-cards"] as const,
  watch: (webinarId: string) => [...videoCardKeys.all, "watch", webinarId] as const,
  admin: (webinarId: string) => [...videoCardKeys.all, "admin", webinarId] as const,
};

/** Whether a card shows at `second` of the video: [start, start + duration). */
export function cardShowsAt(card: Pick<VideoCard, "start_second" | "duration_seconds">, second: number): boolean {
  return second >= card.start_second && second < card.start_second + card.duration_seconds;
}

/** A same-site path ("/webinars"), as opposed to an http(s) address. */
export function isSitePath(link: string): boolean {
  return link.startsWith("/") && !link.startsWith("//");
}
