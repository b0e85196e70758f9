import { MessagesSquare } from "lucide-react";
import { formatVideoLength } from "@/lib/format";
import { usePublishedQuestions } from "../api/questions";

/**
 * The questions and answers the store published under the video (docs/product.md#questions-to-the-store),
 * in the video's order, each with its time and the asker's first name when they allowed it.
 * Nothing at all while there are none.
 */
export function PublishedQuestions({ webinarId }: { webinarId: string }) {
  const published = usePublishedQuestions(webinarId);
  const questions = published.data?.questions ?? [];
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="published-questions" className="grid gap-3">
      <h2 id="published-questions" className="flex items-center gap-2 text-xl font-bold text-ink">
        <MessagesSquare className="size-5 text-accent-600" aria-hidden="true" />
        Questions answered by the store
      </h2>
      <ul className="grid gap-3">
        {questions.map((q) => (
          <li key={q.id} className="grid gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
            <p className="text-sm text-muted-foreground">
              {q.name ? `${q.name} asked` : "Asked"} at {formatVideoLength(q.second)}
            </p>
            <p className="font-semibold text-ink">{q.question}</p>
            <p className="leading-relaxed whitespace-pre-line text-zinc-700">{q.answer}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
