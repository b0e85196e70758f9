import { z } from "@/lib/zod";

/** docs/api.md#questions-to-the-store: where a question stands in the staff's inbox. */
export const QUESTION_STATUSES = ["new", "answered", "published", "hidden"] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The question I just asked (201 of POST /api/webinars/{id}/questions). */
export const askedSchema = z.object({
  id: z.string(),
  second: z.number(),
  question: z.string(),
  status: z.enum(QUESTION_STATUSES),
});
export type Asked = z.infer<typeof askedSchema>;

/** A published question and answer under the video; `name` only when the asker allowed it. */
export const publicQuestionSchema = z.object({
  id: z.string(),
  second: z.number(),
  question: z.string(),
  answer: z.string(),
  name: z.string().nullable(),
  published_at: z.string(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;
export const publishedSchema = z.object({ questions: z.array(publicQuestionSchema) });

/** One line of the staff's inbox: the asker by their first name only. */
export const inboxItemSchema = z.object({
  id: z.string(),
  webinar_id: z.string(),
  webinar_title: z.string(),
  second: z.number(),
  question: z.string(),
  asker_name: z.string(),
  show_name: z.boolean(),
  status: z.enum(QUESTION_STATUSES),
  answer: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxSchema = z.object({
  questions: z.array(inboxItemSchema),
  counts: z.record(z.string(), z.number()),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** The box in the player (docs/product.md#questions-to-the-store); the server checks the rest. */
export const askFormSchema = z.object({
  question: z
    .string()
    .trim()
    .min(3, "Question must be at least 3 characters")
    .max(500, "Question must be at most 500 characters"),
  show_name: z.boolean(),
});
export type AskForm = z.infer<typeof askFormSchema>;

/** The staff's answer. */
export const answerFormSchema = z.object({
  answer: z.string().trim().min(1, "Answer can't be empty").max(2000, "Answer must be at most 2000 characters"),
});
export type AnswerForm = z.infer<typeof answerFormSchema>;
