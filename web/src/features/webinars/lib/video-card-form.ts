import { z } from "@/lib/zod";
import type { AdminVideoCard } from "@/lib/video-cards/schemas";
import type { VideoCardInput } from "../api/video-cards";

/** The card form's checks (the server checks the same, and the video's length and overlaps: docs/api.md#cards-in-the-video). */
export const cardFormSchema = z
  .object({
    start_second: z.number({ error: "Start is required." }).int("Start must be a whole number of seconds.").min(0, "Start must be 0 seconds or later."),
    duration_seconds: z
      .number({ error: "Duration is required." })
      .int("Duration must be a whole number of seconds.")
      .min(3, "Duration must be 3 to 120 seconds.")
      .max(120, "Duration must be 3 to 120 seconds."),
    title: z.string().trim().min(1, "Title is required.").max(60, "Title must be at most 60 characters."),
    line: z.string().trim().max(120, "The line must be at most 120 characters."),
    action: z.enum(["none", "link", "question"]),
    link_url: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.action !== "link") return;
    if (!v.link_url) ctx.addIssue({ code: "custom", path: ["link_url"], message: "Link is required for a card that links to a page." });
    else if (!/^(\/(?!\/)|https?:\/\/[^/\s]+)\S*$/i.test(v.link_url))
      ctx.addIssue({
        code: "custom",
        path: ["link_url"],
        message: "Link must be a page of this site starting with / (such as /webinars) or an http:// or https:// address.",
      });
  });
export type CardFormValues = z.infer<typeof cardFormSchema>;

export const emptyCardForm: CardFormValues = { start_second: 0, duration_seconds: 10, title: "", line: "", action: "none", link_url: "" };

export function toCardForm(c: AdminVideoCard): CardFormValues {
  return { start_second: c.start_second, duration_seconds: c.duration_seconds, title: c.title, line: c.line, action: c.action, link_url: c.link_url };
}

export function toCardInput(v: CardFormValues): VideoCardInput {
  return { ...v, link_url: v.action === "link" ? v.link_url : "" };
}
